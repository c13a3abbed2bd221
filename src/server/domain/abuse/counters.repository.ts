import { sql } from 'kysely'
import type { Db } from '../../db/connect'

/**
 * Fixed-window counters in the database (guard_counters), shared by every process on it. One
 * atomic upsert counts a hit: a key without a row, or whose window ended, starts a new window at
 * 1; otherwise its count goes up by one. PostgreSQL runs the upsert under the row's lock, so
 * concurrent hits from any number of processes each see a distinct count: exactly `limit` of
 * them see a count at or below the limit.
 */
export async function hitCounter(db: Db, key: string, windowMs: number, now: number): Promise<{ count: number; windowStart: number }> {
  const row = await db
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
    .executeTakeFirstOrThrow()
  return { count: Number(row.count), windowStart: Number(row.window_start) }
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
