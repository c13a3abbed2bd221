import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import { afishaResponseSchema } from '../../src/contract/entities/afisha'
import { ErrorCode } from '../../src/contract/errors'
import { ApiClient } from '../support/client'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { AdminClient, signedIn } from './admin-helpers'

/** A real drawing nobody made for us (the smallest of ../shared/venues/real). */
const DRAWING = path.resolve('../shared/venues/real/ub-palace-ulaanbaatar.svg')
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)

type Row = Record<string, unknown> & { id: number }
interface Refs {
  kinds: Row[]
  menus: Row[]
  tags: Row[]
  categories: Row[]
  zones: Row[]
  drawings: Row[]
  venues: Row[]
}

describe.each(TEST_DBS)('catalogue management and publishing on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let refs: Refs
  let visitor: ApiClient
  const gaZone = () => refs.zones.find((z) => z.drawing_id === null)!.id

  const listing = async () => afishaResponseSchema.parse((await visitor.getJson('/api/afisha')).body)
  const eventBody = (extra: Record<string, unknown> = {}) => ({
    menu_kind_id: refs.kinds[0].id,
    venue_id: refs.venues[0].id,
    name_ru: 'Вечер органной музыки',
    name_en: 'An evening of organ music',
    name_kz: 'Орган музыкасының кеші',
    name_ch: '管風琴音樂之夜',
    descript_ru: 'Бах и Гендель',
    age_from: 6,
    main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id],
    tag_ids: [refs.tags[0].id],
    ...extra,
  })

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    refs = (await manager.get<Refs>('/api/admin/refs')).body
    visitor = new ApiClient(server.url)
    await visitor.startSession()
  })
  afterAll(async () => {
    await server?.close()
  })

  it('creates an event unpublished: not in the listing, and its page answers like an unknown event', async () => {
    const made = await manager.post<{ id: number }>('/api/admin/events', eventBody())
    expect(made.status).toBe(200)
    const detail = (await manager.get<{ event: Row & { hash_id: string; published: number } }>(`/api/admin/events/${made.body.id}`)).body
    expect(detail.event).toMatchObject({ published: 0, name_kz: 'Орган музыкасының кеші', age_from: 6 })
    const [s] = (await manager.post<{ ids: number[] }>(`/api/admin/events/${made.body.id}/sessions`, { day: dayIn(10), time: '19:00' })).body.ids
    expect((await manager.post(`/api/admin/sessions/${s}/prices`, { client_category_id: refs.categories[0].id, zone_id: gaZone(), price: 150000, quantity: 100 })).status).toBe(200)
    expect((await listing()).action.some((a) => a.hash_id === detail.event.hash_id)).toBe(false)
    const page = await visitor.post('/api/no-scheme', { hash: detail.event.hash_id, lang: 'en' })
    const unknown = await visitor.post('/api/no-scheme', { hash: 'no-such-event-hash', lang: 'en' })
    expect(page.status).toBe(404)
    expect(page.body).toEqual({ ...(unknown.body as object) })
  })

  it("the event list shows the day of the event's next session, not a past or cancelled one", async () => {
    const id = (await manager.post<{ id: number }>('/api/admin/events', eventBody({ name_en: 'Next day' }))).body.id
    const [past, cancelled, next] = (await manager.post<{ ids: number[] }>(`/api/admin/events/${id}/sessions`, { day: dayIn(2), time: '19:00', repeat: { every_days: 2, count: 2 } })).body.ids
    // A week has gone by for the first session (its start moved into the past), and the second was cancelled.
    await server.db.updateTable('calendars').set({ day: dayIn(-7), starts_at: Date.now() - 7 * DAY_MS }).where('id', '=', past).execute()
    await server.db.updateTable('calendars').set({ cancelled_at: Date.now(), active: 0 }).where('id', '=', cancelled).execute()
    const row = async () => (await manager.get<{ events: { id: number; sessions: number; next_day: string | null }[] }>('/api/admin/events')).body.events.find((e) => e.id === id)
    expect(await row()).toMatchObject({ sessions: 3, next_day: dayIn(6) })
    await server.db.updateTable('calendars').set({ starts_at: Date.now() - 1000 }).where('id', '=', next).execute()
    expect(await row()).toMatchObject({ sessions: 3, next_day: null })
  })

  it('publishes an event with two sessions and prices: the listing shows it with both sessions; withdrawn it is gone again', async () => {
    const id = (await manager.post<{ id: number }>('/api/admin/events', eventBody({ name_ru: 'Два вечера', name_en: 'Two evenings' }))).body.id
    const empty = await manager.post(`/api/admin/events/${id}/publish`, { published: 1 })
    expect(empty.status).toBe(409)
    expect(empty.body).toEqual({ errorCode: AdminErrorCode.CONFLICT, errorText: 'Nothing to publish: add a session with prices' })
    // A series: the first day and one more a week later.
    const ids = (await manager.post<{ ids: number[] }>(`/api/admin/events/${id}/sessions`, { day: dayIn(5), time: '18:30', repeat: { every_days: 7, count: 1 } })).body.ids
    expect(ids).toHaveLength(2)
    for (const s of ids) {
      expect((await manager.post(`/api/admin/sessions/${s}/prices`, { client_category_id: refs.categories[0].id, zone_id: gaZone(), price: 80000, quantity: 50, priceservise: 500, currency_id: 2 })).status).toBe(200)
    }
    expect((await manager.post(`/api/admin/events/${id}/publish`, { published: 1 })).status).toBe(200)
    const hash = (await manager.get<{ event: { hash_id: string } }>(`/api/admin/events/${id}`)).body.event.hash_id
    const list = await listing()
    const card = list.action.find((a) => a.hash_id === hash)
    expect(card?.action_en).toBe('Two evenings')
    expect(list.calendar.filter((c) => c.event_id === card!.event_id).map((c) => c.eventday)).toEqual([dayIn(5), dayIn(12)])
    const page = await visitor.post<{ calendar: unknown[] }>('/api/no-scheme', { hash, lang: 'ru' })
    expect(page.status).toBe(200)
    expect(page.body.calendar).toHaveLength(2)

    // Off sale: a session past its off-sale time leaves the listing.
    expect((await manager.post(`/api/admin/sessions/${ids[1]}`, { sale_to: Date.now() - 1000 })).status).toBe(200)
    expect((await listing()).calendar.filter((c) => c.event_id === card!.event_id).map((c) => c.eventday)).toEqual([dayIn(5)])
    // On sale later: not offered before its on-sale time.
    expect((await manager.post(`/api/admin/sessions/${ids[0]}`, { sale_from: Date.now() + DAY_MS })).status).toBe(200)
    expect((await visitor.post<{ calendar: unknown[] }>('/api/no-scheme', { hash, lang: 'ru' })).body.calendar).toHaveLength(0)

    expect((await manager.post(`/api/admin/events/${id}/publish`, { published: 0 })).status).toBe(200)
    expect((await listing()).action.some((a) => a.hash_id === hash)).toBe(false)
    expect((await visitor.post('/api/no-scheme', { hash, lang: 'ru' })).status).toBe(404)
  })

  it('imports a real drawing through the venue library and answers its report; a seat-map session needs that drawing', async () => {
    const venue = (await manager.post<{ id: number }>('/api/admin/venues', { name_ru: 'Дворец', name_en: 'Palace', address_ru: 'ул. Мира, 1', urlyandexmap: 'https://yandex.ru/maps/?pt=1,2' })).body.id
    const svg = fs.readFileSync(DRAWING, 'utf8')
    const report = await manager.post<{ drawing_id: number; seats: number; sectors: number; zones: number; warnings: string[] }>(`/api/admin/venues/${venue}/drawings`, { name: 'ub-palace', svg })
    expect(report.status, JSON.stringify(report.body)).toBe(200)
    expect(report.body.seats).toBeGreaterThan(100)
    // The report counts the seat types the drawing gives: this one types none.
    expect((report.body as { seat_types?: unknown }).seat_types).toEqual({ wheelchair: 0, companion: 0, transfer: 0, restricted: 0, signlang: 0, companions_linked: 0 })
    const stored = await server.db.selectFrom('seats').select((eb) => eb.fn.countAll<number>().as('n')).where('drawing_id', '=', report.body.drawing_id).executeTakeFirstOrThrow()
    expect(Number(stored.n)).toBe(report.body.seats)
    // The audit row names the upload by its size and report, never its (uncleaned) text.
    const audit = (await manager.get<{ entries: { action: string; after: Row | null }[] }>(`/api/admin/audit?entity=venue&entity_id=${venue}`)).body.entries.find((e) => e.action === 'import-drawing')
    expect(audit?.after).toMatchObject({ name: 'ub-palace', svg_bytes: Buffer.byteLength(svg), drawing_id: report.body.drawing_id, seats: report.body.seats })
    expect(audit?.after).not.toHaveProperty('svg')

    const bad = await manager.post(`/api/admin/venues/${venue}/drawings`, { name: 'junk', svg: '<svg><g>' + '<'.repeat(10) })
    expect(bad.status).toBe(400)
    expect(bad.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    expect(bad.body.errorText).toMatch(/^The drawing could not be read/)
    expect((await server.db.selectFrom('venue_drawings').select('id').where('venue_id', '=', venue).execute()).length).toBe(1)

    // Painting price zones onto seats is the map studio's (issue 17 item 3, not built yet): the
    // seat-map event is priced on a demo drawing whose zones came with it.
    const demo = refs.drawings[0]
    const event = (await manager.post<{ id: number }>('/api/admin/events', eventBody({ scheme: 1, venue_id: demo.venue_id }))).body.id
    const noMap = await manager.post(`/api/admin/events/${event}/sessions`, { day: dayIn(3), time: '20:00' })
    expect(noMap.status).toBe(400)
    expect(noMap.body.errorText).toBe("A seat-map event's session needs a drawing of the event's venue")
    expect((await manager.post(`/api/admin/events/${event}/sessions`, { day: dayIn(3), time: '20:00', drawing_id: report.body.drawing_id })).status).toBe(400)
    const [s] = (await manager.post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day: dayIn(3), time: '20:00', drawing_id: demo.id })).body.ids
    const zone = refs.zones.find((z) => z.drawing_id === demo.id)!.id
    expect((await manager.post(`/api/admin/sessions/${s}/prices`, { client_category_id: refs.categories[0].id, zone_id: zone, price: 250000 })).status).toBe(200)
    const foreignZone = refs.zones.find((z) => z.drawing_id !== null && z.drawing_id !== demo.id)!.id
    const wrong = await manager.post(`/api/admin/sessions/${s}/prices`, { client_category_id: refs.categories[0].id, zone_id: foreignZone, price: 1 })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errorText).toBe(`Unknown value in zone_id: ${foreignZone}`)
    expect((await manager.post(`/api/admin/events/${event}/publish`, { published: 1 })).status).toBe(200)
    const hash = (await manager.get<{ event: { hash_id: string } }>(`/api/admin/events/${event}`)).body.event.hash_id
    const map = await visitor.post<{ errorCode?: string }>('/api/scheme/sessions', { hash, lang: 'ru' })
    expect(map.status, JSON.stringify(map.body)).toBe(200)
  })

  it('validates every form with the contract and changes nothing on a refusal', async () => {
    const count = async () => (await server.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n
    const before = Number(await count())
    for (const body of [eventBody({ name_ru: '  ' }), eventBody({ main_menu_ids: [] }), eventBody({ age_from: -1 }), eventBody({ menu_kind_id: 'x' }), { junk: 1 }]) {
      const a = await manager.post('/api/admin/events', body)
      expect(a.status).toBe(400)
      expect(a.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    }
    const unknownMenu = await manager.post('/api/admin/events', eventBody({ main_menu_ids: [999999] }))
    expect(unknownMenu.body.errorText).toBe('Unknown value in main_menu_ids: 999999')
    expect(Number(await count())).toBe(before)
    const id = (await manager.post<{ id: number }>('/api/admin/events', eventBody())).body.id
    expect((await manager.post(`/api/admin/events/${id}/sessions`, { day: '2026-02-30', time: '19:00' })).status).toBe(400)
    expect((await manager.post(`/api/admin/events/${id}/sessions`, { day: dayIn(1), time: '25:00' })).status).toBe(400)
    expect((await manager.post(`/api/admin/events/${id}/sessions`, { day: dayIn(1), time: '19:00', sale_from: 10, sale_to: 5 })).status).toBe(400)
    expect((await manager.post('/api/admin/events/999999', eventBody())).status).toBe(404)
    manager.lang = 'ru'
    expect((await manager.post('/api/admin/events/999999/copy')).body.errorText).toBe('Не найдено: событие 999999')
    manager.lang = 'en'
  })

  it('edits, copies (with sessions and prices, unpublished), archives and restores an event, each with its audit row', async () => {
    const id = (await manager.post<{ id: number }>('/api/admin/events', eventBody())).body.id
    const [s] = (await manager.post<{ ids: number[] }>(`/api/admin/events/${id}/sessions`, { day: dayIn(8), time: '12:00' })).body.ids
    await manager.post(`/api/admin/sessions/${s}/prices`, { client_category_id: refs.categories[0].id, zone_id: gaZone(), price: 1000, quantity: 5 })
    expect((await manager.post(`/api/admin/events/${id}`, eventBody({ name_en: 'Renamed', demquantlimit: 4 }))).status).toBe(200)
    const copy = (await manager.post<{ id: number }>(`/api/admin/events/${id}/copy`)).body.id
    const detail = (await manager.get<{ event: Row; sessions: Row[]; prices: Row[]; tag_ids: number[] }>(`/api/admin/events/${copy}`)).body
    expect(detail.event).toMatchObject({ name_en: 'Renamed', demquantlimit: 4, published: 0 })
    expect(detail.sessions).toHaveLength(1)
    expect(detail.prices).toHaveLength(1)
    expect(detail.tag_ids).toEqual([refs.tags[0].id])
    // The copy's session and price row each start their history naming their source, as a session's own copy does.
    const firstEntry = async (entity: string, entityId: number) => (await manager.get<{ entries: { action: string; before: Row | null }[] }>(`/api/admin/audit?entity=${entity}&entity_id=${entityId}`)).body.entries.map((e) => [e.action, e.before])
    expect(await firstEntry('session', detail.sessions[0].id as number)).toEqual([['copy', { from: s }]])
    const sourcePrice = (await manager.get<{ prices: Row[] }>(`/api/admin/events/${id}`)).body.prices[0].id
    expect(await firstEntry('price', detail.prices[0].id as number)).toEqual([['copy', { from: sourcePrice }]])
    expect((await manager.post(`/api/admin/events/${id}/archive`)).status).toBe(200)
    expect((await manager.get<{ events: Row[] }>('/api/admin/events')).body.events.some((e) => e.id === id)).toBe(false)
    expect((await manager.get<{ events: Row[] }>('/api/admin/events?archived=1')).body.events.some((e) => e.id === id)).toBe(true)
    expect((await manager.post(`/api/admin/events/${id}/publish`, { published: 1 })).body.errorText).toBe('The event is archived')
    // Restored: back in the console's list, still unpublished; a repeat changes nothing and is not audited twice.
    expect((await manager.post(`/api/admin/events/${id}/unarchive`)).status).toBe(200)
    expect((await manager.post(`/api/admin/events/${id}/unarchive`)).status).toBe(200)
    expect((await manager.get<{ events: Row[] }>('/api/admin/events')).body.events.find((e) => e.id === id)).toMatchObject({ published: 0, archived_at: null })
    expect((await manager.get<{ events: Row[] }>('/api/admin/events?archived=1')).body.events.some((e) => e.id === id)).toBe(false)
    const log = (await manager.get<{ entries: { action: string; before: Row | null; after: Row | null }[] }>(`/api/admin/audit?entity=event&entity_id=${id}`)).body.entries.map((e) => e.action)
    expect(log).toEqual(['unarchive', 'archive', 'update', 'create'])
    const upd = (await manager.get<{ entries: { action: string; before: Row; after: Row }[] }>(`/api/admin/audit?entity=event&entity_id=${id}`)).body.entries[2]
    expect([upd.before.name_en, upd.after.name_en]).toEqual(['An evening of organ music', 'Renamed'])
  })

  it('creates and edits venues, price categories, zones, menu items, tags and rules texts; a taken rules address is refused', async () => {
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['/api/admin/categories', { name_ru: 'Студенты', needage: 18 }, { name_ru: 'Студенческий', needdocument: 1 }],
      ['/api/admin/zones', { name_ru: 'Балкон', color: '#112233' }, { name_ru: 'Балкон 2', color: '#445566' }],
      ['/api/admin/menus', { name_ru: 'Джаз', menu_kind_id: refs.kinds[0].id }, { name_ru: 'Джаз и блюз', menu_kind_id: refs.kinds[0].id, menucolumncount: 4 }],
      ['/api/admin/tags', { name_ru: 'Премьера' }, { name_ru: 'Премьера сезона', name_ch: '首演' }],
      ['/api/admin/rules', { slug: 'contacts-2', infname_ru: 'Контакты' }, { slug: 'contacts-2', infname_ru: 'Контакты кассы', filebody_en: 'Box office: 10-20' }],
      ['/api/admin/venues', { name_ru: 'Клуб' }, { name_ru: 'Клуб «Луч»', latitude: 55.7, longitude: 37.6 }],
    ]
    for (const [path, create, update] of cases) {
      const made = await manager.post<{ id: number }>(path, create)
      expect(made.status, path).toBe(200)
      expect((await manager.post(`${path}/${made.body.id}`, update)).status, path).toBe(200)
      const after = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
      const all = Object.values(after).flat() as Row[]
      expect(all.some((r) => r.id === made.body.id && Object.entries(update).every(([k, v]) => r[k] === v)), path).toBe(true)
    }
    const taken = await manager.post('/api/admin/rules', { slug: 'contacts-2', infname_ru: 'Ещё' })
    expect(taken.status).toBe(409)
    expect(taken.body.errorText).toBe('A text at contacts-2 exists already')
    // The storefront's setup lists the new rules text.
    const setup = (await visitor.getJson<{ db: { rules: { infname_en?: string; infname_ru?: string }[] } }>('/api/setup')).body
    expect(JSON.stringify(setup.db.rules)).toContain('Контакты кассы')
  })

  it('copies venues, price categories, zones, menu items, sections, tags and rules texts: every field but the id, audited as a copy; the copy edits apart from its source', async () => {
    const owner = await signedIn(server, 'owner')
    const sources: [string, Record<string, unknown>, keyof Refs | 'rules'][] = [
      ['/api/admin/venues', { name_ru: 'Дом музыки', name_en: 'House of Music', address_ru: 'Космодамианская, 52', urlyandexmap: 'https://yandex.ru/maps/-/xyz', latitude: 55.73, longitude: 37.64 }, 'venues'],
      ['/api/admin/categories', { name_ru: 'Пенсионеры', name_kz: 'Зейнеткерлер', needage: 60, needdocument: 1 }, 'categories'],
      ['/api/admin/zones', { name_ru: 'Партер', name_ch: '池座', color: '#aa2233' }, 'zones'],
      ['/api/admin/menus', { name_ru: 'Орган', menu_kind_id: refs.kinds[0].id, sortnum: 7 }, 'menus'],
      ['/api/admin/kinds', { name_ru: 'Лекции', name_en: 'Talks', sortnum: 9 }, 'kinds'],
      ['/api/admin/tags', { name_ru: 'Для детей', name_en: 'For children' }, 'tags'],
      ['/api/admin/rules', { slug: 'refunds', infname_ru: 'Возврат', filebody_en: 'Refunds within 3 days' }, 'rules'],
    ]
    for (const [path, body, list] of sources) {
      const made = await manager.post<{ id: number }>(path, body)
      expect(made.status, path).toBe(200)
      const copy = await manager.post<{ id: number }>(`${path}/${made.body.id}/copy`, {})
      expect(copy.status, path).toBe(200)
      expect(copy.body.id, path).not.toBe(made.body.id)
      const all = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body[list]
      const source = all.find((r) => r.id === made.body.id)!
      const copied = all.find((r) => r.id === copy.body.id)
      expect(copied, path).toMatchObject(Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'slug')))
      if (list === 'rules') expect(copied!.slug).toBe('refunds-copy')
      if (list === 'zones') expect([copied!.drawing_id, copied!.zone_key === source.zone_key]).toEqual([null, false])
      // Editing the copy leaves the source as it was.
      const editBody = list === 'rules' ? { ...body, slug: 'refunds-copy', infname_ru: 'Копия' } : { ...body, name_ru: 'Копия' }
      expect((await manager.post(`${path}/${copy.body.id}`, editBody)).status, path).toBe(200)
      const again = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body[list]
      expect(again.find((r) => r.id === made.body.id), path).toEqual(source)
      const entity = path.split('/').pop()!
      const log = (await owner.get<{ entries: { action: string }[] }>(`/api/admin/audit?entity=${{ venues: 'venue', categories: 'category', zones: 'zone', menus: 'menu', kinds: 'kind', tags: 'tag', rules: 'rule' }[entity]}&entity_id=${copy.body.id}`)).body.entries
      expect(log.map((e) => e.action), path).toEqual(['update', 'copy'])
    }
    // A second copy of the same text takes the next free slug; an unknown row is a 404; copying is a write.
    expect((await manager.post<{ id: number }>('/api/admin/rules/' + (await server.db.selectFrom('rules').select('id').where('slug', '=', 'refunds').executeTakeFirstOrThrow()).id + '/copy', {})).status).toBe(200)
    expect((await server.db.selectFrom('rules').select('slug').where('slug', 'like', 'refunds-copy%').orderBy('slug').execute()).map((r) => r.slug)).toEqual(['refunds-copy', 'refunds-copy-2'])
    const missing = await manager.post('/api/admin/tags/999999/copy', {})
    expect(missing.status).toBe(404)
    const box = await signedIn(server, 'boxoffice')
    const refused = await box.post(`/api/admin/tags/${refs.tags[0].id}/copy`, {})
    expect(refused.status).toBe(403)
    expect(refused.body.errorCode).toBe(AdminErrorCode.FORBIDDEN)
  })

  /** An event made from `body`, with one general-admission session and price row, published; its id and public hash. */
  const publishedEvent = async (body: Record<string, unknown>) => {
    const id = (await manager.post<{ id: number }>('/api/admin/events', body)).body.id
    const [s] = (await manager.post<{ ids: number[] }>(`/api/admin/events/${id}/sessions`, { day: dayIn(6), time: '19:00' })).body.ids
    expect((await manager.post(`/api/admin/sessions/${s}/prices`, { client_category_id: refs.categories[0].id, zone_id: gaZone(), price: 1000, quantity: 5 })).status).toBe(200)
    expect((await manager.post(`/api/admin/events/${id}/publish`, { published: 1 })).status).toBe(200)
    return { id, hash: (await manager.get<{ event: { hash_id: string } }>(`/api/admin/events/${id}`)).body.event.hash_id }
  }

  it('archives a tag and a menu item: they leave the storefront filters and menus while their event stays listed; restoring brings them back; audited; box office refused', async () => {
    const tag = (await manager.post<{ id: number }>('/api/admin/tags', { name_ru: 'Архивный', name_en: 'Archived' })).body.id
    const menu = (await manager.post<{ id: number }>('/api/admin/menus', { name_ru: 'Старое меню', menu_kind_id: refs.kinds[0].id })).body.id
    const { hash } = await publishedEvent(eventBody({ main_menu_ids: [eventBody().main_menu_ids[0], menu], tag_ids: [tag] }))
    const shown = async () => {
      const list = await listing()
      const card = list.action.find((a) => a.hash_id === hash)
      return { listed: card !== undefined, tag: list.list_tags.some((t) => t.attr_id === tag), eventTag: list.event_tags.some((t) => t.attr_id === tag), menu: list.main_menu.some((m) => m.mainmenu_id === menu) }
    }
    expect(await shown()).toEqual({ listed: true, tag: true, eventTag: true, menu: true })

    const box = await signedIn(server, 'boxoffice')
    for (const path of [`/api/admin/tags/${tag}/archive`, `/api/admin/menus/${menu}/archive`, `/api/admin/tags/${tag}/unarchive`]) {
      const refused = await box.post(path, {})
      expect(refused.status, path).toBe(403)
      expect(refused.body.errorCode).toBe(AdminErrorCode.FORBIDDEN)
    }
    expect(await shown()).toEqual({ listed: true, tag: true, eventTag: true, menu: true })

    expect((await manager.post(`/api/admin/tags/${tag}/archive`, {})).status).toBe(200)
    expect((await manager.post(`/api/admin/menus/${menu}/archive`, {})).status).toBe(200)
    expect(await shown()).toEqual({ listed: true, tag: false, eventTag: false, menu: false })
    expect((await manager.post('/api/admin/tags/999999/archive', {})).status).toBe(404)

    expect((await manager.post(`/api/admin/tags/${tag}/unarchive`, {})).status).toBe(200)
    expect((await manager.post(`/api/admin/menus/${menu}/unarchive`, {})).status).toBe(200)
    expect(await shown()).toEqual({ listed: true, tag: true, eventTag: true, menu: true })

    const owner = await signedIn(server, 'owner')
    for (const [entity, rowId] of [['tag', tag], ['menu', menu]] as const) {
      const log = (await owner.get<{ entries: { action: string; after: Row | null }[] }>(`/api/admin/audit?entity=${entity}&entity_id=${rowId}`)).body.entries
      expect(log.map((e) => e.action), entity).toEqual(['unarchive', 'archive', 'create'])
      expect(log[1].after!.archived_at, entity).toEqual(expect.any(Number))
      expect(log[0].after!.archived_at, entity).toBeNull()
    }
  })

  it('archives a section: it leaves the top menu with its menu items, is not offered for new events or menu items, stays with the event that has it; restored and audited', async () => {
    const kind = (await manager.post<{ id: number }>('/api/admin/kinds', { name_ru: 'Старый раздел', name_en: 'Old section', sortnum: 90 })).body.id
    const menu = (await manager.post<{ id: number }>('/api/admin/menus', { name_ru: 'Пункт раздела', menu_kind_id: kind })).body.id
    const { id, hash } = await publishedEvent(eventBody({ menu_kind_id: kind, main_menu_ids: [menu] }))
    const shown = async () => {
      const list = await listing()
      return { kind: list.kind_menu.some((k) => k.menukind_id === kind), menu: list.main_menu.some((m) => m.mainmenu_id === menu), listed: list.action.some((a) => a.hash_id === hash) }
    }
    expect(await shown()).toEqual({ kind: true, menu: true, listed: true })

    const box = await signedIn(server, 'boxoffice')
    expect((await box.post(`/api/admin/kinds/${kind}/archive`, {})).status).toBe(403)
    expect((await manager.post(`/api/admin/kinds/${kind}/archive`, {})).status).toBe(200)
    // Its only menu item went with it, so the event has no menu to be listed under.
    expect(await shown()).toEqual({ kind: false, menu: false, listed: false })
    expect((await manager.post('/api/admin/kinds/999999/archive', {})).status).toBe(404)

    // Not offered for a new choice: a new event or menu item in it is refused, and nothing is written.
    const events = (await manager.get<{ events: Row[] }>('/api/admin/events')).body.events.length
    const newEvent = await manager.post('/api/admin/events', eventBody({ menu_kind_id: kind }))
    expect(newEvent.status).toBe(409)
    expect(newEvent.body).toMatchObject({ errorCode: AdminErrorCode.CONFLICT, errorText: `menu_kind_id ${kind} is archived: restore it to choose it` })
    expect((await manager.get<{ events: Row[] }>('/api/admin/events')).body.events.length).toBe(events)
    expect((await manager.post('/api/admin/menus', { name_ru: 'Новый пункт', menu_kind_id: kind })).body.errorText).toBe(`menu_kind_id ${kind} is archived: restore it to choose it`)
    // What already has it keeps it when saved again.
    expect((await manager.post(`/api/admin/events/${id}`, eventBody({ menu_kind_id: kind, main_menu_ids: [menu], name_en: 'Saved again' }))).status).toBe(200)
    expect((await manager.post(`/api/admin/menus/${menu}`, { name_ru: 'Пункт раздела', name_en: 'Renamed', menu_kind_id: kind })).status).toBe(200)

    expect((await manager.post(`/api/admin/kinds/${kind}/unarchive`, {})).status).toBe(200)
    expect(await shown()).toEqual({ kind: true, menu: true, listed: true })
    const owner = await signedIn(server, 'owner')
    const log = (await owner.get<{ entries: { action: string; after: Row | null }[] }>(`/api/admin/audit?entity=kind&entity_id=${kind}`)).body.entries
    expect(log.map((e) => e.action)).toEqual(['unarchive', 'archive', 'create'])
    expect(log[1].after!.archived_at).toEqual(expect.any(Number))
  })

  it('refuses each role what it may not do: box office and door read but do not write; box office does not publish', async () => {
    const id = (await manager.post<{ id: number }>('/api/admin/events', eventBody())).body.id
    const box = await signedIn(server, 'boxoffice')
    const door = await signedIn(server, 'door')
    for (const c of [box, door]) {
      expect((await c.get('/api/admin/events')).status).toBe(200)
      expect((await c.get(`/api/admin/events/${id}`)).status).toBe(200)
      for (const [path, body] of [
        ['/api/admin/events', eventBody()],
        [`/api/admin/events/${id}`, eventBody()],
        [`/api/admin/events/${id}/copy`, {}],
        [`/api/admin/events/${id}/archive`, {}],
        [`/api/admin/events/${id}/unarchive`, {}],
        [`/api/admin/events/${id}/publish`, { published: 1 }],
        [`/api/admin/events/${id}/sessions`, { day: dayIn(2), time: '10:00' }],
        ['/api/admin/venues', { name_ru: 'x' }],
        ['/api/admin/categories', { name_ru: 'x' }],
        ['/api/admin/zones', { name_ru: 'x' }],
        ['/api/admin/menus', { name_ru: 'x', menu_kind_id: 1 }],
        ['/api/admin/tags', { name_ru: 'x' }],
        ['/api/admin/rules', { slug: 'x', infname_ru: 'x' }],
        ['/api/admin/sessions/1', { time: '10:00' }],
        ['/api/admin/sessions/1/delete', {}],
        ['/api/admin/sessions/1/prices', {}],
        ['/api/admin/prices/1', {}],
        ['/api/admin/prices/1/delete', {}],
        ['/api/admin/venues/1/drawings', { name: 'x', svg: '<svg/>' }],
      ] as const) {
        const a = await c.post(path, body)
        expect(a.status, path).toBe(403)
        expect(a.body.errorCode).toBe(AdminErrorCode.FORBIDDEN)
      }
    }
    expect((await server.db.selectFrom('events').select('published').where('id', '=', id).executeTakeFirstOrThrow()).published).toBe(0)
  })
})
