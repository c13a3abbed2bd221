import type { Db } from '../../db/connect'
import { findClientCard, type OrderRow } from '../orders/order.repository'
import { returnBonuses } from './loyalty.repository'
import { releaseDiscount } from './service'
import { findOrderBonuses, setOrderBonuses, takeBackBonuses } from './return-bonuses.repository'

/** What a return moved of bonuses: given back to the card (spent on the tickets) and taken back (earned by them). */
export interface ReturnedBonuses {
  credited: number
  revoked: number
}

/**
 * The bonuses of returned tickets, inside the return's transaction under the order's lock (a
 * visitor's return confirmed, returns/confirm.ts, or an operator's refund, care/refund.ts).
 * `shareOf` is the return's share rule (orders/money.ts returnedShare over the order's lines not
 * yet returned), the one that splits the money too, so a ticket gives back the same part of
 * everything its order took:
 * - bonuses spent on the order: the returned share goes back to the card that paid them
 *   (loyalty.repository.ts returnBonuses, kind 'return', as when a discount is replaced): the
 *   money share goes back to the bank, so the buyer loses none of what the ticket cost;
 * - bonuses earned by paying it: the same share is taken back from the client's card, the card
 *   chargeBonuses credited (kind 'revoke'; never below zero, should the card have spent them):
 *   buying and returning earns nothing.
 * The discount row then holds what the kept tickets still have, so the order's money (moneyOf)
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
  if (!row) return { credited: 0, revoked: 0 }
  const spent = spentHeld(row)
  // Released before the card is touched below: the code's row before the card's, as addDiscount takes them.
  const credited = last ? await releaseDiscount(trx, order.id, now) : shareOf(spent)
  const earned = shareOf(row.charged_bonus)
  if (credited === 0 && earned === 0) return { credited: 0, revoked: 0 }
  if (!last && credited > 0 && row.loyalty_card_id !== null) await returnBonuses(trx, row.loyalty_card_id, order.id, credited, now)
  let revoked = 0
  if (earned > 0) {
    const card = await findClientCard(trx, order.crm_client_id)
    if (card) revoked = await takeBackBonuses(trx, card.id, order.id, earned, now)
  }
  await setOrderBonuses(trx, order.id, { bonuses_used: row.bonuses_used - credited, charged_bonus: row.charged_bonus - earned })
  return { credited, revoked }
}

/** Bonuses spent on the order that its tickets still hold: none once the row was given back (released). */
function spentHeld(row: { released_at: number | string | null; bonuses_used: number }): number {
  return row.released_at === null ? row.bonuses_used : 0
}

/**
 * What returning the tickets `shareOf` splits off (returnShare's rule) would give back to the card,
 * by returnTicketBonuses' rule, for the request's e-mail; reads only. The last tickets' return
 * releases the rest, which is their whole share.
 */
export async function bonusesBackOf(db: Db, orderId: number, shareOf: (held: number) => number): Promise<number> {
  const row = await findOrderBonuses(db, orderId)
  return row ? shareOf(spentHeld(row)) : 0
}
