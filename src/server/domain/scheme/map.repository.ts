import { sql } from 'kysely'
import type { Db } from '../../db/connect'
import { liveHold } from '../inventory/live'

/** The seat map's repository: a drawing's svg, sectors and priced seats, and a session's live states. */

/** A drawing's svg text. */
export function findDrawingSvg(db: Db, drawingId: number) {
  return db.selectFrom('venue_drawings').select('svg').where('id', '=', drawingId).executeTakeFirstOrThrow()
}

/** A drawing's sectors by index. */
export function listSectorNames(db: Db, drawingId: number) {
  return db.selectFrom('sectors').select(['sector_index', 'name']).where('drawing_id', '=', drawingId).orderBy('sector_index').execute()
}

/** Seats of a drawing that belong to a zone (only those can be priced), with their labels, in id order. */
export function listMapSeats(db: Db, drawingId: number) {
  return db
    .selectFrom('seats as s')
    .innerJoin('sectors as sec', 'sec.id', 's.sector_id')
    .select(['s.id', 's.seat_key', 's.zone_id', 's.row_label', 's.number_label', 'sec.name as sector', 's.access_type', 's.companion_of'])
    .where('s.drawing_id', '=', drawingId)
    .where('s.zone_id', 'is not', null)
    .orderBy('s.id')
    .execute()
}

/**
 * The version of a session's seat states, from the change log (seat_changes): newest change id
 * and number of changes kept. Any hold, release, order or sale adds a row, so an equal version
 * means an equal map; the count also moves when a transaction with a lower id commits late.
 */
export async function seatStateVersion(db: Db, calendarId: number): Promise<string> {
  const row = await db
    .selectFrom('seat_changes')
    .select([sql<number | null>`max(id)`.as('m'), sql<number>`count(*)`.as('n')])
    .where('calendar_id', '=', calendarId)
    .executeTakeFirst()
  return `${Number(row?.m ?? 0)}:${Number(row?.n ?? 0)}`
}

/** Live seat holds of a session at `now`: seat, state and expiry (one indexed query). */
export function listLiveSeatStates(db: Db, calendarId: number, now: number) {
  return db
    .selectFrom('seat_holds')
    .select(['seat_id', 'state', 'expires_at'])
    .where('calendar_id', '=', calendarId)
    .where(liveHold('seat_holds', now))
    .execute()
}

/**
 * Standing places of a drawing in the given zones, each with the tickets held live at `now` in
 * the session (n) and the earliest expiry among those holds (ends), in id order.
 */
export function listStandingWithHolds(db: Db, drawingId: number, calendarId: number, priced: readonly number[], now: number) {
  return db
    .selectFrom('standing_places as p')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('standing_holds')
          .select(['standing_place_id', sql<number>`sum(quantity)`.as('n'), sql<number | null>`min(case when expires_at > ${now} then expires_at end)`.as('ends')])
          .where('calendar_id', '=', calendarId)
          .where(liveHold('standing_holds', now))
          .groupBy('standing_place_id')
          .as('t'),
      (join) => join.onRef('t.standing_place_id', '=', 'p.id'),
    )
    .select(['p.place_key', 'p.name', 'p.zone_id', 'p.capacity', 't.n', 't.ends'])
    .where('p.drawing_id', '=', drawingId)
    .where('p.zone_id', 'in', [...priced])
    .orderBy('p.id')
    .execute()
}

/** A drawing's seats in compiled order (by id), with their zones (the compiled venue's columns). */
export function listSeatOrder(db: Db, drawingId: number) {
  return db.selectFrom('seats').select(['id', 'zone_id']).where('drawing_id', '=', drawingId).orderBy('id').execute()
}

/** Typed seats of a drawing with their names, for the compiled map's answer (a handful per venue; indexed by seats_access_idx). */
export function listTypedSeatNames(db: Db, drawingId: number) {
  return db
    .selectFrom('seats as s')
    .innerJoin('sectors as sec', 'sec.id', 's.sector_id')
    .select(['s.seat_key', 's.access_type', 's.companion_of', 's.row_label', 's.number_label', 'sec.name as sector'])
    .where('s.drawing_id', '=', drawingId)
    .where('s.access_type', 'is not', null)
    .orderBy('s.id')
    .execute()
}
