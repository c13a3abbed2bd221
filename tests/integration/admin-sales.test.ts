import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import type { AdminOrder, EventSales, SessionSales } from '../../src/contract/admin/sales'
import { ORDER_CHECKBOX_SCOPE } from '../../src/server/domain/orders/constants'
import { venueDay } from '../../src/server/venue-time'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { AdminClient, signedIn } from './admin-helpers'
import { visitor } from './order-fixtures'
import { decide, pathOf, startPay } from './payment-fixtures'

const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }
/** Tickets of one category at `major` units each, of the session of `day` (default: the first session's). */
type TicketLine = { category: number; quantity: number; major: number; day?: string }

describe.each(TEST_DBS)('sales at a glance on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let eventId: number
  let hash: string
  let sessions: number[]
  let zone: number
  let category: number

  /**
   * A visitor orders tickets of the first session (`tickets` of the first category at 1000.00, or
   * the lines given, of another day's session where a line says), and pays by the sandbox bank when `pay`, after `beforePay` (a discount on
   * the order page) when given.
   */
  async function buy(tickets: number | TicketLine[], pay: boolean, beforePay?: (hash: string) => Promise<void>): Promise<string> {
    const v = await visitor(server.url)
    const boxes = await server.db.selectFrom('checkbox_lists').select('id').where('scope', '=', ORDER_CHECKBOX_SCOPE).execute()
    const day = dayIn(6)
    const lines: TicketLine[] = typeof tickets === 'number' ? [{ category, quantity: tickets, major: 1000 }] : tickets
    const res = await v.post<{ hash: string; errorCode: string }>('/api/order/create', {
      fio: 'Иван Петров',
      phone: '+79161234567',
      email: 'ivan@example.org',
      re_email: 'ivan@example.org',
      data: lines.map((l) => ({ day: l.day ?? day, time: '19:00', actionId: eventId, categoryId: l.category, zoneId: zone, quantity: l.quantity, sum: l.quantity * l.major })),
      lang: 'ru',
      hash,
      checkboxList: boxes.map((b) => ({ id: b.id, checked: 1 })),
    })
    expect(res.body.errorCode, JSON.stringify(res.body)).toBe('0')
    if (beforePay) await beforePay(res.body.hash)
    if (pay) {
      const card = await server.db.selectFrom('payment_types').select('id').where('protocol_type', '=', 'card').executeTakeFirstOrThrow()
      const publicId = pathOf((await startPay(v, res.body.hash, card.id)).body.bankUrl!).split('/').pop()!
      await decide(v, publicId, 'approve')
    }
    return res.body.hash
  }

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    const refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
    zone = refs.zones.find((z) => z.drawing_id === null)!.id
    category = refs.categories[0].id
    eventId = (
      await manager.post<{ id: number }>('/api/admin/events', {
        menu_kind_id: refs.kinds[0].id,
        venue_id: refs.venues[0].id,
        name_ru: 'Продажи',
        main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id],
      })
    ).body.id
    sessions = (await manager.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day: dayIn(6), time: '19:00', repeat: { every_days: 1, count: 1 } })).body.ids
    for (const s of sessions) await manager.post(`/api/admin/sessions/${s}/prices`, { client_category_id: category, zone_id: zone, price: 100000, quantity: 20 })
    await manager.post(`/api/admin/events/${eventId}/publish`, { published: 1 })
    hash = (await manager.get<{ event: { hash_id: string } }>(`/api/admin/events/${eventId}`)).body.event.hash_id
  })
  afterAll(async () => {
    await server?.close()
  })

  it('counts sold, held and free tickets, revenue by zone and category and sales over time; the order list follows', async () => {
    const paid = await buy(3, true)
    const held = await buy(2, false)
    const s = (await manager.get<SessionSales>(`/api/admin/sales/sessions/${sessions[0]}`)).body
    expect(s.totals).toEqual({ capacity: 20, sold: 3, held: 2, free: 15, blocked: 0, revenue: 300000 })
    expect(s.zones).toHaveLength(1)
    expect(s.zones[0]).toMatchObject({ zone_id: zone, sold: 3, held: 2, free: 15, revenue: 300000 })
    expect(s.categories).toEqual([expect.objectContaining({ category_id: category, sold: 3, revenue: 300000 })])
    expect(s.over_time).toEqual([{ day: venueDay(Date.now()), sold: 3, revenue: 300000 }])

    const e = (await manager.get<EventSales>(`/api/admin/sales/events/${eventId}`)).body
    expect(e.totals).toEqual({ capacity: 40, sold: 3, held: 2, free: 35, blocked: 0, revenue: 300000 })
    expect(e.sessions.map((x) => x.calendar_id)).toEqual(sessions)

    const orders = (await manager.get<{ orders: AdminOrder[] }>(`/api/admin/orders?event_id=${eventId}`)).body.orders
    expect(orders.map((o) => [o.hash, o.state, o.tickets])).toEqual([
      [held, 'reserved', 2],
      [paid, 'paid', 3],
    ])
    expect((await manager.get<{ orders: AdminOrder[] }>(`/api/admin/orders?calendar_id=${sessions[1]}`)).body.orders).toEqual([])
    // A session with orders is not deleted.
    const del = await manager.post(`/api/admin/sessions/${sessions[0]}/delete`)
    expect(del.status).toBe(409)
    expect(del.body.errorCode).toBe(AdminErrorCode.CONFLICT)
    // One nobody ordered is.
    expect((await manager.post(`/api/admin/sessions/${sessions[1]}/delete`)).status).toBe(200)
  })

  it('box-office sales show as their own channel; complimentary tickets count as sold with 0 revenue', async () => {
    const desk = await signedIn(server, 'boxoffice')
    const before = (await manager.get<SessionSales>(`/api/admin/sales/sessions/${sessions[0]}`)).body
    const sellAtDesk = async (payKind: 'cash' | 'comp', quantity: number) => {
      const line = { day: dayIn(6), time: '19:00', actionId: eventId, categoryId: category, zoneId: zone, quantity, sum: quantity * 1000 }
      const res = await desk.post<{ id: number; amount: number }>('/api/admin/boxoffice/sell', { fio: 'Анна Кассова', phone: '+79161234567', email: 'anna@example.org', hash, payKind, data: [line] })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body
    }
    expect((await sellAtDesk('cash', 1)).amount).toBe(100000)
    expect((await sellAtDesk('comp', 2)).amount).toBe(0)

    const s = (await manager.get<SessionSales>(`/api/admin/sales/sessions/${sessions[0]}`)).body
    // Three more sold, one paid for: revenue grows by one ticket's price, not three.
    expect(s.totals.sold).toBe(before.totals.sold + 3)
    expect(s.totals.revenue).toBe(before.totals.revenue + 100000)
    expect(s.zones[0].revenue).toBe(before.zones[0].revenue + 100000)
    expect(s.categories[0].revenue).toBe(before.categories[0].revenue + 100000)
    expect(s.over_time.reduce((n, p) => n + p.revenue, 0)).toBe(s.totals.revenue)
    const shop = before.channels.find((c) => c.channel === 'shop')!
    expect(s.channels).toEqual([
      { channel: 'shop', sold: shop.sold, complimentary: 0, revenue: shop.revenue },
      { channel: 'boxoffice', sold: 3, complimentary: 2, revenue: 100000 },
    ])
    const e = (await manager.get<EventSales>(`/api/admin/sales/events/${eventId}`)).body
    expect(e.totals.revenue).toBe(s.totals.revenue)
    expect(e.channels).toEqual(s.channels)
    const orders = (await manager.get<{ orders: AdminOrder[] }>(`/api/admin/orders?event_id=${eventId}`)).body.orders
    expect(orders.slice(0, 2).map((o) => o.boxOffice)).toEqual(['comp', 'cash'])
  })

  it("an order's paid amount is what the buyer paid: 0 for a complimentary desk order, its sum for a paid shop order, in the list and in order care", async () => {
    const desk = await signedIn(server, 'boxoffice')
    const line = { day: dayIn(6), time: '19:00', actionId: eventId, categoryId: category, zoneId: zone, quantity: 2, sum: 2000 }
    const comp = await desk.post<{ id: number; hash: string }>('/api/admin/boxoffice/sell', { fio: 'Гость Пригласительный', phone: '+79161234567', email: 'guest@example.org', hash, payKind: 'comp', data: [line] })
    expect(comp.status, JSON.stringify(comp.body)).toBe(200)
    const shopHash = await buy(1, true)
    const heldHash = await buy(1, false)

    const orders = (await manager.get<{ orders: AdminOrder[] }>(`/api/admin/orders?event_id=${eventId}`)).body.orders
    const byId = new Map(orders.map((o) => [o.id, o]))
    const compOrder = byId.get(comp.body.id)!
    // Its list sum stays what the tickets cost; what came in is nothing.
    expect([compOrder.boxOffice, compOrder.total, compOrder.paid_amount]).toEqual(['comp', 200000, 0])
    const shop = orders.find((o) => o.hash === shopHash)!
    expect([shop.state, shop.total, shop.paid_amount]).toEqual(['paid', 100000, 100000])
    expect(orders.find((o) => o.hash === heldHash)!.paid_amount).toBe(0)
    // The order page says the same: nothing to pay for the complimentary order (its list sum is its cost), the shop order's sum for the other.
    const view = async (h: string) => (await (await visitor(server.url)).post<{ demsumma: number; cost: number }>('/api/order/view', { hash: h, lang: 'ru' })).body
    expect(await view(comp.body.hash)).toMatchObject({ demsumma: 0, cost: 2000 })
    expect(await view(shopHash)).toMatchObject({ demsumma: 1000, cost: 1000 })

    // Order care reads the same rule, in its search and on the order.
    const care = await manager.get<{ order: AdminOrder }>(`/api/admin/orders/${comp.body.id}`)
    expect(care.status).toBe(200)
    expect([care.body.order.total, care.body.order.paid_amount]).toEqual([200000, 0])
    expect((await manager.get<{ order: AdminOrder }>(`/api/admin/orders/${shop.id}`)).body.order.paid_amount).toBe(100000)
    const found = (await manager.get<{ orders: AdminOrder[] }>(`/api/admin/orders/search?q=${encodeURIComponent('guest@example.org')}`)).body.orders
    expect(found.map((o) => [o.id, o.paid_amount])).toEqual([[comp.body.id, 0]])
  })

  it("an order's paid amount is what its payment took: a promo code's discount is in it, and a refund comes off it", async () => {
    const code = `SALES${dbKind.toUpperCase()}`
    expect((await manager.post('/api/admin/promos', { code, discount_percent: 10, multi_use: 1 })).status).toBe(200)
    const hash = await buy(2, true, async (h) => {
      const applied = await (await visitor(server.url)).post<{ promoCode: string }>('/api/order/add-discount', { hash: h, lang: 'ru', bonuses: 0, cardCode: '', promoCode: code })
      expect(applied.body.promoCode).toBe(code)
    })
    const listed = async () => (await manager.get<{ orders: AdminOrder[] }>(`/api/admin/orders?event_id=${eventId}`)).body.orders.find((o) => o.hash === hash)!
    const order = await listed()
    // Two tickets of 1000.00 listed at 2000.00; 10 % off paid 1800.00, in the Sales list and in order care alike.
    expect([order.state, order.total, order.paid_amount]).toEqual(['paid', 200000, 180000])
    expect((await manager.get<{ order: AdminOrder }>(`/api/admin/orders/${order.id}`)).body.order.paid_amount).toBe(180000)
    const found = (await manager.get<{ orders: AdminOrder[] }>(`/api/admin/orders/search?q=${order.ord_num}`)).body.orders
    expect(found.map((o) => [o.id, o.paid_amount])).toEqual([[order.id, 180000]])
    // One ticket refunded from the console: what it was paid (900.00, its share) goes back, 900.00 stays paid.
    const line = await server.db.selectFrom('order_lines').select('id').where('order_id', '=', order.id).orderBy('id').executeTakeFirstOrThrow()
    expect((await manager.post(`/api/admin/orders/${order.id}/refund`, { lineIds: [line.id] })).status).toBe(200)
    expect((await listed()).paid_amount).toBe(90000)
    // Its state says so wherever the console shows it: the Orders list, order care and its search.
    const stateEverywhere = async () => [
      (await listed()).state,
      (await manager.get<{ order: AdminOrder; can: { refund: boolean } }>(`/api/admin/orders/${order.id}`)).body.order.state,
      (await manager.get<{ orders: AdminOrder[] }>(`/api/admin/orders/search?q=${order.ord_num}`)).body.orders.find((o) => o.id === order.id)!.state,
    ]
    expect(await stateEverywhere()).toEqual(['partly_refunded', 'partly_refunded', 'partly_refunded'])
    // Partly refunded, the rest can still be refunded; then nothing is paid and the order reads refunded, not paid.
    expect((await manager.get<{ can: { refund: boolean } }>(`/api/admin/orders/${order.id}`)).body.can.refund).toBe(true)
    expect((await manager.post(`/api/admin/orders/${order.id}/refund`, { lineIds: [] })).status).toBe(200)
    expect(await stateEverywhere()).toEqual(['refunded', 'refunded', 'refunded'])
    expect((await listed()).paid_amount).toBe(0)
    expect((await manager.get<{ can: { refund: boolean } }>(`/api/admin/orders/${order.id}`)).body.can.refund).toBe(false)
  })

  it("a sold ticket's revenue is its share of what its order paid: a promo's discount comes off each ticket by its price, and the shares add up to the paid amount to the kopeck", async () => {
    const reduced = (await manager.post<{ id: number }>('/api/admin/categories', { name_ru: 'Льготный' })).body.id
    const row = await manager.post(`/api/admin/sessions/${sessions[0]}/prices`, { client_category_id: reduced, zone_id: zone, price: 50000, quantity: 20 })
    expect(row.status, JSON.stringify(row.body)).toBe(200)
    const code = `SHARE${dbKind.toUpperCase()}`
    // 1.00 off the order: not a whole kopeck split over 1000.00 and 500.00.
    expect((await manager.post('/api/admin/promos', { code, discount_amount: 100, multi_use: 1 })).status).toBe(200)
    const session = async () => (await manager.get<SessionSales>(`/api/admin/sales/sessions/${sessions[0]}`)).body
    const revenueOf = (s: SessionSales, id: number) => s.categories.find((c) => c.category_id === id)?.revenue ?? 0
    const before = await session()
    const hash = await buy([{ category, quantity: 1, major: 1000 }, { category: reduced, quantity: 1, major: 500 }], true, async (h) => {
      const applied = await (await visitor(server.url)).post<{ promoCode: string }>('/api/order/add-discount', { hash: h, lang: 'ru', bonuses: 0, cardCode: '', promoCode: code })
      expect(applied.body.promoCode).toBe(code)
    })
    const order = (await manager.get<{ orders: AdminOrder[] }>(`/api/admin/orders?event_id=${eventId}`)).body.orders.find((o) => o.hash === hash)!
    expect([order.total, order.paid_amount]).toEqual([150000, 149900])

    const after = await session()
    // 1499.00 by 2:1: 999.333… and 499.666… rounded down, the kopeck left over on the dearer ticket.
    expect(revenueOf(after, category) - revenueOf(before, category)).toBe(99934)
    expect(revenueOf(after, reduced) - revenueOf(before, reduced)).toBe(49966)
    // The order's tickets add up to what it paid, in every sum of the screen.
    expect(after.totals.revenue - before.totals.revenue).toBe(order.paid_amount)
    expect(after.zones[0].revenue - before.zones[0].revenue).toBe(order.paid_amount)
    const shop = (s: SessionSales) => s.channels.find((c) => c.channel === 'shop')!.revenue
    expect(shop(after) - shop(before)).toBe(order.paid_amount)
    expect(after.over_time.reduce((n, p) => n + p.revenue, 0)).toBe(after.totals.revenue)
    const e = (await manager.get<EventSales>(`/api/admin/sales/events/${eventId}`)).body
    expect(e.totals.revenue).toBe(after.totals.revenue)

    // An order over two sessions: each session's revenue is its own tickets' share, the two add up to what was paid.
    const later = (await manager.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day: dayIn(8), time: '19:00' })).body.ids[0]
    expect((await manager.post(`/api/admin/sessions/${later}/prices`, { client_category_id: category, zone_id: zone, price: 100000, quantity: 20 })).status).toBe(200)
    const revenue = async (id: number) => (await manager.get<SessionSales>(`/api/admin/sales/sessions/${id}`)).body.totals.revenue
    const first = await revenue(sessions[0])
    const both = await buy([{ category, quantity: 1, major: 1000 }, { category, quantity: 1, major: 1000, day: dayIn(8) }], true, async (h) => {
      expect((await (await visitor(server.url)).post<{ promoCode: string }>('/api/order/add-discount', { hash: h, lang: 'ru', bonuses: 0, cardCode: '', promoCode: code })).body.promoCode).toBe(code)
    })
    const paid = (await manager.get<{ orders: AdminOrder[] }>(`/api/admin/orders?event_id=${eventId}`)).body.orders.find((o) => o.hash === both)!.paid_amount
    expect(paid).toBe(199900)
    expect([(await revenue(sessions[0])) - first, await revenue(later)]).toEqual([99950, 99950])
  })

  it("a ticket's offers are in its own revenue: the split by category adds up to what was paid for each category's tickets and their offers", async () => {
    const balcony = (await manager.post<{ id: number }>('/api/admin/categories', { name_ru: 'Балкон' })).body.id
    expect((await manager.post(`/api/admin/sessions/${sessions[0]}/prices`, { client_category_id: balcony, zone_id: zone, price: 50000, quantity: 20 })).status).toBe(200)
    const offer = await manager.post<{ id: number }>('/api/admin/offers', { name_ru: 'Парковка', name_en: 'Parking', name_kz: 'Тұрақ', name_ch: '停車', price: 30000, limit_per_order: 1, package_id: 0, event_id: eventId })
    expect(offer.status, JSON.stringify(offer.body)).toBe(200)
    const session = async () => (await manager.get<SessionSales>(`/api/admin/sales/sessions/${sessions[0]}`)).body
    const revenueOf = (s: SessionSales, id: number) => s.categories.find((c) => c.category_id === id)?.revenue ?? 0
    const before = await session()
    // 1000.00 and 500.00, parking (300.00) added to the 500.00 ticket: 1800.00 paid.
    const withParking = async (h: string) => {
      const v = await visitor(server.url)
      const view = (await v.post<{ addToping: { uid: string; parent_id: number; package_id: number; price_id: number; cost: number }[] }>('/api/order/view', { hash: h, lang: 'ru' })).body
      const line = await server.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select('l.id').where('o.hash', '=', h).where('l.client_category_id', '=', balcony).executeTakeFirstOrThrow()
      const parking = view.addToping.find((t) => t.price_id === offer.body.id && t.parent_id === line.id)!
      const { uid, parent_id, package_id, price_id, cost } = parking
      expect((await v.post('/api/order/add-special-offer', { hash: h, data: [{ uid, parent_id, package_id, price_id, cost }] })).body).toEqual({ errorCode: '0', errorText: '' })
    }
    const hash = await buy([{ category, quantity: 1, major: 1000 }, { category: balcony, quantity: 1, major: 500 }], true, withParking)
    const order = (await manager.get<{ orders: AdminOrder[] }>(`/api/admin/orders?event_id=${eventId}`)).body.orders.find((o) => o.hash === hash)!
    expect(order.paid_amount).toBe(180000)
    const after = await session()
    expect([revenueOf(after, category) - revenueOf(before, category), revenueOf(after, balcony) - revenueOf(before, balcony)]).toEqual([100000, 80000])
    expect(after.totals.revenue - before.totals.revenue).toBe(order.paid_amount)

    // The same with 50 % off the ticket prices (750.00): 1050.00 paid, each ticket's own half off it,
    // so 500.00 and 250.00 + 300.00 parking, not the 1050.00 split by list cost (583.33 and 466.67).
    const code = `HALF${dbKind.toUpperCase()}`
    expect((await manager.post('/api/admin/promos', { code, discount_percent: 50, multi_use: 1 })).status).toBe(200)
    const half = await buy([{ category, quantity: 1, major: 1000 }, { category: balcony, quantity: 1, major: 500 }], true, async (h) => {
      await withParking(h)
      expect((await (await visitor(server.url)).post<{ promoCode: string }>('/api/order/add-discount', { hash: h, lang: 'ru', bonuses: 0, cardCode: '', promoCode: code })).body.promoCode).toBe(code)
    })
    expect((await manager.get<{ orders: AdminOrder[] }>(`/api/admin/orders?event_id=${eventId}`)).body.orders.find((o) => o.hash === half)!.paid_amount).toBe(105000)
    const promoted = await session()
    expect([revenueOf(promoted, category) - revenueOf(after, category), revenueOf(promoted, balcony) - revenueOf(after, balcony)]).toEqual([50000, 55000])
  })

  it("groups sales into the venue's days: a ticket paid at 01:30 Moscow time (22:30 UTC) is a sale of the new day there", async () => {
    const hash = await buy(1, true)
    // 2026-11-30 22:30 UTC is 2026-12-01 01:30 at the venue (Europe/Moscow, UTC+3).
    await server.db.updateTable('orders').set({ paid_at: Date.UTC(2026, 10, 30, 22, 30) }).where('hash', '=', hash).execute()
    // The other tests' sales are of today: only the two days around that moment are looked at.
    const days = (sales: { over_time: { day: string; sold: number }[] }) => sales.over_time.filter((p) => ['2026-11-30', '2026-12-01'].includes(p.day))
    const s = (await manager.get<SessionSales>(`/api/admin/sales/sessions/${sessions[0]}`)).body
    expect(days(s)).toEqual([{ day: '2026-12-01', sold: 1, revenue: 100000 }])
    expect(days((await manager.get<EventSales>(`/api/admin/sales/events/${eventId}`)).body)).toEqual([{ day: '2026-12-01', sold: 1, revenue: 100000 }])
  })

  it('names the buyer as the order page does: the full name, else the name parts with the patronymic', async () => {
    const h = await buy(1, false)
    await server.db.updateTable('orders').set({ fio: '', surname: 'Петров', name: 'Иван', patronymic: 'Сергеевич' }).where('hash', '=', h).execute()
    const listed = (await manager.get<{ orders: AdminOrder[] }>(`/api/admin/orders?event_id=${eventId}`)).body.orders.find((o) => o.hash === h)!
    const page = (await (await visitor(server.url)).post<{ name: string }>('/api/order/view', { hash: h, lang: 'ru' })).body
    expect([listed.fio, page.name]).toEqual(['Петров Иван Сергеевич', 'Петров Иван Сергеевич'])
  })

  it('a ticket whose return is only requested still counts as sold; once the return is confirmed it is free again', async () => {
    const session = async () => (await manager.get<SessionSales>(`/api/admin/sales/sessions/${sessions[0]}`)).body
    const hash = await buy(2, true)
    const before = await session()
    const order = await server.db.selectFrom('orders').select('id').where('hash', '=', hash).executeTakeFirstOrThrow()
    const line = await server.db.selectFrom('order_lines').select(['id', 'cost']).where('order_id', '=', order.id).orderBy('id').executeTakeFirstOrThrow()
    const reason = await server.db.selectFrom('return_reasons').select('id').orderBy('id').executeTakeFirstOrThrow()
    const requested = await (await visitor(server.url)).post<{ errorCode: string }>('/api/order/return-create', { hash, lang: 'ru', reason: reason.id, id: [line.id] })
    expect(requested.body.errorCode, JSON.stringify(requested.body)).toBe('0')
    expect((await server.db.selectFrom('order_lines').select('return_status').where('id', '=', line.id).executeTakeFirstOrThrow()).return_status).toBe(60)
    // Requested, not confirmed: the seat is still the buyer's (the stock rule counts it taken) and so is the money.
    const pending = await session()
    expect(pending.totals).toEqual(before.totals)
    expect(pending.zones).toEqual(before.zones)
    expect(pending.channels).toEqual(before.channels)
    // Confirmed (the console's refund): one ticket fewer sold, one more free, its cost out of the revenue.
    expect((await manager.post(`/api/admin/orders/${order.id}/refund`, { lineIds: [line.id] })).status).toBe(200)
    const after = await session()
    expect(after.totals).toEqual({ ...before.totals, sold: before.totals.sold - 1, free: before.totals.free + 1, revenue: before.totals.revenue - line.cost })
  })

  it('a seat-map session counts the seats whose zone has no price row as blocked', async () => {
    const demo = await server.db.selectFrom('calendars').select(['id', 'drawing_id']).where('drawing_id', 'is not', null).executeTakeFirstOrThrow()
    const s = (await manager.get<SessionSales>(`/api/admin/sales/sessions/${demo.id}`)).body
    const seats = await server.db.selectFrom('seats').select((eb) => eb.fn.countAll<number>().as('n')).where('drawing_id', '=', demo.drawing_id!).executeTakeFirstOrThrow()
    const standing = await server.db.selectFrom('standing_places').select((eb) => eb.fn.sum<number>('capacity').as('n')).where('drawing_id', '=', demo.drawing_id!).executeTakeFirstOrThrow()
    expect(s.totals.capacity + s.totals.blocked).toBe(Number(seats.n) + Number(standing.n ?? 0))
    expect(s.totals.free).toBe(s.totals.capacity - s.totals.sold - s.totals.held)
  })

  it('sales are for owner, manager and box office; the door is refused them', async () => {
    const door = await signedIn(server, 'door')
    for (const path of [`/api/admin/sales/sessions/${sessions[0]}`, `/api/admin/sales/events/${eventId}`, '/api/admin/orders']) {
      expect((await door.get(path)).status, path).toBe(403)
    }
    const box = await signedIn(server, 'boxoffice')
    expect((await box.get(`/api/admin/sales/events/${eventId}`)).status).toBe(200)
    expect((await box.get('/api/admin/orders')).status).toBe(200)
    expect((await manager.get('/api/admin/sales/sessions/999999')).status).toBe(404)
  })
})
