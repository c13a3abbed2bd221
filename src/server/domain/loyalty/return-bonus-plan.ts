/**
 * The one rule of the bonuses a return moves, pure (no database): returns/row-amounts.ts
 * returnLinePlans applies it to each line with its own part of the card (the return page's rows,
 * the request's e-mail, and what the confirm takes back), and returnTicketBonuses
 * (return-bonuses.ts) performs it in the return's transaction.
 */

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

/** What an order's discount row holds of bonuses (return-bonuses.repository.ts findOrderBonuses). */
export interface HeldBonuses {
  /** The card that paid the bonuses spent on the order (null: none, or no longer known). */
  loyalty_card_id: number | null
  bonuses_used: number
  charged_bonus: number
  /** Set once the row was given back (a cancelled order's, or the last return's). */
  released_at: number | string | null
}

/** The client's card as a return finds it: its id and its balance before the return gives anything back to it. */
export interface CardBalance {
  id: number
  balance: number
}

/** What the rule of a return's bonuses reads: the order's discount row and the client's card (its balance now), undefined when none. */
export interface BonusesHeld {
  row: HeldBonuses | undefined
  card: CardBalance | undefined
}

export const NO_BONUSES: ReturnedBonuses = Object.freeze({ credited: 0, earned: 0, revoked: 0 })

/** Bonuses spent on the order that its tickets still hold: none once the row was given back (released). */
export function spentHeld(row: Pick<HeldBonuses, 'released_at' | 'bonuses_used'>): number {
  return row.released_at === null ? row.bonuses_used : 0
}

/**
 * The bonuses returning the tickets that `shareOf` splits off (orders/money.ts returnedShare's
 * rule) moves, from the order's discount row and the client's card (`card`, its balance before the
 * return; undefined when the client has none):
 * - credited: the tickets' share of the bonuses spent on the order, back to the card that paid
 *   them; the last tickets' return (`last`) releases the row instead (loyalty/service.ts
 *   releaseDiscount), which gives back all the spent bonuses it holds to that card, none when the
 *   row names no card;
 * - earned: the tickets' share of the bonuses the order earned;
 * - revoked: what of `earned` is taken back from the client's card: never more than it holds,
 *   counting first what this return gives back to it when it is the card that paid them.
 */
export function returnBonusPlan(row: HeldBonuses | undefined, card: CardBalance | undefined, shareOf: (held: number) => number, last: boolean): ReturnedBonuses {
  if (!row) return NO_BONUSES
  const spent = spentHeld(row)
  const credited = last ? (row.loyalty_card_id === null ? 0 : Math.max(0, spent)) : shareOf(spent)
  const earned = shareOf(row.charged_bonus)
  if (!card || earned <= 0) return { credited, earned, revoked: 0 }
  return { credited, earned, revoked: Math.min(earned, Math.max(0, card.balance + creditedTo(row, card.id, credited))) }
}

/** What of `credited` goes to card `cardId`: all when it paid the order's bonuses, else none. */
export function creditedTo(row: Pick<HeldBonuses, 'loyalty_card_id'>, cardId: number, credited: number): number {
  return row.loyalty_card_id === cardId ? credited : 0
}
