import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOT_SESSION_POOL_SHARE } from '../../src/server/domain/orders/claim-slots'
import { startTestServer, type TestServer } from '../support/server'
import { loadScheme, seatChange, visitor, type CartAnswer, type SchemeFx } from './scheme-helpers'

const POOL_MAX = 4
/** Long enough that, were the pool full of waiting claims, the unrelated page would wait for one to give up. */
const LOCK_TIMEOUT_MS = 4000
const CLAIMERS = 8

/**
 * Issue 18.3: a hot session takes at most a bounded share of a process's connections. One seat's
 * claim is frozen (an open transaction holds its row); CLAIMERS buyers then want that seat, each
 * claim waiting on the row lock. With a pool of POOL_MAX, at most POOL_MAX × HOT_SESSION_POOL_SHARE
 * of them hold a connection; the rest wait without one, so the listing (an unrelated page that
 * needs the database) answers while every claim is still waiting. Without the bound the claims
 * would hold every connection and the listing would answer only after the first claim gave up.
 */
describe('a hot session on PostgreSQL leaves connections for other pages', () => {
  let server: TestServer
  let fx: SchemeFx
  let blocker: pg.Client
  /**
   * Reads pg_stat_activity outside the blocker's transaction: inside one, PostgreSQL answers the
   * snapshot it took at the transaction's first read, and claims that connect afterwards (a fresh
   * pooled connection) would never show.
   */
  let monitor: pg.Client

  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: { DB_POOL_MAX: String(POOL_MAX), DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } })
    fx = await loadScheme(await visitor(server.url))
    if (server.config.database.kind !== 'postgres') throw new Error('postgres expected')
    blocker = new pg.Client({ connectionString: server.config.database.url })
    await blocker.connect()
    monitor = new pg.Client({ connectionString: server.config.database.url })
    await monitor.connect()
  })
  afterAll(async () => {
    await blocker?.end()
    await monitor?.end()
    await server?.close()
  })

  it(`claims of one session use at most ${POOL_MAX * HOT_SESSION_POOL_SHARE} of ${POOL_MAX} connections; the listing answers while they wait`, async () => {
    const seat = fx.map.seat_numbers.find((s) => s.status === 'free')!.seat_id
    const drawing = (await server.db.selectFrom('calendars').select('drawing_id').where('id', '=', fx.calendarId).executeTakeFirstOrThrow()).drawing_id!
    const row = await server.db.selectFrom('seats').select('id').where('seat_key', '=', seat).where('drawing_id', '=', drawing).executeTakeFirstOrThrow()
    const buyers = await Promise.all(Array.from({ length: CLAIMERS }, () => visitor(server.url)))
    const listing = await visitor(server.url)
    await blocker.query('begin')
    await blocker.query("insert into seat_holds (calendar_id, seat_id, state, created_at, expires_at) values ($1, $2, 'cart', $3, $4)", [fx.calendarId, row.id, Date.now(), Date.now() + 60_000])
    const finished: string[] = []
    try {
      const claims = buyers.map((b, i) =>
        b.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seat)] }).then((r) => {
          finished.push(`claim ${i}`)
          return r
        }),
      )
      // Every claim is under way (its transaction waits on the row, or its slot) before the listing is asked.
      await waitUntil(async () => (await waitingOnLocks(monitor)) >= POOL_MAX * HOT_SESSION_POOL_SHARE)
      const page = await listing.fetch('/api/afisha')
      finished.push('listing')
      expect(page.status).toBe(200)
      expect(finished).toEqual(['listing'])
      // At no moment did more than the share wait in the database.
      expect(await waitingOnLocks(monitor)).toBeLessThanOrEqual(POOL_MAX * HOT_SESSION_POOL_SHARE)
      await blocker.query('rollback')
      const answers = await Promise.all(claims)
      // Once the frozen claim is gone, one buyer gets the seat; the others hear it is taken (or busy).
      expect(answers.filter((a) => a.status === 200 && a.body.items.some((i) => i.seat_id === seat))).toHaveLength(1)
      for (const a of answers) expect([200, 409, 503]).toContain(a.status)
    } finally {
      await blocker.query('rollback').catch(() => undefined)
    }
  }, 60_000)
})

/** Backends of this database waiting on a lock (the claims queued behind the frozen row). */
async function waitingOnLocks(c: pg.Client): Promise<number> {
  const r = await c.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")
  return (r.rows[0] as { n: number }).n
}

/**
 * How long the claims may take to reach the row's lock. Each waits there up to LOCK_TIMEOUT_MS and
 * the next takes its slot, so the share stays waiting for CLAIMERS × LOCK_TIMEOUT_MS ÷ share; a
 * 5 s wait once ran out on a box busy with other work (2026-11-29) while the claims were still
 * starting.
 */
const REACH_LOCKS_MS = 15_000
const POLL_MS = 25

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + REACH_LOCKS_MS
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, POLL_MS))
  }
  throw new Error(`condition not reached within ${REACH_LOCKS_MS} ms`)
}
