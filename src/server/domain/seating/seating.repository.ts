import type { Db } from '../../db/connect'
import { liveHold } from '../inventory/live'
import { amongSeats } from '../inventory/seat-range'
import { chunks } from '../inventory/places'

/** The seating repository: a drawing's seats with position and quality, and a session's live seat holds. */

/** A drawing's quality version: count and sum of the painted values (one aggregate query). */
export async function drawingQualityVersion(db: Db, drawingId: number): Promise<string> {
  const row = await db
    .selectFrom('seats')
    .select((eb) => [eb.fn.count<number>('quality').as('n'), eb.fn.sum<number>('quality').as('s')])
    .where('drawing_id', '=', drawingId)
    .executeTakeFirst()
  return `${Number(row?.n ?? 0)}:${Number(row?.s ?? 0)}`
}

/** Every seat of a drawing with what the seating index needs, in id order. */
export function listDrawingSeats(db: Db, drawingId: number) {
  return db
    .selectFrom('seats')
    .select(['id', 'seat_key', 'sector_id', 'row_label', 'number_label', 'x', 'y', 'zone_id', 'quality'])
    .where('drawing_id', '=', drawingId)
    .orderBy('id')
    .execute()
}

/** A drawing's sector names by sector id (what a seat's label shows). */
export async function drawingSectorNames(db: Db, drawingId: number): Promise<Map<number, string>> {
  const rows = await db.selectFrom('sectors').select(['id', 'name']).where('drawing_id', '=', drawingId).execute()
  return new Map(rows.map((r) => [r.id, r.name]))
}

/** Live holds of a session (any owner): seat id → the cart holding it (null for an order or a sale). */
export async function liveSeatHolds(db: Db, calendarId: number, now: number, seatIds?: readonly number[]): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>()
  const read = async (ids?: readonly number[]) => {
    let q = db.selectFrom('seat_holds').select(['seat_id', 'cart_id', 'state']).where('calendar_id', '=', calendarId).where(liveHold('seat_holds', now))
    if (ids) q = q.where(amongSeats('seat_id', ids))
    for (const h of await q.execute()) out.set(h.seat_id, h.state === 'cart' ? h.cart_id : null)
  }
  if (!seatIds) await read()
  else for (const part of chunks([...seatIds])) await read(part)
  return out
}

/**
 * Drawings of active sessions still to come and not past their sale (before their on-sale too:
 * that moment is the rush), soonest session first, at most `limit`.
 */
export async function upcomingSessionDrawings(db: Db, now: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('calendars')
    .select((eb) => ['drawing_id', eb.fn.min('starts_at').as('first')])
    .where('drawing_id', 'is not', null)
    .where('active', '=', 1)
    .where('starts_at', '>=', now)
    .where((eb) => eb.or([eb('sale_to', 'is', null), eb('sale_to', '>', now)]))
    .groupBy('drawing_id')
    .orderBy('first')
    .orderBy('drawing_id')
    .limit(limit)
    .execute()
  return rows.map((r) => Number(r.drawing_id))
}
