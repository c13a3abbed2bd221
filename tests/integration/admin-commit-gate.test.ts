import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { DEADLINE_MS, expectBusy, GATE_ENV, HOLD_LOCK_MS, whileLocked } from './gate-rig'
import { writeOrder } from './sold-order'

const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }

/**
 * The console's writes commit through the request's commit gate (admin/transaction.ts), as the
 * storefront's do (commit-gate-writes): a console call answered "busy" by the request deadline
 * (GATE_ENV: 1.5 s) while its write waits has changed nothing, so the operator's retry makes one
 * session series, not two, and refunds once (care's refund: domain/care/refund.ts, its bank
 * call after the commit). A drawing's import has a longer deadline of its own
 * (contract/admin/calls.ts LONG_CONSOLE_CALL_DEADLINE_MS): the same wait does not cut it.
 *
 * The wait is inside the write's transaction, so it reaches its commit after the busy answer:
 * another PostgreSQL connection holds the row the write's foreign key needs (the event, the
 * venue). PostgreSQL only, as the other commit-gate tests (gate-rig.ts): SQLite's one writer
 * cannot be held from another connection without stopping the event loop, and the gate itself
 * (domain/orders/commit-gate.ts) is the same code on both databases.
 */
describe('console writes answered busy by the request deadline change nothing (PostgreSQL)', () => {
  let server: TestServer
  let manager: AdminClient
  let desk: AdminClient
  let refs: Record<string, Row[]>
  let holder: pg.Client
  let eventId: number
  let venueId: number

  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: { ...GATE_ENV } })
    manager = await signedIn(server, 'manager')
    desk = await signedIn(server, 'boxoffice')
    refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
    venueId = (await manager.post<{ id: number }>('/api/admin/venues', { name_ru: 'Шлюз' })).body.id
    eventId = (
      await manager.post<{ id: number }>('/api/admin/events', {
        menu_kind_id: refs.kinds[0].id,
        venue_id: refs.venues[0].id,
        name_ru: 'Шлюз',
        name_en: 'Gated show',
        main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id],
      })
    ).body.id
    const config = server.config.database
    if (config.kind !== 'postgres') throw new Error('postgres only')
    holder = new pg.Client({ connectionString: config.url })
    await holder.connect()
  })
  afterAll(async () => {
    await holder?.end()
    await server?.close()
  })

  /** Runs `call` while `lockSql` holds its rows on another connection past the deadline (gate-rig.ts whileLocked). */
  const whileHeld = <T>(lockSql: string, params: unknown[], call: () => Promise<T>) => whileLocked(holder, lockSql, params, call)

  const sessionsOf = () => server.db.selectFrom('calendars').select('id').where('event_id', '=', eventId).execute()
  const auditOf = (entity: string, action: string) => server.db.selectFrom('audit_log').select('id').where('entity', '=', entity).where('action', '=', action).execute()

  it('a session series created answered busy makes no session and no audit row; trying again makes one series', async () => {
    const audited = (await auditOf('session', 'create')).length
    const create = () => manager.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day: dayIn(10), time: '19:00', capacity: 50, repeat: { count: 2, every_days: 7 } })
    const { res, took } = await whileHeld('select id from events where id = $1 for update', [eventId], create)
    expectBusy(res, took)
    expect(await sessionsOf()).toEqual([])
    expect(await auditOf('session', 'create')).toHaveLength(audited)
    const again = await create()
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(again.body.ids).toHaveLength(3)
    expect(await sessionsOf()).toHaveLength(3)
    expect(await auditOf('session', 'create')).toHaveLength(audited + 3)
  }, 30_000)

  it('an order refund answered busy returns no ticket and writes no refund; trying again refunds once', async () => {
    const calendarId = (await manager.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day: dayIn(40), time: '19:00', capacity: 50 })).body.ids[0]
    await manager.post(`/api/admin/sessions/${calendarId}/prices`, { client_category_id: refs.categories[0].id, zone_id: refs.zones.find((z) => z.drawing_id === null)!.id, price: 1000, quantity: 50 })
    const order = await writeOrder(server.db, calendarId, { paid: true, quantity: 2 })
    const linesOf = () => server.db.selectFrom('order_lines').select(['id', 'return_status']).where('order_id', '=', order.id).execute()
    const refundsOf = () => server.db.selectFrom('refunds').select('id').where('order_id', '=', order.id).execute()
    const lines = await linesOf()
    const refund = () => desk.post<{ lines: number; repeat: boolean }>(`/api/admin/orders/${order.id}/refund`, {})
    const { res, took } = await whileHeld('select id from orders where id = $1 for update', [order.id], refund)
    expectBusy(res, took)
    expect(await linesOf()).toEqual(lines)
    expect(await refundsOf()).toEqual([])
    expect(await auditOf('order', 'refund')).toEqual([])
    const again = await refund()
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(again.body).toMatchObject({ lines: 1, repeat: false })
    expect(await auditOf('order', 'refund')).toHaveLength(1)
  }, 30_000)

  it("a drawing's import waiting past the request deadline is not cut: its own deadline is longer, and it commits once", async () => {
    const drawingsOf = () => server.db.selectFrom('venue_drawings').select('id').where('venue_id', '=', venueId).execute()
    const circles = Array.from({ length: 8 }, (_, i) => `<circle id="A-${i + 1}" cx="${(i + 1) * 24}" cy="40" r="9" data-row="A" data-seat="${i + 1}"/>`)
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80">${circles.join('')}</svg>`
    const upload = () => manager.post<{ drawing_id: number; seats: number }>(`/api/admin/venues/${venueId}/drawings`, { name: 'gated', svg })
    const { res, took } = await whileHeld('select id from venues where id = $1 for update', [venueId], upload)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(took).toBeGreaterThanOrEqual(HOLD_LOCK_MS - 50)
    expect(took).toBeGreaterThan(DEADLINE_MS)
    expect(res.body.seats).toBe(8)
    expect((await drawingsOf()).map((d) => d.id)).toEqual([res.body.drawing_id])
  }, 30_000)
})
