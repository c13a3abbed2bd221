import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import { afishaResponseSchema } from '../../src/contract/entities/afisha'
import { ErrorCode } from '../../src/contract/errors'
import { ApiClient } from '../support/client'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'

/**
 * Archive and restore of the catalogue's venues, price categories, general-admission zones and
 * rules texts, and of menu items as an event card's menu (issue 17 item 2). Tags and menu items
 * as filters and menus are covered in admin-catalogue.test.ts.
 */
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)

type Row = Record<string, unknown> & { id: number }
interface Refs {
  kinds: Row[]
  menus: Row[]
  tags: Row[]
  categories: Row[]
  zones: Row[]
  venues: Row[]
  rules: Row[]
}
interface AuditEntries {
  entries: { action: string; after: Row | null }[]
}

describe.each(TEST_DBS)('archive of venues, categories, zones, rules texts and card menus on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let refs: Refs
  let visitor: ApiClient

  const listing = async () => afishaResponseSchema.parse((await visitor.getJson('/api/afisha')).body)
  const rulesShown = async () => (await visitor.getJson<{ db: { rules: { id: number }[] } }>('/api/setup')).body.db.rules.map((r) => r.id)
  const fresh = async () => (refs = (await manager.get<Refs>('/api/admin/refs')).body)
  const archivedAt = (list: Row[], id: number) => list.find((r) => r.id === id)?.archived_at
  const menuOfKind = () => refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id

  /** A published general-admission event at `venue`, one session, one price row of `category` in `zone`. */
  async function publishedEvent(o: { venue: number; category: number; zone: number; menus: number[] }) {
    const id = (await manager.post<{ id: number }>('/api/admin/events', { menu_kind_id: refs.kinds[0].id, venue_id: o.venue, name_ru: 'Архивная проверка', main_menu_ids: o.menus })).body.id
    const [s] = (await manager.post<{ ids: number[] }>(`/api/admin/events/${id}/sessions`, { day: dayIn(8), time: '19:00' })).body.ids
    expect((await manager.post(`/api/admin/sessions/${s}/prices`, { client_category_id: o.category, zone_id: o.zone, price: 50000, quantity: 10 })).status).toBe(200)
    expect((await manager.post(`/api/admin/events/${id}/publish`, { published: 1 })).status).toBe(200)
    const hash = (await manager.get<{ event: { hash_id: string } }>(`/api/admin/events/${id}`)).body.event.hash_id
    return { id, hash, session: s }
  }

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    visitor = new ApiClient(server.url)
    await visitor.startSession()
    await fresh()
  })
  afterAll(async () => {
    await server?.close()
  })

  it('archives and restores a venue, a price category, a zone and a rules text: marked in refs, audited; what uses them keeps selling; the rules text leaves the storefront', async () => {
    const venue = (await manager.post<{ id: number }>('/api/admin/venues', { name_ru: 'Старый зал', address_ru: 'ул. Архивная, 1' })).body.id
    const category = (await manager.post<{ id: number }>('/api/admin/categories', { name_ru: 'Льготный (старый)' })).body.id
    const zone = (await manager.post<{ id: number }>('/api/admin/zones', { name_ru: 'Партер (старый)' })).body.id
    const rule = (await manager.post<{ id: number }>('/api/admin/rules', { slug: 'old-rules-archive', infname_ru: 'Старые правила' })).body.id
    const event = await publishedEvent({ venue, category, zone, menus: [menuOfKind()] })
    expect(await rulesShown()).toContain(rule)

    const things = [['venues', 'venue', venue], ['categories', 'category', category], ['zones', 'zone', zone], ['rules', 'rule', rule]] as const
    for (const [path, , id] of things) expect((await manager.post(`/api/admin/${path}/${id}/archive`, {})).status, path).toBe(200)
    await fresh()
    expect(archivedAt(refs.venues, venue)).toEqual(expect.any(Number))
    expect(archivedAt(refs.categories, category)).toEqual(expect.any(Number))
    expect(archivedAt(refs.zones, zone)).toEqual(expect.any(Number))
    expect(archivedAt(refs.rules, rule)).toEqual(expect.any(Number))

    // The storefront: the rules text is gone; the event on the archived venue, category and zone still sells.
    expect(await rulesShown()).not.toContain(rule)
    const list = await listing()
    const card = list.action.find((a) => a.hash_id === event.hash)
    expect(card?.seatroot_id).toBe(venue)
    expect(list.venues.some((v) => v.seatroot_id === venue)).toBe(true)
    expect(list.calendar.some((c) => c.event_id === card!.event_id && c.ticketcount === 10)).toBe(true)
    const page = await visitor.post<{ calendar: unknown[] }>('/api/no-scheme', { hash: event.hash, lang: 'ru' })
    expect(page.status).toBe(200)
    expect(page.body.calendar).toHaveLength(1)

    // A copy of an archived row starts live.
    const copy = (await manager.post<{ id: number }>(`/api/admin/categories/${category}/copy`, {})).body.id
    await fresh()
    expect(archivedAt(refs.categories, copy)).toBeNull()

    for (const [path, , id] of things) expect((await manager.post(`/api/admin/${path}/${id}/unarchive`, {})).status, path).toBe(200)
    await fresh()
    expect([archivedAt(refs.venues, venue), archivedAt(refs.categories, category), archivedAt(refs.zones, zone), archivedAt(refs.rules, rule)]).toEqual([null, null, null, null])
    expect(await rulesShown()).toContain(rule)

    const owner = await signedIn(server, 'owner')
    for (const [, entity, id] of things) {
      const log = (await owner.get<AuditEntries>(`/api/admin/audit?entity=${entity}&entity_id=${id}`)).body.entries
      expect(log.map((e) => e.action), entity).toEqual(['unarchive', 'archive', 'create'])
      expect(log[1].after!.archived_at, entity).toEqual(expect.any(Number))
      expect(log[0].after!.archived_at, entity).toBeNull()
    }
  })

  it('refuses roles without catalogue.write, unknown and malformed ids, and seat-map zones, with clear codes and no change', async () => {
    const venue = (await manager.post<{ id: number }>('/api/admin/venues', { name_ru: 'Зал для отказов' })).body.id
    const category = (await manager.post<{ id: number }>('/api/admin/categories', { name_ru: 'Категория для отказов' })).body.id
    const zone = (await manager.post<{ id: number }>('/api/admin/zones', { name_ru: 'Зона для отказов' })).body.id
    const rule = (await manager.post<{ id: number }>('/api/admin/rules', { slug: 'refusals-archive', infname_ru: 'Отказы' })).body.id
    const paths = [`venues/${venue}`, `categories/${category}`, `zones/${zone}`, `rules/${rule}`]
    for (const role of ['boxoffice', 'door'] as const) {
      const c = await signedIn(server, role)
      for (const p of paths) {
        for (const verb of ['archive', 'unarchive']) {
          const refused = await c.post(`/api/admin/${p}/${verb}`, {})
          expect(refused.status, `${role} ${p}/${verb}`).toBe(403)
          expect(refused.body.errorCode).toBe(AdminErrorCode.FORBIDDEN)
        }
      }
    }
    await fresh()
    expect([archivedAt(refs.venues, venue), archivedAt(refs.categories, category), archivedAt(refs.zones, zone), archivedAt(refs.rules, rule)]).toEqual([null, null, null, null])

    for (const thing of ['venues', 'categories', 'zones', 'rules', 'tags', 'menus']) {
      const unknown = await manager.post(`/api/admin/${thing}/987654/archive`, {})
      expect(unknown.status, thing).toBe(404)
      expect(unknown.body.errorCode, thing).toBe(ErrorCode.NOT_FOUND)
      expect(unknown.body.errorText, thing).toMatch(/987654 not found/)
      const malformed = await manager.post(`/api/admin/${thing}/abc/unarchive`, {})
      expect(malformed.status, thing).toBe(400)
      expect(malformed.body.errorCode, thing).toBe(ErrorCode.BAD_REQUEST)
    }

    const mapZone = refs.zones.find((z) => z.drawing_id !== null)!
    const inMap = await manager.post(`/api/admin/zones/${mapZone.id}/archive`, {})
    expect(inMap.status).toBe(409)
    expect(inMap.body).toEqual({ errorCode: AdminErrorCode.CONFLICT, errorText: `Zone ${mapZone.id} is part of a seat map: it is changed in the map studio, not archived` })
    await fresh()
    expect(archivedAt(refs.zones, mapZone.id)).toBeNull()
    const owner = await signedIn(server, 'owner')
    expect((await owner.get<AuditEntries>(`/api/admin/audit?entity=zone&entity_id=${mapZone.id}`)).body.entries.map((e) => e.action)).not.toContain('archive')
  })

  it('refuses an archived venue, menu item, tag, category or zone as a new choice; an event or price row that has one already saves', async () => {
    const venue = (await manager.post<{ id: number }>('/api/admin/venues', { name_ru: 'Зал выбора' })).body.id
    const menu = (await manager.post<{ id: number }>('/api/admin/menus', { name_ru: 'Меню выбора', menu_kind_id: refs.kinds[0].id })).body.id
    const tag = (await manager.post<{ id: number }>('/api/admin/tags', { name_ru: 'Тег выбора' })).body.id
    const category = (await manager.post<{ id: number }>('/api/admin/categories', { name_ru: 'Категория выбора' })).body.id
    const zone = (await manager.post<{ id: number }>('/api/admin/zones', { name_ru: 'Зона выбора' })).body.id
    const body = (o: Record<string, unknown> = {}) => ({ menu_kind_id: refs.kinds[0].id, venue_id: venue, name_ru: 'Выбор', main_menu_ids: [menu], tag_ids: [tag], ...o })
    const event = (await manager.post<{ id: number }>('/api/admin/events', body())).body.id
    const [s] = (await manager.post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day: dayIn(9), time: '18:00' })).body.ids
    const price = (await manager.post<{ id: number }>(`/api/admin/sessions/${s}/prices`, { client_category_id: category, zone_id: zone, price: 1000, quantity: 3 })).body.id
    for (const p of [`venues/${venue}`, `menus/${menu}`, `tags/${tag}`, `categories/${category}`, `zones/${zone}`]) expect((await manager.post(`/api/admin/${p}/archive`, {})).status, p).toBe(200)

    // What the event and the price row have already stays allowed.
    expect((await manager.post(`/api/admin/events/${event}`, body({ name_ru: 'Выбор (изменён)' }))).status).toBe(200)
    expect((await manager.post(`/api/admin/prices/${price}`, { client_category_id: category, zone_id: zone, price: 1200, quantity: 3 })).status).toBe(200)
    const detail = (await manager.get<{ main_menu_ids: number[]; tag_ids: number[] }>(`/api/admin/events/${event}`)).body
    expect([detail.main_menu_ids, detail.tag_ids]).toEqual([[menu], [tag]])

    // As a new choice each is refused with a clear code, and nothing is made.
    const live = { venue: refs.venues.find((v) => v.archived_at === null)!.id, menu: menuOfKind(), category: refs.categories.find((c) => c.archived_at === null)!.id }
    const eventsBefore = (await server.db.selectFrom('events').select('id').execute()).length
    for (const [what, o, field, id] of [
      ['venue', { venue_id: venue, main_menu_ids: [live.menu], tag_ids: [] }, 'venue_id', venue],
      ['menu', { venue_id: live.venue, main_menu_ids: [live.menu, menu], tag_ids: [] }, 'main_menu_ids', menu],
      ['tag', { venue_id: live.venue, main_menu_ids: [live.menu], tag_ids: [tag] }, 'tag_ids', tag],
    ] as const) {
      const refused = await manager.post('/api/admin/events', body(o))
      expect(refused.status, what).toBe(409)
      expect(refused.body, what).toEqual({ errorCode: AdminErrorCode.CONFLICT, errorText: `${field} ${id} is archived: restore it to choose it` })
    }
    expect((await server.db.selectFrom('events').select('id').execute()).length).toBe(eventsBefore)
    const other = (await manager.post<{ id: number }>('/api/admin/events', body({ venue_id: live.venue, main_menu_ids: [live.menu], tag_ids: [] }))).body.id
    const added = await manager.post(`/api/admin/events/${other}`, body({ venue_id: live.venue, main_menu_ids: [live.menu], tag_ids: [tag] }))
    expect(added.body.errorText).toBe(`tag_ids ${tag} is archived: restore it to choose it`)
    const gaLive = refs.zones.find((z) => z.drawing_id === null && z.archived_at === null)!.id
    for (const [input, field, id] of [[{ client_category_id: category, zone_id: gaLive }, 'client_category_id', category], [{ client_category_id: live.category, zone_id: zone }, 'zone_id', zone]] as const) {
      const refused = await manager.post(`/api/admin/sessions/${s}/prices`, { ...input, price: 1000, quantity: 1 })
      expect(refused.status, field).toBe(409)
      expect(refused.body.errorText, field).toBe(`${field} ${id} is archived: restore it to choose it`)
    }
    expect((await server.db.selectFrom('prices').select('id').where('calendar_id', '=', s).execute()).map((p) => p.id)).toEqual([price])
  })

  it('keeps every menu item of an event on save (the archived one it has among them); dropping one removes only it; an archived one dropped cannot come back', async () => {
    const make = async (name: string) => (await manager.post<{ id: number }>('/api/admin/menus', { name_ru: name, menu_kind_id: refs.kinds[0].id })).body.id
    const [a, b, c, d] = [await make('Меню А'), await make('Меню Б'), await make('Меню В'), await make('Меню Г')]
    const body = (menus: number[]) => ({ menu_kind_id: refs.kinds[0].id, venue_id: refs.venues.find((v) => v.archived_at === null)!.id, name_ru: 'Много меню', main_menu_ids: menus })
    const event = (await manager.post<{ id: number }>('/api/admin/events', body([a, b, c]))).body.id
    const menus = async () => (await manager.get<{ main_menu_ids: number[] }>(`/api/admin/events/${event}`)).body.main_menu_ids
    expect(await menus()).toEqual([a, b, c])
    expect((await manager.post(`/api/admin/menus/${b}/archive`, {})).status).toBe(200)

    expect((await manager.post(`/api/admin/events/${event}`, body([a, b, c, d]))).status).toBe(200)
    expect(await menus()).toEqual([a, b, c, d])
    const owner = await signedIn(server, 'owner')
    const log = (await owner.get<AuditEntries>(`/api/admin/audit?entity=event&entity_id=${event}`)).body.entries.find((e) => e.action === 'update-placement')
    expect(log?.after).toMatchObject({ main_menu_ids: [a, b, c, d] })

    expect((await manager.post(`/api/admin/events/${event}`, body([a, c, d]))).status).toBe(200)
    expect(await menus()).toEqual([a, c, d])
    const refused = await manager.post(`/api/admin/events/${event}`, body([a, b, c, d]))
    expect(refused.body).toEqual({ errorCode: AdminErrorCode.CONFLICT, errorText: `main_menu_ids ${b} is archived: restore it to choose it` })
    expect(await menus()).toEqual([a, c, d])
  })

  it("an archived menu item is never an event card's menu id; an event whose every menu item is archived leaves the listing until one is restored", async () => {
    const first = (await manager.post<{ id: number }>('/api/admin/menus', { name_ru: 'Меню первое', menu_kind_id: refs.kinds[0].id })).body.id
    const second = (await manager.post<{ id: number }>('/api/admin/menus', { name_ru: 'Меню второе', menu_kind_id: refs.kinds[0].id })).body.id
    const gaZone = refs.zones.find((z) => z.drawing_id === null && z.archived_at === null)!.id
    const event = await publishedEvent({ venue: refs.venues[0].id, category: refs.categories[0].id, zone: gaZone, menus: [first, second] })
    const card = async () => (await listing()).action.find((a) => a.hash_id === event.hash)
    expect((await card())?.mainmenu_id).toBe(first)

    expect((await manager.post(`/api/admin/menus/${first}/archive`, {})).status).toBe(200)
    expect((await card())?.mainmenu_id).toBe(second)
    expect((await manager.post(`/api/admin/menus/${second}/archive`, {})).status).toBe(200)
    const list = await listing()
    expect(list.action.some((a) => a.hash_id === event.hash)).toBe(false)
    expect(list.action.every((a) => list.main_menu.some((m) => m.mainmenu_id === a.mainmenu_id))).toBe(true)

    expect((await manager.post(`/api/admin/menus/${second}/unarchive`, {})).status).toBe(200)
    expect((await card())?.mainmenu_id).toBe(second)
    expect((await manager.post(`/api/admin/menus/${first}/unarchive`, {})).status).toBe(200)
    expect((await card())?.mainmenu_id).toBe(first)
  })
})
