import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_READ_COALESCE_MS } from '../../src/server/domain/live/constants'
import { LiveFeed } from '../../src/server/domain/live/feed'
import type { Change } from '../../src/server/domain/live/changes'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { StatementCount } from '../support/statement-count'
import { loadScheme, seatChange, visitor, type SchemeFx } from './scheme-helpers'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Issue 18.4: the live feed reads the change log at most once per LIVE_READ_COALESCE_MS however
 * often it is poked (each hold of a rush pokes it; one read per hold was about a fifth of a hold's
 * CPU), and still hands every change over. A second LiveFeed on the test server's database, with
 * its queries counted, is poked the way the routes poke theirs.
 */
describe.each(TEST_DBS)('live feed read coalescing on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx
  let feed: LiveFeed
  const counter = new StatementCount()
  const errors: unknown[] = []

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    fx = await loadScheme(await visitor(server.url))
    feed = new LiveFeed(server.db.withPlugin(counter), { onError: (e) => errors.push(e) })
    await feed.start()
  })
  afterAll(async () => {
    await feed?.stop()
    await server?.close()
  })

  it('pokes spread over time share reads: at most one a window, whether or not anyone watches', async () => {
    for (const watching of [false, true]) {
      const stop = watching ? feed.subscribe(fx.calendarId, () => undefined) : () => undefined
      await sleep(LIVE_READ_COALESCE_MS * 2)
      const before = counter.n
      const started = Date.now()
      const POKES = 40
      for (let i = 0; i < POKES; i++) {
        feed.changed()
        await sleep(2)
      }
      // The last poke's read runs at most a window later.
      await sleep(LIVE_READ_COALESCE_MS * 3)
      const elapsed = Date.now() - started
      const reads = counter.n - before
      // Each read is one or two queries (the log; standing places' room when the batch has any).
      expect(reads).toBeGreaterThan(0)
      expect(reads).toBeLessThanOrEqual(Math.floor(elapsed / LIVE_READ_COALESCE_MS) + 2)
      expect(reads).toBeLessThan(POKES)
      stop()
    }
    expect(errors).toEqual([])
  })

  it('every change of holds made while it is poked reaches the session\'s listener, in order', async () => {
    const got: Change[] = []
    const stop = feed.subscribe(fx.calendarId, (changes) => got.push(...changes))
    const seats = fx.map.seat_numbers.map((s) => s.seat_id).slice(300, 312)
    const buyers = await Promise.all(seats.map(() => visitor(server.url)))
    for (let i = 0; i < seats.length; i++) {
      const r = await buyers[i].post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seats[i])] })
      expect(r.status).toBe(200)
      feed.changed()
    }
    // One seat released again: its last change must be the one a map ends with.
    await buyers[0].post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seats[0], 0)] })
    feed.changed()
    const deadline = Date.now() + 5000
    const last = () => new Map(got.map((c) => [c.key, c.status]))
    while (Date.now() < deadline && (last().get(seats[0]) !== 'free' || seats.slice(1).some((s) => last().get(s) !== 'held'))) await sleep(20)
    stop()
    expect(last().get(seats[0])).toBe('free')
    for (const s of seats.slice(1)) expect(last().get(s)).toBe('held')
    const ids = got.map((c) => c.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(new Set(ids).size).toBe(ids.length)
    expect(errors).toEqual([])
  })
})
