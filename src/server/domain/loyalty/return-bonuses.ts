import type { Db } from '../../db/connect'
import { findClientCard, type OrderRow } from '../orders/order.repository'
import { returnBonuses } from './loyalty.repository'
import { releaseDiscount } from './service'
import { creditedTo, NO_BONUSES, returnBonusPlan, type BonusesHeld, type ReturnedBonuses } from './return-bonus-plan'
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
 * What moves is the rule's plan (return-bonus-plan.ts returnBonusPlan, the one home it shares with
 * bonusPreviewOf); this performs it. The discount row then holds what the kept tickets still have, so the order's money (moneyOf)
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
export async function returnTicketBonuses(trx: Db, order: Pick<OrderRow, 'id' | 'crm_client_id'>, shareOf: (held: number) => number, now: number, last: boolean): Promise<ReturnedBonuses> {
  const row = await findOrderBonuses(trx, order.id)
  if (!row) return NO_BONUSES
  const { credited, earned } = returnBonusPlan(row, undefined, shareOf, last)
  // Released before the card is touched below: the code's row before the card's, as addDiscount takes them.
  // It gives back to the card what the plan credits (all the spent bonuses the row holds).
  if (last) await releaseDiscount(trx, order.id, now)
  if (credited === 0 && earned === 0) return NO_BONUSES
  if (!last && credited > 0 && row.loyalty_card_id !== null) await returnBonuses(trx, row.loyalty_card_id, order.id, credited, now)
  let revoked = 0
  if (earned > 0) {
    const card = await findClientCard(trx, order.crm_client_id)
    // The plan is given the balance the card had before this return: the one read under its lock
    // holds what was given back to it above already, which the plan counts itself.
    if (card) revoked = await takeBackBonuses(trx, card.id, order.id, (balance) => returnBonusPlan(row, { id: card.id, balance: balance - creditedTo(row, card.id, credited) }, shareOf, last).revoked, now)
  }
  await setOrderBonuses(trx, order.id, { bonuses_used: row.bonuses_used - credited, charged_bonus: row.charged_bonus - earned })
  return { credited, earned, revoked }
}

/** What a return would move of bonuses, by returnTicketBonuses' rule, read before it is made. */
export type BonusesPreview = ReturnedBonuses

/** Reads the order's discount row and, when it earned bonuses, the client's card (for returnBonusPlan, read only). */
export async function readBonusesHeld(db: Db, order: Pick<OrderRow, 'id' | 'crm_client_id'>): Promise<BonusesHeld> {
  const row = await findOrderBonuses(db, order.id)
  const card = row && row.charged_bonus > 0 ? await findClientCard(db, order.crm_client_id) : undefined
  return { row, card: card && { id: card.id, balance: Number(card.bonus_balance) } }
}

/**
 * returnTicketBonuses' rule read only (return-bonus-plan.ts returnBonusPlan), for whoever shows a
 * return before it is made (the request's e-mail, returns/create.ts): reads the order's discount
 * row and the client's card once (readBonusesHeld), and answers, for the tickets a `shareOf`
 * splits off (returnShare's rule) and whether they are the order's last (`last`), the bonuses
 * given back to the card, the share of those earned, and what of it the card holds now to be
 * taken back.
 */
export async function bonusPreviewOf(db: Db, order: Pick<OrderRow, 'id' | 'crm_client_id'>): Promise<(shareOf: (held: number) => number, last: boolean) => BonusesPreview> {
  const { row, card } = await readBonusesHeld(db, order)
  return (shareOf, last) => returnBonusPlan(row, card, shareOf, last)
}
