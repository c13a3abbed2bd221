import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { loadConfig } from '../../src/server/config'
import { startServer, type RunningServer } from '../../src/server/server'
import { CounterStoreUnavailable, type CounterStore } from '../../src/server/security/counter-store'
import { RedisCounterStore } from '../../src/server/security/redis-counter-store'
import { startTestServer, type TestServer } from '../support/server'

/** The store's command timeout (redis-counter-store.ts) and some slack for a loaded machine. */
const ANSWER_WITHIN_MS = 2000 + 3000

/** A TCP server that takes connections and never answers: a frozen Redis. */
async function blackHole(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `redis://127.0.0.1:${port}`,
    close: () => {
      for (const s of sockets) s.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/** A local port nothing listens on: a Redis that is down. */
async function closedPortUrl(): Promise<string> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return `redis://127.0.0.1:${port}`
}

/**
 * Issue 18.2: with REDIS_URL set, a Redis that is down or frozen makes the per-address limits
 * answer "busy, try again" (503, Retry-After, -9998 in the visitor's language) within the
 * store's command timeout, never an internal error or a hang.
 */
describe.each(['down', 'frozen'] as const)('Redis %s', (state) => {
  let server: TestServer
  let hole: Awaited<ReturnType<typeof blackHole>> | undefined
  beforeAll(async () => {
    hole = state === 'frozen' ? await blackHole() : undefined
    const url = hole?.url ?? (await closedPortUrl())
    server = await startTestServer({ db: 'sqlite', env: { REDIS_URL: url, REDIS_PREFIX: `seatwise-test-outage-${process.pid}:` } })
  })
  afterAll(async () => {
    await server?.close()
    await hole?.close()
  })

  it('a new visitor asking for a session is told the server is busy, in his language, with Retry-After', async () => {
    for (const [lang, text] of [
      ['ru', /Сервер/],
      ['en', /^The server is busy right now, try again in a few seconds$/],
      ['kz', /Сервер/],
      ['ch', /伺服器/],
    ] as const) {
      const started = Date.now()
      const res = await fetch(`${server.url}/api/token?lang=${lang}`)
      expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS)
      expect(res.status).toBe(503)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      const body = (await res.json()) as { errorCode: string; errorText: string }
      expect(body.errorCode).toBe(ErrorCode.LIMIT)
      expect(body.errorText).toMatch(text)
    }
  })

  it('every call of the store fails as CounterStoreUnavailable, within its timeout', async () => {
    const store: CounterStore = new RedisCounterStore(server.config.redis!.url, 'seatwise-test-outage:')
    try {
      const now = Date.now()
      const calls: Array<() => Promise<unknown>> = [
        () => store.hit('k', 60_000, now),
        () => store.peek(['k'], now),
        () => store.hitAndPeek([{ key: 'k', windowMs: 60_000 }], now, ['p']),
        () => store.giveBack('k', { windowMs: 60_000, windowEndsAt: now + 60_000 }),
        () => store.reset(['k']),
      ]
      const started = Date.now()
      const outcomes = await Promise.allSettled(calls.map((call) => call()))
      expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS)
      for (const o of outcomes) {
        expect(o.status).toBe('rejected')
        expect((o as PromiseRejectedResult).reason).toBeInstanceOf(CounterStoreUnavailable)
      }
    } finally {
      await store.close()
    }
  })
})

/**
 * The log of a Redis outage names Redis: the error handler's line of each refused request said
 * "database refused: busy", which sends an operator to PostgreSQL while Redis is what is down. The
 * server is started here with a logger whose lines the test reads (startTestServer's is silent).
 */
describe('Redis down: the log', () => {
  let server: RunningServer
  let dataDir: string
  const lines: Array<{ level: number; msg: string }> = []
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-test-'))
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      DEMO_DATA: '0',
      WARM_START: '0',
      SESSION_SECRET: 'test-session-secret-0123456789',
      REDIS_URL: await closedPortUrl(),
      REDIS_PREFIX: `seatwise-test-outage-log-${process.pid}:`,
    })
    server = await startServer(config, pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) }))
  })
  afterAll(async () => {
    await server?.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('names Redis, not the database, for each refused request; the visitor still gets busy', async () => {
    const seen = lines.length
    const res = await fetch(`${server.url}/api/token?lang=en`)
    expect(res.status).toBe(503)
    expect(((await res.json()) as { errorCode: string }).errorCode).toBe(ErrorCode.LIMIT)
    // From the request on (the start logs its migrations).
    const messages = lines.slice(seen).map((l) => l.msg)
    expect(messages.filter((m) => /database/.test(m))).toEqual([])
    expect(messages).toContain('Redis (REDIS_URL, the per-address counters) failed: busy')
  })
})
