import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captchaSchema } from '../../src/contract/entities/captcha'
import { ErrorCode } from '../../src/contract/errors'
import { CAPTCHA_WINDOW_MS, CAPTCHAS_PER_ADDRESS_PER_WINDOW } from '../../src/server/security/address-limits'
import { startTestServer, type TestDb, type TestServer } from '../support/server'
import { freshAddress } from './order-fixtures'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
/** Requests past the allowance the test sends: each must be refused and store nothing. */
const PAST_LIMIT = 5

type Store = { db: TestDb; redis: boolean }
const STORES: [string, Store][] = [
  ['sqlite (memory counters)', { db: 'sqlite', redis: false }],
  ['postgres (guard_counters)', { db: 'postgres', redis: false }],
  ['postgres with REDIS_URL', { db: 'postgres', redis: true }],
]

/**
 * GET /api/captcha stores a row per call (and sweeps expired ones): with no bound one address
 * could fill the table in a loop, session or none. It is counted per address in the shared store
 * like new sessions: past CAPTCHAS_PER_ADDRESS_PER_WINDOW a minute, 429 with Retry-After and the
 * spec's error body, nothing stored; other addresses are untouched.
 */
describe.each(STORES)('new captchas per address on %s', (_name, store) => {
  let server: TestServer
  const prefix = `seatwise-test-captcha-${randomBytes(4).toString('hex')}:`

  beforeAll(async () => {
    server = await startTestServer({ db: store.db, env: { DEMO_DATA: '0', ...(store.redis ? { REDIS_URL, REDIS_PREFIX: prefix } : {}) } })
  })
  afterAll(async () => {
    await server?.close()
    if (store.redis) {
      const redis = new Redis(REDIS_URL)
      try {
        const keys = await redis.keys(`${prefix}*`)
        if (keys.length) await redis.del(...keys)
      } finally {
        redis.disconnect()
      }
    }
  })

  const captcha = (address: string, query = '') => fetch(`${server.url}/api/captcha${query}`, { headers: { 'x-forwarded-for': address } })
  const rows = async () => Number((await server.db.selectFrom('captchas').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

  it(`an address gets ${CAPTCHAS_PER_ADDRESS_PER_WINDOW} a minute, pictures and questions together; then 429, nothing stored`, async () => {
    const address = freshAddress()
    const before = await rows()
    for (let i = 0; i < CAPTCHAS_PER_ADDRESS_PER_WINDOW; i++) {
      const res = await captcha(address, i % 2 ? '?kind=question&lang=en' : '')
      expect(res.status).toBe(200)
      captchaSchema.parse(await res.json())
    }
    expect(await rows()).toBe(before + CAPTCHAS_PER_ADDRESS_PER_WINDOW)
    for (let i = 0; i < PAST_LIMIT; i++) {
      const refused = await captcha(address, '?lang=en')
      expect(refused.status).toBe(429)
      const retryAfter = Number(refused.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(CAPTCHA_WINDOW_MS / 1000)
      expect(await refused.json()).toEqual({ errorCode: ErrorCode.LIMIT, errorText: 'Too many new captchas from your address, try again in a minute' })
    }
    expect(await rows()).toBe(before + CAPTCHAS_PER_ADDRESS_PER_WINDOW)
    // Another address (another visitor behind the same proxy) still gets its captcha.
    expect((await captcha(freshAddress())).status).toBe(200)
    if (store.redis) {
      // Counted in Redis, not in the database.
      const redis = new Redis(REDIS_URL)
      try {
        expect(await redis.exists(`${prefix}guard:captcha-pictures:${address}`)).toBe(1)
      } finally {
        redis.disconnect()
      }
    }
  })

  it('the bound counts the address, not the session: a session does not lift it', async () => {
    const address = freshAddress()
    const token = await fetch(`${server.url}/api/token`, { headers: { 'x-forwarded-for': address } })
    const cookie = token.headers.getSetCookie()[0].split(';')[0]
    const statuses: number[] = []
    for (let i = 0; i <= CAPTCHAS_PER_ADDRESS_PER_WINDOW; i++) {
      statuses.push((await fetch(`${server.url}/api/captcha`, { headers: { 'x-forwarded-for': address, cookie } })).status)
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(CAPTCHAS_PER_ADDRESS_PER_WINDOW)
    expect(statuses.at(-1)).toBe(429)
  })
})
