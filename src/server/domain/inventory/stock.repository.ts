import { sql } from 'kysely'
import { RETURN_STATUS_CONFIRMED } from '../../../contract/constants'
import { isPostgresDb, type Db } from '../../db/connect'
import { liveHold, liveOrder } from './live'

/**
 * The stock's repository: the grouped counts that availability (availability.ts, zones.ts,
 * stock.ts) is computed from, each read by the one stock rule (live.ts), and the session lock
 * that serializes claims.
 */

/** Sessions with their drawing (null: general admission) and fixed capacity. */
export function listCalendarStock(db: Db, calendarIds: readonly number[]) {
  return db.selectFrom('calendars').select(['id', 'drawing_id', 'capacity']).where('id', 'in', [...calendarIds]).execute()
}

/** Price rows of sessions with their zone, quantity and whether they are for subscriptions. */
export function listPriceStock(db: Db, calendarIds: readonly number[]) {
  return db.selectFrom('prices').select(['id', 'calendar_id', 'zone_id', 'quantity', 'for_subscription']).where('calendar_id', 'in', [...calendarIds]).execute()
}

/** Places of one drawing and zone: seats counted, standing places by capacity (zone null: none). */
export interface ZonePlaces {
  drawing_id: number
  zone_id: number | null
  n: number
}

/**
 * Places per drawing and zone: seats counted, standing places by capacity (one list, a zone
 * may appear twice). `zonedOnly` leaves out places of no zone. Cost: one scan of `seats`
 * grouped by (drawing, zone).
 */
export async function placesPerZone(db: Db, drawingIds: readonly number[], zonedOnly: boolean): Promise<ZonePlaces[]> {
  let seats = db
    .selectFrom('seats')
    .select(['drawing_id', 'zone_id', sql<number>`count(*)`.as('n')])
    .where('drawing_id', 'in', [...drawingIds])
  let standing = db
    .selectFrom('standing_places')
    .select(['drawing_id', 'zone_id', sql<number>`sum(capacity)`.as('n')])
    .where('drawing_id', 'in', [...drawingIds])
  if (zonedOnly) {
    seats = seats.where('zone_id', 'is not', null)
    standing = standing.where('zone_id', 'is not', null)
  }
  const a = await seats.groupBy(['drawing_id', 'zone_id']).execute()
  const b = await standing.groupBy(['drawing_id', 'zone_id']).execute()
  return [...a, ...b]
}

/** Places held live at `now` per session: seat holds counted, standing holds by quantity (one list, one statement). */
export async function liveHoldsPerCalendar(db: Db, calendarIds: readonly number[], now: number): Promise<{ calendar_id: number; n: number }[]> {
  return db
    .selectFrom('seat_holds')
    .select(['calendar_id', sql<number>`count(*)`.as('n')])
    .where('calendar_id', 'in', [...calendarIds])
    .where(liveHold('seat_holds', now))
    .groupBy('calendar_id')
    .unionAll(
      db
        .selectFrom('standing_holds')
        .select(['calendar_id', sql<number>`sum(quantity)`.as('n')])
        .where('calendar_id', 'in', [...calendarIds])
        .where(liveHold('standing_holds', now))
        .groupBy('calendar_id'),
    )
    .execute()
}

/** Places held live at `now` per session and zone of the held place (one list, a zone may appear twice). */
export async function liveHoldsPerZone(db: Db, calendarIds: readonly number[], now: number): Promise<{ calendar_id: number; zone_id: number | null; n: number }[]> {
  const seats = await db
    .selectFrom('seat_holds as h')
    .innerJoin('seats as s', 's.id', 'h.seat_id')
    .select(['h.calendar_id', 's.zone_id', sql<number>`count(*)`.as('n')])
    .where('h.calendar_id', 'in', [...calendarIds])
    .where(liveHold('h', now))
    .groupBy(['h.calendar_id', 's.zone_id'])
    .execute()
  const standing = await db
    .selectFrom('standing_holds as h')
    .innerJoin('standing_places as p', 'p.id', 'h.standing_place_id')
    .select(['h.calendar_id', 'p.zone_id', sql<number>`sum(h.quantity)`.as('n')])
    .where('h.calendar_id', 'in', [...calendarIds])
    .where(liveHold('h', now))
    .groupBy(['h.calendar_id', 'p.zone_id'])
    .execute()
  return [...seats, ...standing]
}

/**
 * General-admission tickets of live orders (live.ts) not returned, per session and price row;
 * `exceptOrderId` leaves one order out.
 */
export async function soldPerPrice(db: Db, calendarIds: readonly number[], now: number, exceptOrderId?: number): Promise<{ calendar_id: number; price_id: number; n: number }[]> {
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
  return query.groupBy(['l.calendar_id', 'l.price_id']).execute()
}

/**
 * Locks sessions for the rest of the transaction so that counting their sales and inserting new
 * order lines cannot interleave with another order for the same sessions (no overselling).
 *
 * - PostgreSQL: SELECT … FOR NO KEY UPDATE on the calendar rows, in id order so two orders touching the
 *   same sessions always lock them in the same order and cannot deadlock. A competing order
 *   waits here; under READ COMMITTED its later statements see what the first one committed.
 * - SQLite: Kysely's SQLite driver runs every transaction of the process on its one connection,
 *   one at a time, and each begins IMMEDIATE (db/sqlite-immediate.ts), holding the write lock
 *   from its start, so a second process (the CLI) waits (busy_timeout) instead of reading stale
 *   counts. The no-op UPDATE, which took that lock before transactions began so, now only reads
 *   the sessions' map versions (RETURNING) and changes nothing.
 *
 * Cost: orders for the same session are serialized for the few milliseconds of the transaction;
 * orders for other sessions run in parallel on PostgreSQL.
 *
 * Answers each locked session's map version (calendars.drawing_id, null for general admission),
 * read under the lock, so a seat-map claim checks that its places are of the version its session
 * is on with no statement of its own (orders/claim.ts; a move onto another version waits for the
 * lock, admin/studio/session-map.ts).
 */
export async function lockCalendars(trx: Db, calendarIds: readonly number[]): Promise<Map<number, number | null>> {
  const ids = [...new Set(calendarIds)].sort((a, b) => a - b)
  if (ids.length === 0) return new Map()
  let rows: { id: number; drawing_id: number | null }[]
  if (isPostgresDb(trx)) {
    // FOR NO KEY UPDATE, not FOR UPDATE: claims of the session still take turns here, but the
    // foreign-key checks of row-level seat claims (FOR KEY SHARE on the calendar row, from
    // inserting a hold or an order line) do not wait behind it.
    rows = await trx.selectFrom('calendars').select(['id', 'drawing_id']).where('id', 'in', ids).orderBy('id').forNoKeyUpdate().execute()
  } else {
    // Raw SQL on purpose: the query builder's writes to calendars void every per-process cache
    // (db/write-watch.ts), and this one changes nothing (the write lock is the transaction's own,
    // taken by its BEGIN IMMEDIATE: db/sqlite-immediate.ts). Through the builder every claim on
    // SQLite emptied the session, listing and settings caches.
    rows = (await sql<{ id: number; drawing_id: number | null }>`update calendars set active = active where id in (${sql.join(ids)}) returning id, drawing_id`.execute(trx)).rows
  }
  return new Map(rows.map((r) => [Number(r.id), r.drawing_id === null ? null : Number(r.drawing_id)]))
}
