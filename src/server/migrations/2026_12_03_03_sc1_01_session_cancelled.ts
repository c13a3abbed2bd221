import type { Kysely } from 'kysely'

/**
 * calendars.cancelled_at: when the venue cancelled the session (epoch ms; null = not cancelled).
 * A cancelled session is switched off for good: the console refuses to switch it on again, and
 * the cluster's leader refunds the tickets still admitted there until none is left
 * (admin/catalogue/session-refunds.ts), reading this column, so a crash mid-way loses nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calendars').addColumn('cancelled_at', 'bigint').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calendars').dropColumn('cancelled_at').execute()
}
