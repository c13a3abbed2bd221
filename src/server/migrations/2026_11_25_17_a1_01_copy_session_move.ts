import type { Kysely } from 'kysely'

/**
 * A studio save "for one session" (issue 17 item 3: blocking seats for one session) whose copy
 * goes on in the background: the session it moves onto the new version once the copy is done
 * (admin/studio/copy-job.ts). Before, the studio moved it only when the copy finished within
 * the request, so a big venue's session stayed on the old version without the edits.
 * - move_calendar_id: the session (calendars.id) to move, or null. No foreign key: a session
 *   deleted meanwhile is simply not moved (the finished copy's audit row says so).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('drawing_copies').addColumn('move_calendar_id', 'integer').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('drawing_copies').dropColumn('move_calendar_id').execute()
}
