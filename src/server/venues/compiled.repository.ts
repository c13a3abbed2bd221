import { sql } from 'kysely'
import type { CompiledVenuesTable } from '../db/compiled-venues.table'
import { isPostgresDb, type Db } from '../db/connect'

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

const KEYS = ['drawing_id', 'content_hash', 'format_version', 'revision', 'seat_count'] as const
const COLUMNS = [...KEYS, 'raw', 'gzip', 'brotli'] as const

/** A stored compiled venue's keys and its three forms' sizes in bytes (not the bytes). */
export type CompiledVenueSizes = Pick<CompiledVenuesTable, (typeof KEYS)[number]> & { raw_bytes: number; gzip_bytes: number; brotli_bytes: number }

/**
 * The compiled venue of a drawing with its forms' sizes; undefined when it has none. The sizes come
 * from the database (SQLite length() of a blob, PostgreSQL octet_length()), so asking whether a
 * drawing's form is current never reads its megabytes.
 */
export function findCompiledByDrawing(db: Db, drawingId: number): Promise<CompiledVenueSizes | undefined> {
  const size = isPostgresDb(db) ? (column: string) => sql<number>`octet_length(${sql.ref(column)})` : (column: string) => sql<number>`length(${sql.ref(column)})`
  return db
    .selectFrom('compiled_venues')
    .select([...KEYS, size('raw').as('raw_bytes'), size('gzip').as('gzip_bytes'), size('brotli').as('brotli_bytes')])
    .where('drawing_id', '=', drawingId)
    .executeTakeFirst()
}

/** The compiled venue with a content hash, bytes included; undefined when none has it. */
export function findCompiledByHash(db: Db, hash: string): Promise<CompiledVenueRow | undefined> {
  return db.selectFrom('compiled_venues').select(COLUMNS).where('content_hash', '=', hash).executeTakeFirst()
}
