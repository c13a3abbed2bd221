import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOT_SESSION_POOL_SHARE } from '../../src/server/domain/orders/claim-slots'
import { startTestServer, type TestServer } from '../support/server'
import { lockRig, seatRowIds, type LockRig } from './lock-rig'
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
  let locks: LockRig

  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: { DB_POOL_MAX: String(POOL_MAX), DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } })
    fx = await loadScheme(await visitor(server.url))
    locks = await lockRig(server)
  })
  afterAll(async () => {
    await locks?.end()
    await server?.close()
  })

  it(`claims of one session use at most ${POOL_MAX * HOT_SESSION_POOL_SHARE} of ${POOL_MAX} connections; the listing answers while they wait`, async () => {
    const seat = fx.map.seat_numbers.find((s) => s.status === 'free')!.seat_id
    const rows = await seatRowIds(server, fx.calendarId, [seat])
    const buyers = await Promise.all(Array.from({ length: CLAIMERS }, () => visitor(server.url)))
    const listing = await visitor(server.url)
    await locks.freezeSeats(fx.calendarId, rows)
    const finished: string[] = []
    try {
      const claims = buyers.map((b, i) =>
        b.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seat)] }).then((r) => {
          finished.push(`claim ${i}`)
          return r
        }),
      )
      // Every claim is under way (its transaction waits on the row, or its slot) before the listing is asked.
      expect(await locks.untilLockWaiters(POOL_MAX * HOT_SESSION_POOL_SHARE)).toBe(POOL_MAX * HOT_SESSION_POOL_SHARE)
      const page = await listing.fetch('/api/afisha')
      finished.push('listing')
      expect(page.status).toBe(200)
      expect(finished).toEqual(['listing'])
      // At no moment did more than the share wait in the database.
      expect((await locks.lockWaiters()).length).toBeLessThanOrEqual(POOL_MAX * HOT_SESSION_POOL_SHARE)
      await locks.release()
      const answers = await Promise.all(claims)
      // Once the frozen claim is gone, one buyer gets the seat; the others hear it is taken (or busy).
      expect(answers.filter((a) => a.status === 200 && a.body.items.some((i) => i.seat_id === seat))).toHaveLength(1)
      for (const a of answers) expect([200, 409, 503]).toContain(a.status)
    } finally {
      await locks.release().catch(() => undefined)
    }
  }, 60_000)
})
