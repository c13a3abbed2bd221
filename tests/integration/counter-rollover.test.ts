import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, type Db } from '../../src/server/db/connect'
import { DbCounterStore } from '../../src/server/domain/abuse/db-counter-store'
import { CAPTCHA_AFTER_ORDERS, CAPTCHA_WINDOW_MS, OrderGuard } from '../../src/server/domain/abuse/order-guard'
import { MemoryCounterStore, type CounterStore } from '../../src/server/security/counter-store'
import { RedisCounterStore } from '../../src/server/security/redis-counter-store'
import { freshPgDatabase } from './scheme-helpers'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
/** A window short enough to see Redis expire it (Redis ends windows by its own clock). */
const WINDOW_MS = 500
/** Past the window's end, with room for a loaded machine. */
const PAST_WINDOW_MS = WINDOW_MS + 300

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

type Kind = 'postgres' | 'redis' | 'memory'

/** One store of `kind`, on a fresh database or Redis prefix; `close` drops what it made. */
async function openStore(kind: Kind): Promise<{ store: CounterStore; close(): Promise<void> }> {
  if (kind === 'memory') return { store: new MemoryCounterStore(), close: async () => {} }
  if (kind === 'redis') {
    const prefix = `seatwise-test-rollover-${randomBytes(4).toString('hex')}:`
    const store = new RedisCounterStore(REDIS_URL, prefix)
    return {
      store,
      close: async () => {
        await store.close()
        const redis = new Redis(REDIS_URL)
        const keys = await redis.keys(`${prefix}*`)
        if (keys.length) await redis.del(...keys)
        redis.disconnect()
      },
    }
  }
  const database = await freshPgDatabase('migrated')
  const db: Db = connect({ kind: 'postgres', url: database.url })
  return {
    store: new DbCounterStore(db),
    close: async () => {
      await db.destroy()
      await database.drop()
    },
  }
}

/**
 * A hit given back after its key's window turned (the order guard's attempt whose order was
 * refused as the window ended) is taken from its own window, which is gone, never from the new
 * one: each store lost one count of the new window there, so one more request of it went
 * uncounted (security/counter-store.ts giveBack). The same on every store.
 */
describe.each(['postgres', 'redis', 'memory'] as const)('counter store %s at a window\'s turn', (kind) => {
  let opened: Awaited<ReturnType<typeof openStore>>
  beforeAll(async () => {
    opened = await openStore(kind)
  })
  afterAll(async () => {
    await opened?.close()
  })

  it('a give-back of the ended window leaves the new window its count; its own give-back still counts', async () => {
    const { store } = opened
    const now = Date.now()
    const old = await store.hit('k:turn', WINDOW_MS, now)
    expect(old.count).toBe(1)
    // The window turns: Redis by its clock, the others by the caller's.
    if (kind === 'redis') await pause(PAST_WINDOW_MS)
    const turned = now + PAST_WINDOW_MS
    const fresh = await store.hit('k:turn', WINDOW_MS, turned)
    expect(fresh.count).toBe(1)
    expect(fresh.windowEndsAt - old.windowEndsAt).toBeGreaterThanOrEqual(WINDOW_MS)
    await store.giveBack('k:turn', { windowMs: WINDOW_MS, windowEndsAt: old.windowEndsAt })
    expect(await store.peek(['k:turn'], turned)).toEqual([1])
    await store.giveBack('k:turn', { windowMs: WINDOW_MS, windowEndsAt: fresh.windowEndsAt })
    expect(await store.peek(['k:turn'], turned)).toEqual([0])
  })

  // The captcha's window is ten minutes: Redis cannot be waited out here; the other stores take the caller's clock.
  it.skipIf(kind === 'redis')('the order guard: an attempt refused after its window turned does not spare the new window its captcha', async () => {
    const guard = new OrderGuard(opened.store)
    const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`
    const t0 = Date.now()
    const late = await guard.hit(address, t0, true)
    const t1 = t0 + CAPTCHA_WINDOW_MS
    for (let i = 0; i < CAPTCHA_AFTER_ORDERS; i++) expect((await guard.hit(address, t1, true)).captchaDue).toBe(false)
    // The first attempt's order was refused as its window ended: its count went with that window.
    await guard.attemptRefused(address, t1, false, late.attempt!)
    expect((await guard.hit(address, t1, true)).captchaDue).toBe(true)
  })
})
