import { ORDER_STATUS_CANCELLED } from '../../../contract/constants'
import type { Db } from '../../db/connect'

/**
 * Orders and cancelled sessions (calendars.cancelled_at; admin/catalogue/session-cancel.ts): a
 * session here is a calendar row, not a visitor's cookie session (repository.ts).
 */

/**
 * Whether order `orderId` has a line on a cancelled session: a payment may not start for it
 * (payments/service.ts startPayment), since the tickets it would buy admit nobody and the refund
 * sweep would only hand the money back.
 */
export async function orderOnCancelledSession(db: Db, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('order_lines as l')
    .innerJoin('calendars as c', 'c.id', 'l.calendar_id')
    .select('l.id')
    .where('l.order_id', '=', orderId)
    .where('c.cancelled_at', 'is not', null)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * The unpaid orders still standing (not cancelled) with a line on session `calendarId`: what a
 * cancellation ends (their reservations end and the expiry cancels them, releasing what they hold),
 * in order-id order, the next `page.limit` after `page.afterId` (admin/catalogue/session-cancel.ts
 * endUnpaidOrders takes them a chunk at a time). Read by the (calendar_id) index of order_lines.
 */
export async function pendingOrdersOfSession(db: Db, calendarId: number, page: { afterId: number; limit: number }): Promise<number[]> {
  const rows = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select('o.id')
    .distinct()
    .where('l.calendar_id', '=', calendarId)
    .where('o.paid', '=', 0)
    .where('o.status', '!=', ORDER_STATUS_CANCELLED)
    .where('o.id', '>', page.afterId)
    .orderBy('o.id')
    .limit(page.limit)
    .execute()
  return rows.map((r) => r.id)
}

