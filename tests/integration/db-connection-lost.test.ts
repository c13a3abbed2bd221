import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { pageDbOf, pgPoolOf } from '../../src/server/db/connect'
import { BUSY_RETRY_AFTER_S } from '../../src/server/plugins/known-failures'
import { startTestServer, type TestServer } from '../support/server'
import { pgAdmin } from './health-rig'
import { lockRig, type LockRig } from './lock-rig'

/**
 * Far above the time this test takes: the answer must come from the lost connection, not from
 * lock_timeout (which answers busy by itself) nor the request's deadline.
 */
const LOCK_TIMEOUT_MS = 15_000
/** How long terminated backends may take to end, and how often the test looks. */
const GONE_WITHIN_MS = 10_000
const GONE_POLL_MS = 25

/**
 * A database connection lost under a request (a PostgreSQL restart, an operator ending backends, a
 * database closed to connections) is "busy, try again" (503, Retry-After), not a 500 internal
 * error: the pool reconnects and the visitor's next try goes through (known-failures.ts).
 */
describe('a lost database connection on PostgreSQL', () => {
  let server: TestServer
  let rig: LockRig
  let database: string
  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: { DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS), DB_STATEMENT_TIMEOUT_MS: '20000', REQUEST_DEADLINE_MS: '25000' } })
    rig = await lockRig(server)
    database = (await rig.monitor.query<{ db: string }>('select current_database() as db')).rows[0].db
  })
  afterAll(async () => {
    if (database) await pgAdmin(`alter database ${database} allow_connections true`)
    await rig?.end()
    await server?.close()
  })

  /** Ends every backend of the server's database but the test's own two (what a restart does to the server's). */
  const terminateServerBackends = async () => {
    // The pids first: in one statement PostgreSQL may call pg_terminate_backend before the filter.
    const own = (await rig.blocker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid
    const pids = (await rig.monitor.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and pid <> $1', [own])).rows.map((r) => r.pid)
    for (const pid of pids) await rig.monitor.query('select pg_terminate_backend($1)', [pid])
    return pids
  }

  /**
   * pg_terminate_backend only signals: a backend ends at its next interrupt check. Until it has,
   * the server's pool may still hand out its connection, and that request is (rightly) busy too;
   * a CI run once met that (2026-12-02). A restart is over once its backends are gone.
   */
  const untilGone = async (pids: readonly number[]) => {
    const deadline = Date.now() + GONE_WITHIN_MS
    for (;;) {
      const left = (await rig.monitor.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where pid = any($1)', [pids])).rows[0].n
      if (left === 0 || Date.now() > deadline) return left
      await new Promise((r) => setTimeout(r, GONE_POLL_MS))
    }
  }

  const expectBusy = async (res: Response) => {
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_S))
    expect(((await res.json()) as { errorCode: string }).errorCode).toBe(ErrorCode.LIMIT)
  }

  it('a request waiting on a lock whose backend is terminated answers busy, and the next one goes through', async () => {
    expect((await fetch(`${server.url}/api/setup`)).status).toBe(200)
    // What each release told the pool: a client whose session PostgreSQL ended must go back as
    // broken. Kept idle, it waited there until its socket's end arrived, and a request that came
    // first was handed a dead connection (a CI run, 2026-12-04: this test's last fetch answered 503).
    const releases: unknown[] = []
    const onRelease = (err: unknown) => releases.push(err)
    const watched = [...new Set([server.db, pageDbOf(server.db)].map((db) => pgPoolOf(db)!))]
    for (const pool of watched) pool.on('release', onRelease)
    const started = Date.now()
    await rig.blocker.query('begin')
    let pending: Promise<Response>
    let ended: number[] = []
    try {
      await rig.blocker.query('lock table settings in access exclusive mode')
      pending = fetch(`${server.url}/api/setup`)
      expect(await rig.untilLockWaiters(1)).toBeGreaterThanOrEqual(1)
      ended = await terminateServerBackends()
      expect(ended.length).toBeGreaterThanOrEqual(1)
    } finally {
      await rig.release()
    }
    await expectBusy(await pending)
    for (const pool of watched) pool.off('release', onRelease)
    expect(releases.some((err) => (err as { code?: string } | undefined)?.code === '57P01')).toBe(true)
    expect(Date.now() - started).toBeLessThan(LOCK_TIMEOUT_MS)
    expect(await untilGone(ended)).toBe(0)
    // The pool drops the dead connections and opens new ones.
    expect((await fetch(`${server.url}/api/setup`)).status).toBe(200)
  })

  it('a database that refuses connections (ALLOW_CONNECTIONS false) answers busy, and serves again once it takes them', async () => {
    await pgAdmin(`alter database ${database} allow_connections false`)
    try {
      expect(await untilGone(await terminateServerBackends())).toBe(0)
      await expectBusy(await fetch(`${server.url}/api/setup`))
    } finally {
      await pgAdmin(`alter database ${database} allow_connections true`)
    }
    expect((await fetch(`${server.url}/api/setup`)).status).toBe(200)
  })
})
