import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { afishaResponseSchema } from '../../src/contract/entities/afisha'
import { stockByCalendar } from '../../src/server/domain/inventory/availability'
import { SCHEME_SESSIONS_TTL_MS } from '../../src/server/domain/scheme/views'
import { LISTING_ANSWER_TTL_MS } from '../../src/server/routes/listing-answer'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { orderBody, seedOrderFixtures, visitor as orderVisitor, type Fixtures, type OrderAnswer } from './order-fixtures'
import { loadScheme, seatChange, visitor, type SchemeFx } from './scheme-helpers'

/**
 * The one stock rule (issue 14): an expired hold, or an unpaid order past its reserve time, is
 * free at once in every answer: the listing (/api/afisha), the event page (/api/no-scheme), the
 * scheme's sessions (quant per session) and the map, before any sweep writes the release. The
 * sweeper runs every 30 s by default, so moving the expiry into the past in the database shows
 * what each answer says in the window before it runs. Before issue 14 the listing counted such
 * tickets as taken until the sweep.
 */

/** The listing's quantity of one session. */
async function listingQuantity(server: TestServer, eventId: number, day: string, time: string): Promise<number> {
  const afisha = afishaResponseSchema.parse(await (await fetch(`${server.url}/api/afisha`)).json())
  const entry = afisha.calendar.find((c) => c.event_id === eventId && c.eventday === day && c.eventtime === time)
  if (!entry) throw new Error(`session ${day} ${time} of event ${eventId} not in the listing`)
  return entry.quantity
}

describe.each(TEST_DBS)('one stock rule for expired reservations on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
    fx = await seedOrderFixtures(server.db)
  })
  afterAll(async () => {
    await server?.close()
  })

  /** What the listing counts for the session (the fixtures' events have no menu item, so the listing leaves them out). */
  const listed = async () => (await stockByCalendar(server.db, [fx.basic.calendarId], Date.now())).get(fx.basic.calendarId)!.available
  const pageQuantity = async () => {
    const page = await (await orderVisitor(server.url)).post<{ calendar: { times: { quantity: number }[] }[] }>('/api/no-scheme', { hash: fx.basic.hash })
    return page.body.calendar[0].times[0].quantity
  }

  it('general admission: the listing and the event page free an expired unpaid order at once', async () => {
    const ev = fx.basic
    const listedBefore = await listed()
    expect(await pageQuantity()).toBe(listedBefore)
    const res = await (await orderVisitor(server.url)).post<OrderAnswer>('/api/order/create', orderBody(fx, ev, [{ price: ev.prices.adult, quantity: 3 }]))
    expect(res.body.errorCode).toBe('0')
    expect(await listed()).toBe(listedBefore - 3)

    // The reserve time runs out; no sweep has run yet (the order is not cancelled).
    await server.db.updateTable('orders').set({ reserve_until: Date.now() - 1000 }).where('hash', '=', res.body.hash!).execute()
    expect(await listed()).toBe(listedBefore)
    expect(await pageQuantity()).toBe(listedBefore)
  })
})

describe.each(TEST_DBS)('one stock rule for expired seat holds on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    fx = await loadScheme(await visitor(server.url))
  })
  afterAll(async () => {
    await server?.close()
  })

  /**
   * The listing's and the scheme sessions' count of the session's free places. (The map follows
   * the same rule but caches its answer until the earliest hold it shows expires, so moving an
   * expiry by hand cannot show it; scheme-expiry.test.ts covers the map with real expiry.)
   */
  const counts = async () => {
    // Past the time the shared answers an earlier read built may be behind (listing-answer.ts,
    // views.ts sharedSchemeSessions; listing-answer.test.ts covers both).
    await new Promise((r) => setTimeout(r, Math.max(LISTING_ANSWER_TTL_MS, SCHEME_SESSIONS_TTL_MS)))
    const again = await loadScheme(await visitor(server.url), undefined, fx.hash)
    const session = again.sessions.calendar.find((c) => c.calendar_id === fx.calendarId)!
    const cal = await server.db.selectFrom('calendars').select(['event_id', 'day', 'time']).where('id', '=', fx.calendarId).executeTakeFirstOrThrow()
    return {
      listing: await listingQuantity(server, cal.event_id, cal.day, cal.time),
      sessions: session.quant,
    }
  }

  it('seat map: an expired cart hold is free at once in the listing and the sessions', async () => {
    const before = await counts()
    const seats = fx.map.seat_numbers.filter((s) => s.status === 'free').slice(0, 2).map((s) => s.seat_id)
    const res = await (await visitor(server.url)).post('/api/cart/update', { calendar_id: fx.calendarId, changes: seats.map((s) => seatChange(fx, s)) })
    expect(res.status).toBe(200)
    const held = await counts()
    expect(held).toEqual({ listing: before.listing - 2, sessions: before.sessions - 2 })

    // The holds run out; the sweeper has not released them yet (released_at is still null).
    await server.db.updateTable('seat_holds').set({ expires_at: Date.now() - 1000 }).where('calendar_id', '=', fx.calendarId).where('released_at', 'is', null).execute()
    expect(await counts()).toEqual(before)
  })
})
