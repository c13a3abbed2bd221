import type { Kysely } from 'kysely'

/**
 * Publishing (issue 17): an event shows in the listing only once published (events made in the
 * console start unpublished; the rows that exist already, the demo's, stay published), an
 * archived event is hidden for good, and each session may carry its own on-sale and off-sale
 * instants (null = no bound).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('published', 'integer', (c) => c.notNull().defaultTo(1)).execute()
  await db.schema.alterTable('events').addColumn('archived_at', 'bigint').execute()
  await db.schema.alterTable('calendars').addColumn('sale_from', 'bigint').execute()
  await db.schema.alterTable('calendars').addColumn('sale_to', 'bigint').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calendars').dropColumn('sale_to').execute()
  await db.schema.alterTable('calendars').dropColumn('sale_from').execute()
  await db.schema.alterTable('events').dropColumn('archived_at').execute()
  await db.schema.alterTable('events').dropColumn('published').execute()
}
