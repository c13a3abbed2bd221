import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import { ErrorCode } from '../../src/contract/errors'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { AdminClient, signedIn } from './admin-helpers'

const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }

/** Copy of one session or one price row in the console (issue 17). */
describe.each(TEST_DBS)('copying a session or a price row on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let owner: AdminClient
  let eventId: number
  let session: number
  let price: number

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    owner = await signedIn(server, 'owner')
    const refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
    eventId = (
      await manager.post<{ id: number }>('/api/admin/events', {
        menu_kind_id: refs.kinds[0].id,
        venue_id: refs.venues[0].id,
        name_ru: 'Копии',
        main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id],
      })
    ).body.id
    const saleFrom = Date.now() + DAY_MS
    session = (await manager.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day: dayIn(8), time: '18:30', capacity: 50, sale_from: saleFrom })).body.ids[0]
    price = (await manager.post<{ id: number }>(`/api/admin/sessions/${session}/prices`, { client_category_id: refs.categories[0].id, zone_id: refs.zones.find((z) => z.drawing_id === null)!.id, price: 250000, quantity: 40 })).body.id
  })
  afterAll(async () => {
    await server?.close()
  })

  const audit = async (entity: string, id: number) => (await owner.get<{ entries: { action: string; before: unknown; after: unknown }[] }>(`/api/admin/audit?entity=${entity}&entity_id=${id}`)).body.entries

  it('copies a session with its settings and price rows into the same event, off sale, audited; its date then edits apart from the source', async () => {
    // A second row (the season-ticket kind of the same category and zone), so each copy's audit row must name its own source.
    const first = (await server.db.selectFrom('prices').selectAll().where('id', '=', price).executeTakeFirstOrThrow()) as Row
    const second = await manager.post<{ id: number }>(`/api/admin/sessions/${session}/prices`, { client_category_id: first.client_category_id, zone_id: first.zone_id, price: 180000, quantity: 10, for_subscription: 1 })
    expect(second.status, JSON.stringify(second.body)).toBe(200)
    const copy = await manager.post<{ id: number }>(`/api/admin/sessions/${session}/copy`, {})
    expect(copy.status, JSON.stringify(copy.body)).toBe(200)
    const detail = (await manager.get<{ sessions: Row[]; prices: Row[] }>(`/api/admin/events/${eventId}`)).body
    const source = detail.sessions.find((s) => s.id === session)!
    const made = detail.sessions.find((s) => s.id === copy.body.id)!
    const { id: _a, active: activeA, ...restA } = source
    const { id: _b, active: activeB, ...restB } = made
    expect(restB).toEqual(restA)
    expect([activeA, activeB]).toEqual([1, 0])
    const strip = (p: Row) => ({ ...p, id: 0, calendar_id: 0 })
    const pricesOf = (id: number) => detail.prices.filter((p) => p.calendar_id === id).map(strip)
    expect(pricesOf(copy.body.id)).toEqual(pricesOf(session))
    expect(pricesOf(copy.body.id)).toHaveLength(2)
    expect((await audit('session', copy.body.id)).map((e) => e.action)).toEqual(['copy'])
    // Each price row the copy made is audited as a price row's copy (copyPrice), naming its source, with the row as made.
    const rowsOf = async (id: number) => (await server.db.selectFrom('prices').selectAll().where('calendar_id', '=', id).orderBy('id').execute()) as Row[]
    const sources = new Map((await rowsOf(session)).map((p) => [p.id, p]))
    const copiedPrices = await rowsOf(copy.body.id)
    for (const p of copiedPrices) {
      const entries = (await audit('price', p.id)).map(({ action, before, after }) => ({ action, before, after }))
      expect(entries).toEqual([{ action: 'copy', before: { from: expect.any(Number) }, after: p }])
      const from = sources.get((entries[0].before as { from: number }).from)!
      expect({ ...p, id: 0, calendar_id: 0 }).toEqual({ ...from, id: 0, calendar_id: 0 })
    }
    expect(copiedPrices.map((p) => p.for_subscription)).toEqual([0, 1])

    const edited = await manager.post(`/api/admin/sessions/${copy.body.id}`, { day: dayIn(15), time: '20:00', active: 1 })
    expect(edited.status).toBe(200)
    const after = (await manager.get<{ sessions: Row[] }>(`/api/admin/events/${eventId}`)).body.sessions
    expect(after.find((s) => s.id === copy.body.id)).toMatchObject({ day: dayIn(15), time: '20:00', active: 1 })
    expect(after.find((s) => s.id === session)).toMatchObject({ day: dayIn(8), time: '18:30', active: 1 })
  })

  it('copies a price row with the same values in the same session under a category its zone has no row of yet, audited as a copy', async () => {
    const copy = await manager.post<{ id: number }>(`/api/admin/prices/${price}/copy`, {})
    expect(copy.status, JSON.stringify(copy.body)).toBe(200)
    expect(copy.body.id).not.toBe(price)
    const rows = await server.db.selectFrom('prices').selectAll().where('id', 'in', [price, copy.body.id]).orderBy('id').execute()
    expect(rows).toHaveLength(2)
    // Under the source's own category the copy could never sell (sale-keys.repository.ts copyCategory).
    expect(rows[1].client_category_id).not.toBe(rows[0].client_category_id)
    expect({ ...rows[1], id: 0, client_category_id: 0 }).toEqual({ ...rows[0], id: 0, client_category_id: 0 })
    expect(rows[1].calendar_id).toBe(session)
    expect((await audit('price', copy.body.id)).map((e) => e.action)).toEqual(['copy'])
  })

  it('an unknown session or price row is a clear 404 and changes nothing; box office and door may not copy', async () => {
    const count = async () => [Number((await server.db.selectFrom('calendars').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n), Number((await server.db.selectFrom('prices').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)]
    const before = await count()
    for (const path of ['/api/admin/sessions/999999/copy', '/api/admin/prices/999999/copy']) {
      const r = await manager.post(path, {})
      expect(r.status, path).toBe(404)
      expect(r.body.errorCode, path).toBe(ErrorCode.NOT_FOUND)
      expect(String(r.body.errorText), path).toContain('999999')
    }
    for (const path of ['/api/admin/sessions/abc/copy', '/api/admin/prices/-1/copy']) {
      const r = await manager.post(path, {})
      expect(r.status, path).toBe(400)
      expect(typeof r.body.errorCode, path).toBe('string')
    }
    for (const role of ['boxoffice', 'door'] as const) {
      const c = await signedIn(server, role)
      for (const path of [`/api/admin/sessions/${session}/copy`, `/api/admin/prices/${price}/copy`]) {
        const r = await c.post(path, {})
        expect(r.status, `${role} ${path}`).toBe(403)
        expect(r.body.errorCode).toBe(AdminErrorCode.FORBIDDEN)
      }
    }
    expect(await count()).toEqual(before)
  })
})
