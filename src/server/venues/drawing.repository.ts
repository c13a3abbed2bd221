import type { Insertable } from 'kysely'
import type { Db } from '../db/connect'
import type { SeatsTable, SectorsTable, StandingPlacesTable, VenueDrawingsTable } from '../db/drawings.table'

/**
 * The venues' drawings repository: what an import writes (the venue, its drawing, zones,
 * sectors, seats, standing places) and what recompiling a stored drawing reads back. The
 * drawing's compiled form has its own repository (compiled.repository.ts).
 */

/** Creates a venue named `name` in every language; answers its id. */
export async function insertVenue(db: Db, name: string): Promise<number> {
  const venue = await db.insertInto('venues').values({ name_ru: name, name_en: name, name_kz: name, name_ch: name }).returning('id').executeTakeFirstOrThrow()
  return venue.id
}

export async function venueExists(db: Db, venueId: number): Promise<boolean> {
  return (await db.selectFrom('venues').select('id').where('id', '=', venueId).executeTakeFirst()) !== undefined
}

/** Stores a drawing; answers its id. */
export async function insertDrawing(db: Db, row: Insertable<VenueDrawingsTable>): Promise<number> {
  return (await db.insertInto('venue_drawings').values(row).returning('id').executeTakeFirstOrThrow()).id
}

/** Stores a price zone of a drawing, named `name` in every language; answers its id. */
export async function insertZone(db: Db, drawingId: number, key: string, name: string, color: string, sortnum: number): Promise<number> {
  const row = await db
    .insertInto('zones')
    .values({ drawing_id: drawingId, zone_key: key, color, sortnum, name_ru: name, name_en: name, name_kz: name, name_ch: name })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Stores a sector of a drawing (its index in the parsed drawing); answers its id. */
export async function insertSector(db: Db, s: Insertable<SectorsTable>): Promise<number> {
  return (await db.insertInto('sectors').values(s).returning('id').executeTakeFirstOrThrow()).id
}

export type SeatRow = Insertable<SeatsTable>

/** Stores seats in one INSERT (the caller keeps a batch under the databases' bound-value limits). */
export async function insertSeats(db: Db, rows: readonly SeatRow[]): Promise<void> {
  await db.insertInto('seats').values([...rows]).execute()
}

/** Stores a standing area of a drawing with its capacity. */
export async function insertStandingPlace(db: Db, p: Insertable<StandingPlacesTable>): Promise<void> {
  await db.insertInto('standing_places').values(p).execute()
}

/** A stored drawing's text and recognition rules (JSON). Throws when there is none. */
export function findDrawingSource(db: Db, drawingId: number) {
  return db.selectFrom('venue_drawings').select(['svg', 'rules_json']).where('id', '=', drawingId).executeTakeFirstOrThrow()
}

/** A drawing's zones in sortnum order (the import stored the parser's zone i with sortnum i; a map version's added zones come after). */
export function listDrawingZones(db: Db, drawingId: number) {
  return db.selectFrom('zones').select(['id', 'color', 'name_ru as name']).where('drawing_id', '=', drawingId).orderBy('sortnum').orderBy('id').execute()
}

/** A drawing's seats with id above `afterId`, by id, at most `limit` (a page of the compiled seat order). */
export function listSeatsAfter(db: Db, drawingId: number, afterId: number, limit: number) {
  return db
    .selectFrom('seats')
    .select(['id', 'seat_key', 'zone_id', 'row_label', 'number_label'])
    .where('drawing_id', '=', drawingId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** A drawing's sector names by sector index. */
export function listSectorRows(db: Db, drawingId: number) {
  return db.selectFrom('sectors').select(['sector_index', 'name']).where('drawing_id', '=', drawingId).execute()
}

/** A drawing's standing capacities by sector index. */
export function listStandingCapacities(db: Db, drawingId: number) {
  return db
    .selectFrom('standing_places as p')
    .innerJoin('sectors as s', 's.id', 'p.sector_id')
    .select(['s.sector_index', 'p.capacity'])
    .where('p.drawing_id', '=', drawingId)
    .execute()
}

/** The map versions sessions are on: those of `calendarIds`, or of every session of `eventId`. */
export async function listSessionDrawings(db: Db, of: { calendarIds: readonly number[] } | { eventId: number }): Promise<number[]> {
  let q = db.selectFrom('calendars').select('drawing_id').distinct().where('drawing_id', 'is not', null)
  q = 'eventId' in of ? q.where('event_id', '=', of.eventId) : q.where('id', 'in', of.calendarIds.length > 0 ? [...of.calendarIds] : [0])
  return (await q.execute()).map((r) => Number(r.drawing_id))
}

/**
 * A version's draft state (no row: never sealed, never saved in place). Here, not with the studio's
 * statements, because compiled forms are keyed by its revision (compiled.ts) and venues must not
 * import the console.
 */
export async function drawingState(db: Db, drawingId: number): Promise<{ sealed: number; revision: number }> {
  const row = await db.selectFrom('drawing_states').select(['sealed', 'revision']).where('drawing_id', '=', drawingId).executeTakeFirst()
  return { sealed: Number(row?.sealed ?? 0), revision: Number(row?.revision ?? 0) }
}
