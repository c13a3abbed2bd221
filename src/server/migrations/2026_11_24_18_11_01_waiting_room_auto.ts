import type { Kysely } from 'kysely'

/**
 * A waiting room that switches itself on (issue 18.5): above `auto_per_minute` buying calls of
 * its session in a minute (counted in the shared counter store), a room that is off turns on
 * with the on-sale moment set to that minute. Null: only the operator switches it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('waiting_rooms').addColumn('auto_per_minute', 'integer').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('waiting_rooms').dropColumn('auto_per_minute').execute()
}
