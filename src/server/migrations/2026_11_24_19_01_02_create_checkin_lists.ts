import type { Kysely } from 'kysely'
import { flag, id, timestamp } from './schema-helpers'

/**
 * checkin_lists: the gates of a session (issue 19.4). A list admits all the session's tickets, or
 * only some price categories and/or sectors (JSON arrays of ids; [] = any); `exits` lets its
 * devices scan people out, `reentry` lets a ticket that was scanned out come in again. Door scans
 * name their list (ticket_redemptions.list_id) so the console counts per gate.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('checkin_lists')
    .$call((t) => id(db, t))
    .addColumn('calendar_id', 'integer', (c) => c.notNull().references('calendars.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sector_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .$call((t) => flag(t, 'exits', 1))
    .$call((t) => flag(t, 'reentry', 1))
    .$call((t) => flag(t, 'archived'))
    .$call((t) => timestamp(t, 'created_at'))
    .execute()
  await db.schema.createIndex('checkin_lists_session').on('checkin_lists').column('calendar_id').execute()
  await db.schema.alterTable('ticket_redemptions').addColumn('list_id', 'integer').execute()
  await db.schema.createIndex('ticket_redemptions_received').on('ticket_redemptions').columns(['calendar_id', 'id']).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ticket_redemptions_received').execute()
  await db.schema.alterTable('ticket_redemptions').dropColumn('list_id').execute()
  await db.schema.dropTable('checkin_lists').execute()
}
