import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { pgPoolOf } from '../../src/server/db/connect'
import { SESSION_CACHE_TTL_MS } from '../../src/server/domain/sessions/cached'
import { BUYING_CALLS_PER_CONNECTION } from '../../src/server/plugins/buying-lane'
import { startTestServer, type TestServer } from '../support/server'
import { lockRig, seatRowIds, type LockRig } from './lock-rig'
import { loadScheme, schemeOrderBody, seatChange, visitor, type CartAnswer, type SchemeFx, type Visitor } from './scheme-helpers'

const POOL_MAX = 4
/** Buyers in the burst: ten times the pool, so an unbounded burst queues on the pool far past the lane. */
const BUYERS = 40
/**
 * Waiters on the pool besides the burst's: the live feed's read, a sweeper's statement. Anything
 * past the lane's size plus these means buying calls queued on the pool beyond their lane.
 */
const BACKGROUND_WAITERS = 2
/** The most waiters on the pool the lane allows: its calls beyond the connections, plus the background's. */
const LANE_BOUND = POOL_MAX * BUYING_CALLS_PER_CONNECTION + BACKGROUND_WAITERS
/** Past the session cache's life: each call then reads its session, as a rush's first call in a process does. */
const PAST_SESSION_CACHE_MS = SESSION_CACHE_TTL_MS + 200

/**
 * Issue 18.3: the shop's buying calls go through a lane of BUYING_CALLS_PER_CONNECTION per pooled
 * connection (plugins/buying-lane.ts), so a burst of them waits in memory and the pool's queue,
 * which every other page's statements join, never holds more than the lane. The pool's waiting
 * count is sampled on every turn of the event loop during a burst of holds, then of payment
 * starts; the same burst of a call outside the lane (the cart's read, which reads the session
 * too) shows what the queue does without it.
 */
describe('the buying lane on PostgreSQL', () => {
  let server: TestServer
  let fx: SchemeFx

  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: { DB_POOL_MAX: String(POOL_MAX) } })
    fx = await loadScheme(await visitor(server.url))
  })
  afterAll(async () => {
    await server?.close()
  })

  /** The most statements waiting for a connection at once while `burst` runs. */
  async function mostWaiting<T>(burst: () => Promise<T>): Promise<{ most: number; value: T }> {
    const pool = pgPoolOf(server.db)!
    let most = 0
    let sampling = true
    const sample = () => {
      most = Math.max(most, pool.waitingCount)
      if (sampling) setImmediate(sample)
    }
    sample()
    try {
      return { value: await burst(), most }
    } finally {
      sampling = false
    }
  }

  const buyers = () => Promise.all(Array.from({ length: BUYERS }, () => visitor(server.url)))
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

  let crowd: Visitor[] = []
  let seats: string[] = []
  const hashes: string[] = []

  it(`a burst of ${BUYERS} holds queues at most the lane on a pool of ${POOL_MAX}, and every hold is answered`, async () => {
    seats = fx.map.seat_numbers.filter((s) => s.status === 'free').slice(0, BUYERS).map((s) => s.seat_id)
    crowd = await buyers()
    await pause(PAST_SESSION_CACHE_MS)
    const { value: answers, most } = await mostWaiting(() => Promise.all(crowd.map((b, i) => b.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seats[i])] }))))
    answers.forEach((a, i) => {
      expect(a.status).toBe(200)
      expect(a.body.items.map((x) => x.seat_id)).toEqual([seats[i]])
    })
    expect(most).toBeLessThanOrEqual(LANE_BOUND)
  }, 60_000)

  it(`a burst of ${BUYERS} payment starts (in the lane too, not buying calls) queues at most the lane`, async () => {
    expect(crowd).toHaveLength(BUYERS)
    for (const [i, b] of crowd.entries()) {
      const order = await b.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', await schemeOrderBody(b, fx, [seats[i]]))
      expect(order.body.errorCode).toBe('0')
      hashes.push(order.body.hash)
    }
    const view = (await crowd[0].post<{ payments: { creditcompany_id: number }[] }>('/api/order/view', { hash: hashes[0], lang: 'ru' })).body
    const typeId = view.payments[0].creditcompany_id
    await pause(PAST_SESSION_CACHE_MS)
    const { value: answers, most } = await mostWaiting(() => Promise.all(crowd.map((b, i) => b.post<{ bankUrl?: string }>(`/api/payment/start/${typeId}`, { hash: hashes[i], lang: 'ru' }))))
    for (const a of answers) {
      expect(a.status).toBe(200)
      expect(typeof a.body.bankUrl).toBe('string')
    }
    expect(most).toBeLessThanOrEqual(LANE_BOUND)
  }, 60_000)

  // The order page's read: outside the lane, on the main pool (not a page call, plugins/page-pool.ts).
  it('the same burst of a call outside the lane does fill the pool queue (what the lane prevents)', async () => {
    expect(hashes).toHaveLength(BUYERS)
    await pause(PAST_SESSION_CACHE_MS)
    const { value: answers, most } = await mostWaiting(() => Promise.all(crowd.map((b, i) => b.post('/api/order/view', { hash: hashes[i], lang: 'ru' }))))
    for (const a of answers) expect(a.status).toBe(200)
    expect(most).toBeGreaterThan(LANE_BOUND)
  }, 60_000)
})

/** The lane's longest wait in the test below: short, so a call past it answers while the lane is still full. */
const SHORT_LANE_WAIT_MS = 300
/** Long enough that the blocked holds keep the lane full while the third call waits past its bound. */
const LONG_LOCK_TIMEOUT_MS = 8_000

/**
 * Issue 18.3: a buying call waits for the lane at most BUYING_LANE_WAIT_MS, then answers 503
 * "busy, try again" with Retry-After and changes nothing. A pool of one connection gives a lane
 * of two; two holds blocked on seats another transaction is inserting fill it, and a third hold
 * of a free seat is refused while they wait.
 */
describe('the buying lane\'s longest wait', () => {
  let server: TestServer
  let fx: SchemeFx
  let locks: LockRig

  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: { DB_POOL_MAX: '1', BUYING_LANE_WAIT_MS: String(SHORT_LANE_WAIT_MS), DB_LOCK_TIMEOUT_MS: String(LONG_LOCK_TIMEOUT_MS) } })
    fx = await loadScheme(await visitor(server.url))
    locks = await lockRig(server)
  })
  afterAll(async () => {
    await locks?.end()
    await server?.close()
  })

  const liveHolds = async (seat: string) =>
    (await server.db.selectFrom('seat_holds as h').innerJoin('seats as s', 's.id', 'h.seat_id').select('h.id').where('h.calendar_id', '=', fx.calendarId).where('h.released_at', 'is', null).where('s.seat_key', '=', seat).execute()).length

  it('a call that waits past it is answered busy (503, Retry-After) and holds nothing; the lane serves it once free', async () => {
    const [s1, s2, s3] = fx.map.seat_numbers.filter((s) => s.status === 'free').slice(0, 3).map((s) => s.seat_id)
    const [a, b, c] = await Promise.all([visitor(server.url), visitor(server.url), visitor(server.url)])
    // Another transaction inserts live holds on s1 and s2 and keeps them undecided: holds of those seats wait on it.
    await locks.freezeSeats(fx.calendarId, await seatRowIds(server, fx.calendarId, [s1, s2]))
    const hold = (v: Visitor, seat: string) => v.post<{ errorCode?: string }>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seat)] })
    const blocked = [hold(a, s1), hold(b, s2)]
    try {
      // The first blocked hold waits on the lock; the second waits for the pool's one connection: the lane (two) is full.
      expect(await locks.untilLockWaiters(1)).toBeGreaterThan(0)
      const res = await c.fetch('/api/cart/update', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': c.token, 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ calendar_id: fx.calendarId, changes: [seatChange(fx, s3)] }),
      })
      expect(res.status).toBe(503)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(((await res.json()) as { errorCode: string }).errorCode).toBe(ErrorCode.LIMIT)
      // Read on the blocker's connection (read committed: it sees any committed hold): the server's one is taken.
      const held = await locks.blocker.query("select 1 from seat_holds h join seats s on s.id = h.seat_id where h.calendar_id = $1 and h.released_at is null and s.seat_key = $2", [fx.calendarId, s3])
      expect(held.rowCount).toBe(0)
    } finally {
      await locks.release()
      await Promise.all(blocked)
    }
    expect((await hold(c, s3)).status).toBe(200)
    expect(await liveHolds(s3)).toBe(1)
  }, 30_000)
})
