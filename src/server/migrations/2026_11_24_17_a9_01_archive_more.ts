import type { Kysely } from 'kysely'

/**
 * Archive for venues, price categories, general-admission zones and rules texts (issue 17 item 2),
 * like tags and menu items (…_h1_01_archive_tags_menus): an archived row (archived_at, epoch ms)
 * is not offered for new events, sessions and prices, and the storefront stops listing it where
 * it lists such rows (rules texts); what already uses it keeps working. Restoring clears it.
 * Seat-map zones belong to a drawing version and are edited in the studio, so only the
 * general-admission ones (drawing_id null) are archived; the column is on the whole table.
 */
const TABLES = ['venues', 'client_categories', 'zones', 'rules'] as const

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).addColumn('archived_at', 'bigint').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...TABLES].reverse()) await db.schema.alterTable(table).dropColumn('archived_at').execute()
}
