import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ticketFee } from '../../src/contract/rules/money'
import { HOLD_SESSION_TTL_MS } from '../../src/server/domain/scheme/session-cache'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { loadScheme, schemeOrderBody, seatChange, visitor, type CartAnswer, type SchemeFx } from './scheme-helpers'

/**
 * The hold calls read a session's calendar, event and prices from a per-process cache
 * (domain/scheme/session-cache.ts, issue 18). These tests hold it to its promise: an operator's
 * edit through this process is seen by the very next hold; a change this process did not make
 * (another process's, simulated by a raw statement the write watch cannot see) is seen by holds
 * within HOLD_SESSION_TTL_MS; and an order is priced by the rows as they are when it is made,
 * whatever the cache holds.
 */
describe.each(TEST_DBS)('hold session cache on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx
  let manager: AdminClient
  /** Free seats of one zone, handed out to the tests below so they never collide. */
  let seats: string[]
  let zone: number

  const priceRow = () =>
    server.db.selectFrom('prices').selectAll().where('calendar_id', '=', fx.calendarId).where('zone_id', '=', zone).where('for_subscription', '=', 0).executeTakeFirstOrThrow()
  type Row = Awaited<ReturnType<typeof priceRow>>
  /** What the order charges for one seat of `row`, minor units (the money rule). */
  const charge = (row: Row) => row.price + ticketFee(row.price, row.priceservise, row.currency_id)
  const editThroughConsole = async (row: Row, price: number) => {
    const { client_category_id, zone_id, quantity, priceservise, currency_id, needprice, passagequant, useproculture, for_subscription, sortnum } = row
    const res = await manager.post(`/api/admin/prices/${row.id}`, { client_category_id, zone_id, price, quantity, priceservise, currency_id, needprice, passagequant, useproculture, for_subscription, sortnum })
    expect(res.status).toBe(200)
  }

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    fx = await loadScheme(await visitor(server.url))
    zone = fx.map.seat_numbers[0].zonelevel_id
    seats = fx.map.seat_numbers.filter((s) => s.zonelevel_id === zone && s.status === 'free').map((s) => s.seat_id)
    manager = await signedIn(server, 'manager')
  })
  afterAll(async () => {
    await server?.close()
  })

  it("an operator's price edit is seen by the very next hold, and the order is priced by it", async () => {
    const v = await visitor(server.url)
    const [a, b] = seats.slice(0, 2)
    const before = await priceRow()
    const first = await v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, a)] })
    expect(first.status).toBe(200)
    expect(first.body.items.map((i) => i.price)).toEqual([before.price / 100])

    await editThroughConsole(before, before.price + 12_300)
    const after = await priceRow()
    expect(after.price).toBe(before.price + 12_300)
    // The cache held the old row a moment ago: the next hold answers the new price for both seats.
    const second = await v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, b)] })
    expect(second.status).toBe(200)
    expect(second.body.items.map((i) => i.price)).toEqual([after.price / 100, after.price / 100])

    const res = await v.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, [a, b]))
    expect(res.body.errorCode).toBe('0')
    const order = await server.db.selectFrom('orders').select('total').where('hash', '=', res.body.hash).executeTakeFirstOrThrow()
    expect(order.total).toBe(2 * charge(after))
  })

  it('a change this process did not make reaches holds within HOLD_SESSION_TTL_MS, and an order made before that is priced by it', async () => {
    const v = await visitor(server.url)
    const [c, d, e] = seats.slice(2, 5)
    const before = await priceRow()
    const held = await v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, c)] })
    expect(held.body.items.map((i) => i.price)).toEqual([before.price / 100])

    // As another process would write it: a statement the write watch of this process does not see.
    const changed = before.price + 45_600
    await sql`update prices set price = ${changed} where id = ${before.id}`.execute(server.db)
    const after = await priceRow()
    expect(after.price).toBe(changed)
    // Ordered at once, while the hold cache may still hold the old row: the order reads the rows fresh.
    const res = await v.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, [c, d]))
    expect(res.body.errorCode).toBe('0')
    const order = await server.db.selectFrom('orders').select('total').where('hash', '=', res.body.hash).executeTakeFirstOrThrow()
    expect(order.total).toBe(2 * charge(after))
    const lines = await server.db.selectFrom('order_lines').select('price').where('order_id', '=', (await server.db.selectFrom('orders').select('id').where('hash', '=', res.body.hash).executeTakeFirstOrThrow()).id).execute()
    expect(lines.map((l) => l.price)).toEqual([changed, changed])

    // Past the bound, a hold answers the new price.
    await new Promise((r) => setTimeout(r, HOLD_SESSION_TTL_MS + 50))
    const w = await visitor(server.url)
    const later = await w.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, e)] })
    expect(later.status).toBe(200)
    expect(later.body.items.map((i) => i.price)).toEqual([changed / 100])
  })

  it("a session closed for sale by a write of this process refuses the very next hold", async () => {
    const v = await visitor(server.url)
    const [f, g] = seats.slice(5, 7)
    expect((await v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, f)] })).status).toBe(200)
    // Straight in the database through this process's handle, as a test or the CLI writes: seen at once too.
    await server.db.updateTable('calendars').set({ active: 0 }).where('id', '=', fx.calendarId).execute()
    try {
      const refused = await v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, g)] })
      expect(refused.status).toBe(409)
    } finally {
      await server.db.updateTable('calendars').set({ active: 1 }).where('id', '=', fx.calendarId).execute()
    }
    expect((await v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, g)] })).status).toBe(200)
  })

  it('a price row another process deleted and replaced a moment ago never refuses a hold: the refusal is judged again on fresh rows', async () => {
    const [h, i] = seats.slice(7, 9)
    const priced = new Set((await server.db.selectFrom('prices').select('client_category_id').where('calendar_id', '=', fx.calendarId).where('zone_id', '=', zone).execute()).map((r) => r.client_category_id))
    const other = (await server.db.selectFrom('client_categories').select('id').orderBy('id').execute()).find((c) => !priced.has(c.id))
    expect(other).toBeDefined()
    const category = other!.id
    // Another process adds a row for a second category; once the cache holds it, a hold warms it.
    await sql`insert into prices (calendar_id, client_category_id, zone_id, price, for_subscription) values (${fx.calendarId}, ${category}, ${zone}, ${55_500}, 0)`.execute(server.db)
    await new Promise((r) => setTimeout(r, HOLD_SESSION_TTL_MS + 50))
    expect((await (await visitor(server.url)).post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, h)] })).status).toBe(200)

    // Then deletes it and adds another for the same category: the cache still names the deleted
    // row's id, which the claim's insert refuses (foreign key). Answered from the fresh rows instead.
    await sql`delete from prices where calendar_id = ${fx.calendarId} and client_category_id = ${category} and zone_id = ${zone}`.execute(server.db)
    await sql`insert into prices (calendar_id, client_category_id, zone_id, price, for_subscription) values (${fx.calendarId}, ${category}, ${zone}, ${88_800}, 0)`.execute(server.db)
    const v = await visitor(server.url)
    const held = await v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [{ seat_id: i, clientcategory_id: category, quantity: 1 }] })
    expect(held.status).toBe(200)
    expect(held.body.items.map((it) => it.price)).toEqual([888])
    const hold = await server.db.selectFrom('seat_holds').innerJoin('prices', 'prices.id', 'seat_holds.price_id').select('prices.price').where('seat_holds.calendar_id', '=', fx.calendarId).where('seat_holds.released_at', 'is', null).where('seat_holds.price_id', 'is not', null).orderBy('seat_holds.id', 'desc').executeTakeFirstOrThrow()
    expect(hold.price).toBe(88_800)
  })

  it('a waiting room another process turned off a moment ago never refuses a hold', async () => {
    const [j] = seats.slice(9, 10)
    const v = await visitor(server.url)
    const now = Date.now()
    await sql`insert into waiting_rooms (calendar_id, enabled, opens_at, admit_per_minute, next_position, updated_at) values (${fx.calendarId}, 1, ${now}, ${60}, 0, ${now})`.execute(server.db)
    try {
      await new Promise((r) => setTimeout(r, HOLD_SESSION_TTL_MS + 50))
      // The room is on: a visitor without an admission token is refused (and the door caches the room).
      expect((await v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, j)] })).status).toBe(403)
      await sql`update waiting_rooms set enabled = 0 where calendar_id = ${fx.calendarId}`.execute(server.db)
      expect((await v.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, j)] })).status).toBe(200)
    } finally {
      await sql`delete from waiting_rooms where calendar_id = ${fx.calendarId}`.execute(server.db)
    }
  })
})
