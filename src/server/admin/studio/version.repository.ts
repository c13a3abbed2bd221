import { sql } from 'kysely'
import type { Db } from '../../db/connect'

/** Statements on a new map version's rows other than seats (studio edits, edit.ts). */

export async function insertZone(db: Db, drawingId: number, zoneKey: string, name: string, color: string): Promise<number> {
  const top = await db.selectFrom('zones').select(sql<number>`max(sortnum)`.as('s')).where('drawing_id', '=', drawingId).executeTakeFirstOrThrow()
  const row = await db
    .insertInto('zones')
    .values({ drawing_id: drawingId, zone_key: zoneKey, color, sortnum: Number(top.s ?? 0) + 1, name_ru: name, name_en: name, name_kz: name, name_ch: name })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Sets a standing area's capacity; answers whether it exists. */
export async function setCapacity(db: Db, drawingId: number, placeKey: string, capacity: number): Promise<boolean> {
  const r = await db.updateTable('standing_places').set({ capacity }).where('drawing_id', '=', drawingId).where('place_key', '=', placeKey).executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

export async function renameSector(db: Db, sectorId: number, name: string): Promise<void> {
  await db.updateTable('sectors').set({ name }).where('id', '=', sectorId).execute()
}

/**
 * Brings the version's seat counts up to date (per seat sector, and the drawing's) after its
 * edits: one grouped count, then only the sectors whose count changed. Answers the seats.
 */
export async function recount(db: Db, drawingId: number): Promise<number> {
  const counts = await db.selectFrom('seats').select(['sector_id', sql<number>`count(*)`.as('n')]).where('drawing_id', '=', drawingId).groupBy('sector_id').execute()
  const bySector = new Map(counts.map((c) => [c.sector_id, Number(c.n)]))
  const sectors = await db.selectFrom('sectors').select(['id', 'kind', 'seat_count']).where('drawing_id', '=', drawingId).execute()
  for (const s of sectors) {
    const n = bySector.get(s.id) ?? 0
    if (s.kind === 0 && n !== s.seat_count) await db.updateTable('sectors').set({ seat_count: n }).where('id', '=', s.id).execute()
  }
  const seats = [...bySector.values()].reduce((a, b) => a + b, 0)
  await db.updateTable('venue_drawings').set({ seat_count: seats }).where('id', '=', drawingId).execute()
  return seats
}
