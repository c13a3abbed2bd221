import { ORDER_STATUS_CANCELLED } from '../../../contract/constants'
import type { Db } from '../../db/connect'
import { releaseExpiredCartHolds } from '../inventory/hold-expiry'
import { subscriptionTicketsOf } from './order.repository'

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
  let query = db
    .updateTable('orders')
    .set({ status: ORDER_STATUS_CANCELLED, cancelled_at: now })
    .where('paid', '=', 0)
    .where('status', '<>', ORDER_STATUS_CANCELLED)
    .where('reserve_until', '<=', now)
  if (calendarIds) {
    const ids = [...calendarIds]
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('order_lines as l').select('l.id').whereRef('l.order_id', '=', 'orders.id').where('l.calendar_id', 'in', ids)),
    )
  }
  return giveBack(db, now, (await query.returning('id').execute()).map((r) => r.id))
}

/**
 * Cancels the given orders that are unpaid and past their reserve time (the same conditional
 * UPDATE), and gives back what they held: the row-level claim (orders/claim.ts) frees only the
 * orders holding the seats it wants, instead of every expired order of the session.
 */
export async function expireOrdersById(db: Db, now: number, orderIds: readonly number[]): Promise<number[]> {
  if (orderIds.length === 0) return []
  const cancelled = await db
    .updateTable('orders')
    .set({ status: ORDER_STATUS_CANCELLED, cancelled_at: now })
    .where('paid', '=', 0)
    .where('status', '<>', ORDER_STATUS_CANCELLED)
    .where('reserve_until', '<=', now)
    .where('id', 'in', [...orderIds])
    .returning('id')
    .execute()
  return giveBack(db, now, cancelled.map((r) => r.id))
}

/** What cancelled orders held goes back: subscription tickets, seat and standing holds. */
async function giveBack(db: Db, now: number, cancelled: number[]): Promise<number[]> {
  if (cancelled.length === 0) return cancelled
  // Subscription tickets go back to the client's subscription.
  const used = await subscriptionTicketsOf(db, cancelled)
  for (const u of used) {
    await db
      .updateTable('crm_subscriptions')
      .set((eb) => ({ quant: eb('quant', '+', Number(u.n)) }))
      .where('id', '=', u.crm_subscription_id!)
      .execute()
  }
  await db.updateTable('seat_holds').set({ released_at: now }).where('order_id', 'in', cancelled).where('released_at', 'is', null).execute()
  await db.updateTable('standing_holds').set({ released_at: now }).where('order_id', 'in', cancelled).where('released_at', 'is', null).execute()
  return cancelled
}
