import { sql, type QueryCreator } from 'kysely'
import { isPostgresDb, type Db } from '../../db/connect'
import { preparedByShape } from '../../db/prepared'
import type { Database } from '../../db/database'

/**
 * Fixed-window counters in the database (guard_counters), shared by every process on it. One
 * atomic upsert counts a hit: a key without a row, or whose window ended, starts a new window at
 * 1; otherwise its count goes up by one. PostgreSQL runs the upsert under the row's lock, so
 * concurrent hits from any number of processes each see a distinct count: exactly `limit` of
 * them see a count at or below the limit.
 */
export async function hitCounter(db: Db, key: string, windowMs: number, now: number): Promise<{ count: number; expiresAt: number }> {
  const row = await upsertHit(db, key, now, now + windowMs).executeTakeFirstOrThrow()
  return { count: Number(row.count), expiresAt: Number(row.expires_at) }
}

/** The hit's upsert, answering the key's count and when its window ends (which names the window: giveBackCounter). */
function upsertHit(db: QueryCreator<Database>, key: string, now: number, endsAt: number) {
  return db
    .insertInto('guard_counters')
    .values({ key, window_start: now, count: 1, expires_at: endsAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        window_start: sql<number>`case when guard_counters.expires_at <= ${now} then ${now} else guard_counters.window_start end`,
        count: sql<number>`case when guard_counters.expires_at <= ${now} then 1 else guard_counters.count + 1 end`,
        expires_at: sql<number>`case when guard_counters.expires_at <= ${now} then ${endsAt} else guard_counters.expires_at end`,
      }),
    )
    .returning(['count', 'expires_at'])
}

/** One key to count and the length of its window. */
export interface CounterHitSpec {
  key: string
  windowMs: number
}

/**
 * hitCounter of each of `hits` and peekCounters of `peekKeys` in one statement on PostgreSQL
 * (each upsert in a CTE of its own, each peeked count a scalar subquery beside them; different
 * rows, so one statement may write them all). The subqueries read the statement's snapshot, so
 * a peeked key must not be a hit one (it would read its count before the hit), nor may a key be
 * hit twice; the order guard's keys differ. SQLite (the memory store's deployment; tests) runs
 * them in turn.
 */
export async function hitAndPeekCounters(
  db: Db,
  hits: readonly CounterHitSpec[],
  now: number,
  peekKeys: readonly string[],
): Promise<{ hits: Array<{ count: number; expiresAt: number }>; peeked: number[] }> {
  const hitKeys = hits.map((h) => h.key)
  if (new Set(hitKeys).size !== hitKeys.length || peekKeys.some((k) => hitKeys.includes(k))) {
    throw new Error('hitAndPeekCounters: a key is hit twice, or both hit and peeked')
  }
  if (!isPostgresDb(db) || hits.length + peekKeys.length <= 1) {
    const counted = []
    for (const h of hits) counted.push(await hitCounter(db, h.key, h.windowMs, now))
    return { hits: counted, peeked: await peekCounters(db, peekKeys, now) }
  }
  const params: Record<string, string | number> = { now }
  hits.forEach((h, i) => Object.assign(params, { [`key${i}`]: h.key, [`ends${i}`]: now + h.windowMs }))
  peekKeys.forEach((k, i) => (params[`peek${i}`] = k))
  const rows = await countersStatement(`${hits.length}:${peekKeys.length}`).rows(db, params)
  const row = rows[0]
  return {
    hits: hits.map((_, i) => ({ count: Number(row[`count${i}`]), expiresAt: Number(row[`ends${i}`]) })),
    peeked: peekKeys.map((_, i) => Number(row[`peek${i}`] ?? 0)),
  }
}

/**
 * hitAndPeekCounters' statement for a number of hits and of peeks, prepared (the order guard's is
 * always the same). Composed with `sql`: the query builder's `with` names one CTE per call, and
 * the number of hits varies; each upsert is still built by upsertHit, so both paths write the
 * same statement.
 */
const countersStatement = preparedByShape((shape: string) => (db, p: Record<string, string | number>) => {
  const [hitCount, peekCount] = shape.split(':').map(Number)
  const hits = Array.from({ length: hitCount }, (_, i) => i)
  const now = p.now as number
  const ctes = sql.join(hits.map((i) => sql`${sql.ref(`hit${i}`)} as (${upsertHit(db, p[`key${i}`] as string, now, p[`ends${i}`] as number)})`))
  const columns = sql.join([
    ...hits.flatMap((i) => [sql`${sql.ref(`hit${i}.count`)} as ${sql.ref(`count${i}`)}`, sql`${sql.ref(`hit${i}.expires_at`)} as ${sql.ref(`ends${i}`)}`]),
    ...Array.from({ length: peekCount }, (_, i) => sql`(select "count" from guard_counters where "key" = ${p[`peek${i}`]} and expires_at > ${now}) as ${sql.ref(`peek${i}`)}`),
  ])
  const from = hitCount ? sql` from ${sql.join(hits.map((i) => sql.ref(`hit${i}`)))}` : sql``
  const withClause = hitCount ? sql`with ${ctes} ` : sql``
  return sql<Record<string, unknown>>`${withClause}select ${columns}${from}`
})

/**
 * Takes back one hit of `key` from the window it was counted in (the order guard's count of an
 * attempt that placed no order), never below zero. The window is named by its end (`expiresAt`,
 * as hitCounter answered it; a new window of the key ends later): one that ended and restarted in
 * between is left alone, since taking a count of the new window would let one more request of it
 * through (at every window's turn, once per request then in flight).
 */
export async function giveBackCounter(db: Db, key: string, expiresAt: number): Promise<void> {
  await db
    .updateTable('guard_counters')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('expires_at', '=', expiresAt)
    .where('count', '>', 0)
    .execute()
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
