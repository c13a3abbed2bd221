import { sql, type Kysely, type SqlBool } from 'kysely'

/**
 * The cluster's leader sweeps return requests every minute (domain/returns/sweep.ts): those
 * waiting for their confirmation (status 60) whose link ran out or whose return deadline passed.
 * Without an index it read every request ever made. A partial index on the waiting ones holds
 * only requests of the last 24 hours (a link's life) that nobody confirmed yet. 60 is
 * RETURN_STATUS_NOT_CONFIRMED (contract/constants.ts), written out as a migration must not move
 * with the code; the sweep's statements write it as a literal (SQLite uses a partial index only
 * when the query's terms match it as written). Cost: an index entry per waiting request.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('return_requests_waiting').on('return_requests').column('expires_at').where(sql<SqlBool>`status = 60`).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('return_requests_waiting').execute()
}
