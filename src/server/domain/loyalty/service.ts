import { ORDER_STATUS_CANCELLED } from '../../../contract/constants'
import type { DiscountData } from '../../../contract/entities/loyalty'
import { normalizePromo } from '../../../contract/rules/discount'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { bonusesEarned, maxBonuses, toMajor } from '../../../contract/rules/money'
import { orderMoney, type OrderMoney } from '../orders/money'
import type { OrderDiscountRow } from '../orders/money.repository'
import { clockGate, inGatedTransaction, type CommitGate } from '../orders/commit-gate'
import { loyaltyAccrualPercent } from '../settings/service'
import { findClientCard, lockOrder, type LoyaltyCardRow, type OrderRow } from '../orders/order.repository'
import { assertChangeable } from '../orders/state'
import { preparePaymentsForChange } from './amount-change'
import {
  cancelPendingPayments,
  creditBonuses,
  debitBonuses,
  deleteDiscount,
  findCard,
  findUnreleasedDiscount,
  lockPromoCodes,
  markDiscountReleased,
  ordersWithDiscountToRelease,
  recordChargedBonus,
  releasePromoUse,
  returnBonuses,
  setCardBlocked,
  takePromoUse,
  unpaidOrdersHoldingCardBonuses,
  upsertDiscount,
} from './loyalty.repository'

export interface DiscountInput {
  hash: string
  bonuses: number
  cardCode: string
  promoCode: string
}

/** Empty discount data: no card (the block shows the promo code field only). */
const NO_CARD = { cardCode: '', isBlocked: 0, availableBonuses: 0, totalBalance: 0 }

/**
 * discountData of the order view (001 §3). The card is the loyalty card of the order's CRM
 * client (never one named by the browser). availableBonuses = what may still pay this order:
 * the card balance, capped by the amount left after the promo code, plus what is applied; 0 for a
 * blocked card, which spends nothing (blockCard gave back what it had applied to unpaid orders),
 * and 0 for an order whose amount cannot change (`changeable` false: paid, cancelled, lapsed,
 * which no bonus pays any more, as a paid order's page said "available 240" of a card holding 40;
 * or a card-scheme payment being verified, which refuses bonuses meanwhile: amount-change.ts).
 */
export async function discountData(db: Db, order: OrderRow, money: OrderMoney, changeable: boolean): Promise<DiscountData> {
  const card = await findClientCard(db, order.crm_client_id)
  const cardPart = card
    ? {
        cardCode: card.card_code,
        isBlocked: card.is_blocked,
        availableBonuses: card.is_blocked === 1 || !changeable ? 0 : Math.min(card.bonus_balance + money.bonuses, maxBonuses(money)),
        totalBalance: card.bonus_balance,
      }
    : NO_CARD
  return {
    ...cardPart,
    useBonuses: money.bonuses,
    totalDiscount: toMajor(money.discount),
    chargedBonus: money.discountRow?.charged_bonus ?? 0,
    promoCode: money.discountRow?.promo_code ?? '',
    pochtaBankCode: '',
    pochtaBankText: '',
  }
}

/**
 * Spends bonuses of a card: succeeds only while the card is not blocked and its balance covers
 * them (never below zero). A block committed after the card was read (blockCard) refuses it as
 * blocked.
 */
async function spendBonuses(trx: Db, orderId: number, card: LoyaltyCardRow, bonuses: number, now: number): Promise<void> {
  if (await debitBonuses(trx, card.id, orderId, bonuses, now)) return
  throw new ApiFailure((await findCard(trx, card.id))?.is_blocked === 1 ? 'card-blocked' : 'bonuses-short')
}

/**
 * POST /api/order/add-discount. In one transaction with the order locked: a promo code
 * (promoCode '' = leave as is) replaces the order's previous one, taking one use by a
 * conditional UPDATE (never more uses than allowed, whatever the concurrency); bonuses
 * (0 = leave as is) replace the ones applied, within the card balance and the amount left.
 * An unknown, expired or used-up code answers promoCode '' (the spec's "Invalid promo code")
 * and changes nothing else of the promo. Payments started before the change are cancelled:
 * their amount is no longer the order's.
 *
 * Rows are locked in one order by every discount change: the order, then its promo codes by id
 * (lockPromoCodes), then the card. It commits through `gate` (orders/commit-gate.ts): a request
 * answered "busy" changes nothing.
 */
export async function addDiscount(db: Db, input: DiscountInput, now = Date.now(), gate: CommitGate = clockGate(now)): Promise<{ promoCode: string; promoRefused: boolean }> {
  return inGatedTransaction(db, gate, async (trx) => {
    const order = await lockOrder(trx, input.hash)
    if (!order) throw new ApiFailure('order-not-found', { hash: input.hash })
    assertChangeable(order, now)
    await preparePaymentsForChange(trx, order.id, now)
    let money = await orderMoney(trx, order)
    const current = money.discountRow
    let promoCode = current?.promo_code ?? ''
    let promoRefused = false
    let promoChanged = false

    if (input.promoCode !== '') {
      const code = normalizePromo(input.promoCode)
      if (code !== current?.promo_code) {
        await lockPromoCodes(trx, current?.promo_code_id ?? null, code)
        const promo = await takePromoUse(trx, code, now)
        if (promo === null) {
          promoCode = ''
          promoRefused = true
        } else {
          if (current?.promo_code_id) await releasePromoUse(trx, current.promo_code_id)
          // The terms as taken now: an operator's later edit of the code changes no order holding it.
          await upsertDiscount(trx, order.id, { promo_code_id: promo.id, promo_percent: promo.percent, promo_amount: promo.amount }, now)
          promoCode = code
          promoChanged = true
        }
      }
    }

    if (input.bonuses > 0) {
      const card = await findClientCard(trx, order.crm_client_id)
      if (!card) throw new ApiFailure('no-card')
      if (input.cardCode !== '' && input.cardCode !== card.card_code) throw new ApiFailure('card-mismatch')
      if (card.is_blocked === 1) throw new ApiFailure('card-blocked')
      money = await orderMoney(trx, order)
      const max = maxBonuses(money)
      if (input.bonuses > max) throw new ApiFailure('bonuses-max', { max })
      const previous = money.discountRow?.bonuses_used ?? 0
      if (previous > 0 && money.discountRow?.loyalty_card_id) await returnBonuses(trx, money.discountRow.loyalty_card_id, order.id, previous, now)
      await spendBonuses(trx, order.id, card, input.bonuses, now)
      await upsertDiscount(trx, order.id, { loyalty_card_id: card.id, bonuses_used: input.bonuses }, now)
    } else if (promoChanged) {
      // A new promo code may leave less to pay than the bonuses applied before it. Only then:
      // bonuses just applied were checked against what is left (maxBonuses above), and a
      // request that applied nothing left the order's money as it was.
      await fitBonuses(trx, order, now)
    }
    return { promoCode, promoRefused }
  })
}

/** POST /api/order/cancel-discount: bonuses go back to the card, the promo use is given back; through `gate`, as addDiscount. */
export async function cancelDiscount(db: Db, hash: string, now = Date.now(), gate: CommitGate = clockGate(now)): Promise<void> {
  await inGatedTransaction(db, gate, async (trx) => {
    const order = await lockOrder(trx, hash)
    if (!order) throw new ApiFailure('order-not-found', { hash })
    assertChangeable(order, now)
    await preparePaymentsForChange(trx, order.id, now)
    await releaseDiscount(trx, order.id, now)
    await deleteDiscount(trx, order.id)
  })
}

/**
 * The one home of the rule that bonuses pay only what the order leaves after its promo discount
 * (money rule's maxBonuses): after any change of the promo code or of the added services, in the
 * caller's transaction with the order locked, bonuses applied beyond what the order can now take
 * go back to the card and the order keeps the rest. Without it the card stayed debited for
 * bonuses that paid for nothing (the discount is capped at the order's gross) and the order view
 * showed more bonuses used than available.
 */
export async function fitBonuses(trx: Db, order: Pick<OrderRow, 'id'>, now: number): Promise<void> {
  const money = await orderMoney(trx, order)
  const row = money.discountRow
  if (!row || row.bonuses_used <= 0) return
  await keepBonuses(trx, order.id, row, maxBonuses(money), now)
}

/**
 * The one give-back of part of the bonuses a live discount row holds (fitBonuses: beyond what the
 * order can take; blockCard: all of a blocked card's): what is above `max` goes back to the card
 * that paid it, the row keeps `max`, its promo code stays. In the caller's transaction with the
 * order locked. Answers whether it gave any back.
 */
async function keepBonuses(trx: Db, orderId: number, row: Pick<OrderDiscountRow, 'loyalty_card_id' | 'bonuses_used'>, max: number, now: number): Promise<boolean> {
  if (row.bonuses_used <= max) return false
  if (row.loyalty_card_id !== null) await returnBonuses(trx, row.loyalty_card_id, orderId, row.bonuses_used - max, now)
  await upsertDiscount(trx, orderId, { bonuses_used: max }, now)
  return true
}

/**
 * The venue blocks a card (console): from then on it spends nothing. In the caller's transaction,
 * the bonuses it applied to orders not yet paid go back to it (keepBonuses with nothing kept; the
 * orders' promo codes stay, they are not the card's), so their totals go back up, and their
 * pending payments are cancelled: their amount is no longer the order's. Payments are safe with
 * it: a start reads the order's money under the order's lock, which this holds while it gives
 * back, so a start after the block charges the full amount; a payment started before it was
 * cancelled here, and if the bank approves it anyway, settlement (payments/settle.ts, under the
 * same lock) finds the amounts differ and refunds it. addDiscount refuses a blocked card, and its
 * debit (debitBonuses) spends only while the card is not blocked, re-checked after this commits.
 *
 * Locks in the order every discount change takes: the orders (by id), then the card. An order
 * whose bonuses were committed between the first read and the card's lock is found by a second
 * read; locking it now, after the card, would reverse that order (a deadlock with a discount change
 * of it waiting on the card), so the block answers busy and rolls back: the operator's retry finds
 * it in the first read. Cancelled unpaid orders are included: a late bank approval may revive one
 * (its promo use goes back with releaseCancelledDiscounts). Answers the ids of the orders that
 * gave bonuses back.
 */
export async function blockCard(trx: Db, cardId: number, now: number): Promise<number[]> {
  const first = await unpaidOrdersHoldingCardBonuses(trx, cardId)
  for (const o of first) await lockOrder(trx, o.hash)
  await setCardBlocked(trx, cardId, 1)
  const seen = new Set(first.map((o) => o.order_id))
  if ((await unpaidOrdersHoldingCardBonuses(trx, cardId)).some((o) => !seen.has(o.order_id))) throw new ApiFailure('busy')
  const released: number[] = []
  for (const o of first) {
    const order = await lockOrder(trx, o.hash)
    if (!order || order.paid !== 0) continue
    const row = (await orderMoney(trx, order)).discountRow
    if (!row || row.loyalty_card_id !== cardId || !(await keepBonuses(trx, order.id, row, 0, now))) continue
    // The operator's block is not refused by a card-scheme payment being verified (as a buyer's
    // change is, amount-change.ts): its approval is refunded, marked failed (settle.ts).
    await cancelPendingPayments(trx, order.id, now)
    released.push(order.id)
  }
  return released
}

/** The venue unblocks a card: it may spend again; what blockCard gave back stays on the card. */
export async function unblockCard(trx: Db, cardId: number): Promise<void> {
  await setCardBlocked(trx, cardId, 0)
}

/**
 * Gives back what a discount holds (bonuses, promo use), once: the conditional set of
 * released_at decides who does it. The promo use before the card: addDiscount takes the code's
 * row before the card's, and the same order keeps two such transactions from deadlocking. The
 * one release rule of an order that no longer uses its discount: cancelled unpaid
 * (releaseCancelledDiscounts, cancelDiscount), or with all its tickets returned
 * (loyalty/return-bonuses.ts). Answers the bonuses it gave back to the card (0 when it released
 * nothing).
 */
export async function releaseDiscount(trx: Db, orderId: number, now: number): Promise<number> {
  const row = await findUnreleasedDiscount(trx, orderId)
  if (!row) return 0
  if (!(await markDiscountReleased(trx, orderId, now))) return 0
  if (row.promo_code_id !== null) await releasePromoUse(trx, row.promo_code_id)
  if (row.loyalty_card_id === null) return 0
  await returnBonuses(trx, row.loyalty_card_id, orderId, row.bonuses_used, now)
  return Math.max(0, row.bonuses_used)
}

/**
 * Releases the discount of one order the caller found cancelled and unpaid, if it still is once
 * its row is locked: the list was read without locks, and a late bank approval may have revived
 * and paid the order since (payments/settle.ts, which locks the order too). Releasing then gave
 * a paid order's bonuses and promo use back. Answers whether it looked at a cancelled order.
 */
async function releaseIfStillCancelled(trx: Db, hash: string, now: number): Promise<boolean> {
  const order = await lockOrder(trx, hash)
  if (!order || order.status !== ORDER_STATUS_CANCELLED || order.paid !== 0) return false
  await releaseDiscount(trx, order.id, now)
  return true
}

/**
 * How long a payment started for an order keeps the order's discount after the order lapsed.
 * A bank's approval may come after the reservation ended; settlement then revives the order if
 * its places are still there and pays it when the amount is the one the payment was for
 * (payments/settle.ts). Released meanwhile, the discount raised the order's amount back to full
 * and the late payer was refunded though the places were free. Its cost: a promo code of limited
 * uses and the card's bonuses stay taken this long by an order that may never be paid.
 */
export const LATE_APPROVAL_DISCOUNT_HOLD_MS = 30 * 60_000

/**
 * Discounts of cancelled, unpaid orders (reservation expired) are given back: bonuses to the
 * card, the promo use to the code, each order in its own transaction under its lock; an order
 * with a payment still pending keeps it for LATE_APPROVAL_DISCOUNT_HOLD_MS after that payment
 * started. Runs periodically and before discount changes. Answers how many orders were still
 * cancelled.
 */
export async function releaseCancelledDiscounts(db: Db, now = Date.now()): Promise<number> {
  const orders = await ordersWithDiscountToRelease(db, now - LATE_APPROVAL_DISCOUNT_HOLD_MS)
  let released = 0
  for (const o of orders) if (await db.transaction().execute((trx) => releaseIfStillCancelled(trx, o.hash, now))) released++
  return released
}

/**
 * Bonuses earned by a paid order (the money rule's bonusesEarned of the amount paid, at the
 * console's loyalty percent), charged
 * to the card of the order's client (none without a card or for a blocked card).
 */
export async function chargeBonuses(trx: Db, order: Pick<OrderRow, 'id' | 'crm_client_id'>, amountPaid: number, now: number): Promise<void> {
  const card = await findClientCard(trx, order.crm_client_id)
  if (!card || card.is_blocked === 1) return
  const charged = bonusesEarned(amountPaid, await loyaltyAccrualPercent(trx))
  if (charged <= 0) return
  await creditBonuses(trx, card.id, order.id, charged, 'accrual', now)
  await recordChargedBonus(trx, order.id, card.id, charged, now)
}
