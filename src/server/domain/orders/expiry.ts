import { ORDER_STATUS_CANCELLED } from '../../../contract/constants'
import { sql } from 'kysely'
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
  const cancelled = (await query.returning('id').execute()).map((r) => r.id)
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

/**
 * When the next cart hold or unpaid reservation runs out after `now` (epoch ms), or null when
 * none is pending: the sweeper wakes then, so open maps hear of an expiry at once instead of at
 * its next periodic run.
 */
export async function nextExpiry(db: Db, now: number): Promise<number | null> {
  const cartEnd = (table: 'seat_holds' | 'standing_holds') =>
    db
      .selectFrom(table)
      .select(sql<number | null>`min(expires_at)`.as('m'))
      .where('state', '=', 'cart')
      .where('released_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst()
  const seats = await cartEnd('seat_holds')
  const stands = await cartEnd('standing_holds')
  const orders = await db
    .selectFrom('orders')
    .select(sql<number | null>`min(reserve_until)`.as('m'))
    .where('paid', '=', 0)
    .where('status', '<>', ORDER_STATUS_CANCELLED)
    .where('reserve_until', '>', now)
    .executeTakeFirst()
  const ends = [seats?.m, stands?.m, orders?.m].filter((m): m is number => m !== null && m !== undefined).map(Number)
  return ends.length ? Math.min(...ends) : null
}
