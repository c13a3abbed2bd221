import { sql } from 'kysely'
import { isPostgresDb, type Db } from '../../db/connect'
import { drawingState } from '../../venues/drawing.repository'

/** Statements on a map version's rows other than seats (studio edits on a new version or a draft, edit.ts). */

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

/** A map version as a save finds it, locked for the save's transaction. */
export interface SaveTarget {
  id: number
  venue_id: number
  version: number
  revision: number
  seat_count: number
  /** Edited in place by this save (see isDraft), rather than copied first. */
  draft: boolean
}

/** Version `drawingId`'s drawing_states row locked by an upsert that changes nothing (and makes it when there is none). */
async function lockState(db: Db, drawingId: number): Promise<void> {
  await db
    .insertInto('drawing_states')
    .values({ drawing_id: drawingId })
    .onConflict((oc) => oc.column('drawing_id').doUpdateSet((eb) => ({ revision: eb.ref('drawing_states.revision') })))
    .execute()
}

/**
 * Locks the version's draft state (drawing_states, migration 2026_11_24_17_d9_01) for a studio
 * save and reads the version. The upsert (a no-op on an existing row) takes PostgreSQL's row lock
 * (SQLite's write lock): a session being put on this version at the same time, whose trigger
 * upserts the same row to seal it, waits for the save to commit and then goes on sale with the
 * saved version, or it committed first and the save reads the version sealed. Answers undefined
 * for no such drawing (the row then is rolled back with the refusal).
 */
export async function lockForSave(db: Db, drawingId: number): Promise<SaveTarget | undefined> {
  await lockState(db, drawingId)
  // venue_id is stored before the svg; the rest comes from the venue_drawings_versions index (a
  // column after a 120 MB svg costs SQLite ~0.6 s to reach in the row).
  const head = await db.selectFrom('venue_drawings').select('venue_id').where('id', '=', drawingId).executeTakeFirst()
  if (!head) return undefined
  const versions = await db.selectFrom('venue_drawings').select(['id', 'version', 'seat_count']).where('venue_id', '=', head.venue_id).execute()
  const d = versions.find((v) => v.id === drawingId)!
  const state = await drawingState(db, drawingId)
  const version = Number(d.version)
  const newest = Math.max(...versions.map((v) => Number(v.version)))
  return { id: drawingId, venue_id: head.venue_id, version, revision: state.revision, seat_count: Number(d.seat_count), draft: isDraft({ sealed: state.sealed, version }, newest) }
}

/**
 * Locks the draft states of map versions `drawingIds` in ascending id, for a write that puts
 * sessions on several versions in one transaction (catalogue/events.ts copyEvent): each session
 * written seals its version (the trigger's upsert of its drawing_states row, migration
 * 2026_11_24_17_d9_01), and sealed in the order the sessions come, two such writes with sessions
 * on the same two versions in the other order each held one row and waited for the other's, a
 * deadlock PostgreSQL ends by aborting one (503 busy). Taken here first, in one order for all,
 * the trigger's upserts then find their rows held already. PostgreSQL only: SQLite's one write
 * lock, held from the transaction's first statement, is the only lock there
 * (catalogue/rows.repository.ts lockEvent).
 */
export async function lockVersionsInOrder(db: Db, drawingIds: readonly number[]): Promise<void> {
  if (!isPostgresDb(db)) return
  for (const id of [...new Set(drawingIds)].sort((a, b) => a - b)) await lockState(db, id)
}

/**
 * Whether a studio save edits the version in place (a draft) instead of copying it: no session
 * was ever put on it (sealed 0) and it is the venue's newest (older unused versions are history
 * the operator can branch from). An import is a draft too until a session takes it: the
 * storefront never served it (its per-drawing caches only ever see versions with a session),
 * its compiled form is dropped by the save and made again from its rows (venues/compiled.ts),
 * and nothing reads parent_id null as "unedited". So the first save after importing a
 * 1,000,000-seat drawing costs what it changes, not a copy of the venue.
 */
export function isDraft(d: { sealed: number; version: number }, newest: number): boolean {
  return Number(d.sealed) === 0 && d.version === newest
}

/** Counts one more in-place save of a draft (its row exists: lockForSave made it); answers its revision. */
export async function bumpRevision(db: Db, drawingId: number, revision: number): Promise<number> {
  await db.updateTable('drawing_states').set({ revision: revision + 1 }).where('drawing_id', '=', drawingId).execute()
  return revision + 1
}

/** A drawing's own zones (a draft's save refers to them as they are). */
export async function zoneIdsOf(db: Db, drawingId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('zones').select('id').where('drawing_id', '=', drawingId).execute()
  return new Map(rows.map((z) => [z.id, z.id]))
}
