import type { Kysely } from 'kysely'

/**
 * events.version: counts the saves of an event's own fields (admin/catalogue/events.ts
 * updateEvent). The console's editor sends the version it loaded, and a save from a form another
 * operator's save has overtaken is refused (admin-event-changed) instead of silently putting back
 * the names, menus and tags it loaded. 0 for the events there are.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('version', 'integer', (c) => c.notNull().defaultTo(0)).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('version').execute()
}
