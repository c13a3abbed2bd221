import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import { ORDER_CHECKBOX_SCOPE } from '../../src/server/domain/orders/constants'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { type AdminClient, signedIn } from './admin-helpers'
import { visitor } from './order-fixtures'

const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }
const PRICE_MINOR = 100000
const ROW_QUANTITY = 10
/** More copies than any install has price categories: the copy loop stops at the refusal before. */
const MAX_COPIES = 50

/**
 * The console keeps what the storefront tells sessions and price rows apart by unique
 * (admin/catalogue/sale-keys.repository.ts): an order line names its session by event + day + time and its
 * price row by category + zone + kind, so a second session at a slot or a second row with a key
 * would be listed and never sell. A sold row keeps its key; a seat-map session prices only its
 * drawing's zones. Each refusal changes nothing.
 */
describe.each(TEST_DBS)('unique sessions and price rows of the console on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let refs: Record<string, Row[]>
  let gaZone: number
  let adult: number
  let child: number
  const day = dayIn(7)

  const sessionsOf = (eventId: number) => server.db.selectFrom('calendars').select(['id', 'day', 'time', 'active']).where('event_id', '=', eventId).orderBy('id').execute()
  const pricesOf = (calendarId: number) => server.db.selectFrom('prices').selectAll().where('calendar_id', '=', calendarId).orderBy('id').execute()

  async function makeEvent(name: string, extra: Record<string, unknown> = {}): Promise<number> {
    const made = await manager.post<{ id: number }>('/api/admin/events', {
      menu_kind_id: refs.kinds[0].id,
      venue_id: refs.venues[0].id,
      name_ru: name,
      main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id],
      ...extra,
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    return made.body.id
  }
  async function addSession(eventId: number, time: string, extra: Record<string, unknown> = {}): Promise<number> {
    const made = await manager.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day, time, ...extra })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    return made.body.ids[0]
  }
  async function addPrice(session: number, category: number, extra: Record<string, unknown> = {}): Promise<number> {
    const made = await manager.post<{ id: number }>(`/api/admin/sessions/${session}/prices`, { client_category_id: category, zone_id: gaZone, price: PRICE_MINOR, quantity: ROW_QUANTITY, ...extra })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    return made.body.id
  }
  const priceBody = (row: Record<string, unknown>, change: Record<string, unknown>) => ({
    client_category_id: row.client_category_id,
    zone_id: row.zone_id,
    price: Number(row.price),
    quantity: Number(row.quantity),
    for_subscription: Number(row.for_subscription),
    ...change,
  })

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
    gaZone = refs.zones.find((z) => z.drawing_id === null)!.id
    ;[adult, child] = [refs.categories[0].id, refs.categories[1].id]
  })
  afterAll(async () => {
    await server?.close()
  })

  it("refuses a second session at a day and time the event has, made or moved there, and keeps the first", async () => {
    const event = await makeEvent('Один сеанс в это время')
    const first = await addSession(event, '19:00')
    const before = await sessionsOf(event)

    const twice = await manager.post(`/api/admin/events/${event}/sessions`, { day, time: '19:00' })
    expect(twice.status).toBe(409)
    expect(twice.body.errorCode).toBe(AdminErrorCode.CONFLICT)
    expect(twice.body.errorText).toBe(`This event has session ${first} at ${day} 19:00 already: the storefront tells sessions apart by day and time, so a second one then could never sell. Choose another time, or move or cancel that session first`)
    // A series one of whose days is taken is refused whole.
    const series = await manager.post(`/api/admin/events/${event}/sessions`, { day: dayIn(6), time: '19:00', repeat: { every_days: 1, count: 2 } })
    expect(series.status).toBe(409)
    expect(await sessionsOf(event)).toEqual(before)

    const second = await addSession(event, '21:00')
    const moved = await manager.post(`/api/admin/sessions/${second}`, { time: '19:00' })
    expect(moved.status).toBe(409)
    expect(moved.body.errorCode).toBe(AdminErrorCode.CONFLICT)
    expect((await sessionsOf(event)).find((s) => s.id === second)).toMatchObject({ day, time: '21:00' })
    // Edits that do not move it, and a move to a free time, still work.
    expect((await manager.post(`/api/admin/sessions/${second}`, { time: '21:00', capacity: 30 })).status).toBe(200)
    expect((await manager.post(`/api/admin/sessions/${second}`, { time: '20:00' })).status).toBe(200)

    // The operator's language: a Russian console reads the refusal in Russian.
    manager.lang = 'ru'
    try {
      const ru = await manager.post(`/api/admin/sessions/${second}`, { time: '19:00' })
      expect(ru.body.errorText).toMatch(/^У этого события уже есть сеанс/)
    } finally {
      manager.lang = 'en'
    }
  })

  it("lets a session's copy share its source's slot switched off only: switching it on there is refused, moved it goes on sale", async () => {
    const event = await makeEvent('Копия сеанса')
    const source = await addSession(event, '19:00')
    const copy = (await manager.post<{ id: number }>(`/api/admin/sessions/${source}/copy`)).body.id
    expect((await sessionsOf(event)).find((s) => s.id === copy)).toMatchObject({ time: '19:00', active: 0 })

    const on = await manager.post(`/api/admin/sessions/${copy}`, { active: 1 })
    expect(on.status).toBe(409)
    expect(on.body.errorCode).toBe(AdminErrorCode.CONFLICT)
    expect((await sessionsOf(event)).find((s) => s.id === copy)).toMatchObject({ time: '19:00', active: 0 })
    expect((await manager.post(`/api/admin/sessions/${copy}`, { time: '18:00', active: 1 })).status).toBe(200)
    expect((await sessionsOf(event)).find((s) => s.id === copy)).toMatchObject({ time: '18:00', active: 1 })
  })

  it('switches a source back on beside its own switched-off copy (only sessions on sale compete then)', async () => {
    const event = await makeEvent('Источник копии')
    const source = await addSession(event, '19:00')
    expect((await manager.post(`/api/admin/sessions/${source}`, { active: 0 })).status).toBe(200)
    const copy = (await manager.post<{ id: number }>(`/api/admin/sessions/${source}/copy`)).body.id
    const on = await manager.post(`/api/admin/sessions/${source}`, { active: 1 })
    expect(on.status, JSON.stringify(on.body)).toBe(200)
    // The copy then meets its source on sale, and stays off.
    expect((await manager.post(`/api/admin/sessions/${copy}`, { active: 1 })).status).toBe(409)
    expect((await sessionsOf(event)).find((s) => s.id === copy)).toMatchObject({ time: '19:00', active: 0 })
  })

  it('frees the slot of a cancelled session for a new one', async () => {
    const event = await makeEvent('Отменённый сеанс')
    const cancelled = await addSession(event, '19:00')
    const cancel = await manager.post(`/api/admin/sessions/${cancelled}/cancel`, { confirm: true })
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200)
    const again = await manager.post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day, time: '19:00' })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
  })

  it('refuses a second price row with the same category, zone and kind in a session, made or edited into it', async () => {
    const event = await makeEvent('Одна цена на категорию')
    const session = await addSession(event, '19:00')
    const adultRow = await addPrice(session, adult)
    const before = await pricesOf(session)

    const twice = await manager.post(`/api/admin/sessions/${session}/prices`, { client_category_id: adult, zone_id: gaZone, price: 1, quantity: 1 })
    expect(twice.status).toBe(409)
    expect(twice.body.errorCode).toBe(AdminErrorCode.CONFLICT)
    expect(twice.body.errorText).toBe(`This session has price row ${adultRow} with this category and zone already (for the same buyers: tickets or subscriptions): the storefront sells only one of them. Edit that row instead`)
    expect(await pricesOf(session)).toEqual(before)
    // The same category and zone for subscription holders is another row of the storefront's.
    await addPrice(session, adult, { for_subscription: 1 })

    const childRow = await addPrice(session, child)
    const childBefore = (await pricesOf(session)).find((p) => p.id === childRow)!
    const edited = await manager.post(`/api/admin/prices/${childRow}`, priceBody(childBefore, { client_category_id: adult }))
    expect(edited.status).toBe(409)
    expect(edited.body.errorCode).toBe(AdminErrorCode.CONFLICT)
    expect((await pricesOf(session)).find((p) => p.id === childRow)).toEqual(childBefore)
    // Its price and quantity stay editable.
    expect((await manager.post(`/api/admin/prices/${childRow}`, priceBody(childBefore, { price: PRICE_MINOR + 100, quantity: ROW_QUANTITY + 1 }))).status).toBe(200)
  })

  it("copies a price row under a category its zone has no row of yet, and refuses once every category has one", async () => {
    const event = await makeEvent('Копия цены')
    const session = await addSession(event, '19:00')
    const source = await addPrice(session, adult)
    const sourceRow = (await pricesOf(session))[0]
    const live = refs.categories.filter((c) => c.archived_at === null)
    const copies: number[] = []
    let refused: { status: number; body: { errorCode?: string; errorText?: string } } | undefined
    for (let i = 0; i < MAX_COPIES && !refused; i++) {
      const copy = await manager.post<{ id: number }>(`/api/admin/prices/${source}/copy`)
      if (copy.status === 200) copies.push(copy.body.id)
      else refused = copy
    }
    expect(copies.length).toBe(live.length - 1)
    expect(refused?.status).toBe(409)
    expect(refused?.body.errorCode).toBe(AdminErrorCode.CONFLICT)
    expect(refused?.body.errorText).toMatch(/^Every price category has a row in this zone of the session already/)
    const rows = await pricesOf(session)
    expect(rows.length).toBe(live.length)
    // Every row is sellable: one per category, the copies with the source's zone, price and quantity.
    expect(new Set(rows.map((r) => r.client_category_id)).size).toBe(rows.length)
    for (const r of rows.filter((x) => x.id !== source)) expect(r).toMatchObject({ zone_id: sourceRow.zone_id, price: sourceRow.price, quantity: sourceRow.quantity, for_subscription: 0 })
  })

  it('refuses changing the category or kind of a price row with tickets reserved at it; its price and quantity stay editable', async () => {
    const event = await makeEvent('Проданная цена')
    const session = await addSession(event, '19:00')
    const sold = await addPrice(session, adult)
    const unsold = await addPrice(session, child)
    expect((await manager.post(`/api/admin/events/${event}/publish`, { published: 1 })).status).toBe(200)
    const hash = (await manager.get<{ event: { hash_id: string } }>(`/api/admin/events/${event}`)).body.event.hash_id
    const v = await visitor(server.url)
    const boxes = await server.db.selectFrom('checkbox_lists').select('id').where('scope', '=', ORDER_CHECKBOX_SCOPE).execute()
    const order = await v.post<{ errorCode: string }>('/api/order/create', {
      fio: 'Иван Петров',
      phone: '+79161234567',
      email: 'ivan@example.org',
      re_email: 'ivan@example.org',
      data: [{ day, time: '19:00', actionId: event, categoryId: adult, zoneId: gaZone, quantity: 2, sum: 2 * (PRICE_MINOR / 100) }],
      lang: 'ru',
      hash,
      checkboxList: boxes.map((b) => ({ id: b.id, checked: 1 })),
    })
    expect(order.body.errorCode, JSON.stringify(order.body)).toBe('0')

    const otherCategory = refs.categories.find((c) => c.id !== adult && c.id !== child)!.id
    const before = (await pricesOf(session)).find((p) => p.id === sold)!
    for (const change of [{ client_category_id: otherCategory }, { for_subscription: 1 }]) {
      const refused = await manager.post(`/api/admin/prices/${sold}`, priceBody(before, change))
      expect(refused.status, JSON.stringify(change)).toBe(409)
      expect(refused.body.errorCode).toBe(AdminErrorCode.CONFLICT)
      expect(refused.body.errorText).toBe('Tickets are sold or reserved at this price already: its category, zone and kind (tickets or subscriptions) cannot change, or the sold tickets and the sales figures would no longer match it. Add a new price row instead')
      expect((await pricesOf(session)).find((p) => p.id === sold)).toEqual(before)
    }
    // The sold row's price and quantity, and an unsold row's category, still change.
    expect((await manager.post(`/api/admin/prices/${sold}`, priceBody(before, { price: PRICE_MINOR + 500, quantity: ROW_QUANTITY + 5 }))).status).toBe(200)
    expect((await pricesOf(session)).find((p) => p.id === sold)).toMatchObject({ price: PRICE_MINOR + 500, quantity: ROW_QUANTITY + 5 })
    const unsoldRow = (await pricesOf(session)).find((p) => p.id === unsold)!
    expect((await manager.post(`/api/admin/prices/${unsold}`, priceBody(unsoldRow, { client_category_id: otherCategory }))).status).toBe(200)
  })

  it("prices a seat-map session only in its drawing's zones", async () => {
    const demo = refs.drawings[0]
    const event = await makeEvent('Схема зала', { scheme: 1, venue_id: demo.venue_id })
    const session = await addSession(event, '19:00', { drawing_id: demo.id })
    const refused = await manager.post(`/api/admin/sessions/${session}/prices`, { client_category_id: adult, zone_id: gaZone, price: PRICE_MINOR })
    expect(refused.status).toBe(400)
    expect(refused.body.errorText).toBe(`Unknown value in zone_id: ${gaZone}`)
    expect(await pricesOf(session)).toEqual([])
    const zone = refs.zones.find((z) => z.drawing_id === demo.id)!.id
    const row = await manager.post<{ id: number }>(`/api/admin/sessions/${session}/prices`, { client_category_id: adult, zone_id: zone, price: PRICE_MINOR })
    expect(row.status).toBe(200)
    // Editing the row into a general-admission zone is refused the same way.
    const rowBefore = (await pricesOf(session))[0]
    expect((await manager.post(`/api/admin/prices/${row.body.id}`, priceBody(rowBefore, { zone_id: gaZone }))).status).toBe(400)
    expect(await pricesOf(session)).toEqual([rowBefore])
  })
})
