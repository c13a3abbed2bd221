import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { cartTotals } from '../../src/app/screens/scheme/model/totals'
import type { CartItem } from '../../src/contract/entities/cart'
import { signCrmToken } from '../../src/server/crm/token'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { loadScheme, placeRu, schemeOrderBody, seatChange, visitor, type CartAnswer, type SchemeFx } from './scheme-helpers'

/** Demo seat-map event with a subscription price row in its first zone (catalog-data: subscriptionPrices). */
const SUBSCRIPTION_EVENT = 'rachmaninoff'
/** Reserve time short enough to wait for: the expiry test needs an unpaid order to lapse. */
const ORDER_RESERVE_SECONDS = 2
/** How long the expiry test waits for the quant to come back before giving up. */
const EXPIRY_WAIT_MS = 10_000
const POLL_MS = 200
/** A non-zero subscription price, so the expiry test's order stays unpaid (a free order is paid at once). */
const PAID_SUBSCRIPTION_PRICE = 10_000

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface OrderAnswer {
  errorCode: string
  errorText?: string
  hash?: string
}

describe.each(TEST_DBS)('subscription orders on seat maps on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx
  let eventId: number
  /** Seats of the zone that has a subscription price, handed out so tests never collide. */
  let subSeats: string[]
  let subRowId: number

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { ORDER_RESERVE_SECONDS: String(ORDER_RESERVE_SECONDS) } })
    fx = await loadScheme(await visitor(server.url), SUBSCRIPTION_EVENT)
    eventId = (await server.db.selectFrom('events').select('id').where('hash_id', '=', fx.hash).executeTakeFirstOrThrow()).id
    const row = await server.db.selectFrom('prices').select(['id', 'zone_id']).where('calendar_id', '=', fx.calendarId).where('for_subscription', '=', 1).executeTakeFirstOrThrow()
    subRowId = row.id
    subSeats = fx.map.seat_numbers.filter((s) => s.zonelevel_id === row.zone_id).map((s) => s.seat_id)
    expect(subSeats.length).toBeGreaterThan(20)
  })
  afterAll(async () => {
    await server?.close()
  })

  /** A CRM client with a subscription of `quant` tickets to the event, signed in on a fresh visitor. */
  const member = async (quant: number, email: string) => {
    const client = await server.db.insertInto('crm_clients').values({ first_name: 'Анна', email, created_at: Date.now() }).returning('id').executeTakeFirstOrThrow()
    const sub = await server.db.insertInto('crm_subscriptions').values({ crm_client_id: client.id, event_id: eventId, quant }).returning('id').executeTakeFirstOrThrow()
    const v = await visitor(server.url)
    const token = signCrmToken(server.config.crmSecret, { id: client.id, exp: Math.floor(Date.now() / 1000) + 600 })
    expect((await v.post('/api/crm/client-info', { token })).status).toBe(200)
    const quantLeft = async () => (await server.db.selectFrom('crm_subscriptions').select('quant').where('id', '=', sub.id).executeTakeFirstOrThrow()).quant
    return { v, clientId: client.id, subId: sub.id, quantLeft }
  }
  const liveHolds = async (keys: string[]) =>
    server.db
      .selectFrom('seat_holds as h')
      .innerJoin('seats as s', 's.id', 'h.seat_id')
      .select('s.seat_key')
      .where('h.calendar_id', '=', fx.calendarId)
      .where('h.released_at', 'is', null)
      .where('s.seat_key', 'in', keys)
      .execute()

  it('a subscription seat order succeeds, is priced by the subscription row and takes the quant down', async () => {
    const m = await member(3, 'sub-ok@example.org')
    const [s1, s2] = subSeats.slice(0, 2)
    // One seat held in the cart first (the app's path), the other claimed by the order itself.
    expect((await m.v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s1)] })).status).toBe(200)
    const res = await m.v.post<OrderAnswer>('/api/order/create-scheme', await schemeOrderBody(m.v, fx, [s1, s2], { crmClient: { subscritId: m.subId } }))
    expect(res.body).toMatchObject({ errorCode: '0' })
    expect(await m.quantLeft()).toBe(1)
    const order = await server.db.selectFrom('orders').select(['id', 'crm_client_id', 'crm_subscription_id', 'total']).where('hash', '=', res.body.hash!).executeTakeFirstOrThrow()
    expect(order).toMatchObject({ crm_client_id: m.clientId, crm_subscription_id: m.subId, total: 0 })
    const lines = await server.db.selectFrom('order_lines').select(['price_id', 'crm_subscription_id']).where('order_id', '=', order.id).execute()
    expect(lines).toEqual([
      { price_id: subRowId, crm_subscription_id: m.subId },
      { price_id: subRowId, crm_subscription_id: m.subId },
    ])
    expect((await liveHolds([s1, s2])).map((h) => h.seat_key).sort()).toEqual([s1, s2].sort())
  })

  it('sessions list the subscription rows; the cart prices seats by them and the order costs what the cart showed', async () => {
    const subRows = fx.sessions.prices.filter((p) => p.calendar_id === fx.calendarId && p.for_subscription === 1)
    expect(subRows.map((r) => r.zonelevel_id)).toEqual([fx.map.seat_numbers.find((x) => x.seat_id === subSeats[0])!.zonelevel_id])
    // A non-zero subscription price (the demo's is 0), with a money fee, so a wrong price shows.
    await server.db.updateTable('prices').set({ price: 120_000, priceservise: 5_000, currency_id: 1 }).where('id', '=', subRowId).execute()
    const m = await member(3, 'sub-price@example.org')
    const seats = subSeats.slice(40, 42)
    const cart = await m.v.post<Omit<CartAnswer, 'items'> & { items: CartItem[] }>('/api/cart/update', { calendar_id: fx.calendarId, changes: seats.map((x) => seatChange(fx, x)), subscritId: m.subId })
    expect(cart.status).toBe(200)
    expect(cart.body.items.map((i) => [i.price, i.priceservise, i.for_subscription])).toEqual([[1200, 50, 1], [1200, 50, 1]])
    const shown = cartTotals(cart.body.items)
    expect(shown).toEqual({ count: 2, tickets: 2400, fee: 100, total: 2500 })
    // The restored cart (/api/cart/list) shows the same prices.
    const listed = await m.v.post<Omit<CartAnswer, 'items'> & { items: CartItem[] }>('/api/cart/list', { calendar_id: fx.calendarId })
    expect(cartTotals(listed.body.items)).toEqual(shown)
    const res = await m.v.post<OrderAnswer>('/api/order/create-scheme', await schemeOrderBody(m.v, fx, seats, { crmClient: { subscritId: m.subId } }))
    expect(res.body).toMatchObject({ errorCode: '0' })
    const order = await server.db.selectFrom('orders').select(['total', 'service_total']).where('hash', '=', res.body.hash!).executeTakeFirstOrThrow()
    expect(order).toEqual({ total: 250_000, service_total: 10_000 })
    await server.db.updateTable('prices').set({ price: 0, priceservise: 0 }).where('id', '=', subRowId).execute()
  })

  it('the cart refuses a seat of a zone the subscription does not cover, before it is held', async () => {
    const m = await member(2, 'sub-cart-zone@example.org')
    const outside = fx.map.seat_numbers.find((x) => !subSeats.includes(x.seat_id) && x.status === 'free')!.seat_id
    const res = await m.v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, outside)], subscritId: m.subId })
    expect(res.status).toBe(400)
    expect(res.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    expect(await liveHolds([outside])).toEqual([])
  })

  it('more seats than the subscription has left: refused, nothing held, quant untouched', async () => {
    const m = await member(2, 'sub-few@example.org')
    const asked = subSeats.slice(5, 8)
    const res = await m.v.post<OrderAnswer>('/api/order/create-scheme', await schemeOrderBody(m.v, fx, asked, { crmClient: { subscritId: m.subId } }))
    expect(res.body).toMatchObject({ errorCode: ErrorCode.LIMIT, errorText: 'По абонементу осталось билетов: 2 (запрошено 3)' })
    expect(await liveHolds(asked)).toEqual([])
    expect(await m.quantLeft()).toBe(2)
  })

  it("a client without that subscription, or nobody signed in, is refused whatever the body says", async () => {
    const owner = await member(5, 'sub-owner@example.org')
    const other = await member(5, 'sub-other@example.org')
    const [s1] = subSeats.slice(10, 11)
    const stolen = await other.v.post<OrderAnswer>('/api/order/create-scheme', await schemeOrderBody(other.v, fx, [s1], { crmClient: { id: String(owner.clientId), subscritId: owner.subId } }))
    expect(stolen.body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST, errorText: expect.stringMatching(/не принадлежит вам/) })
    const anonymous = await visitor(server.url)
    const anon = await anonymous.post<OrderAnswer>('/api/order/create-scheme', await schemeOrderBody(anonymous, fx, [s1], { crmClient: { id: String(owner.clientId), subscritId: owner.subId } }))
    expect(anon.body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST, errorText: expect.stringMatching(/войдите в личный кабинет/) })
    expect(await liveHolds([s1])).toEqual([])
    expect(await owner.quantLeft()).toBe(5)
  })

  it('a seat outside the subscription zone is refused with the reason', async () => {
    const m = await member(2, 'sub-zone@example.org')
    const outside = fx.map.seat_numbers.find((s) => !subSeats.includes(s.seat_id))!.seat_id
    const res = await m.v.post<OrderAnswer>('/api/order/create-scheme', await schemeOrderBody(m.v, fx, [outside], { crmClient: { subscritId: m.subId } }))
    expect(res.body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST, errorText: `${placeRu(fx, outside)}: не продаётся по абонементу на этот сеанс` })
    expect(await m.quantLeft()).toBe(2)
  })

  it('the cart holds no more seats than the subscription has left: the same limit answer as the order, nothing changed', async () => {
    const m = await member(2, 'sub-cart@example.org')
    const [s1, s2, s3, s4] = subSeats.slice(20, 24)
    const update = (seats: string[], extra: Record<string, unknown> = { subscritId: m.subId }) =>
      m.v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: seats.map((s) => seatChange(fx, s)), ...extra })
    const cartKeys = async () => (await m.v.post<CartAnswer>('/api/cart/list', { calendar_id: fx.calendarId })).body.items.map((i) => i.seat_id).sort()

    // Three at once from an empty cart: refused as a whole.
    const allAtOnce = await update([s1, s2, s3])
    expect(allAtOnce.status).toBe(400)
    expect(allAtOnce.body).toMatchObject({ errorCode: ErrorCode.LIMIT, errorText: 'По абонементу осталось билетов: 2 (запрошено 3)' })
    expect(await liveHolds([s1, s2, s3])).toEqual([])

    const two = await update([s1, s2])
    expect(two.status).toBe(200)
    expect(two.body.limit_left).toBe(0)
    const third = await update([s3])
    expect(third.body).toMatchObject({ errorCode: ErrorCode.LIMIT, errorText: 'По абонементу осталось билетов: 2 (запрошено 3)' })
    expect(await cartKeys()).toEqual([s1, s2].sort())
    expect((await liveHolds([s1, s2, s3])).map((h) => h.seat_key).sort()).toEqual([s1, s2].sort())
    // Swapping a seat within the cap is fine; the subscription itself is only spent by the order.
    expect((await m.v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s2, 0), seatChange(fx, s3)], subscritId: m.subId })).status).toBe(200)
    expect(await cartKeys()).toEqual([s1, s3].sort())
    expect(await m.quantLeft()).toBe(2)
    // Buying at normal prices (no subscritId) the order limit applies instead.
    expect((await update([s4], {})).status).toBe(200)
    expect(await cartKeys()).toEqual([s1, s3, s4].sort())
    await m.v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [s1, s3, s4].map((s) => seatChange(fx, s, 0)) })
  })

  it("the cart refuses a subscription that is not the signed-in client's, holding nothing", async () => {
    const owner = await member(5, 'sub-cart-owner@example.org')
    const other = await member(5, 'sub-cart-other@example.org')
    const [s1] = subSeats.slice(30, 31)
    const body = { calendar_id: fx.calendarId, changes: [seatChange(fx, s1)], subscritId: owner.subId }
    const stolen = await other.v.post<CartAnswer>('/api/cart/update', body)
    expect(stolen.body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST, errorText: expect.stringMatching(/не принадлежит вам/) })
    const anonymous = await visitor(server.url)
    const anon = await anonymous.post<CartAnswer>('/api/cart/update', body)
    expect(anon.body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST, errorText: expect.stringMatching(/войдите в личный кабинет/) })
    expect(await liveHolds([s1])).toEqual([])
  })

  it('an unpaid subscription order past its reserve time gives the quant back and frees its seats', async () => {
    await server.db.updateTable('prices').set({ price: PAID_SUBSCRIPTION_PRICE }).where('id', '=', subRowId).execute()
    const m = await member(2, 'sub-expiry@example.org')
    const seats = subSeats.slice(15, 17)
    const res = await m.v.post<OrderAnswer>('/api/order/create-scheme', await schemeOrderBody(m.v, fx, seats, { crmClient: { subscritId: m.subId } }))
    expect(res.body).toMatchObject({ errorCode: '0' })
    expect(await m.quantLeft()).toBe(0)
    const deadline = Date.now() + EXPIRY_WAIT_MS
    while ((await m.quantLeft()) !== 2 && Date.now() < deadline) await sleep(POLL_MS)
    expect(await m.quantLeft()).toBe(2)
    expect(await liveHolds(seats)).toEqual([])
    const order = await server.db.selectFrom('orders').select('cancelled_at').where('hash', '=', res.body.hash!).executeTakeFirstOrThrow()
    expect(order.cancelled_at).not.toBeNull()
  })
})
