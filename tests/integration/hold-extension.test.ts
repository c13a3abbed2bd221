import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartResponseSchema } from '../../src/contract/entities/cart'
import { ErrorCode } from '../../src/contract/errors'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { loadScheme, schemeOrderBody, seatChange, visitor, type SchemeFx } from './scheme-helpers'

/**
 * Extending the cart's hold (issue 20 item 4, WCAG 2.2.1): by the original hold time, a bounded
 * number of times per countdown, never past the session's off-sale time; every refusal changes
 * nothing. Hold times are short so one extension is visible within the test.
 */
const CART_HOLD_SECONDS = 4
const CART_HOLD_EXTENSIONS = 3
const ORDER_RESERVE_SECONDS = 60
const ORDER_RESERVE_EXTENSIONS = 2

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe.each(TEST_DBS)('cart hold extension on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx
  let seats: string[]

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { CART_HOLD_SECONDS: String(CART_HOLD_SECONDS), CART_HOLD_EXTENSIONS: String(CART_HOLD_EXTENSIONS), ORDER_RESERVE_SECONDS: String(ORDER_RESERVE_SECONDS), ORDER_RESERVE_EXTENSIONS: String(ORDER_RESERVE_EXTENSIONS) } })
    fx = await loadScheme(await visitor(server.url))
    seats = fx.map.seat_numbers.map((s) => s.seat_id)
  })
  afterAll(async () => {
    await server?.close()
  })

  /** The hold ends of `keys` in this session, as stored. */
  const holdEnds = async (keys: string[]) => {
    const rows = await server.db
      .selectFrom('seat_holds as h')
      .innerJoin('seats as s', 's.id', 'h.seat_id')
      .select(['s.seat_key', 'h.expires_at'])
      .where('s.seat_key', 'in', keys)
      .where('h.calendar_id', '=', fx.calendarId)
      .where('h.released_at', 'is', null)
      .execute()
    return keys.map((k) => Number(rows.find((r) => r.seat_key === k)?.expires_at))
  }

  it('moves every hold of the cart by the hold time, keeps the seats past the first end, and stops after the allowed count', async () => {
    const a = await visitor(server.url)
    const [s1, s2] = seats.slice(0, 2)
    const held = cartResponseSchema.parse((await a.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s1), seatChange(fx, s2)] })).body)
    expect(held.hold_seconds).toBe(CART_HOLD_SECONDS)
    const [end1, end2] = await holdEnds([s1, s2])
    expect(end1).toBe(end2)

    const once = await a.post('/api/cart/extend', { calendar_id: fx.calendarId })
    expect(once.status).toBe(200)
    const answer = cartResponseSchema.parse(once.body)
    expect(answer.extensions_left).toBe(CART_HOLD_EXTENSIONS - 1)
    expect(answer.items.map((i) => i.seat_id).sort()).toEqual([s1, s2].sort())
    expect(answer.hold_seconds).toBeGreaterThan(CART_HOLD_SECONDS)
    expect(await holdEnds([s1, s2])).toEqual([end1 + CART_HOLD_SECONDS * 1000, end1 + CART_HOLD_SECONDS * 1000])

    // Past the first end the seats are still this cart's: another visitor cannot take them.
    await sleep(Math.max(0, end1 - Date.now()) + 500)
    const b = await visitor(server.url)
    const refused = await b.post<{ errorCode: string }>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s1)] })
    expect(refused.status).toBe(409)
    expect(refused.body.errorCode).toBe(ErrorCode.UNAVAILABLE)

    for (let k = 2; k <= CART_HOLD_EXTENSIONS; k++) {
      const next = await a.post<{ extensions_left: number }>('/api/cart/extend', { calendar_id: fx.calendarId })
      expect(next.status).toBe(200)
      expect(next.body.extensions_left).toBe(CART_HOLD_EXTENSIONS - k)
    }
    const ends = await holdEnds([s1, s2])
    const over = await a.post<{ errorCode: string; errorText: string }>('/api/cart/extend', { calendar_id: fx.calendarId })
    expect(over.status).toBe(409)
    expect(over.body.errorCode).toBe(ErrorCode.LIMIT)
    expect(over.body.errorText).toMatch(String(CART_HOLD_EXTENSIONS))
    expect(await holdEnds([s1, s2])).toEqual(ends)

    // Letting the seats go and choosing again starts a new countdown, with its own extensions.
    await a.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s1, 0), seatChange(fx, s2, 0)] })
    await a.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s2)] })
    const fresh = await a.post<{ extensions_left: number }>('/api/cart/extend', { calendar_id: fx.calendarId })
    expect(fresh.status).toBe(200)
    expect(fresh.body.extensions_left).toBe(CART_HOLD_EXTENSIONS - 1)
  })

  it('refuses with nothing held, and touches nobody else\'s holds', async () => {
    const a = await visitor(server.url)
    const b = await visitor(server.url)
    const [s3] = seats.slice(10, 11)
    await b.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s3)] })
    const before = await holdEnds([s3])
    const res = await a.post<{ errorCode: string; errorText: string }>('/api/cart/extend', { calendar_id: fx.calendarId })
    expect(res.status).toBe(409)
    expect(res.body.errorCode).toBe(ErrorCode.UNAVAILABLE)
    expect(res.body.errorText).toMatch(/забронированы/)
    expect(await holdEnds([s3])).toEqual(before)
    const bad = await a.post<{ errorCode: string }>('/api/cart/extend', { calendar_id: 'x' })
    expect(bad.status).toBe(400)
    expect(bad.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
  })

  it('never extends past the session\'s off-sale time', async () => {
    const a = await visitor(server.url)
    const [s4] = seats.slice(20, 21)
    await a.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s4)] })
    const [end] = await holdEnds([s4])
    const saleTo = async (t: number | null) => server.db.updateTable('calendars').set({ sale_to: t }).where('id', '=', fx.calendarId).execute()
    try {
      // Sales end before the hold does: nothing to extend into.
      await saleTo(Math.min(end - 1000, Date.now() + 60_000))
      const refused = await a.post<{ errorCode: string }>('/api/cart/extend', { calendar_id: fx.calendarId })
      expect(refused.status).toBe(409)
      expect(await holdEnds([s4])).toEqual([end])
      // Sales end one second after the hold: the extension stops there.
      await saleTo(end + 1000)
      const capped = await a.post('/api/cart/extend', { calendar_id: fx.calendarId })
      expect(capped.status).toBe(200)
      expect(await holdEnds([s4])).toEqual([end + 1000])
    } finally {
      await saleTo(null)
    }
  })

  it('never extends while the session\'s waiting room is admitting others', async () => {
    const a = await visitor(server.url)
    const [s7] = seats.slice(50, 51)
    await a.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s7)] })
    const [end] = await holdEnds([s7])
    const now = Date.now()
    // On sale a minute ago at one place a minute, ten places handed out: nine are still waiting.
    await server.db
      .insertInto('waiting_rooms')
      .values({ calendar_id: fx.calendarId, enabled: 1, opens_at: now - 60_000, admit_per_minute: 1, drawn_at: now - 60_000, next_position: 10, updated_at: now, auto_per_minute: null })
      .execute()
    // Those nine are still asking (a place silent for ASK_SILENT_MS is passed: room.ts admittingOthers).
    await server.db
      .insertInto('waiting_visitors')
      .values(Array.from({ length: 9 }, (_, i) => ({ calendar_id: fx.calendarId, session_id: `waiting-${i}`, joined_at: now, draw_key: i, position: i + 2, asked_at: now })))
      .execute()
    try {
      const refused = await a.post<{ errorCode: string; errorText: string }>('/api/cart/extend', { calendar_id: fx.calendarId })
      expect(refused.status).toBe(409)
      expect(refused.body.errorCode).toBe(ErrorCode.UNAVAILABLE)
      expect(refused.body.errorText).toMatch(/очеред/)
      expect(await holdEnds([s7])).toEqual([end])
      // Everyone who joined has been admitted: extensions are back.
      await server.db.updateTable('waiting_rooms').set({ admitted: 10 }).where('calendar_id', '=', fx.calendarId).execute()
      const allowed = await a.post('/api/cart/extend', { calendar_id: fx.calendarId })
      expect(allowed.status).toBe(200)
      expect(await holdEnds([s7])).toEqual([end + CART_HOLD_SECONDS * 1000])
    } finally {
      await server.db.deleteFrom('waiting_rooms').where('calendar_id', '=', fx.calendarId).execute()
      await server.db.deleteFrom('waiting_visitors').where('calendar_id', '=', fx.calendarId).execute()
    }
  })

  it('extends an unpaid order\'s time to pay with its seats, a bounded number of times, and never a paid one', async () => {
    const v = await visitor(server.url)
    const [s5, s6] = seats.slice(30, 32)
    const created = await v.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, [s5, s6]))
    expect(created.body.errorCode).toBe('0')
    const hash = created.body.hash
    const order = () => server.db.selectFrom('orders').select(['id', 'reserve_until', 'paid']).where('hash', '=', hash).executeTakeFirstOrThrow()
    const before = Number((await order()).reserve_until)
    expect(await holdEnds([s5, s6])).toEqual([before, before])

    const once = await v.post<{ errorCode: string; reservetime: number; extensions_left: number }>('/api/order/extend', { hash, lang: 'en' })
    expect(once.status).toBe(200)
    expect(once.body).toMatchObject({ errorCode: '0', extensions_left: ORDER_RESERVE_EXTENSIONS - 1 })
    expect(once.body.reservetime).toBeGreaterThan(ORDER_RESERVE_SECONDS)
    const after = Number((await order()).reserve_until)
    expect(after).toBe(before + ORDER_RESERVE_SECONDS * 1000)
    expect(await holdEnds([s5, s6])).toEqual([after, after])
    // The order view counts down from the new end.
    const view = await v.post<{ reservetime: number }>('/api/order/view', { hash, lang: 'en' })
    expect(view.body.reservetime).toBeGreaterThan(ORDER_RESERVE_SECONDS)

    expect((await v.post('/api/order/extend', { hash, lang: 'en' })).status).toBe(200)
    const over = await v.post<{ errorCode: string; errorText: string }>('/api/order/extend', { hash, lang: 'en' })
    expect(over.status).toBe(409)
    expect(over.body.errorCode).toBe(ErrorCode.LIMIT)
    expect(over.body.errorText).toMatch(/extended 2 times/)

    // A paid order has nothing to extend; an unknown one is not found; a malformed hash is refused.
    const w = await visitor(server.url)
    const paidOrder = await w.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', await schemeOrderBody(w, fx, [seats[40]]))
    await server.db.updateTable('orders').set({ paid: 1 }).where('hash', '=', paidOrder.body.hash).execute()
    const paid = await w.post<{ errorCode: string }>('/api/order/extend', { hash: paidOrder.body.hash, lang: 'en' })
    expect(paid.status).toBe(409)
    expect((await w.post('/api/order/extend', { hash: 'no-such-order', lang: 'en' })).status).toBe(404)
    const bad = await w.post<{ errorCode: string }>('/api/order/extend', { hash: 'bad hash!', lang: 'en' })
    expect(bad.status).toBe(400)
    expect(bad.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
  })

  // The cart's rule for an unpaid order (orders/reserve-extension.ts): an order made before the
  // room was on passed no door, and extending it would keep its seats from those queueing.
  it('never extends an unpaid order while its session\'s waiting room is admitting others; asks for no admission token', async () => {
    const v = await visitor(server.url)
    const created = await v.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, [seats[60]]))
    expect(created.body.errorCode).toBe('0')
    const hash = created.body.hash
    const reserveUntil = async () => Number((await server.db.selectFrom('orders').select('reserve_until').where('hash', '=', hash).executeTakeFirstOrThrow()).reserve_until)
    const before = await reserveUntil()
    const now = Date.now()
    // Switched on after the order, nine of ten places still waiting (as in the cart's test above).
    await server.db
      .insertInto('waiting_rooms')
      .values({ calendar_id: fx.calendarId, enabled: 1, opens_at: now - 60_000, admit_per_minute: 1, drawn_at: now - 60_000, next_position: 10, updated_at: now, auto_per_minute: null })
      .execute()
    // Those nine are still asking (a place silent for ASK_SILENT_MS is passed: room.ts admittingOthers).
    await server.db
      .insertInto('waiting_visitors')
      .values(Array.from({ length: 9 }, (_, i) => ({ calendar_id: fx.calendarId, session_id: `waiting-${i}`, joined_at: now, draw_key: i, position: i + 2, asked_at: now })))
      .execute()
    try {
      const refused = await v.post<{ errorCode: string; errorText: string }>('/api/order/extend', { hash, lang: 'en' })
      expect(refused.status).toBe(409)
      expect(refused.body.errorCode).toBe(ErrorCode.UNAVAILABLE)
      expect(refused.body.errorText).toMatch(/queue/)
      expect(await reserveUntil()).toBe(before)
      // Everyone queueing has been admitted: the room is still on, and the extension needs no token.
      await server.db.updateTable('waiting_rooms').set({ admitted: 10 }).where('calendar_id', '=', fx.calendarId).execute()
      const allowed = await v.post('/api/order/extend', { hash, lang: 'en' })
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(200)
      expect(await reserveUntil()).toBe(before + ORDER_RESERVE_SECONDS * 1000)
    } finally {
      await server.db.deleteFrom('waiting_rooms').where('calendar_id', '=', fx.calendarId).execute()
      await server.db.deleteFrom('waiting_visitors').where('calendar_id', '=', fx.calendarId).execute()
    }
  })
})
