import type { Kysely } from 'kysely'
import { fk, id, timestamp } from './schema-helpers'

/**
 * Accessible seating (issue 20 item 3):
 * - seats.access_type: what the seat is for: 'wheelchair' (a space), 'companion' (a seat beside
 *   one), 'transfer' (aisle/transfer seat), 'restricted' (restricted view), 'signlang' (sight
 *   line to the sign-language interpreter); null = an ordinary seat. Per drawing, so per map
 *   version: a studio save copies it into the new version.
 * - seats.companion_of: a companion seat's wheelchair space, as that seat's key in the same
 *   drawing (a key, not an id, so a copied version links without remapping).
 * - calendars.accessible_hold: 1 = wheelchair spaces and their companion seats are held back for
 *   accessible requests until the release rule frees them.
 * - calendars.accessible_release: the rule: 'all' (every other seat of the session is taken),
 *   'area' (every other seat of the space's sector), 'level' (of the space's price zone).
 * - accessible_releases: one row per release that happened (scope 'all', 'sector' or 'zone' with
 *   the sector or zone id); the audit log gets a row in the same transaction.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('seats').addColumn('access_type', 'text').execute()
  await db.schema.alterTable('seats').addColumn('companion_of', 'text').execute()
  await db.schema.alterTable('calendars').addColumn('accessible_hold', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('calendars').addColumn('accessible_release', 'text', (c) => c.notNull().defaultTo('all')).execute()
  let t = id(db, db.schema.createTable('accessible_releases'))
  t = fk(t, 'calendar_id', 'calendars.id', { notNull: true, onDelete: 'cascade' })
  t = t.addColumn('scope', 'text', (c) => c.notNull()).addColumn('scope_id', 'integer', (c) => c.notNull().defaultTo(0))
  t = timestamp(t, 'released_at')
  await t.execute()
  await db.schema.createIndex('accessible_releases_scope_idx').on('accessible_releases').columns(['calendar_id', 'scope', 'scope_id']).unique().execute()
  await db.schema.createIndex('seats_access_idx').on('seats').columns(['drawing_id', 'access_type']).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('seats_access_idx').execute()
  await db.schema.dropTable('accessible_releases').execute()
  await db.schema.alterTable('calendars').dropColumn('accessible_release').execute()
  await db.schema.alterTable('calendars').dropColumn('accessible_hold').execute()
  await db.schema.alterTable('seats').dropColumn('companion_of').execute()
  await db.schema.alterTable('seats').dropColumn('access_type').execute()
}
