import { sql } from 'kysely'
import type { Db } from './connect'

/**
 * The cheapest statement that proves the database answers (the readiness probe,
 * plugins/health.ts): no table is read, so it takes no lock and costs one round trip over one
 * pooled connection (none on SQLite, where it runs in the process).
 */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db)
}
