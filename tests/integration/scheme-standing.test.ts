import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schemeMapResponseSchema, type SchemeMapResponse } from '../../src/contract/entities/scheme'
import { ErrorCode } from '../../src/contract/errors'
import { generateVenue } from '../../src/engine/generate/index'
import { importVenueDrawing } from '../../src/server/venues/import'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { visitor, type CartAnswer } from './scheme-helpers'

/** Tickets per order of the test event. */
const ORDER_LIMIT = 5
/** Capacity given to the first standing place, so it can be filled in a test. */
const SMALL_CAPACITY = 4
/** The second standing place's zone row allows this many tickets (the zone limit). */
const ZONE_LIMIT = 2

describe.each(TEST_DBS)('standing places on a seat map on %s', (dbKind) => {
  let server: TestServer
  let hash: string
  let calendarId: number
  let categoryId: number
  let map: SchemeMapResponse
  let small: string
  let capped: string

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    const db = server.db
    const venue = await db.insertInto('venues').values({ name_ru: 'Арена', name_en: 'Arena', latitude: null, longitude: null }).returning('id').executeTakeFirstOrThrow()
    const drawing = await importVenueDrawing(db, { venueId: venue.id, name: 'Arena', svg: generateVenue({ kind: 'arena', seats: 1000, seed: 5 }) })
    const places = await db.selectFrom('standing_places').select(['id', 'place_key', 'zone_id']).where('drawing_id', '=', drawing.drawingId).orderBy('id').execute()
    expect(places.length).toBeGreaterThanOrEqual(2)
    small = places[0].place_key
    capped = places[1].place_key
    await db.updateTable('standing_places').set({ capacity: SMALL_CAPACITY }).where('id', '=', places[0].id).execute()
    hash = 'arena-standing-test'
    const kind = await db.selectFrom('menu_kinds').select('id').orderBy('id').executeTakeFirstOrThrow()
    const event = await db.insertInto('events').values({ hash_id: hash, menu_kind_id: kind.id, venue_id: venue.id, scheme: 1, demquantlimit: ORDER_LIMIT, name_ru: 'Арена' }).returning('id').executeTakeFirstOrThrow()
    const cal = await db
      .insertInto('calendars')
      .values({ event_id: event.id, venue_id: venue.id, drawing_id: drawing.drawingId, day: '2030-06-01', time: '19:00', capacity: null, starts_at: Date.parse('2030-06-01T16:00:00Z') })
      .returning('id')
      .executeTakeFirstOrThrow()
    calendarId = cal.id
    categoryId = (await db.selectFrom('client_categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id
    const zones = await db.selectFrom('zones').select('id').where('drawing_id', '=', drawing.drawingId).execute()
    await db
      .insertInto('prices')
      .values(zones.map((z) => ({ calendar_id: cal.id, client_category_id: categoryId, zone_id: z.id, price: 100_000, quantity: z.id === places[1].zone_id ? ZONE_LIMIT : 0 })))
      .execute()
    const v = await visitor(server.url)
    map = schemeMapResponseSchema.parse((await v.post('/api/scheme/map', { hash, calendar_id: calendarId })).body)
  })
  afterAll(async () => {
    await server?.close()
  })

  const change = (seatId: string, quantity: number) => ({ calendar_id: calendarId, changes: [{ seat_id: seatId, clientcategory_id: categoryId, quantity }] })
  /** Orders `quantity` of the place `key` with a valid buyer and every agreement ticked. */
  const orderPlace = async (v: Awaited<ReturnType<typeof visitor>>, key: string, quantity: number) => {
    const head = (await v.post<{ checkboxList: { id: number }[] }>('/api/scheme', { hash })).body
    return v.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', {
      fio: 'Иван Петров',
      phone: '+79161234567',
      email: 'ivan@example.org',
      action_id: hash,
      lang: 'ru',
      calendarId,
      checkboxList: head.checkboxList.map((c) => ({ id: c.id, checked: 1 })),
      tickets: [{ seat_id: key, clientcategory_id: categoryId, quantity }],
    })
  }
  const standOf = async (key: string) => {
    const v = await visitor(server.url)
    const m = schemeMapResponseSchema.parse((await v.post('/api/scheme/map', { hash, calendar_id: calendarId })).body)
    return m.seat_stand.find((s) => s.seat_id === key)!
  }

  it('the map lists standing places with their free places and per-order limit', () => {
    const s = map.seat_stand.find((p) => p.seat_id === small)!
    expect(s).toMatchObject({ quant: SMALL_CAPACITY, limit: Math.min(SMALL_CAPACITY, ORDER_LIMIT) })
    const c = map.seat_stand.find((p) => p.seat_id === capped)!
    expect(c.quant).toBeGreaterThan(ORDER_LIMIT)
    expect(c.limit).toBe(ORDER_LIMIT)
    expect(map.seat_numbers.length).toBe(1000)
  })

  it('holds a quantity, replaces it, refuses more than is left naming the place, and releases with 0', async () => {
    const a = await visitor(server.url)
    const b = await visitor(server.url)
    const held = await a.post<CartAnswer>('/api/cart/update', change(small, 3))
    expect(held.status).toBe(200)
    expect(held.body.items).toEqual([expect.objectContaining({ seat_id: small, quantity: 3 })])
    expect((await standOf(small)).quant).toBe(SMALL_CAPACITY - 3)

    const refused = await b.post<CartAnswer>('/api/cart/update', change(small, 2))
    expect(refused.status).toBe(409)
    expect(refused.body.errorCode).toBe(ErrorCode.UNAVAILABLE)
    expect(refused.body.errorText).toContain(small)
    expect((await b.post<CartAnswer>('/api/cart/list', { calendar_id: calendarId })).body.items).toEqual([])
    expect((await b.post<CartAnswer>('/api/cart/update', change(small, 1))).status).toBe(200)

    const replaced = await a.post<CartAnswer>('/api/cart/update', change(small, 2))
    expect(replaced.body.items).toEqual([expect.objectContaining({ seat_id: small, quantity: 2 })])
    expect((await standOf(small)).quant).toBe(SMALL_CAPACITY - 3)
    await a.post('/api/cart/update', change(small, 0))
    await b.post('/api/cart/update', change(small, 0))
    expect((await standOf(small)).quant).toBe(SMALL_CAPACITY)
  })

  it('limits a standing place by the zone limit and by what the order limit leaves', async () => {
    const v = await visitor(server.url)
    const overZone = await v.post<CartAnswer>('/api/cart/update', change(capped, ZONE_LIMIT + 1))
    expect(overZone.body.errorCode).toBe(ErrorCode.LIMIT)
    const seats = map.seat_numbers.slice(0, ORDER_LIMIT - 1).map((s) => ({ seat_id: s.seat_id, clientcategory_id: categoryId, quantity: 1 }))
    expect((await v.post<CartAnswer>('/api/cart/update', { calendar_id: calendarId, changes: seats })).status).toBe(200)
    const overOrder = await v.post<CartAnswer>('/api/cart/update', change(capped, 2))
    expect(overOrder.body.errorCode).toBe(ErrorCode.LIMIT)
    const fits = await v.post<CartAnswer>('/api/cart/update', change(capped, 1))
    expect(fits.status).toBe(200)
    expect(fits.body.limit_left).toBe(0)
  })

  it('orders standing tickets: one order line per ticket, the place keeps them', async () => {
    const v = await visitor(server.url)
    await v.post('/api/cart/update', change(small, 2))
    const res = await orderPlace(v, small, 3)
    expect(res.body.errorCode).toBe('0')
    const order = await server.db.selectFrom('orders').select(['id', 'total']).where('hash', '=', res.body.hash).executeTakeFirstOrThrow()
    const lines = await server.db.selectFrom('order_lines').select(['standing_place_id', 'price']).where('order_id', '=', order.id).execute()
    expect(lines).toHaveLength(3)
    expect(order.total).toBe(3 * 100_000)
    expect((await standOf(small)).quant).toBe(SMALL_CAPACITY - 3)
    expect((await v.post<CartAnswer>('/api/cart/list', { calendar_id: calendarId })).body.items).toEqual([])
  })

  it("an order spends the cart: what it held besides the ordered seat, seats and standing places alike, is released", async () => {
    const v = await visitor(server.url)
    const [a, b] = map.seat_numbers.filter((x) => x.status === 'free' && x.zonelevel_id !== undefined).slice(-2)
    for (const seat of [a, b]) expect((await v.post('/api/cart/update', change(seat.seat_id, 1))).status).toBe(200)
    expect((await v.post('/api/cart/update', change(capped, 1))).status).toBe(200)
    const seatB = await server.db.selectFrom('seats').select('id').where('seat_key', '=', b.seat_id).executeTakeFirstOrThrow()
    const { cart_id: cartId } = await server.db.selectFrom('seat_holds').select('cart_id').where('calendar_id', '=', calendarId).where('seat_id', '=', seatB.id).where('released_at', 'is', null).executeTakeFirstOrThrow()
    const liveStands = () => server.db.selectFrom('standing_holds').select('id').where('cart_id', '=', cartId).where('released_at', 'is', null).execute()
    expect(await liveStands()).toHaveLength(1)
    const res = await orderPlace(v, a.seat_id, 1)
    expect(res.body.errorCode).toBe('0')
    const heldB = await server.db.selectFrom('seat_holds').select(['state', 'released_at']).where('calendar_id', '=', calendarId).where('seat_id', '=', seatB.id).execute()
    expect(heldB).toHaveLength(1)
    expect(heldB[0].released_at).not.toBeNull()
    expect(await liveStands()).toEqual([])
    expect((await v.post<CartAnswer>('/api/cart/list', { calendar_id: calendarId })).body.items).toEqual([])
  })
})
