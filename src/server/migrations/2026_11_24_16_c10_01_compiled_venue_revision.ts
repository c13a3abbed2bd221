import type { Kysely } from 'kysely'

/**
 * compiled_venues.revision (issue 16): the drawing's drawing_states.revision the compiled form
 * was made from. A draft saved in place gets a new revision; a compiled form of an older one is
 * not the draft's any more, even when a compile that started before the save stores it after
 * the save dropped the row (compiled.ts compares the two; the upsert never replaces a newer
 * revision's). Existing rows are of imports and sealed versions, revision 0 or their current one:
 * they are compiled again once on demand when a draft's revision is above 0.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('compiled_venues').addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0)).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('compiled_venues').dropColumn('revision').execute()
}
