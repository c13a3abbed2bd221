import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartResponseSchema } from '../../src/contract/entities/cart'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { loadScheme, placeRu, schemeOrderBody, seatChange, SseReader, visitor, type CartAnswer, type SchemeFx } from './scheme-helpers'

/**
 * Cart holds and order reservations this short (seconds), so expiry happens within the test. The
 * hold must outlast reading the map once after holding (several calls): with 1 s that read saw the
 * seats already free on the shared 2-core machine under load.
 */
const CART_HOLD_SECONDS = 3
const ORDER_RESERVE_SECONDS = 2
/** How long the test waits for the sweeper's release to be published (it sweeps every second here). */
const SWEEP_WAIT_MS = 8000

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe.each(TEST_DBS)('seat holds expire and seats return to sale on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx
  let seats: string[]

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { CART_HOLD_SECONDS: String(CART_HOLD_SECONDS), ORDER_RESERVE_SECONDS: String(ORDER_RESERVE_SECONDS) } })
    fx = await loadScheme(await visitor(server.url))
    seats = fx.map.seat_numbers.map((s) => s.seat_id)
  })
  afterAll(async () => {
    await server?.close()
  })

  const statusOf = async (keys: string[]) => {
    const map = await loadScheme(await visitor(server.url))
    const status = new Map(map.map.seat_numbers.map((s) => [s.seat_id, s.status]))
    return keys.map((k) => status.get(k))
  }

  it('a cart hold ends after CART_HOLD_SECONDS: the map shows the seat free, another visitor takes it, the stream says so', async () => {
    const stream = await SseReader.open(server.url, fx.calendarId)
    const a = await visitor(server.url)
    const b = await visitor(server.url)
    const [s1, s2] = seats.slice(0, 2)
    const held = cartResponseSchema.parse((await a.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s1), seatChange(fx, s2)] })).body)
    expect(held.hold_seconds).toBe(CART_HOLD_SECONDS)
    expect(await statusOf([s1, s2])).toEqual(['held', 'held'])
    await sleep(CART_HOLD_SECONDS * 1000 + 300)

    expect(await statusOf([s1, s2])).toEqual(['free', 'free'])
    expect((await a.post<CartAnswer>('/api/cart/list', { calendar_id: fx.calendarId })).body).toMatchObject({ items: [], hold_seconds: 0 })
    const taken = await b.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s1)] })
    expect(taken.status).toBe(200)
    expect(taken.body.items.map((i) => i.seat_id)).toEqual([s1])
    // s2 is released by the sweeper (nobody claimed it) and the release reaches open maps.
    await stream.waitFor((r) => r.latestStatus().get(s2) === 'free', SWEEP_WAIT_MS, `${s2} free after expiry`)
    stream.close()
    const released = await server.db.selectFrom('seat_holds as h').innerJoin('seats as s', 's.id', 'h.seat_id').select('h.released_at').where('s.seat_key', '=', s2).where('h.calendar_id', '=', fx.calendarId).execute()
    expect(released.every((h) => h.released_at !== null)).toBe(true)
  })

  it('an unpaid order past its reserve time is cancelled and its seats return to sale', async () => {
    const v = await visitor(server.url)
    const [s3, s4] = seats.slice(10, 12)
    const res = await v.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, [s3, s4]))
    expect(res.body.errorCode).toBe('0')
    expect(await statusOf([s3, s4])).toEqual(['sold', 'sold'])
    await sleep(ORDER_RESERVE_SECONDS * 1000 + 300)
    expect(await statusOf([s3, s4])).toEqual(['free', 'free'])
    const w = await visitor(server.url)
    const again = await w.post<{ errorCode: string }>('/api/order/create-scheme', await schemeOrderBody(w, fx, [s3]))
    expect(again.body.errorCode).toBe('0')
    const first = await server.db.selectFrom('orders').select('status').where('hash', '=', res.body.hash).executeTakeFirstOrThrow()
    expect(first.status).toBe(90)
  })

  it('a hold\'s expiry reaches an open map by itself: the stream says held, then free, and the release is written', async () => {
    // Issue 16.3: the sweeper wakes at the hold's expiry time and pokes the live feed; nothing
    // here reads the map or claims the seat, so only that path can free it.
    const stream = await SseReader.open(server.url, fx.calendarId)
    const [s6, s7] = seats.slice(30, 32)
    const a = await visitor(server.url)
    await a.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s6), seatChange(fx, s7)] })
    await stream.waitFor((r) => r.latestStatus().get(s6) === 'held', SWEEP_WAIT_MS, `${s6} held`)
    await stream.waitFor((r) => r.latestStatus().get(s6) === 'free' && r.latestStatus().get(s7) === 'free', SWEEP_WAIT_MS, `${s6} and ${s7} free after expiry`)
    stream.close()
    const order = stream.statusEvents().flatMap((e) => e.changes).filter((c) => c.seat_id === s6).map((c) => c.status)
    expect(order).toEqual(['held', 'free'])
    const holds = await server.db.selectFrom('seat_holds as h').innerJoin('seats as s', 's.id', 'h.seat_id').select(['h.released_at', 'h.expires_at']).where('s.seat_key', 'in', [s6, s7]).where('h.calendar_id', '=', fx.calendarId).execute()
    expect(holds).toHaveLength(2)
    // Released by the expiry, not before it.
    for (const h of holds) expect(Number(h.released_at)).toBeGreaterThanOrEqual(Number(h.expires_at))
  })

  it('a paid order keeps its seats after its reserve time', async () => {
    const v = await visitor(server.url)
    const [s5] = seats.slice(20, 21)
    const res = await v.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, [s5]))
    expect(res.body.errorCode).toBe('0')
    // Paid the way a payment marks it (the payment flow is another module's).
    await server.db.updateTable('orders').set({ paid: 1, paid_at: Date.now() }).where('hash', '=', res.body.hash).execute()
    await sleep(ORDER_RESERVE_SECONDS * 1000 + 300)
    expect(await statusOf([s5])).toEqual(['sold'])
    const w = await visitor(server.url)
    const refused = await w.post<{ errorCode: string; errorText: string }>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s5)] })
    expect(refused.status).toBe(409)
    expect(refused.body.errorText).toContain(placeRu(fx, s5))
  })
})
