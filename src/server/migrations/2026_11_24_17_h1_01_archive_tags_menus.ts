import type { Kysely } from 'kysely'

/**
 * Archive for tags and menu items (issue 17 item 2): an archived row (archived_at set, epoch ms)
 * leaves the storefront's filters and menus; the events linked to it stay listed. Restoring clears it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tags').addColumn('archived_at', 'bigint').execute()
  await db.schema.alterTable('main_menus').addColumn('archived_at', 'bigint').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('main_menus').dropColumn('archived_at').execute()
  await db.schema.alterTable('tags').dropColumn('archived_at').execute()
}
