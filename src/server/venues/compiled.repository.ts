import type { CompiledVenuesTable } from '../db/compiled-venues.table'
import type { Db } from '../db/connect'

/** The compiled venues' repository (compiled_venues: one row per drawing, see compiled.ts). */

/** A stored compiled venue, without when it was made. */
export type CompiledVenueRow = Omit<CompiledVenuesTable, 'created_at'>

/**
 * Stores a drawing's compiled venue, replacing the one it had unless that one is of a newer
 * revision (a compile that started before a save in place finishing after the next one's).
 */
export async function upsertCompiledVenue(db: Db, row: CompiledVenuesTable): Promise<void> {
  const { drawing_id: _key, ...rest } = row
  await db
    .insertInto('compiled_venues')
    .values(row)
    .onConflict((oc) => oc.column('drawing_id').doUpdateSet(rest).where('compiled_venues.revision', '<=', row.revision))
    .execute()
}

/** Removes a drawing's compiled venue (compiled again on demand). */
export async function deleteCompiledVenue(db: Db, drawingId: number): Promise<void> {
  await db.deleteFrom('compiled_venues').where('drawing_id', '=', drawingId).execute()
}

const COLUMNS = ['drawing_id', 'content_hash', 'format_version', 'revision', 'seat_count', 'raw', 'gzip', 'brotli'] as const

/** The compiled venue of a drawing, bytes included; undefined when it has none. */
export function findCompiledByDrawing(db: Db, drawingId: number): Promise<CompiledVenueRow | undefined> {
  return db.selectFrom('compiled_venues').select(COLUMNS).where('drawing_id', '=', drawingId).executeTakeFirst()
}

/** The compiled venue with a content hash, bytes included; undefined when none has it. */
export function findCompiledByHash(db: Db, hash: string): Promise<CompiledVenueRow | undefined> {
  return db.selectFrom('compiled_venues').select(COLUMNS).where('content_hash', '=', hash).executeTakeFirst()
}
