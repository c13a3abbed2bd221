import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventSales, SalesCounts, SessionSales } from '../../src/contract/admin/sales'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { AdminClient, signedIn } from './admin-helpers'

const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }
/** The priced session's price row and the priceless one's own stock. */
const ROW_QUANTITY = 20
const PRICELESS_CAPACITY = 50
const COUNTS = ['capacity', 'sold', 'held', 'free', 'blocked', 'revenue'] as const

const sum = (rows: readonly SalesCounts[]): SalesCounts => Object.fromEntries(COUNTS.map((k) => [k, rows.reduce((n, r) => n + r[k], 0)])) as SalesCounts
/** What a session has, by the one rule of a seat map: what is for sale (capacity) is sold, held or free; the rest of its places are blocked. */
const forSale = (c: SalesCounts) => c.capacity - c.sold - c.held - c.free

/**
 * A session with places but no price row (priceless: nothing of it is on sale yet) in the
 * console's Sales report: a general-admission one (a capacity, no price rows) is counted as a
 * seat-map one is (places, no priced zone): none of it for sale (capacity 0, free 0), its places
 * blocked; at the session's level and in the event's totals alike, and the event's totals are
 * the sums of its sessions'.
 */
describe.each(TEST_DBS)('sales of a session without prices on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let refs: Record<string, Row[]>

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
  })
  afterAll(async () => {
    await server?.close()
  })

  const eventSales = async (id: number) => {
    const res = await manager.get<EventSales>(`/api/admin/sales/events/${id}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body
  }
  const sessionSales = async (id: number) => (await manager.get<SessionSales>(`/api/admin/sales/sessions/${id}`)).body

  /** The event's totals are its sessions' summed, each session's are its rows' (what the screen lists), and each session's counts hold together. */
  function consistent(e: EventSales) {
    expect(e.totals).toEqual(sum(e.sessions.map((s) => s.totals)))
    for (const s of e.sessions) {
      expect(s.totals, `session ${s.calendar_id}`).toEqual(sum(s.zones))
      expect(forSale(s.totals), `session ${s.calendar_id}`).toBe(0)
    }
    expect(forSale(e.totals)).toBe(0)
  }

  it('counts a general-admission session with a capacity and no price rows as nothing for sale, its capacity blocked, in the session and in the event', async () => {
    const zone = refs.zones.find((z) => z.drawing_id === null)!.id
    const kind = refs.kinds[0].id
    const event = (await manager.post<{ id: number }>('/api/admin/events', { menu_kind_id: kind, venue_id: refs.venues[0].id, name_ru: 'Без цен', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] })).body.id
    const [priced] = (await manager.post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day: dayIn(6), time: '19:00' })).body.ids
    const [priceless] = (await manager.post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day: dayIn(7), time: '19:00', capacity: PRICELESS_CAPACITY })).body.ids
    expect((await manager.post(`/api/admin/sessions/${priced}/prices`, { client_category_id: refs.categories[0].id, zone_id: zone, price: 100000, quantity: ROW_QUANTITY })).status).toBe(200)

    const e = await eventSales(event)
    const [p, none] = [priced, priceless].map((id) => e.sessions.find((s) => s.calendar_id === id)!)
    expect(p.totals).toEqual({ capacity: ROW_QUANTITY, sold: 0, held: 0, free: ROW_QUANTITY, blocked: 0, revenue: 0 })
    expect(none.totals).toEqual({ capacity: 0, sold: 0, held: 0, free: 0, blocked: PRICELESS_CAPACITY, revenue: 0 })
    expect(none.zones).toEqual([expect.objectContaining({ zone_id: null, priced: false, capacity: 0, free: 0, blocked: PRICELESS_CAPACITY })])
    expect(p.zones).toEqual([expect.objectContaining({ zone_id: zone, priced: true, capacity: ROW_QUANTITY })])
    expect(await sessionSales(priceless)).toEqual(none)
    expect(e.totals).toEqual({ capacity: ROW_QUANTITY, sold: 0, held: 0, free: ROW_QUANTITY, blocked: PRICELESS_CAPACITY, revenue: 0 })
    consistent(e)
  })

  it('counts a seat-map session with no price rows the same way: nothing for sale, all its places blocked, in the session and in the event', async () => {
    const demo = await server.db.selectFrom('calendars').select(['id', 'event_id', 'drawing_id']).where('drawing_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow()
    const made = await manager.post<{ ids: number[] }>(`/api/admin/events/${demo.event_id}/sessions`, { day: dayIn(40), time: '12:00', drawing_id: demo.drawing_id })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const [priceless] = made.body.ids
    const seats = await server.db.selectFrom('seats').select((eb) => eb.fn.countAll<number>().as('n')).where('drawing_id', '=', demo.drawing_id!).executeTakeFirstOrThrow()
    const standing = await server.db.selectFrom('standing_places').select((eb) => eb.fn.sum<number>('capacity').as('n')).where('drawing_id', '=', demo.drawing_id!).executeTakeFirstOrThrow()
    const places = Number(seats.n) + Number(standing.n ?? 0)

    const e = await eventSales(demo.event_id)
    const none = e.sessions.find((s) => s.calendar_id === priceless)!
    expect(none.totals).toEqual({ capacity: 0, sold: 0, held: 0, free: 0, blocked: places, revenue: 0 })
    expect(none.zones.length).toBeGreaterThan(0)
    expect(none.zones.every((z) => !z.priced && z.capacity === 0)).toBe(true)
    expect(await sessionSales(priceless)).toEqual(none)
    consistent(e)
  })
})
