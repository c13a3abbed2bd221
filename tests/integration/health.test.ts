import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { beginDraining, HEALTH_PATH, isDraining, READY_PATH } from '../../src/server/plugins/health'
import { TEST_DBS } from '../support/server'
import { pgAdmin, startHealthRig, type HealthRig } from './health-rig'

/** Probes a load balancer might send in a row; enough to show each leaves no trace. */
const PROBES = 5

const sessionCount = async (rig: HealthRig) => Number((await rig.server.db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
/** The request log's lines (plugins/request-log.ts) about a path. */
const requestLines = (rig: HealthRig, url: string) => rig.lines.filter((l) => l.url === url)

describe.each(TEST_DBS)('health probes on %s', (dbKind) => {
  let rig: HealthRig | null = null
  afterEach(async () => {
    await rig?.close()
    rig = null
  })

  it('/healthz and /readyz answer 200 JSON, never cached, with no session made and no log line', async () => {
    rig = await startHealthRig(dbKind, { REQUEST_LOG: 'all' })
    const before = await sessionCount(rig)
    for (let i = 0; i < PROBES; i++) {
      const health = await fetch(`${rig.server.url}${HEALTH_PATH}`)
      expect(health.status).toBe(200)
      expect(health.headers.get('cache-control')).toBe('no-store')
      expect(health.headers.get('content-type')).toMatch(/^application\/json/)
      expect(health.headers.get('set-cookie')).toBeNull()
      expect(await health.json()).toEqual({ status: 'ok' })
      const ready = await fetch(`${rig.server.url}${READY_PATH}`)
      expect(ready.status).toBe(200)
      expect(ready.headers.get('cache-control')).toBe('no-store')
      expect(ready.headers.get('set-cookie')).toBeNull()
      expect(await ready.json()).toEqual({ status: 'ready' })
    }
    expect((await fetch(`${rig.server.url}${READY_PATH}`, { method: 'HEAD' })).status).toBe(200)
    expect(await sessionCount(rig)).toBe(before)
    // Even REQUEST_LOG=all (a line for every other request) writes none for a probe.
    const other = await fetch(`${rig.server.url}/api/setup`)
    expect(other.status).toBe(200)
    expect(requestLines(rig, '/api/setup')).toHaveLength(1)
    expect(requestLines(rig, HEALTH_PATH)).toEqual([])
    expect(requestLines(rig, READY_PATH)).toEqual([])
  })

  it('are not answered by the web client\'s index.html (the SPA fallback)', async () => {
    // A server whose CLIENT_DIR holds a built client: every unknown page is its index.html.
    const clientDir = clientDirWithIndex()
    onTestFinished(() => fs.rmSync(clientDir, { recursive: true, force: true }))
    rig = await startHealthRig(dbKind, { REQUEST_LOG: 'errors', CLIENT_DIR: clientDir })
    expect(await (await fetch(`${rig.server.url}/event/abc`)).text()).toContain('<title>spa</title>')
    for (const probe of [HEALTH_PATH, READY_PATH]) {
      const res = await fetch(`${rig.server.url}${probe}`)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await res.text()).not.toContain('<title>spa</title>')
    }
    expect(rig.lines.filter((l) => l.url !== undefined)).toEqual([])
  })

  it('/readyz answers 503 "draining" once the close has begun; /healthz still 200', async () => {
    rig = await startHealthRig(dbKind)
    expect((await fetch(`${rig.server.url}${READY_PATH}`)).status).toBe(200)
    // What the close sequence does first (server.ts close), before Fastify stops listening.
    beginDraining(rig.server.app)
    const ready = await fetch(`${rig.server.url}${READY_PATH}`)
    expect(ready.status).toBe(503)
    expect(ready.headers.get('cache-control')).toBe('no-store')
    expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'draining' })
    expect((await fetch(`${rig.server.url}${HEALTH_PATH}`)).status).toBe(200)
  })

  it('the server\'s close sets the draining state first, before Fastify stops listening', async () => {
    rig = await startHealthRig(dbKind)
    expect(isDraining(rig.server.app)).toBe(false)
    const closing = rig.server.close()
    // Synchronously: no probe can slip in between the close's start and the draining state.
    expect(isDraining(rig.server.app)).toBe(true)
    await closing
  })

  it('/readyz answers 503 with its reason when the database does not answer, logged once', async () => {
    rig = await startHealthRig(dbKind, { REQUEST_LOG: 'errors' })
    expect((await fetch(`${rig.server.url}${READY_PATH}`)).status).toBe(200)
    if (rig.pgDatabase) {
      // The database goes away under the running server: its pooled connections are ended.
      await pgAdmin(`drop database ${rig.pgDatabase} with (force)`)
    } else {
      // SQLite runs in the process, so it cannot be "unreachable" over a network; what can
      // happen is the process's connection being gone. Closing it is that, deterministically.
      await rig.server.db.destroy()
    }
    for (let i = 0; i < PROBES; i++) {
      const ready = await fetch(`${rig.server.url}${READY_PATH}`)
      expect(ready.status).toBe(503)
      expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'database-error' })
    }
    // Liveness does no database work: the process still answers.
    expect((await fetch(`${rig.server.url}${HEALTH_PATH}`)).status).toBe(200)
    expect(rig.lines.filter((l) => l.msg === 'readiness: not ready')).toEqual([expect.objectContaining({ level: 40, reason: 'database-error' })])
    expect(requestLines(rig, READY_PATH)).toEqual([])
  })
})

/** A CLIENT_DIR with a marked index.html, as `npm run build` leaves one. */
function clientDirWithIndex(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-client-'))
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>spa</title>')
  return dir
}
