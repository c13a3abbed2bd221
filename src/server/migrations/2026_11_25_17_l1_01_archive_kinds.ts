import type { Kysely } from 'kysely'

/**
 * Archive for sections (menu kinds, issue 17 item 2: "create, edit, copy, archive"), like tags and
 * menu items (…_h1_01_archive_tags_menus): an archived section (archived_at set, epoch ms) leaves
 * the storefront's top menu together with its menu items; events filed under it stay listed and
 * keep it. Restoring clears it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('menu_kinds').addColumn('archived_at', 'bigint').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('menu_kinds').dropColumn('archived_at').execute()
}
