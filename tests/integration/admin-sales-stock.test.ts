import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventSales } from '../../src/contract/admin/sales'
import { ORDER_CHECKBOX_SCOPE } from '../../src/server/domain/orders/constants'
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

/**
 * The Sales screen counts a general-admission session by the storefront's stock rule
 * (inventory/stock.ts: calendars.capacity caps the price rows), and a cancelled session offers
 * nothing: it is marked and out of the event's capacity and free.
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

  async function buy(category: number, quantity: number, pay: boolean, time = '19:00'): Promise<void> {
    const v = await visitor(server.url)
    const boxes = await server.db.selectFrom('checkbox_lists').select('id').where('scope', '=', ORDER_CHECKBOX_SCOPE).execute()
    const res = await v.post<{ hash: string; errorCode: string }>('/api/order/create', {
      fio: 'Иван Петров',
      phone: '+79161234567',
      email: 'ivan@example.org',
      re_email: 'ivan@example.org',
      data: [{ day, time, actionId: eventId, categoryId: category, zoneId: zone, quantity, sum: quantity * (PRICE_MINOR / 100) }],
      lang: 'ru',
      hash,
      checkboxList: boxes.map((b) => ({ id: b.id, checked: 1 })),
    })
    expect(res.body.errorCode, JSON.stringify(res.body)).toBe('0')
    if (!pay) return
    const card = await server.db.selectFrom('payment_types').select('id').where('protocol_type', '=', 'card').executeTakeFirstOrThrow()
    const publicId = pathOf((await startPay(v, res.body.hash, card.id)).body.bankUrl!).split('/').pop()!
    await decide(v, publicId, 'approve')
  }

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    const refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
    zone = refs.zones.find((z) => z.drawing_id === null)!.id
    ;[adult, child] = [refs.categories[0].id, refs.categories[1].id]
    eventId = (
      await manager.post<{ id: number }>('/api/admin/events', {
        menu_kind_id: refs.kinds[0].id,
        venue_id: refs.venues[0].id,
        name_ru: 'Стоячий зал',
        main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id],
      })
    ).body.id
    sessions = []
    for (const time of ['19:00', '21:00']) {
      sessions.push((await manager.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day, time, capacity: SESSION_CAPACITY })).body.ids[0])
    }
    for (const s of sessions) {
      for (const c of [adult, child]) await manager.post(`/api/admin/sessions/${s}/prices`, { client_category_id: c, zone_id: zone, price: PRICE_MINOR, quantity: ROW_QUANTITY })
    }
    await manager.post(`/api/admin/events/${eventId}/publish`, { published: 1 })
    hash = (await manager.get<{ event: { hash_id: string } }>(`/api/admin/events/${eventId}`)).body.event.hash_id
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
