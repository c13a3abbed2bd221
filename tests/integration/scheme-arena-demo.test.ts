import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schemeMapResponseSchema } from '../../src/contract/entities/scheme'
import { LANGS } from '../../src/contract/lang'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { loadScheme, schemeOrderBody, visitor, type CartAnswer, type SchemeFx } from './scheme-helpers'

/** The demo's seat-map event on the arena with a standing floor (seed/catalog-data.ts). */
const ARENA_EVENT = 'arena-rock-night'
/** Seats of the demo arena (its standing places come on top). */
const ARENA_SEATS = 10_000
/** demquantlimit of the arena event in the demo data. */
const ORDER_LIMIT = 8
/** Sessions of the arena event: two days, two times each. */
const ARENA_SESSIONS = 4
/** Standing tickets ordered in the order test. */
const STANDING_ORDERED = 3

describe.each(TEST_DBS)('the demo arena with standing places on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    fx = await loadScheme(await visitor(server.url), ARENA_EVENT)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('is a seat-map event with several sessions whose map has the seats and priced standing places with limits', () => {
    expect(fx.sessions.calendar.length).toBe(ARENA_SESSIONS)
    expect(fx.map.seat_numbers.length).toBe(ARENA_SEATS)
    expect(fx.map.seat_stand.length).toBeGreaterThanOrEqual(2)
    const prices = fx.sessions.prices.filter((p) => p.calendar_id === fx.calendarId)
    for (const stand of fx.map.seat_stand) {
      expect(stand.quant, stand.seat_id).toBeGreaterThan(0)
      expect(stand.limit, stand.seat_id).toBe(Math.min(stand.quant, ORDER_LIMIT))
      const row = prices.find((p) => p.zonelevel_id === stand.cat)
      expect(row, `price of ${stand.seat_id}`).toBeDefined()
      expect(row!.price).toBeGreaterThan(0)
      // The price row's stock of a standing zone is its free places.
      expect(row!.quantity).toBeGreaterThanOrEqual(stand.quant)
      for (const lang of LANGS) expect(row![`zonelevel_${lang}`], lang).not.toBe('')
    }
  })

  it('gives each standing category a colour of its own (two floors priced apart must not look alike)', () => {
    const prices = fx.sessions.prices.filter((p) => p.calendar_id === fx.calendarId)
    const standingColors = new Set(fx.map.seat_stand.map((stand) => prices.find((p) => p.zonelevel_id === stand.cat)?.zonecolor))
    const standingCats = new Set(fx.map.seat_stand.map((stand) => stand.cat))
    expect(standingCats.size).toBeGreaterThanOrEqual(2)
    expect(standingColors.size).toBe(standingCats.size)
  })

  it('prices only zones that have places: every legend zone has seats or a standing place', () => {
    const zonesWithPlaces = new Set([...fx.map.seat_numbers.map((s) => s.zonelevel_id), ...fx.map.seat_stand.map((s) => s.cat)])
    const priced = new Set(fx.sessions.prices.filter((p) => p.calendar_id === fx.calendarId).map((p) => p.zonelevel_id))
    expect([...priced].sort()).toEqual([...zonesWithPlaces].sort())
  })

  it('a standing place taken into the cart and ordered leaves fewer places on the map', async () => {
    const v = await visitor(server.url)
    const stand = fx.map.seat_stand[0]
    const categoryId = fx.categoryOf(stand.cat)
    const held = await v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [{ seat_id: stand.seat_id, clientcategory_id: categoryId, quantity: STANDING_ORDERED }] })
    expect(held.status).toBe(200)
    expect(held.body.items).toEqual([expect.objectContaining({ seat_id: stand.seat_id, quantity: STANDING_ORDERED })])
    const body = await schemeOrderBody(v, fx, [])
    const res = await v.post<{ errorCode: string; errorText?: string; hash: string }>('/api/order/create-scheme', {
      ...body,
      tickets: [{ seat_id: stand.seat_id, clientcategory_id: categoryId, quantity: STANDING_ORDERED, sector: stand.seat_name, row: '', seat: '' }],
    })
    expect(res.body.errorCode, res.body.errorText).toBe('0')
    const after = schemeMapResponseSchema.parse((await v.post('/api/scheme/map', { hash: fx.hash, calendar_id: fx.calendarId })).body)
    expect(after.seat_stand.find((s) => s.seat_id === stand.seat_id)!.quant).toBe(stand.quant - STANDING_ORDERED)
  })
})
