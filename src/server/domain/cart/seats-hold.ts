import { isPostgresDb, type Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import type { CartHolds } from '../inventory/holds.repository'
import { takenFailure, type SeatPlace } from '../inventory/places'
import { cartSeatsRefusal, holdCartSeatsOnPg } from '../inventory/seat-claims.repository'
import { inClaimStatement } from '../orders/claim'
import { clockGate, type CommitGate } from '../orders/commit-gate'
import { limitFailure } from '../scheme/pricing'
import type { RowHolds } from '../seating/singles'
import { subscriptionLimitFailure } from '../scheme/subscription'

/**
 * The on-sale rush's commonest call in one database round trip (issue 18): a visitor adds
 * numbered seats, and only adds (no release, no standing place), where neither the single-seat
 * rule nor held-back accessible spaces are judged (the caller decides). On PostgreSQL it runs
 * seatwise_hold_cart_seats (migration 2026_11_24_18_e10_01), the general claim's steps as one
 * statement, and brings back the live holds on the rows of those seats (the cart's single-seat
 * warning reads nothing more); it answers null where that function leaves the request to the general path (an
 * expired unpaid order to cancel, standing places or these very seats in the cart), where the
 * session it was asked to check (`csrfToken`) failed, and on SQLite.
 * Refusals are the general path's, with the same texts: the order limit (or the subscription's),
 * seats someone holds, too late to commit, seats of a map version the session has left.
 */
export async function holdSeatsInOneStatement(
  db: Db,
  a: {
    sessionId: string
    calendarId: number
    now: number
    holdSeconds: number
    orderLimit: number
    /** Tickets the subscription paying for the cart has left (null: not bought by subscription). */
    subscriptionLeft: number | null
    seats: readonly { place: SeatPlace; priceId: number }[]
    /** Seats whose live holds the answer brings back, read after the claim (the single-seat warning's rows). */
    rowSeatIds: readonly number[]
    /** The CSRF token the request sent when its session was not read (CartContext.unchecked): the statement checks both. */
    csrfToken: string | null
    /** The request's commit gate (orders/commit-gate.ts); without one, CLAIM_COMMIT_BY_MS after `now`. */
    gate?: CommitGate
  },
): Promise<{ cartId: number; holds: CartHolds; rowHolds: RowHolds } | null> {
  if (!isPostgresDb(db) || a.seats.length === 0) return null
  const sorted = [...a.seats].sort((x, y) => x.place.id - y.place.id)
  const limit = a.subscriptionLeft === null ? a.orderLimit : Math.min(a.orderLimit, a.subscriptionLeft)
  const gate = a.gate ?? clockGate(a.now)
  // The statement refuses to commit past the request's deadline (SWBSY, 'late' below).
  const args = { sessionId: a.sessionId, calendarId: a.calendarId, now: a.now, holdMs: a.holdSeconds * 1000, limit, seats: sorted.map((s) => ({ seatId: s.place.id, priceId: s.priceId })), commitBy: gate.commitBy, rowSeatIds: a.rowSeatIds, csrfToken: a.csrfToken }
  try {
    const held = await inClaimStatement(db, a.calendarId, gate, () => holdCartSeatsOnPg(db, args))
    if (held.outcome === 'general') return null
    return { cartId: held.cartId, holds: { seats: held.seats, stands: [] }, rowHolds: { seatIds: new Set(a.rowSeatIds), holds: held.rowHolds } }
  } catch (err) {
    const refusal = cartSeatsRefusal(err)
    if (!refusal) throw err
    // The session it was asked to check failed: the caller reads it and refuses as the CSRF check does.
    if (refusal.kind === 'session') return null
    if (refusal.kind === 'late') throw new ApiFailure('busy')
    // The studio moved the session onto another map version since its seats were read (orders/claim.ts inClaimTransaction).
    if (refusal.kind === 'map') throw new ApiFailure('session-map-changed')
    if (refusal.kind === 'taken') throw takenFailure(sorted.filter((s) => refusal.seatIds.includes(s.place.id)).map((s) => s.place))
    if (refusal.count > a.orderLimit) throw limitFailure(a.orderLimit, refusal.count)
    throw subscriptionLimitFailure(a.subscriptionLeft ?? limit, refusal.count)
  }
}
