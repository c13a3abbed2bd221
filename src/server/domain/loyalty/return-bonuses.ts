import type { Db } from '../../db/connect'
import { findClientCard, type OrderRow } from '../orders/order.repository'
import { returnBonuses } from './loyalty.repository'
import { releaseDiscount } from './service'
import { creditedTo, NO_BONUSES, returnBonusPlan, type BonusesHeld, type CardBalance, type ReturnedBonuses } from './return-bonus-plan'
import { findOrderBonuses, setOrderBonuses, takeBackBonuses } from './return-bonuses.repository'

/** Re-exported where the bonuses a return moves are read (their rule's home is return-bonus-plan.ts). */
export type { ReturnedBonuses }

/**
 * The bonuses of returned tickets, inside the return's transaction under the order's lock (a
 * visitor's return confirmed, returns/confirm.ts, or an operator's refund, care/refund.ts).
 * `shareOf` is the return's share rule (orders/money.ts returnedShare over the order's lines not
 * yet returned), the one that splits the money too, so a ticket gives back the same part of
 * everything its order took:
 * - bonuses spent on the order: the returned share goes back to the card that paid them
 *   (loyalty.repository.ts returnBonuses, kind 'return', as when a discount is replaced): the
 *   money share goes back to the bank, so the buyer loses none of what the ticket cost;
 * - bonuses earned by paying it: the same share (`earned`) is taken back from the client's card,
 *   the card chargeBonuses credited (kind 'revoke'). A card never goes below zero: what it has
 *   spent since is not taken (`revoked` is less), and the refund keeps that much of its money
 *   back instead (returns/refund-payment.ts refundOfReturned, orders/money.ts bonusWithheld), so
 *   buying, spending the bonuses earned and returning earns nothing.
 * What is given back and what earned is the rule's plan (return-bonus-plan.ts returnBonusPlan);
 * what is taken back is `revokedOf` the order's row and the card's balance before this return
 * (returns/row-amounts.ts linesReturn: the sum of what each returned line's own part of the card
 * gives back, as the return page's rows count it, so the refund is what they showed); this
 * performs it and answers `held`, what the rule was given, for the refund's money. The discount row then holds what the kept tickets still have, so the order's money (moneyOf)
 * counts only their bonuses and the next return splits the rest. A row given back already
 * (released: a cancelled order's bonuses went back then) has no spent bonuses left to return.
 *
 * `last`: this return takes the order's last tickets. The order then uses its discount no more,
 * and it is released by the rule of a cancelled order's (loyalty/service.ts releaseDiscount), in
 * this transaction: the promo code's use goes back, so a code of limited uses is not used up by
 * an order with no ticket left, and the bonuses spent go back to the card (all that is left of
 * them is the last return's share). A partial return keeps the use: the kept tickets keep their
 * part of the discount.
 */
export async function returnTicketBonuses(trx: Db, order: Pick<OrderRow, 'id' | 'crm_client_id'>, shareOf: (held: number) => number, now: number, last: boolean, revokedOf: (held: BonusesHeld) => number): Promise<ReturnedBonuses & { held: BonusesHeld }> {
  const row = await findOrderBonuses(trx, order.id)
  if (!row) return { ...NO_BONUSES, held: { row: undefined, card: undefined } }
  const { credited, earned } = returnBonusPlan(row, undefined, shareOf, last)
  // Released before the card is touched below: the code's row before the card's, as addDiscount takes them.
  // It gives back to the card what the plan credits (all the spent bonuses the row holds).
  if (last) await releaseDiscount(trx, order.id, now)
  if (!last && credited > 0 && row.loyalty_card_id !== null) await returnBonuses(trx, row.loyalty_card_id, order.id, credited, now)
  let revoked = 0
  let card: CardBalance | undefined
  // The card is read whenever the order earned bonuses, as readBonusesHeld reads it for the page's
  // rows: a line's part of it depends on every open line's earned bonuses, not only these.
  if (row.charged_bonus > 0) {
    const found = await findClientCard(trx, order.crm_client_id)
    // The rule is given the balance the card had before this return: the one read under its lock
    // holds what was given back to it above already, which the rule counts itself.
    if (found) {
      const before = (balance: number): CardBalance => (card = { id: found.id, balance: balance - creditedTo(row, found.id, credited) })
      revoked = await takeBackBonuses(trx, found.id, order.id, (balance) => revokedOf({ row, card: before(balance) }), now)
    }
  }
  if (credited !== 0 || earned !== 0) await setOrderBonuses(trx, order.id, { bonuses_used: row.bonuses_used - credited, charged_bonus: row.charged_bonus - earned })
  return { credited, earned, revoked, held: { row, card } }
}

/** Reads the order's discount row and, when it earned bonuses, the client's card (for returnBonusPlan, read only). */
export async function readBonusesHeld(db: Db, order: Pick<OrderRow, 'id' | 'crm_client_id'>): Promise<BonusesHeld> {
  const row = await findOrderBonuses(db, order.id)
  const card = row && row.charged_bonus > 0 ? await findClientCard(db, order.crm_client_id) : undefined
  return { row, card: card && { id: card.id, balance: Number(card.bonus_balance) } }
}
