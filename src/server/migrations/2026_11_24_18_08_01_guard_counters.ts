import type { Kysely } from 'kysely'

/**
 * guard_counters: per-address counters shared by every process of a cluster on PostgreSQL
 * (issue 18.2): order rate limit, captcha triggers, new sessions. One row per key and window,
 * updated with one atomic upsert (domain/abuse/counters.repository.ts); expired rows are pruned
 * by the cluster's leader.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('guard_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('guard_counters_expiry').on('guard_counters').column('expires_at').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('guard_counters').execute()
}
