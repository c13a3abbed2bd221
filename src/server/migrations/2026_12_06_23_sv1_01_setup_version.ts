import type { Kysely } from 'kysely'

/**
 * setup_state: one row (id 1) whose `version` counts the writes of the shop's stored setup (the
 * settings rows app, db and title_* the console's setup form edits: a save, a logo upload). The
 * console sends the version it loaded, and a save from a form another write has overtaken is
 * refused (admin-setup-changed) instead of silently putting back the fields it loaded
 * (domain/settings/repository.ts bumpSetupVersion). A table of its own rather than a settings row:
 * every settings row is a key of the storefront's setup answer. 0 for the setup there is.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('setup_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.insertInto('setup_state').values({ id: 1, version: 0 }).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('setup_state').execute()
}
