import type { Db } from '../../db/connect'
import { releaseExpiredCartHolds, releaseOrderHolds } from '../inventory/holds.repository'
import { cancelExpiredOrders, cancelExpiredOrdersById } from './order.repository'
import { giveBackSubscriptionTickets } from './subscription-tickets'

/**
 * Reservation expiry: an unpaid order whose reserve time has passed is cancelled (status 90),
 * which returns its tickets to sale (sales count only orders that are not cancelled), gives back
 * the subscription tickets it used, and releases any seat or standing holds it kept.
 *
 * The UPDATE is conditional (still unpaid, not cancelled, past reserve_until), so the sweeper,
 * an order being created and a payment arriving at the same moment cannot cancel twice or
 * cancel a paid order. Only the ids it really cancelled get their subscriptions restored.
 *
 * `calendarIds` limits the work to orders with lines in those sessions (used on every read of
 * availability); without it every expired order is cancelled (the periodic sweeper).
 * Returns the ids of the orders cancelled.
 */
export async function expireOrders(db: Db, now: number, calendarIds?: readonly number[]): Promise<number[]> {
  if (calendarIds && calendarIds.length === 0) return []
  // Seat-map carts expire here too, so one sweeper and one read-time check cover every hold.
  await releaseExpiredCartHolds(db, now, calendarIds)
  return giveBack(db, now, await cancelExpiredOrders(db, now, calendarIds))
}

/**
 * Cancels the given orders that are unpaid and past their reserve time (the same conditional
 * UPDATE), and gives back what they held: the row-level claim (orders/claim.ts) frees only the
 * orders holding the seats it wants, instead of every expired order of the session.
 */
export async function expireOrdersById(db: Db, now: number, orderIds: readonly number[]): Promise<number[]> {
  if (orderIds.length === 0) return []
  return giveBack(db, now, await cancelExpiredOrdersById(db, now, orderIds))
}

/** What cancelled orders held goes back: subscription tickets, seat and standing holds. */
async function giveBack(db: Db, now: number, cancelled: number[]): Promise<number[]> {
  if (cancelled.length === 0) return cancelled
  // Subscription tickets go back to the client's subscription (the rule returns share).
  await giveBackSubscriptionTickets(db, { orderIds: cancelled })
  await releaseOrderHolds(db, cancelled, now)
  return cancelled
}

