import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKGROUND_LEASE, leaderTimings } from '../../src/server/background/leader'
import { connect, type Db } from '../../src/server/db/connect'
import { leaseHolder } from '../../src/server/domain/background/lease.repository'
import { SERVED_BY_HEADER } from '../../src/server/app'
import { spawnCluster, type ClusterProcess } from './cluster-helpers'
import { freshPgDatabase } from './scheme-helpers'

const WORKERS = 3
/**
 * The cluster's background lease (LEADER_LEASE_MS), short so the takeover after a kill -9 takes a
 * few seconds instead of the default's 15-20 (renewals every second: tests/unit/server/leader-config
 * checks that production keeps 15 s and 5 s).
 */
const TEST_LEASE_MS = 3_000
const { renewMs: TEST_RENEW_MS } = leaderTimings(TEST_LEASE_MS)
/** A lease and three tries after it: what a takeover may take, with two tries to spare. */
const TAKEOVER_WAIT_MS = TEST_LEASE_MS + TEST_RENEW_MS * 3

/** A GET on a connection of its own (the cluster hands each new connection to the next worker): its status and X-Served-By. */
function servedByOnNewConnection(url: string): Promise<{ status: number; servedBy: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, servedBy: Number(res.headers[SERVED_BY_HEADER]) }))
    })
    req.on('error', reject)
  })
}

/**
 * Issue 18.1: `WORKERS=3 npm start` on PostgreSQL runs three server processes on one port;
 * background work runs on exactly one of them (the lease holder), and when that one is killed
 * with -9 the primary starts a replacement and another process takes the lease over.
 */
describe(`WORKERS=${WORKERS} npm start on one PostgreSQL`, () => {
  let database: Awaited<ReturnType<typeof freshPgDatabase>>
  let cluster: ClusterProcess
  let db: Db

  beforeAll(async () => {
    // Migrated already (the test template): the primary only finds the schema up to date, once.
    database = await freshPgDatabase('migrated')
    cluster = await spawnCluster(WORKERS, { DATABASE_URL: database.url, SERVED_BY_HEADER: '1', LEADER_LEASE_MS: String(TEST_LEASE_MS) })
    db = connect({ kind: 'postgres', url: database.url })
  }, 180_000)
  afterAll(async () => {
    await db?.destroy()
    await cluster?.stop()
    await database?.drop()
  })

  it('the workers are distinct processes serving one port; exactly one holds the background lease', async () => {
    const pids = cluster.workerPids()
    expect(new Set(pids).size).toBe(WORKERS)
    expect(pids).not.toContain(cluster.child.pid)
    await cluster.waitFor('a leader', () => cluster.leaderPids().length > 0, TAKEOVER_WAIT_MS)
    // Several renewal rounds pass (three, each a third of the lease): still one leader, never a
    // second one announcing itself.
    await new Promise((r) => setTimeout(r, TEST_RENEW_MS * 3))
    expect(cluster.leaderPids()).toHaveLength(1)
    expect(pids).toContain(cluster.leaderPids()[0])
    const lease = await leaseHolder(db, BACKGROUND_LEASE)
    expect(lease).not.toBeNull()
    // The workers took LEADER_LEASE_MS from the environment: the lease runs at most that far ahead.
    expect(lease!.expiresAt - Date.now()).toBeLessThanOrEqual(TEST_LEASE_MS)
    const res = await fetch(`${cluster.url}/api/token`)
    expect(res.status).toBe(200)
    // The primary migrated once; no worker did it again (prepare.ts logs each migration run).
    expect(cluster.logs().match(/"msg":"database (migrated|schema up to date)"/g)).toHaveLength(1)
  })

  it('SERVED_BY_HEADER=1: every answer names the worker that gave it, and new connections reach every worker', async () => {
    const seen = new Set<number>()
    for (let i = 0; i < WORKERS * 4; i++) {
      const { status, servedBy } = await servedByOnNewConnection(`${cluster.url}/api/token`)
      expect(status).toBe(200)
      seen.add(servedBy)
    }
    expect([...seen].sort()).toEqual([...cluster.workerPids()].sort())
    // A 404 (no route) names its worker too: the header is set when the request arrives.
    const missing = await fetch(`${cluster.url}/api/no-such-call`)
    expect(cluster.workerPids()).toContain(Number(missing.headers.get(SERVED_BY_HEADER)))
  })

  it('kill -9 of the leader: a new worker replaces it and another process takes the background work over', async () => {
    const leader = cluster.leaderPids()[0]
    const before = await leaseHolder(db, BACKGROUND_LEASE)
    process.kill(leader, 'SIGKILL')
    await cluster.waitFor('a replacement worker', () => cluster.workerPids().length === WORKERS + 1, 60_000)
    await cluster.waitFor('a new leader', () => cluster.leaderPids().length === 2, TAKEOVER_WAIT_MS)
    const next = cluster.leaderPids()[1]
    expect(next).not.toBe(leader)
    const after = await leaseHolder(db, BACKGROUND_LEASE)
    expect(after?.holder).not.toBe(before?.holder)
    expect((await fetch(`${cluster.url}/api/token`)).status).toBe(200)
  }, 90_000)

  it('SIGTERM to the primary closes every worker gracefully and gives the lease back', async () => {
    const code = await cluster.stop()
    expect(code).toBe(0)
    expect(await leaseHolder(db, BACKGROUND_LEASE)).toBeNull()
  }, 30_000)
})

describe('WORKERS on SQLite', () => {
  it('is refused at start: SQLite runs one process', async () => {
    const { loadConfig, ConfigError } = await import('../../src/server/config')
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(ConfigError)
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/DATABASE_URL/)
    expect(loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://x@127.0.0.1/db' }).workers).toBe(2)
  })
})
