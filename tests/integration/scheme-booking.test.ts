import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schemeMapResponseSchema, schemeResponseSchema } from '../../src/contract/entities/scheme'
import { cartResponseSchema } from '../../src/contract/entities/cart'
import { GIFT_CARD_TICKET_LIMIT, PROCULTURE_ONLY } from '../../src/contract/constants'
import { ErrorCode } from '../../src/contract/errors'
import { ORDER_NUMBER_BASE } from '../../src/server/domain/orders/constants'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { doubleSales, HALL_EVENT, loadScheme, placeRu, schemeOrderBody, seatChange, visitor, type CartAnswer, type SchemeFx } from './scheme-helpers'

describe.each(TEST_DBS)('seat-scheme booking on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx
  /** Seats of the first row of the map, handed out to the tests below so they never collide. */
  let seats: string[]

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    fx = await loadScheme(await visitor(server.url))
    seats = fx.map.seat_numbers.map((s) => s.seat_id)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('the 5,000-seat hall: header, sessions and map parse by the contract and agree', async () => {
    const v = await visitor(server.url)
    const head = schemeResponseSchema.parse((await v.post('/api/scheme', { hash: fx.hash })).body)
    expect(head.action.scheme).toBe(1)
    expect(fx.sessions.action.hash_id).toBe(fx.hash)
    expect(fx.sessions.calendar.length).toBeGreaterThan(0)
    expect(fx.sessions.calendar[0].quant).toBe(5000)
    expect(fx.map.seat_numbers).toHaveLength(5000)
    expect(new Set(seats).size).toBe(5000)
    expect(fx.map.svg).toContain('<svg')
    expect(fx.map.sectors.length).toBeGreaterThan(0)
    const zones = new Set(fx.map.seat_numbers.map((s) => s.zonelevel_id))
    const priced = new Set(fx.sessions.prices.filter((p) => p.calendar_id === fx.calendarId).map((p) => p.zonelevel_id))
    expect([...zones].every((z) => priced.has(z))).toBe(true)
    const sectorIds = new Set(fx.map.sectors.map((s) => s.sector_id))
    expect(fx.map.seat_numbers.every((s) => sectorIds.has(s.sector))).toBe(true)
    // Zone quantities add up to the session's free places.
    const byZone = fx.sessions.prices.filter((p) => p.calendar_id === fx.calendarId).reduce((n, p) => n + p.quantity, 0)
    expect(byZone).toBe(5000)
  })

  it('the 60,000-seat stadium map answers every seat, parsed by the contract', async () => {
    const stadium = await loadScheme(await visitor(server.url), 'stadium-rock')
    expect(stadium.map.seat_numbers).toHaveLength(60_000)
    expect(stadium.map.seat_numbers.every((s) => s.status === 'free')).toBe(true)
    expect(stadium.sessions.calendar[0].quant).toBe(60_000)
    // Sent gzipped to clients that accept it (about a tenth of the JSON).
    const v = await visitor(server.url)
    const res = await v.fetch('/api/scheme/map', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': v.token, 'x-requested-with': 'XMLHttpRequest', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ hash: stadium.hash, calendar_id: stadium.calendarId }),
    })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(schemeMapResponseSchema.parse(await res.json()).seat_numbers).toHaveLength(60_000)
  })

  it('an event not on sale yet shows its map and free-place counts of 0, and holds nothing', async () => {
    const v = await visitor(server.url)
    const soon = await loadScheme(v, 'new-year-gala')
    expect(soon.sessions.calendar.every((c) => c.quant === 0)).toBe(true)
    expect(soon.map.seat_numbers.length).toBeGreaterThan(0)
    const seat = soon.map.seat_numbers[0].seat_id
    const res = await v.post<CartAnswer>('/api/cart/update', { calendar_id: soon.calendarId, changes: [seatChange(soon, seat)] })
    expect(res.status).toBe(409)
    expect(res.body.errorText).toBe('Продажа билетов на это мероприятие ещё не открыта')
  })

  it('holds on selection, refuses a seat another session holds naming it, releases on deselect, restores after reload', async () => {
    const a = await visitor(server.url)
    const b = await visitor(server.url)
    const [s1, s2, s3] = seats.slice(0, 3)
    const held = await a.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s1), seatChange(fx, s2)] })
    expect(held.status).toBe(200)
    const cart = cartResponseSchema.parse(held.body)
    expect(cart.items.map((i) => i.seat_id).sort()).toEqual([s1, s2].sort())
    expect(cart.hold_seconds).toBeGreaterThan(0)
    expect(cart.hold_seconds).toBeLessThanOrEqual(600)
    expect(cart.limit_left).toBe(fx.sessions.action.demquantlimit - 2)

    // B asks for s3 and s2 together: refused naming s2, and s3 is not held either.
    const refused = await b.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s3), seatChange(fx, s2)] })
    expect(refused.status).toBe(409)
    expect(refused.body.errorCode).toBe(ErrorCode.UNAVAILABLE)
    expect(refused.body.errorText).toContain(placeRu(fx, s2))
    expect(refused.body.errorText).not.toContain(placeRu(fx, s3))
    expect((await b.post<CartAnswer>('/api/cart/list', { calendar_id: fx.calendarId })).body.items).toEqual([])

    const map = await loadScheme(b)
    const status = new Map(map.map.seat_numbers.map((s) => [s.seat_id, s.status]))
    expect([status.get(s1), status.get(s2), status.get(s3)]).toEqual(['held', 'held', 'free'])

    // A reloads: the cart comes back with its countdown.
    const again = cartResponseSchema.parse((await a.post('/api/cart/list', { calendar_id: fx.calendarId })).body)
    expect(again.items.map((i) => i.seat_id).sort()).toEqual([s1, s2].sort())
    expect(again.hold_seconds).toBeGreaterThan(0)

    // A deselects s2; now B gets it.
    const released = cartResponseSchema.parse((await a.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s2, 0)] })).body)
    expect(released.items.map((i) => i.seat_id)).toEqual([s1])
    const got = await b.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s2)] })
    expect(got.status).toBe(200)
    expect(got.body.items.map((i) => i.seat_id)).toEqual([s2])
  })

  it('enforces the per-order limit across the cart and refuses unknown places and prices', async () => {
    const v = await visitor(server.url)
    const limit = fx.sessions.action.demquantlimit
    const mine = seats.slice(10, 10 + limit + 1)
    const first = await v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: mine.slice(0, limit - 1).map((s) => seatChange(fx, s)) })
    expect(first.status).toBe(200)
    const over = await v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: mine.slice(limit - 1).map((s) => seatChange(fx, s)) })
    expect(over.body.errorCode).toBe(ErrorCode.LIMIT)
    expect(over.body.errorText).toMatch(/Достигнут лимит количества билетов в одном заказе/)
    expect((await v.post<CartAnswer>('/api/cart/list', { calendar_id: fx.calendarId })).body.items).toHaveLength(limit - 1)

    const unknown = await v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [{ seat_id: 'no-such-seat', clientcategory_id: 1, quantity: 1 }] })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errorText).toContain('no-such-seat')
    const badCategory = await v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [{ ...seatChange(fx, seats[30]), clientcategory_id: 99999 }] })
    expect(badCategory.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    const twoOfASeat = await v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [{ ...seatChange(fx, seats[30]), quantity: 2 }] })
    expect(twoOfASeat.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    const noSession = await v.post<CartAnswer>('/api/cart/update', { calendar_id: 987654, changes: [seatChange(fx, seats[30])] })
    expect(noSession.status).toBe(404)
    const malformed = await v.post<CartAnswer>('/api/cart/update', { calendar_id: 'x', changes: [] })
    expect(malformed.status).toBe(400)
    expect(malformed.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
  })

  it('the cart list answers limit_left by the payment method the call says: the gift card\'s is 1 ticket', async () => {
    // The demo's seat-map event that takes the gift card (seed/catalog-data.ts, on the hall).
    const gift = await loadScheme(await visitor(server.url), 'tchaikovsky')
    const v = await visitor(server.url)
    const limit = gift.sessions.action.demquantlimit
    expect(limit).toBeGreaterThan(2)
    const list = async (flag?: 0 | 1) => cartResponseSchema.parse((await v.post('/api/cart/list', { calendar_id: gift.calendarId, ...(flag === undefined ? {} : { USE_PUSHKIN_CARD: flag }) })).body).limit_left
    expect(await list(1)).toBe(GIFT_CARD_TICKET_LIMIT)
    expect(await list()).toBe(limit)
    // Two seats held by the bank card, each at its zone's first row the bank card may use.
    const bankChange = (seatId: string, quantity: 0 | 1) => {
      const zone = gift.map.seat_numbers.find((s) => s.seat_id === seatId)!.zonelevel_id
      const row = gift.sessions.prices.find((p) => p.calendar_id === gift.calendarId && p.zonelevel_id === zone && p.useproculture !== PROCULTURE_ONLY && p.for_subscription !== 1)!
      return { seat_id: seatId, clientcategory_id: row.clientcategory_id, quantity }
    }
    const [s1, s2] = gift.map.seat_numbers.filter((s) => s.status === 'free').slice(0, 2).map((s) => s.seat_id)
    expect((await v.post('/api/cart/update', { calendar_id: gift.calendarId, changes: [bankChange(s1, 1), bankChange(s2, 1)] })).status).toBe(200)
    expect(await list()).toBe(limit - 2)
    expect(await list(0)).toBe(limit - 2)
    // By the gift card nothing is left (never below 0), so the page knows the cart is over it.
    expect(await list(1)).toBe(0)
    expect((await v.post('/api/cart/update', { calendar_id: gift.calendarId, changes: [bankChange(s2, 0)] })).status).toBe(200)
    expect(await list(1)).toBe(0)
    expect(await list()).toBe(limit - 1)
    // Extending the hold answers by the method it is sent with too.
    const extended = await v.post<CartAnswer>('/api/cart/extend', { calendar_id: gift.calendarId, USE_PUSHKIN_CARD: 1 })
    expect(extended.status).toBe(200)
    expect(extended.body.limit_left).toBe(0)
    // An event without the gift card refuses the flag as a cart change does (-9996), and extends nothing.
    const hall = await v.post<CartAnswer>('/api/cart/list', { calendar_id: fx.calendarId, USE_PUSHKIN_CARD: 1 })
    expect(hall.body.errorCode).toBe(ErrorCode.UNKNOWN_PAYMENT_METHOD)
    await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seats[90])] })
    const hallExtend = await v.post<CartAnswer>('/api/cart/extend', { calendar_id: fx.calendarId, USE_PUSHKIN_CARD: 1 })
    expect(hallExtend.body.errorCode).toBe(ErrorCode.UNKNOWN_PAYMENT_METHOD)
    const noExtension = await v.post<{ extensions_left: number }>('/api/cart/extend', { calendar_id: fx.calendarId })
    expect(noExtension.status).toBe(200)
    expect(noExtension.body.extensions_left).toBe(server.config.cartHoldExtensions - 1)
  })

  it('create-scheme turns the cart into an order, claims seats not held yet, prices on the server and empties the cart', async () => {
    const v = await visitor(server.url)
    const [inCart, extra, leftover] = seats.slice(40, 43)
    await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, inCart), seatChange(fx, leftover)] })
    const body = await schemeOrderBody(v, fx, [inCart, extra])
    const res = await v.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', body)
    expect(res.status).toBe(200)
    expect(res.body.errorCode).toBe('0')

    const order = await server.db.selectFrom('orders').selectAll().where('hash', '=', res.body.hash).executeTakeFirstOrThrow()
    expect(order.ord_num).toBe(ORDER_NUMBER_BASE + order.id)
    const lines = await server.db.selectFrom('order_lines as l').innerJoin('seats as s', 's.id', 'l.seat_id').select(['s.seat_key', 'l.price', 'l.service_fee', 'l.cost']).where('l.order_id', '=', order.id).execute()
    expect(lines.map((l) => l.seat_key).sort()).toEqual([inCart, extra].sort())
    const priceOf = (key: string) => {
      const zone = fx.map.seat_numbers.find((s) => s.seat_id === key)!.zonelevel_id
      return fx.sessions.prices.find((p) => p.calendar_id === fx.calendarId && p.zonelevel_id === zone)!
    }
    const expected = [inCart, extra].reduce((sum, k) => {
      const p = priceOf(k)
      const fee = p.currency_id === 2 ? Math.round(p.price * 100 * p.priceservise) / 100 : p.priceservise * 100
      return sum + p.price * 100 + fee
    }, 0)
    expect(order.total).toBe(expected)
    expect(lines.every((l) => l.cost === l.price + l.service_fee)).toBe(true)

    const map = await loadScheme(v)
    const status = new Map(map.map.seat_numbers.map((s) => [s.seat_id, s.status]))
    expect([status.get(inCart), status.get(extra), status.get(leftover)]).toEqual(['sold', 'sold', 'free'])
    expect((await v.post<CartAnswer>('/api/cart/list', { calendar_id: fx.calendarId })).body.items).toEqual([])
    expect(await doubleSales(server.db, fx.calendarId)).toEqual([])
  })

  it('create-scheme moves cart seats of two price rows to the order (their holds, not new claims) and releases the rest of the cart', async () => {
    const v = await visitor(server.url)
    const zoneOf = (key: string) => fx.map.seat_numbers.find((s) => s.seat_id === key)!.zonelevel_id
    const pool = seats.slice(200)
    const first = pool[0]
    const second = pool.find((k) => zoneOf(k) !== zoneOf(first))!
    const leftover = pool.find((k) => k !== first && k !== second)!
    expect(second).toBeDefined()
    for (const k of [first, second, leftover]) expect((await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, k)] })).status).toBe(200)
    const holdIdsOf = async (keys: string[]) =>
      (await server.db.selectFrom('seat_holds as h').innerJoin('seats as s', 's.id', 'h.seat_id').select(['s.seat_key', 'h.id', 'h.state', 'h.order_id', 'h.released_at']).where('h.calendar_id', '=', fx.calendarId).where('s.seat_key', 'in', keys).orderBy('h.id').execute())
    const before = await holdIdsOf([first, second, leftover])
    const res = await v.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, [first, second]))
    expect(res.body.errorCode).toBe('0')
    const order = await server.db.selectFrom('orders').select(['id', 'ord_num']).where('hash', '=', res.body.hash).executeTakeFirstOrThrow()
    expect(order.ord_num).toBe(ORDER_NUMBER_BASE + order.id)
    const after = await holdIdsOf([first, second, leftover])
    // The same hold rows, no new ones: the ordered seats' holds now belong to the order.
    expect(after.map((h) => h.id)).toEqual(before.map((h) => h.id))
    const byKey = new Map(after.map((h) => [h.seat_key, h]))
    for (const k of [first, second]) expect(byKey.get(k)).toMatchObject({ state: 'order', order_id: order.id, released_at: null })
    expect(byKey.get(leftover)!.released_at).not.toBeNull()
    const prices = await server.db.selectFrom('order_lines').select('price_id').where('order_id', '=', order.id).execute()
    expect(new Set(prices.map((p) => p.price_id)).size).toBe(2)
    expect(await doubleSales(server.db, fx.calendarId)).toEqual([])
  })

  it('create-scheme fails as a whole naming a seat someone else holds: nothing is held or ordered', async () => {
    const other = await visitor(server.url)
    const v = await visitor(server.url)
    const [theirs, free1, free2] = seats.slice(50, 53)
    await other.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, theirs)] })
    const before = await server.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    const res = await v.post<{ errorCode: string; errorText: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, [free1, theirs, free2]))
    expect(res.status).toBe(409)
    expect(res.body.errorCode).toBe(ErrorCode.UNAVAILABLE)
    expect(res.body.errorText).toContain(placeRu(fx, theirs))
    expect(res.body.errorText).not.toContain(placeRu(fx, free1))
    const after = await server.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
    const map = await loadScheme(v)
    const status = new Map(map.map.seat_numbers.map((s) => [s.seat_id, s.status]))
    expect([status.get(theirs), status.get(free1), status.get(free2)]).toEqual(['held', 'free', 'free'])
  })

  it('create-scheme refuses bad buyer data, missing agreements, over-limit and foreign sessions with clear codes', async () => {
    const v = await visitor(server.url)
    const mine = seats.slice(60, 62)
    const badMail = await v.post<{ errorCode: string; errorText: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, mine, { email: 'nope', re_email: 'nope' }))
    expect(badMail.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    expect(badMail.body.errorText).toBe('Проверьте данные покупателя: e-mail')
    const noConsent = await v.post<{ errorCode: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, mine, { checkboxList: [] }))
    expect(noConsent.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    const tooMany = seats.slice(70, 70 + fx.sessions.action.demquantlimit + 1)
    const over = await v.post<{ errorCode: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, tooMany))
    expect(over.body.errorCode).toBe(ErrorCode.LIMIT)
    // Three refusals from one address: its next order must solve the captcha (the orders domain's guard).
    const captcha = await v.post<{ errorCode: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, mine))
    expect(captcha.body.errorCode).toBe(ErrorCode.CAPTCHA)
    const w = await visitor(server.url)
    const wrongEvent = await w.post<{ errorCode: string; errorText: string }>('/api/order/create-scheme', await schemeOrderBody(w, fx, mine, { action_id: 'another-hash' }))
    expect(wrongEvent.status).toBe(404)
    expect(wrongEvent.body.errorCode).toBe(ErrorCode.NOT_FOUND)
    const map = await loadScheme(v, HALL_EVENT)
    const status = new Map(map.map.seat_numbers.map((s) => [s.seat_id, s.status]))
    expect([...mine, ...tooMany].every((s) => status.get(s) === 'free')).toBe(true)
  })
})
