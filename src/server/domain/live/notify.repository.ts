import { sql } from 'kysely'
import type { Db } from '../../db/connect'
import { PG_CHANNEL } from './constants'

/** Tells every listening process that the change log grew (PostgreSQL; on its own, after commit). */
export async function notifyChanges(db: Db): Promise<void> {
  await sql`select pg_notify(${PG_CHANNEL}, '')`.execute(db)
}
