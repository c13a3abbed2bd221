import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventSales } from '../../src/contract/admin/sales'
import { afishaResponseSchema } from '../../src/contract/entities/afisha'
import { LISTING_ROWS_TTL_MS } from '../../src/server/domain/catalog/listing-rows'
import { ORDER_CHECKBOX_SCOPE } from '../../src/server/domain/orders/constants'
import { LISTING_ANSWER_TTL_MS } from '../../src/server/routes/listing-answer'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { AdminClient, signedIn } from './admin-helpers'
import { visitor } from './order-fixtures'
import { decide, pathOf, startPay } from './payment-fixtures'

const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }
/** The session's own stock, below the sum of its two price rows (2 × ROW_QUANTITY). */
const SESSION_CAPACITY = 100
const ROW_QUANTITY = 100
const PRICE_MINOR = 100000
/** A session's own stock far above its price rows (2 × SMALL_ROW): what is left is the rows'. */
const LARGE_CAPACITY = 500
const SMALL_ROW = 5
/** A subscription price row's tickets, beside public rows of SMALL_ROW. */
const SUBSCRIPTION_ROW = 40
/** Past this the listing's cached answer and rows show the sales made before it. */
const LISTING_FRESH_MS = Math.max(LISTING_ANSWER_TTL_MS, LISTING_ROWS_TTL_MS) + 100

/**
 * The Sales screen counts a general-admission session by the storefront's stock rule
 * (inventory/stock.ts: calendars.capacity caps the price rows, and what is left is at most what
 * the rows can still sell, on the event page, the listing and the Sales screen alike), and a
 * cancelled session offers nothing: it is marked and out of the event's capacity and free.
 */
describe.each(TEST_DBS)('sales stock of general-admission and cancelled sessions on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let eventId: number
  let hash: string
  let sessions: number[]
  let zone: number
  let adult: number
  let child: number
  const day = dayIn(6)

  /** An event of ours to buy from: the first test's, or one a test makes. */
  interface Target {
    eventId: number
    hash: string
  }

  async function order(category: number, quantity: number, time: string, target: Target) {
    const v = await visitor(server.url)
    const boxes = await server.db.selectFrom('checkbox_lists').select('id').where('scope', '=', ORDER_CHECKBOX_SCOPE).execute()
    const res = await v.post<{ hash: string; errorCode: string; errorText?: string }>('/api/order/create', {
      fio: 'Иван Петров',
      phone: '+79161234567',
      email: 'ivan@example.org',
      re_email: 'ivan@example.org',
      data: [{ day, time, actionId: target.eventId, categoryId: category, zoneId: zone, quantity, sum: quantity * (PRICE_MINOR / 100) }],
      lang: 'ru',
      hash: target.hash,
      checkboxList: boxes.map((b) => ({ id: b.id, checked: 1 })),
    })
    return { v, res }
  }

  async function buy(category: number, quantity: number, pay: boolean, time = '19:00', target: Target = { eventId, hash }): Promise<void> {
    const { v, res } = await order(category, quantity, time, target)
    expect(res.body.errorCode, JSON.stringify(res.body)).toBe('0')
    if (!pay) return
    const card = await server.db.selectFrom('payment_types').select('id').where('protocol_type', '=', 'card').executeTakeFirstOrThrow()
    const publicId = pathOf((await startPay(v, res.body.hash, card.id)).body.bankUrl!).split('/').pop()!
    await decide(v, publicId, 'approve')
  }

  /** A published, listed general-admission event with a session at each time, two price rows (adult, child) in each. */
  async function makeEvent(name: string, times: string[], capacity: number, rowQuantity: number): Promise<Target & { sessions: number[] }> {
    const refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
    const id = (
      await manager.post<{ id: number }>('/api/admin/events', {
        menu_kind_id: refs.kinds[0].id,
        venue_id: refs.venues[0].id,
        name_ru: name,
        main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id],
      })
    ).body.id
    const made: number[] = []
    for (const time of times) {
      made.push((await manager.post<{ ids: number[] }>(`/api/admin/events/${id}/sessions`, { day, time, capacity })).body.ids[0])
    }
    for (const s of made) {
      for (const c of [adult, child]) await manager.post(`/api/admin/sessions/${s}/prices`, { client_category_id: c, zone_id: zone, price: PRICE_MINOR, quantity: rowQuantity })
    }
    await manager.post(`/api/admin/events/${id}/publish`, { published: 1 })
    const eventHash = (await manager.get<{ event: { hash_id: string } }>(`/api/admin/events/${id}`)).body.event.hash_id
    return { eventId: id, hash: eventHash, sessions: made }
  }

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    const refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
    zone = refs.zones.find((z) => z.drawing_id === null)!.id
    ;[adult, child] = [refs.categories[0].id, refs.categories[1].id]
    ;({ eventId, hash, sessions } = await makeEvent('Стоячий зал', ['19:00', '21:00'], SESSION_CAPACITY, ROW_QUANTITY))
  })
  afterAll(async () => {
    await server?.close()
  })

  it("counts a session's capacity and free places as the storefront does: the session's capacity caps its price rows", async () => {
    await buy(adult, 1, true)
    await buy(child, 1, true)
    await buy(adult, 1, false)
    const shop = await (await visitor(server.url)).post<{ calendar: { times: { time: string; quantity: number }[] }[] }>('/api/no-scheme', { hash })
    const left = shop.body.calendar[0].times.find((t) => t.time === '19:00')!.quantity
    expect(left).toBe(SESSION_CAPACITY - 3)

    const e = (await manager.get<EventSales>(`/api/admin/sales/events/${eventId}`)).body
    const first = e.sessions.find((s) => s.calendar_id === sessions[0])!
    expect(first.totals).toMatchObject({ capacity: SESSION_CAPACITY, sold: 2, held: 1, free: left })
    expect(first.zones).toEqual([expect.objectContaining({ zone_id: zone, capacity: SESSION_CAPACITY, free: left })])
    expect(e.totals).toMatchObject({ capacity: 2 * SESSION_CAPACITY, sold: 2, held: 1, free: left + SESSION_CAPACITY })
  })

  it("keeps a session whose public rows are sold out open on the event page for subscription holders, whose rows still have tickets", async () => {
    const subs = await makeEvent('Абонементный зал', ['19:00'], SESSION_CAPACITY, SMALL_ROW)
    const [session] = subs.sessions
    const refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
    const holders = refs.categories.find((c) => c.id !== adult && c.id !== child) ?? refs.categories[0]
    const added = await manager.post(`/api/admin/sessions/${session}/prices`, { client_category_id: holders.id, zone_id: zone, price: PRICE_MINOR, quantity: SUBSCRIPTION_ROW, for_subscription: 1 })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    await buy(adult, SMALL_ROW, true, '19:00', subs)
    await buy(child, SMALL_ROW, true, '19:00', subs)
    const page = (await (await visitor(server.url)).post<{ calendar: { times: { quantity: number }[] }[] }>('/api/no-scheme', { hash: subs.hash })).body
    // The public rows are sold out, a holder's order may still take the subscription row's tickets.
    expect(page.calendar[0].times[0].quantity).toBe(SUBSCRIPTION_ROW)
  })

  it("shows no more left than the price rows can still sell when the session's capacity is larger: page, listing and Sales alike", async () => {
    const big = await makeEvent('Большой зал', ['19:00'], LARGE_CAPACITY, SMALL_ROW)
    const [session] = big.sessions
    await buy(adult, SMALL_ROW, true, '19:00', big)
    await buy(child, 2, true, '19:00', big)
    await buy(child, 1, false, '19:00', big)
    // The rows can still sell SMALL_ROW − 3 (child); the capacity alone would say LARGE_CAPACITY − 8.
    const rowsLeft = SMALL_ROW - 3

    const page = (await (await visitor(server.url)).post<{ calendar: { times: { quantity: number }[] }[]; price: { clientcategory_id: number; quantity: number }[] }>('/api/no-scheme', { hash: big.hash })).body
    expect(page.calendar[0].times[0].quantity).toBe(rowsLeft)
    expect(page.price.map((p) => [p.clientcategory_id, p.quantity])).toEqual([[adult, 0], [child, rowsLeft]])

    await new Promise((r) => setTimeout(r, LISTING_FRESH_MS))
    const afisha = afishaResponseSchema.parse(await (await fetch(`${server.url}/api/afisha`)).json())
    const listed = afisha.calendar.find((c) => c.event_id === big.eventId && c.eventday === day && c.eventtime === '19:00')
    expect(listed).toMatchObject({ quantity: rowsLeft, ticketcount: rowsLeft })

    const sales = (await manager.get<EventSales>(`/api/admin/sales/events/${big.eventId}`)).body
    const shown = sales.sessions.find((s) => s.calendar_id === session)!
    expect(shown.totals).toMatchObject({ capacity: LARGE_CAPACITY, sold: SMALL_ROW + 2, held: 1, free: rowsLeft })
    expect(shown.zones).toEqual([expect.objectContaining({ zone_id: zone, free: rowsLeft })])

    // What is shown is what an order can take: one more is refused, exactly that many is sold.
    const refused = (await order(child, rowsLeft + 1, '19:00', big)).res
    expect(refused.status, JSON.stringify(refused.body)).toBe(409)
    expect(refused.body.errorText).toContain(`осталось ${rowsLeft} (запрошено ${rowsLeft + 1})`)
    await buy(child, rowsLeft, false, '19:00', big)
    const after = (await (await visitor(server.url)).post<{ calendar: { times: { quantity: number }[] }[] }>('/api/no-scheme', { hash: big.hash })).body
    expect(after.calendar[0].times[0].quantity).toBe(0)
  })

  it('leaves a cancelled session out of the free places and capacity, and marks it', async () => {
    const res = await manager.post(`/api/admin/sessions/${sessions[1]}/cancel`, { confirm: true })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const e = (await manager.get<EventSales>(`/api/admin/sales/events/${eventId}`)).body
    const [open, cancelled] = sessions.map((id) => e.sessions.find((s) => s.calendar_id === id)!)
    expect([open.cancelled, cancelled.cancelled]).toEqual([false, true])
    expect(cancelled.totals).toMatchObject({ capacity: 0, free: 0 })
    expect(cancelled.zones.every((z) => z.capacity === 0 && z.free === 0)).toBe(true)
    expect(e.totals).toMatchObject({ capacity: SESSION_CAPACITY, free: SESSION_CAPACITY - 3, sold: 2, held: 1 })
  })
})
