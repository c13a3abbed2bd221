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
})
