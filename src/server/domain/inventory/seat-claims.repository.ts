import { sql, type QueryCreator } from 'kysely'
import type { Database } from '../../db/database'
import type { Db } from '../../db/connect'
import { preparedByShape, prepared } from '../../db/prepared'
import { amongSeats, seatParams, seatSetOf, type SeatSet } from './seat-range'

/**
 * Row-level groundwork of a seat claim (issue 18.4): only the rows of the seats a request wants
 * are read or written, so a claim costs the same whatever the session has sold, and claims on
 * different seats never wait on each other.
 */

/**
 * The expired cart holds on `seatIds` of a session, released (by the stock rule they are free
 * already; released, they leave the live-hold unique index, so the claim's INSERT can take the
 * seat). One builder for the two forms below.
 */
function releaseExpiredCartHolds(db: QueryCreator<Database>, calendarId: number, seatIds: readonly number[] | SeatSet, now: number) {
  return db
    .updateTable('seat_holds')
    .set({ released_at: now })
    .where('calendar_id', '=', calendarId)
    .where(amongSeats('seat_id', seatIds))
    .where('state', '=', 'cart')
    .where('released_at', 'is', null)
    .where('expires_at', '<=', now)
}

/** The unpaid orders whose hold on one of `seatIds` ran out at `now`. One builder for the two forms below. */
function lapsedOrderHolds(db: QueryCreator<Database>, calendarId: number, seatIds: readonly number[] | SeatSet, now: number) {
  return db
    .selectFrom('seat_holds')
    .select('order_id')
    .distinct()
    .where('calendar_id', '=', calendarId)
    .where(amongSeats('seat_id', seatIds))
    .where('state', '=', 'order')
    .where('released_at', 'is', null)
    .where('expires_at', '<=', now)
    .where('order_id', 'is not', null)
}

/** Releases expired cart holds on `seatIds` of a session; answers how many were released. */
export async function releaseExpiredCartHoldsOn(trx: Db, calendarId: number, seatIds: readonly number[], now: number): Promise<number> {
  if (seatIds.length === 0) return 0
  const res = await releaseExpiredCartHolds(trx, calendarId, seatIds, now).executeTakeFirst()
  return Number(res.numUpdatedRows)
}

/** Unpaid orders whose hold on one of `seatIds` ran out at `now` (to be cancelled before the claim). */
export async function expiredOrdersOn(trx: Db, calendarId: number, seatIds: readonly number[], now: number): Promise<number[]> {
  if (seatIds.length === 0) return []
  const rows = await lapsedOrderHolds(trx, calendarId, seatIds, now).execute()
  return rows.map((r) => r.order_id!).sort((a, b) => a - b)
}

/**
 * Both of the above in one statement (PostgreSQL only: a data-modifying WITH): releases expired
 * cart holds on `seatIds` and answers the unpaid orders whose hold on them ran out. The two touch
 * disjoint rows (state 'cart' and 'order'), so reading the order holds from the statement's
 * snapshot is exact. Why: each round trip to the database costs a claim about half a millisecond
 * of the process's CPU in the socket write alone (bench:load profile), more than the SQL itself.
 *
 * The same statement takes the session row's FOR KEY SHARE lock and answers its map version
 * (`drawingId`; null: no such session), so the claim checks its seats are of the version the
 * session is on (orders/claim.ts). That is the lock the claim's inserts take anyway (the foreign
 * key of seat_holds.calendar_id), taken first: row-level claims still never wait on each other,
 * and a move of the session onto another version (FOR UPDATE, admin/studio/session-map.ts) waits
 * for the claims under way, while a claim coming after the move reads the version it moved to.
 * Costs one primary-key read in a statement the claim sends anyway. With no seats asked nothing
 * is claimed: no statement, and `drawingId` undefined (nothing to check).
 */
export async function freeExpiredOnPg(trx: Db, calendarId: number, seatIds: readonly number[], now: number): Promise<{ drawingId: number | null | undefined; orderIds: number[] }> {
  if (seatIds.length === 0) return { drawingId: undefined, orderIds: [] }
  const rows = await freeExpiredStatement(seatIds.length).rows(trx, { calendarId, now, ...seatParams(seatIds) })
  const drawing = rows[0]?.drawing_id
  return {
    drawingId: drawing === undefined || drawing === null ? null : Number(drawing),
    orderIds: rows.filter((r) => r.order_id !== null).map((r) => r.order_id!).sort((a, b) => a - b),
  }
}

/** freeExpiredOnPg's statement, prepared per number of seats. */
const freeExpiredStatement = preparedByShape((count: number) => (trx, p: Record<string, number>) => {
  const seats = seatSetOf(p, count)
  return trx
    .with('released', (db) => releaseExpiredCartHolds(db, p.calendarId, seats, p.now).returning('id'))
    .with('session_map', (db) => db.selectFrom('calendars').select('drawing_id').where('id', '=', p.calendarId).forKeyShare())
    .selectFrom('session_map')
    .leftJoin(lapsedOrderHolds(trx, p.calendarId, seats, p.now).as('lapsed'), (join) => join.onTrue())
    .select(['session_map.drawing_id', 'lapsed.order_id'])
})

/**
 * What seatwise_hold_cart_seats answers (migrations 2026_11_24_18_e10_01, 2026_11_25_18_e1_01, 2026_11_30_18_sc1_01):
 * the cart's seat holds after the claim and the live holds on the row seats asked (seat id → the
 * holding cart, null for an order or a sale), or 'general'.
 */
export type CartSeatsHeld =
  | { outcome: 'general' }
  | { outcome: 'held'; cartId: number; fresh: boolean; seats: { id: number; seat_id: number; price_id: number | null; expires_at: number | null }[]; rowHolds: Map<number, number | null> }

/**
 * Why seatwise_hold_cart_seats refused, from its SQLSTATE: 'limit' (count), 'taken' (seat ids),
 * 'late', 'session' (the session it was asked to check is not live or the token is not its own),
 * 'map' (the seats are not of the map version the session is on now: migration 2026_12_01_17_sm1_01).
 */
export type CartSeatsRefusal = { kind: 'limit'; count: number } | { kind: 'taken'; seatIds: number[] } | { kind: 'late' } | { kind: 'session' } | { kind: 'map' }

export function cartSeatsRefusal(err: unknown): CartSeatsRefusal | null {
  const { code, detail } = err as { code?: unknown; detail?: unknown }
  if (code === 'SWLIM') return { kind: 'limit', count: Number(detail) }
  if (code === 'SWTKN') return { kind: 'taken', seatIds: String(detail).split(',').map(Number) }
  if (code === 'SWBSY') return { kind: 'late' }
  if (code === 'SWSES') return { kind: 'session' }
  if (code === 'SWMAP') return { kind: 'map' }
  return null
}

/** The hold's statement (the rush's commonest), prepared: the lists go as array parameters. */
const holdCartSeatsStatement = prepared(
  (_db, p: { sessionId: string; calendarId: number; now: number; holdMs: number; limit: number; seatIds: number[]; priceIds: number[]; commitBy: number; rowSeatIds: number[]; csrfToken: string | null }) =>
    sql<{ o_outcome: string; o_cart: number | null; o_fresh: boolean; o_id: number; o_seat: number; o_price: number | null; o_expires: number | null }>`
    select * from seatwise_hold_cart_seats(${p.sessionId}, ${p.calendarId}, ${p.now}, ${p.holdMs}, ${p.limit}, ${p.seatIds}::integer[], ${p.priceIds}::integer[], ${p.commitBy}, ${p.rowSeatIds}::integer[], ${p.csrfToken}::text)`,
)

/**
 * Adds numbered seats to a visitor's cart in one statement (PostgreSQL only; see the migration
 * for what it does and refuses). `seats` sorted by id, each with its price row; `limit` is the
 * most tickets the cart may hold. Refusals throw the database error (cartSeatsRefusal reads it).
 */
export async function holdCartSeatsOnPg(
  db: Db,
  a: {
    sessionId: string
    calendarId: number
    now: number
    holdMs: number
    limit: number
    seats: readonly { seatId: number; priceId: number }[]
    commitBy: number
    rowSeatIds: readonly number[]
    /** The CSRF token the request sent, for the function to check against the session (migration 2026_11_30_18_sc1_01); null when the caller checked the session. */
    csrfToken: string | null
  },
): Promise<CartSeatsHeld> {
  const seatIds = a.seats.map((s) => s.seatId)
  const priceIds = a.seats.map((s) => s.priceId)
  const rows = await holdCartSeatsStatement.rows(db, { ...a, seatIds, priceIds, rowSeatIds: [...a.rowSeatIds] })
  if (rows.length === 0 || rows[0].o_outcome !== 'held') return { outcome: 'general' }
  const held = rows.filter((r) => r.o_outcome === 'held')
  const rowHolds = new Map(rows.filter((r) => r.o_outcome === 'live').map((r) => [r.o_seat, r.o_cart] as const))
  return { outcome: 'held', cartId: held[0].o_cart as number, fresh: held[0].o_fresh, seats: held.map((r) => ({ id: r.o_id, seat_id: r.o_seat, price_id: r.o_price, expires_at: r.o_expires })), rowHolds }
}
