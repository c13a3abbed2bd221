import type { Kysely } from 'kysely'

/**
 * The studio plan's list of a venue's versions (plan.repository.ts) read from an index, never
 * from venue_drawings' rows: a row carries the drawing's svg (120 MB at 1,000,000 seats) and
 * SQLite reaches a column stored after it (seat_count, created_at, version) only by walking the
 * svg's overflow pages, ~0.6 s per version at 1M seats, so opening the studio on a venue with a
 * few versions cost seconds. venue_drawings_versions (migration 2026_11_24_17_d9_01, what a save
 * reads) lacks created_at and name; it is left as it is because this name sorts before d9's, so a
 * fresh database runs this one first and could not replace it. PostgreSQL keeps the svg out of
 * line (TOAST) and reads the same columns without it. Cost: one more index entry per map version
 * (a few dozen bytes; a venue has a handful of versions).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('venue_drawings_plan').on('venue_drawings').columns(['venue_id', 'version', 'id', 'seat_count', 'created_at', 'name']).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('venue_drawings_plan').execute()
}
