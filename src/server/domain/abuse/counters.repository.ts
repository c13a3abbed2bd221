import { sql, type QueryCreator } from 'kysely'
import { isPostgresDb, type Db } from '../../db/connect'
import type { Database } from '../../db/database'

/**
 * Fixed-window counters in the database (guard_counters), shared by every process on it. One
 * atomic upsert counts a hit: a key without a row, or whose window ended, starts a new window at
 * 1; otherwise its count goes up by one. PostgreSQL runs the upsert under the row's lock, so
 * concurrent hits from any number of processes each see a distinct count: exactly `limit` of
 * them see a count at or below the limit.
 */
export async function hitCounter(db: Db, key: string, windowMs: number, now: number): Promise<{ count: number; windowStart: number }> {
  const row = await upsertHit(db, key, windowMs, now).executeTakeFirstOrThrow()
  return { count: Number(row.count), windowStart: Number(row.window_start) }
}

/** The hit's upsert, answering the key's count and window start. */
function upsertHit(db: QueryCreator<Database>, key: string, windowMs: number, now: number) {
  return db
    .insertInto('guard_counters')
    .values({ key, window_start: now, count: 1, expires_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        window_start: sql<number>`case when guard_counters.expires_at <= ${now} then ${now} else guard_counters.window_start end`,
        count: sql<number>`case when guard_counters.expires_at <= ${now} then 1 else guard_counters.count + 1 end`,
        expires_at: sql<number>`case when guard_counters.expires_at <= ${now} then ${now + windowMs} else guard_counters.expires_at end`,
      }),
    )
    .returning(['count', 'window_start'])
}

/**
 * hitCounter of `key` and peekCounters of `peekKeys` in one statement on PostgreSQL (the upsert
 * in a CTE, each peeked count a scalar subquery beside it). The subqueries read the statement's
 * snapshot, so a peeked key must not be the hit one (it would read its count before the hit);
 * the order guard's keys differ. SQLite (the memory store's deployment; tests) runs both in turn.
 */
export async function hitAndPeekCounters(db: Db, key: string, windowMs: number, now: number, peekKeys: readonly string[]): Promise<{ count: number; windowStart: number; peeked: number[] }> {
  if (peekKeys.includes(key)) throw new Error('hitAndPeekCounters: a peeked key is the hit one')
  if (!isPostgresDb(db) || peekKeys.length === 0) {
    const hit = await hitCounter(db, key, windowMs, now)
    return { ...hit, peeked: await peekCounters(db, peekKeys, now) }
  }
  const row = (await db
    .with('hit', (qb) => upsertHit(qb, key, windowMs, now))
    .selectFrom('hit')
    .select((eb) => [
      'hit.count',
      'hit.window_start',
      ...peekKeys.map((k, i) => eb.selectFrom('guard_counters').select('count').where('key', '=', k).where('expires_at', '>', now).as(`peek${i}`)),
    ])
    .executeTakeFirstOrThrow()) as Record<string, unknown>
  return {
    count: Number(row.count),
    windowStart: Number(row.window_start),
    peeked: peekKeys.map((_, i) => Number(row[`peek${i}`] ?? 0)),
  }
}

/** The count of `key` in its current window (0 when it has none or it ended). */
export async function peekCounters(db: Db, keys: readonly string[], now: number): Promise<number[]> {
  if (keys.length === 0) return []
  const rows = await db.selectFrom('guard_counters').select(['key', 'count']).where('key', 'in', [...keys]).where('expires_at', '>', now).execute()
  const count = new Map(rows.map((r) => [r.key, Number(r.count)]))
  return keys.map((k) => count.get(k) ?? 0)
}

export async function deleteCounters(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.deleteFrom('guard_counters').where('key', 'in', keys).execute()
}

/** Drops counters whose window ended (the leader's sweep). */
export async function pruneCounters(db: Db, now: number): Promise<number> {
  const res = await db.deleteFrom('guard_counters').where('expires_at', '<=', now).executeTakeFirst()
  return Number(res.numDeletedRows)
}
