import type { Db } from '../../db/connect'

/**
 * Cart-hold expiry: a seat or standing place held in a visitor's cart longer than
 * CART_HOLD_SECONDS goes back on sale. Reads already treat an expired hold as free (they compare
 * expires_at with now); this writes the release so the database's live-hold index lets the seat
 * be taken again and the change log (seat_changes) tells open maps. Runs from the orders
 * domain's expiry (expireOrders: the periodic sweeper and every claim), so there is one sweeper.
 *
 * `calendarIds` limits the work to those sessions; without it every expired cart hold is
 * released. Returns the number of holds released.
 */
export async function releaseExpiredCartHolds(db: Db, now: number, calendarIds?: readonly number[]): Promise<number> {
  if (calendarIds && calendarIds.length === 0) return 0
  let seats = db
    .updateTable('seat_holds')
    .set({ released_at: now })
    .where('state', '=', 'cart')
    .where('released_at', 'is', null)
    .where('expires_at', '<=', now)
  let stands = db
    .updateTable('standing_holds')
    .set({ released_at: now })
    .where('state', '=', 'cart')
    .where('released_at', 'is', null)
    .where('expires_at', '<=', now)
  if (calendarIds) {
    seats = seats.where('calendar_id', 'in', [...calendarIds])
    stands = stands.where('calendar_id', 'in', [...calendarIds])
  }
  const a = await seats.executeTakeFirst()
  const b = await stands.executeTakeFirst()
  return Number(a.numUpdatedRows) + Number(b.numUpdatedRows)
}
