import type { Kysely } from 'kysely'

/**
 * Blocked seats (issue 17 item 3):
 * - seats.blocked: 1 when the venue keeps the seat off sale in every session of this map version
 *   (camera positions, house seats). A version never changes once saved, so the flag is read when
 *   a session is put on the version (created, copied or moved there): each blocked seat becomes a
 *   seat_holds row of state 'blocked' for that session.
 * - seat_holds.state 'blocked' (no column change: state is text): a seat blocked for one session.
 *   Never expiring, of no cart and no order, it is a live hold by the one stock rule
 *   (domain/inventory/live.ts), so the listing, the map, claims and the live stream treat it as
 *   taken with no second rule; unblocking releases it (released_at) like any hold.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('seats').addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0)).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('seats').dropColumn('blocked').execute()
}
