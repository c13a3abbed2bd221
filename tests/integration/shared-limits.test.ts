import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { CAPTCHA_AFTER_ORDERS, ORDER_RATE_MAX } from '../../src/server/domain/abuse/order-guard'
import { SETTINGS_CACHE_TTL_MS } from '../../src/server/domain/settings/cached'
import { writeSettings } from '../../src/server/domain/settings/repository'
import { connect, type Db } from '../../src/server/db/connect'
import { DbCounterStore } from '../../src/server/domain/abuse/db-counter-store'
import { MemoryCounterStore, type CounterStore, type HitCount } from '../../src/server/security/counter-store'
import { RedisCounterStore } from '../../src/server/security/redis-counter-store'
import { getOnNewConnection, spawnCluster, type ClusterProcess } from './cluster-helpers'
import { freshAddress, orderBody, seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { freshPgDatabase } from './scheme-helpers'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const WORKERS = 3
const SESSIONS = 5
/** Requests fired at once: more than WORKERS × the limit, so per-process counting would let more through. */
const BURST = 30
/** Orders fired at once with the captcha on: three times the captcha's allowance, and one more stays within the rate limit. */
const CAPTCHA_BURST = 3 * CAPTCHA_AFTER_ORDERS

async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL)
  try {
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
  } finally {
    redis.disconnect()
  }
}

/**
 * Issue 18.2: the counter stores under concurrency, as N app instances use them: three stores
 * (each with its own connection pool or Redis client, like three processes) counting the same
 * key at once hand out each count exactly once.
 */
describe.each(['postgres', 'redis', 'memory'] as const)('counter store %s under concurrent hits', (kind) => {
  let stores: CounterStore[] = []
  const dbs: Db[] = []
  let database: Awaited<ReturnType<typeof freshPgDatabase>> | undefined
  const prefix = `seatwise-test-${randomBytes(4).toString('hex')}:`

  beforeAll(async () => {
    if (kind === 'postgres') {
      database = await freshPgDatabase('migrated')
      for (let i = 0; i < 3; i++) dbs.push(connect({ kind: 'postgres', url: database.url }))
      stores = dbs.map((db) => new DbCounterStore(db))
    } else if (kind === 'redis') {
      stores = [0, 1, 2].map(() => new RedisCounterStore(REDIS_URL, prefix))
    } else {
      stores = [new MemoryCounterStore()]
    }
  })
  afterAll(async () => {
    for (const s of stores) await s.close()
    for (const db of dbs) await db.destroy()
    await database?.drop()
    if (kind === 'redis') await dropRedisPrefix(prefix)
  })

  it('every hit of a window gets its own count; a new window starts at 1; reset forgets', async () => {
    const now = Date.now()
    const hits = await Promise.all(Array.from({ length: 60 }, (_, i) => stores[i % stores.length].hit('k:a', 60_000, now)))
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1))
    for (const h of hits) expect(h.resetInMs).toBeGreaterThan(50_000)
    expect(await stores[0].peek(['k:a', 'k:other'], now)).toEqual([60, 0])
    expect(await stores[stores.length - 1].peek(['k:other', 'k:a'], now)).toEqual([0, 60])
    await stores[stores.length - 1].reset(['k:a'])
    expect(await stores[0].peek(['k:a'], now)).toEqual([0])
    if (kind !== 'redis') {
      // Windows by the caller's clock (Redis expires keys by its own, tested by the cluster below).
      await stores[0].hit('k:b', 1000, now)
      expect((await stores[0].hit('k:b', 1000, now + 500)).count).toBe(2)
      expect((await stores[0].hit('k:b', 1000, now + 1000)).count).toBe(1)
      await stores[0].prune(now + 5000)
      expect(await stores[0].peek(['k:b'], now + 1001)).toEqual([0])
    }
  })

  it('hitAndPeek counts its keys as hit does and answers the peeked counts in their order, in one call', async () => {
    const now = Date.now()
    for (let i = 0; i < 3; i++) await stores[0].hit('k:p1', 60_000, now)
    await stores[stores.length - 1].hit('k:p2', 60_000, now)
    const hits = [
      { key: 'k:h', windowMs: 60_000 },
      { key: 'k:h2', windowMs: 600_000 },
    ]
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => stores[i % stores.length].hitAndPeek(hits, now, ['k:p1', 'k:none', 'k:p2'])))
    const ascending = Array.from({ length: 30 }, (_, i) => i + 1)
    expect(answers.map((a) => a.hits[0].count).sort((a, b) => a - b)).toEqual(ascending)
    expect(answers.map((a) => a.hits[1].count).sort((a, b) => a - b)).toEqual(ascending)
    for (const a of answers) {
      expect(a.peeked).toEqual([3, 0, 1])
      expect(a.hits[0].resetInMs).toBeGreaterThan(50_000)
      expect(a.hits[0].resetInMs).toBeLessThanOrEqual(60_000)
      expect(a.hits[1].resetInMs).toBeGreaterThan(500_000)
    }
    // The hits' keys count on as a plain hit sees them; nothing peeked: an empty list.
    const alone = await stores[0].hitAndPeek([{ key: 'k:h', windowMs: 60_000 }], now, [])
    expect(alone).toMatchObject({ hits: [{ count: 31 }], peeked: [] })
    expect(await stores[0].peek(['k:h', 'k:h2'], now)).toEqual([31, 30])
    if (kind !== 'redis') {
      // A peeked window that ended reads 0.
      expect((await stores[0].hitAndPeek([{ key: 'k:h3', windowMs: 1000 }], now + 120_000, ['k:p1'])).peeked).toEqual([0])
    }
  })

  it('giveBack takes back one hit at a time, concurrently from every process, never below zero', async () => {
    const now = Date.now()
    const hits: HitCount[] = []
    for (let i = 0; i < 10; i++) hits.push(await stores[i % stores.length].hit('k:g', 60_000, now))
    // Every hit of one window names the same window (Redis: by this process's clock, within milliseconds).
    for (const h of hits) expect(Math.abs(h.windowEndsAt - hits[0].windowEndsAt)).toBeLessThan(1000)
    const window = (i: number) => ({ windowMs: 60_000, windowEndsAt: hits[i].windowEndsAt })
    await Promise.all(Array.from({ length: 4 }, (_, i) => stores[i % stores.length].giveBack('k:g', window(i))))
    expect(await stores[0].peek(['k:g'], now)).toEqual([6])
    await Promise.all(Array.from({ length: 10 }, (_, i) => stores[i % stores.length].giveBack('k:g', window(i))))
    expect(await stores[0].peek(['k:g'], now)).toEqual([0])
    // A key never hit stays absent; the next hit starts at 1.
    await stores[0].giveBack('k:never', window(0))
    expect(await stores[0].peek(['k:never'], now)).toEqual([0])
    expect((await stores[0].hit('k:g', 60_000, now)).count).toBe(1)
  })
})

/**
 * Issue 18.2 on the user's path: a WORKERS=3 cluster gives one address exactly the configured
 * allowance of new sessions and of order requests, whichever worker each request lands on (each
 * request on its own connection, which the cluster hands to the workers in turn), and a restart
 * of the whole cluster forgets nothing. Counted in PostgreSQL, then in Redis.
 */
describe.each(['postgres', 'redis'] as const)(`WORKERS=${WORKERS}: shared per-address limits in %s`, (store) => {
  let database: Awaited<ReturnType<typeof freshPgDatabase>>
  let cluster: ClusterProcess
  let db: Db
  let fx: Fixtures
  const prefix = `seatwise-test-${randomBytes(4).toString('hex')}:`
  const sessionAddress = freshAddress()
  const orderAddress = freshAddress()
  const env = () => ({
    DATABASE_URL: database.url,
    SESSIONS_PER_ADDRESS_PER_MINUTE: String(SESSIONS),
    ...(store === 'redis' ? { REDIS_URL, REDIS_PREFIX: prefix } : {}),
  })

  beforeAll(async () => {
    database = await freshPgDatabase('migrated')
    cluster = await spawnCluster(WORKERS, env())
    db = connect({ kind: 'postgres', url: database.url })
    fx = await seedOrderFixtures(db)
  }, 180_000)
  afterAll(async () => {
    await db?.destroy()
    await cluster?.stop()
    await database?.drop()
    await dropRedisPrefix(prefix)
  })

  const newSession = () => getOnNewConnection(`${cluster.url}/api/token`, { 'x-forwarded-for': sessionAddress })
  /** A visitor whose session came from an address of its own and who then sends from `from`. */
  const visitorFrom = async (from: string) => {
    const v = await visitor(cluster.url)
    ;(v as { address: string }).address = from
    return v
  }
  /** An order request (from orderAddress unless given) by a visitor whose session came from an address of its own. */
  const orderRequest = async (from = orderAddress) => {
    const v = await visitorFrom(from)
    return (await v.post<{ errorCode: string }>('/api/order/create', orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], { fio: '' }))).status
  }

  it(`${BURST} new sessions at once from one address: exactly ${SESSIONS} are made`, async () => {
    const statuses = await Promise.all(Array.from({ length: BURST }, () => newSession()))
    expect(statuses.filter((s) => s === 200)).toHaveLength(SESSIONS)
    expect(statuses.filter((s) => s === 429)).toHaveLength(BURST - SESSIONS)
  })

  it(`${BURST + ORDER_RATE_MAX} order requests at once from one address: exactly ${ORDER_RATE_MAX} get past the rate limit`, async () => {
    const statuses = await Promise.all(Array.from({ length: BURST + ORDER_RATE_MAX }, () => orderRequest()))
    // Past the limit: 429; within it the bad request's own refusal (400), nothing else.
    expect(statuses.filter((s) => s === 400)).toHaveLength(ORDER_RATE_MAX)
    expect(statuses.filter((s) => s === 429)).toHaveLength(BURST)
  })

  it('a restart of the whole cluster forgets nothing', async () => {
    // Fresh addresses use their allowance just before the restart, so the one-minute windows
    // are still open after it even on a loaded box (the earlier tests' windows opened long before).
    const sessionsFrom = freshAddress()
    const ordersFrom = freshAddress()
    const sessions = await Promise.all(Array.from({ length: SESSIONS }, () => getOnNewConnection(`${cluster.url}/api/token`, { 'x-forwarded-for': sessionsFrom })))
    expect(sessions.every((s) => s === 200)).toBe(true)
    const orders = await Promise.all(Array.from({ length: ORDER_RATE_MAX }, () => orderRequest(ordersFrom)))
    expect(orders.every((s) => s === 400)).toBe(true)
    expect(await cluster.stop()).toBe(0)
    cluster = await spawnCluster(WORKERS, env())
    expect(await getOnNewConnection(`${cluster.url}/api/token`, { 'x-forwarded-for': sessionsFrom })).toBe(429)
    const v = await visitor(cluster.url)
    ;(v as { address: string }).address = ordersFrom
    const refused = await v.post<{ errorCode: string }>('/api/order/create', orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }]))
    expect(refused.status).toBe(429)
    expect(refused.body.errorCode).toBe(ErrorCode.LIMIT)
    // Another address is untouched.
    expect(await getOnNewConnection(`${cluster.url}/api/token`, { 'x-forwarded-for': freshAddress() })).toBe(200)
  }, 180_000)

  it(`captcha on: ${CAPTCHA_BURST} orders at once from one address place exactly ${CAPTCHA_AFTER_ORDERS}, the rest must solve the captcha`, async () => {
    expect(CAPTCHA_BURST + 1).toBeLessThanOrEqual(ORDER_RATE_MAX)
    await writeSettings(db, { captcha: { enabled: true } })
    try {
      // Every worker reads the settings afresh.
      await new Promise((r) => setTimeout(r, SETTINGS_CACHE_TTL_MS + 200))
      const from = freshAddress()
      const buyers = await Promise.all(Array.from({ length: CAPTCHA_BURST }, () => visitorFrom(from)))
      const body = orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }])
      const answers = await Promise.all(buyers.map((v) => v.post<{ errorCode: string }>('/api/order/create', body)))
      const codes = answers.map((a) => a.body.errorCode)
      expect(codes.filter((c) => c === ErrorCode.OK)).toHaveLength(CAPTCHA_AFTER_ORDERS)
      expect(codes.filter((c) => c === ErrorCode.CAPTCHA)).toHaveLength(CAPTCHA_BURST - CAPTCHA_AFTER_ORDERS)
      // The next one too, whichever worker it lands on.
      expect((await (await visitorFrom(from)).post<{ errorCode: string }>('/api/order/create', body)).body.errorCode).toBe(ErrorCode.CAPTCHA)
    } finally {
      await writeSettings(db, { captcha: { enabled: false } })
    }
  }, 60_000)
})
