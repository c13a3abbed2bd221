import type { Db } from '../../db/connect'
import { findClientCard, type OrderRow } from '../orders/order.repository'
import { returnBonuses } from './loyalty.repository'
import { releaseDiscount } from './service'
import { findOrderBonuses, setOrderBonuses, takeBackBonuses } from './return-bonuses.repository'

/**
 * What a return moved of bonuses: given back to the card (spent on the tickets), the tickets'
 * share of those the order earned (`earned`) and what of it was taken back from the card
 * (`revoked`, less when the card has spent them: the refund keeps the rest back, orders/money.ts
 * bonusWithheld).
 */
export interface ReturnedBonuses {
  credited: number
  earned: number
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
 * - bonuses earned by paying it: the same share (`earned`) is taken back from the client's card,
 *   the card chargeBonuses credited (kind 'revoke'). A card never goes below zero: what it has
 *   spent since is not taken (`revoked` is less), and the refund keeps that much of its money
 *   back instead (returns/refund-payment.ts refundOfReturned, orders/money.ts bonusWithheld), so
 *   buying, spending the bonuses earned and returning earns nothing.
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
  if (!row) return { credited: 0, earned: 0, revoked: 0 }
  const spent = spentHeld(row)
  // Released before the card is touched below: the code's row before the card's, as addDiscount takes them.
  const credited = last ? await releaseDiscount(trx, order.id, now) : shareOf(spent)
  const earned = shareOf(row.charged_bonus)
  if (credited === 0 && earned === 0) return { credited: 0, earned: 0, revoked: 0 }
  if (!last && credited > 0 && row.loyalty_card_id !== null) await returnBonuses(trx, row.loyalty_card_id, order.id, credited, now)
  let revoked = 0
  if (earned > 0) {
    const card = await findClientCard(trx, order.crm_client_id)
    if (card) revoked = await takeBackBonuses(trx, card.id, order.id, earned, now)
  }
  await setOrderBonuses(trx, order.id, { bonuses_used: row.bonuses_used - credited, charged_bonus: row.charged_bonus - earned })
  return { credited, earned, revoked }
}

/** Bonuses spent on the order that its tickets still hold: none once the row was given back (released). */
function spentHeld(row: { released_at: number | string | null; bonuses_used: number }): number {
  return row.released_at === null ? row.bonuses_used : 0
}

/** What a return would move of bonuses, by returnTicketBonuses' rule, read before it is made. */
export type BonusesPreview = ReturnedBonuses

/**
 * returnTicketBonuses' rule read only, for whoever shows a return before it is made (the request's
 * e-mail, returns/create.ts; the return page's amounts, returns/refund-payment.ts
 * returnShareByLine): reads the order's discount row and the client's card once, and answers, for
 * the tickets a `shareOf` splits off (returnShare's rule), the bonuses given back to the card, the
 * share of those earned, and what of it the card holds now to be taken back (its balance, with the
 * bonuses this return gives back to it first when it is the card that paid them). The last
 * tickets' return releases the rest of the spent bonuses, which is their whole share.
 */
export async function bonusPreviewOf(db: Db, order: Pick<OrderRow, 'id' | 'crm_client_id'>): Promise<(shareOf: (held: number) => number) => BonusesPreview> {
  const row = await findOrderBonuses(db, order.id)
  if (!row) return () => ({ credited: 0, earned: 0, revoked: 0 })
  const card = row.charged_bonus > 0 ? await findClientCard(db, order.crm_client_id) : undefined
  return (shareOf) => {
    const credited = shareOf(spentHeld(row))
    const earned = shareOf(row.charged_bonus)
    if (!card || earned === 0) return { credited, earned, revoked: 0 }
    const back = row.loyalty_card_id === card.id ? credited : 0
    return { credited, earned, revoked: Math.min(earned, Math.max(0, Number(card.bonus_balance) + back)) }
  }
}
