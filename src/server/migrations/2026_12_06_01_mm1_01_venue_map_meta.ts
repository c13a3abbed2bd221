import type { Kysely } from 'kysely'

/**
 * venues.map_detail_threshold: the map metadata's detail switch threshold in percent (spec 001
 * §9 "detail switch threshold default 500 percent, max zoom 2000, overridable by map metadata"),
 * set by an operator on the console's venues screen; null = the default 500 %. On the venue, not
 * on venue_drawings: every version of a venue's map is the same hall at the same scale, so a
 * studio save's new version keeps it without a copy, and a venue_drawings row carries the svg
 * (a column stored after it costs SQLite a walk of its overflow pages on every map answer).
 * A nullable column without a default: no table rewrite on either database.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('venues').addColumn('map_detail_threshold', 'integer').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('venues').dropColumn('map_detail_threshold').execute()
}
