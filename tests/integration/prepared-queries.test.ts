import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, type Db } from '../../src/server/db/connect'
import { listMarkers, listParams, prepared, preparedByShape, rowMarkers, rowParams } from '../../src/server/db/prepared'
import { listPriceRows } from '../../src/server/domain/events/repository'
import { watchedWrites } from '../../src/server/db/write-watch'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'

/**
 * Prepared queries (src/server/db/prepared.ts) on both databases: built once, run with new values,
 * answering what the query builder answers; and the mistakes a build can make refused at once.
 */
describe.each(TEST_DBS)('prepared queries (%s)', (dbKind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
  }, 120_000)
  afterAll(async () => server?.close())

  it('answers what the query builder answers, for each set of values, in and out of a transaction', async () => {
    const { db } = server
    const events = await db.selectFrom('events').select(['id', 'hash_id']).orderBy('id').execute()
    expect(events.length).toBeGreaterThan(1)
    const byId = prepared((d, p: { id: number; active: number }) => d.selectFrom('events').select(['id', 'hash_id']).where('id', '=', p.id).where('active', '>=', p.active))
    for (const e of events) expect(await byId.first(db, { id: e.id, active: 0 })).toEqual(e)
    expect(await byId.first(db, { id: events[0].id, active: 2 })).toBeUndefined()
    expect(await byId.rows(db, { id: -1, active: 0 })).toEqual([])
    await db.transaction().execute(async (trx) => {
      expect(await byId.first(trx, { id: events[1].id, active: 0 })).toEqual(events[1])
    })
  })

  it('writes, counts what it wrote, and keeps the values a build fixed', async () => {
    const { db } = server
    const key = `prepared-test-${dbKind}`
    const insert = prepared((d, p: { key: string; now: number; ends: number }) =>
      d.insertInto('guard_counters').values({ key: p.key, window_start: p.now, count: 1, expires_at: p.ends }).returning(['key', 'count', 'expires_at']),
    )
    expect(await insert.rows(db, { key, now: 1000, ends: 2000 })).toEqual([{ key, count: 1, expires_at: 2000 }])
    const bump = prepared((d, p: { key: string }) => d.updateTable('guard_counters').set({ count: sql<number>`count + 1` }).where('key', '=', p.key))
    expect(await bump.affected(db, { key })).toBe(1)
    expect(await bump.affected(db, { key: `${key}-none` })).toBe(0)
    const row = await db.selectFrom('guard_counters').select('count').where('key', '=', key).executeTakeFirstOrThrow()
    expect(Number(row.count)).toBe(2)
    await db.deleteFrom('guard_counters').where('key', '=', key).execute()
  })

  it('shows every run to the handle\'s plugins: the process caches hear of a watched write', async () => {
    const { db } = server
    const event = await db.selectFrom('events').select(['id', 'active']).orderBy('id').executeTakeFirstOrThrow()
    const touch = prepared((d, p: { id: number; active: number }) => d.updateTable('events').set({ active: p.active }).where('id', '=', p.id))
    for (let i = 0; i < 2; i++) {
      const before = watchedWrites()
      expect(await touch.affected(db, { id: event.id, active: event.active })).toBe(1)
      // Counted before the write and again after it (write-watch.ts), on every run.
      expect(watchedWrites() - before).toBe(2)
    }
  })

  it('keeps one statement per shape, with a list\'s items as parameters', async () => {
    const { db } = server
    const ids = (await db.selectFrom('events').select('id').orderBy('id').execute()).map((e) => e.id)
    const each = preparedByShape((n: number) => (d, p: object) => d.selectFrom('events').select('id').where('id', 'in', listMarkers<number>(p, 'id', n)).orderBy('id'))
    expect((await each(1).rows(db, listParams('id', [ids[0]]))).map((r) => r.id)).toEqual([ids[0]])
    expect((await each(2).rows(db, listParams('id', [ids[1], ids[0]]))).map((r) => r.id)).toEqual([ids[0], ids[1]])
    expect(each(2)).toBe(each(2))
  })

  it('inserts several rows from rowMarkers\' statement with each row\'s own values', async () => {
    const { db } = server
    const rows = [1, 2, 3].map((i) => ({ key: `prepared-rows-${dbKind}-${i}`, window_start: i, count: i * 10, expires_at: 5000 + i }))
    const columns = ['key', 'window_start', 'count', 'expires_at']
    const insert = preparedByShape((n: number) => (d, p: object) => d.insertInto('guard_counters').values(rowMarkers(p, columns, n) as typeof rows))
    expect(await insert(rows.length).affected(db, rowParams(rows, columns))).toBe(3)
    const stored = await db.selectFrom('guard_counters').select(columns as never[]).where('key', 'like', `prepared-rows-${dbKind}-%`).orderBy('key').execute()
    expect(stored.map((r) => ({ ...r, count: Number((r as { count: number }).count) }))).toEqual(rows)
    await db.deleteFrom('guard_counters').where('key', 'like', `prepared-rows-${dbKind}-%`).execute()
  })

  it('reads the price rows of one session and of several, as the builder orders them', async () => {
    const { db } = server
    const calendars = (await db.selectFrom('prices').select('calendar_id').distinct().orderBy('calendar_id').limit(3).execute()).map((r) => r.calendar_id)
    expect(calendars.length).toBe(3)
    const expected = (ids: number[]) => db.selectFrom('prices').select('id').where('calendar_id', 'in', ids).orderBy('calendar_id').orderBy('sortnum').orderBy('id').execute()
    for (const ids of [[calendars[0]], [calendars[2], calendars[0]], calendars]) {
      const rows = await listPriceRows(db, ids)
      expect(rows.map((r) => r.id)).toEqual((await expected(ids)).map((r) => r.id))
      expect(rows.every((r) => typeof r.category_en === 'string')).toBe(true)
    }
    expect(await listPriceRows(db, [])).toEqual([])
  })

  /** The named statements this connection has prepared (their text and how often each kind of plan ran). */
  const preparedHere = async (trx: Db) =>
    (await sql<{ name: string; statement: string; runs: number }>`select name, statement, generic_plans + custom_plans as runs from pg_prepared_statements`.execute(trx)).rows

  it.runIf(dbKind === 'postgres')('runs as a named statement on PostgreSQL, parsed once per connection; ad hoc SQL and DB_NAMED_STATEMENTS=0 send none', async () => {
    const { db } = server
    const events = await db.selectFrom('events').select(['id', 'hash_id']).orderBy('id').execute()
    const probe = (d: Db, tag: string) => d.selectFrom('events').select(['id', 'hash_id', sql<string>`${sql.lit(tag)}`.as('tag')])
    const byId = prepared((d, p: { id: number }) => probe(d, 'named-probe').where('id', '=', p.id))
    // One connection: a transaction's statements all run on it, and pg_prepared_statements is that session's.
    await db.transaction().execute(async (trx) => {
      for (const e of events) expect(await byId.first(trx, { id: e.id })).toEqual({ ...e, tag: 'named-probe' })
      expect(await probe(trx, 'adhoc-probe').where('id', '=', events[0].id).execute()).toEqual([{ ...events[0], tag: 'adhoc-probe' }])
      const listed = await preparedHere(trx)
      const mine = listed.filter((s) => s.statement.includes('named-probe'))
      expect(mine.map((s) => s.name)).toEqual([expect.stringMatching(/^seatwise_\d+$/)])
      // Parsed once, run once per set of values.
      expect(Number(mine[0].runs)).toBe(events.length)
      expect(listed.filter((s) => s.statement.includes('adhoc-probe'))).toEqual([])
    })
    const off = connect({ kind: 'postgres', url: (server.config.database as { url: string }).url, namedStatements: false })
    try {
      await off.transaction().execute(async (trx) => {
        expect(await byId.first(trx, { id: events[0].id })).toEqual({ ...events[0], tag: 'named-probe' })
        expect(await preparedHere(trx)).toEqual([])
      })
    } finally {
      await off.destroy()
    }
  })

  it.runIf(dbKind === 'postgres')('a named statement whose table a migration changed fails once on its connection, which is then replaced', async () => {
    const { db } = server
    const table = 'named_probe_stale'
    await sql`drop table if exists ${sql.table(table)}`.execute(db)
    await sql`create table ${sql.table(table)} (id integer)`.execute(db)
    await sql`insert into ${sql.table(table)} values (1)`.execute(db)
    // One connection, so that the second run is on the connection that prepared the statement.
    const single = connect({ kind: 'postgres', url: (server.config.database as { url: string }).url }, undefined, 1)
    const all = prepared((d, p: { id: number }) => sql<Record<string, unknown>>`select * from ${sql.table(table)} where id = ${p.id}`)
    try {
      expect(await all.rows(single, { id: 1 })).toEqual([{ id: 1 }])
      await sql`alter table ${sql.table(table)} add column note text`.execute(db)
      await expect(all.rows(single, { id: 1 })).rejects.toThrow(/cached plan must not change result type/)
      expect(await all.rows(single, { id: 1 })).toEqual([{ id: 1, note: null }])
    } finally {
      await single.destroy()
      await sql`drop table ${sql.table(table)}`.execute(db)
    }
  })

  it('refuses a build that computes with a parameter or loses one, a handle that rewrites queries, and a missing value', async () => {
    const { db } = server
    const computed = prepared((d, p: { now: number; span: number }) => d.selectFrom('guard_counters').select('key').where('expires_at', '>', p.now + p.span))
    await expect(computed.rows(db, { now: 1, span: 2 })).rejects.toThrow(/parameter "now" used in a computation/)
    const lost = prepared((d, p: { id: number; unused: number }) => {
      void p.unused
      return d.selectFrom('events').select('id').where('id', '=', p.id)
    })
    await expect(lost.rows(db, { id: 1, unused: 2 })).rejects.toThrow(/unused did not reach the statement/)
    const byId = prepared((d, p: { id: number }) => d.selectFrom('events').select('id').where('id', '=', p.id))
    const rewriting = db.withPlugin({
      transformQuery: (args) => ({ ...args.node }),
      transformResult: async (args) => args.result,
    })
    await expect(byId.rows(rewriting, { id: 1 })).rejects.toThrow(/rewrites queries/)
    await expect(byId.rows(db, {} as { id: number })).rejects.toThrow(/parameter "id" is undefined/)
  })
})
