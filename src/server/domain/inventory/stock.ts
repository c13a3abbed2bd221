import { sql } from 'kysely'
import { RETURN_STATUS_CONFIRMED } from '../../../contract/constants'
import { isPostgresDb, type Db } from '../../db/connect'
import { liveOrder } from './live'

/**
 * General-admission stock of sessions (calendars): what each price row and each session has
 * sold. "Sold" is the quantity of order lines of live orders (live.ts: not cancelled, paid or
 * within their reserve time) that were not returned. The listing (availability.ts), the event
 * page and order creation all count with this.
 */
export interface CalendarSales {
  /** Tickets sold or reserved in the session over all its price rows. */
  sold: number
  /** Tickets sold or reserved per price row id. */
  byPrice: Map<number, number>
}

/**
 * Sales of the given sessions at `now` (a session without any sale is present with zeros);
 * `exceptOrderId` leaves one order out (an order counting what others hold, its lines written).
 */
export async function salesOf(db: Db, calendarIds: readonly number[], now: number, exceptOrderId?: number): Promise<Map<number, CalendarSales>> {
  const out = new Map<number, CalendarSales>()
  for (const id of calendarIds) out.set(id, { sold: 0, byPrice: new Map() })
  if (calendarIds.length === 0) return out
  let query = db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.calendar_id', 'l.price_id', sql<number>`sum(l.quantity)`.as('n')])
    .where('l.calendar_id', 'in', [...calendarIds])
    .where(liveOrder('o', now))
    // Returned tickets (return confirmed: 70, 80) are back on sale.
    .where('l.return_status', '<', RETURN_STATUS_CONFIRMED)
    .where('l.seat_id', 'is', null)
    .where('l.standing_place_id', 'is', null)
  if (exceptOrderId !== undefined) query = query.where('l.order_id', '<>', exceptOrderId)
  const rows = await query.groupBy(['l.calendar_id', 'l.price_id']).execute()
  for (const r of rows) {
    const s = out.get(r.calendar_id)!
    const n = Number(r.n)
    s.sold += n
    s.byPrice.set(r.price_id, (s.byPrice.get(r.price_id) ?? 0) + n)
  }
  return out
}

/** A session's capacity: calendars.capacity, or else the sum of its regular price rows. */
export function capacityOf(capacity: number | null, rows: readonly { quantity: number; for_subscription: number }[]): number {
  return capacity ?? rows.filter((p) => p.for_subscription === 0).reduce((s, p) => s + p.quantity, 0)
}

/** Tickets left in one price row of a session: its own stock, capped by the session's. */
export function rowLeft(row: { id: number; quantity: number }, sales: CalendarSales, sessionLeft: number): number {
  return Math.max(0, Math.min(row.quantity - (sales.byPrice.get(row.id) ?? 0), sessionLeft))
}

/**
 * Locks sessions for the rest of the transaction so that counting their sales and inserting new
 * order lines cannot interleave with another order for the same sessions (no overselling).
 *
 * - PostgreSQL: SELECT … FOR NO KEY UPDATE on the calendar rows, in id order so two orders touching the
 *   same sessions always lock them in the same order and cannot deadlock. A competing order
 *   waits here; under READ COMMITTED its later statements see what the first one committed.
 * - SQLite: Kysely's SQLite driver runs every transaction of the process on its one connection,
 *   one at a time. The no-op UPDATE additionally takes SQLite's write lock at once, so a second
 *   process (the CLI) waits (busy_timeout) instead of reading stale counts.
 *
 * Cost: orders for the same session are serialized for the few milliseconds of the transaction;
 * orders for other sessions run in parallel on PostgreSQL.
 */
export async function lockCalendars(trx: Db, calendarIds: readonly number[]): Promise<void> {
  const ids = [...new Set(calendarIds)].sort((a, b) => a - b)
  if (ids.length === 0) return
  if (isPostgresDb(trx)) {
    // FOR NO KEY UPDATE, not FOR UPDATE: claims of the session still take turns here, but the
    // foreign-key checks of row-level seat claims (FOR KEY SHARE on the calendar row, from
    // inserting a hold or an order line) do not wait behind it.
    await trx.selectFrom('calendars').select('id').where('id', 'in', ids).orderBy('id').forNoKeyUpdate().execute()
  } else {
    await trx.updateTable('calendars').set((eb) => ({ active: eb.ref('active') })).where('id', 'in', ids).execute()
  }
}
