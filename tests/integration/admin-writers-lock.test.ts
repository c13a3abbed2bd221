import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StudioPlan } from '../../src/contract/admin/studio'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient, type Answer } from './admin-helpers'
import { underHeldEvent } from './event-holder'

/** Long enough that the calls frozen by the test do not give up (busy) while they wait. */
const LOCK_TIMEOUT_MS = 10_000
/** Per test: a holder, a server call waiting on it, and the setup through the console. */
const TEST_MS = 60_000
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
const TIME = '19:00'
/** A price row's price as made here, and as another operator's save changes it (minor units). */
const PRICE = 1000
const SAVED_PRICE = 2500
type Row = Record<string, unknown> & { id: number }

/** A session of the event, with one price row when it is general admission. */
interface Fixture {
  event: number
  session: number
  price?: number
  drawing?: number
}

/**
 * Every change of an event, its sessions or their price rows takes the event's lock before it
 * reads what it decides from (catalogue/rows.repository.ts mustBeLiveEvent, mustFindLockedSession,
 * mustFindLockedPrice). Read first, the decision could rest on a stale row on PostgreSQL: a copy
 * of a session or of a price row made while another operator's save of it held the event copied
 * what the save replaced. On SQLite, where one process runs one transaction at a time, the other
 * write is another process's connection (the CLI's, a second server's): a transaction that had
 * read could not upgrade its read to the write lock while that connection held it, and SQLite
 * calls no busy handler for that upgrade, so the operator got 503 at once instead of waiting.
 */
describe.each(TEST_DBS)("the console's writers wait for the event's lock before reading, on %s", (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let refs: Record<string, Row[]>

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } })
    manager = await signedIn(server, 'manager')
    refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
  })
  afterAll(async () => {
    await server?.close()
  })

  const kind = () => refs.kinds[0].id
  const eventBody = (name: string, venueId: number, scheme: 0 | 1) => ({
    menu_kind_id: kind(),
    venue_id: venueId,
    scheme,
    name_ru: name,
    name_en: name,
    main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind())!.id],
  })
  async function ok<T>(answer: Promise<Answer<T>>): Promise<T> {
    const a = await answer
    expect(a.status, JSON.stringify(a.body)).toBe(200)
    return a.body
  }
  const gaZone = () => refs.zones.find((z) => z.drawing_id === null)!.id

  /** A general-admission event with one session on `dayIn(10)` and one price row. */
  async function gaSession(name: string): Promise<Fixture & { price: number }> {
    const event = (await ok(manager.post<{ id: number }>('/api/admin/events', eventBody(name, refs.venues[0].id, 0)))).id
    const session = (await ok(manager.post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day: dayIn(10), time: TIME, capacity: 50 }))).ids[0]
    const price = (await ok(manager.post<{ id: number }>(`/api/admin/sessions/${session}/prices`, { client_category_id: refs.categories[0].id, zone_id: gaZone(), price: PRICE, quantity: 50 }))).id
    return { event, session, price }
  }

  /** A seat-map event with one session on the seed's first map version. */
  async function mapSession(name: string): Promise<Fixture & { drawing: number }> {
    const drawing = refs.drawings[0]
    const event = (await ok(manager.post<{ id: number }>('/api/admin/events', eventBody(name, drawing.venue_id as number, 1)))).id
    const session = (await ok(manager.post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day: dayIn(10), time: TIME, drawing_id: drawing.id }))).ids[0]
    return { event, session, drawing: drawing.id }
  }

  /** One writer of the console, on a fixture of its own; the call answers 200 once the hold ends. */
  interface Writer {
    name: string
    fixture: (name: string) => Promise<Fixture>
    call: (f: Fixture) => Promise<Answer>
  }
  const writers: Writer[] = [
    {
      name: "saving the event's fields",
      fixture: gaSession,
      call: async (f) => manager.post(`/api/admin/events/${f.event}`, { ...eventBody('Сохранено', refs.venues[0].id, 0) }),
    },
    { name: 'deleting a session', fixture: gaSession, call: (f) => manager.post(`/api/admin/sessions/${f.session}/delete`, {}) },
    { name: 'copying a session', fixture: gaSession, call: (f) => manager.post(`/api/admin/sessions/${f.session}/copy`, {}) },
    { name: 'cancelling a session', fixture: gaSession, call: (f) => manager.post(`/api/admin/sessions/${f.session}/cancel`, { confirm: true }) },
    {
      name: 'adding a price row',
      fixture: gaSession,
      call: (f) => manager.post(`/api/admin/sessions/${f.session}/prices`, { client_category_id: refs.categories[1].id, zone_id: gaZone(), price: PRICE, quantity: 10 }),
    },
    {
      name: 'editing a price row',
      fixture: gaSession,
      call: (f) => manager.post(`/api/admin/prices/${f.price}`, { client_category_id: refs.categories[0].id, zone_id: gaZone(), price: SAVED_PRICE, quantity: 50 }),
    },
    { name: 'copying a price row', fixture: gaSession, call: (f) => manager.post(`/api/admin/prices/${f.price}/copy`, {}) },
    { name: 'deleting a price row', fixture: gaSession, call: (f) => manager.post(`/api/admin/prices/${f.price}/delete`, {}) },
    {
      name: "blocking a session's seat",
      fixture: mapSession,
      call: async (f) => {
        const plan = (await manager.get<StudioPlan>(`/api/admin/drawings/${f.drawing}`)).body
        return manager.post(`/api/admin/sessions/${f.session}/blocks`, { blocked: true, seats: { keys: [plan.seats.key[0]] } })
      },
    },
    { name: "setting the event's seat-choice rule", fixture: mapSession, call: (f) => manager.post(`/api/admin/events/${f.event}/seating`, { orphan_rule: 'enforce' }) },
    {
      name: "setting a session's seat-choice rules",
      fixture: mapSession,
      call: (f) => manager.post(`/api/admin/sessions/${f.session}/seating`, { accessible_hold: true, accessible_release: 'all', orphan_rule: 'enforce' }),
    },
    { name: 'moving a session onto a map version', fixture: mapSession, call: (f) => manager.post(`/api/admin/sessions/${f.session}/map`, { drawing_id: f.drawing }) },
  ]

  it.each(writers)('$name while another connection holds the event: answers 200 once it lets go', async ({ name, fixture, call }) => {
    const f = await fixture(name)
    const [answer] = await underHeldEvent(server, f.event, {}, () => [call(f)])
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  }, TEST_MS)

  it('a copy of a session made while a save of it holds the event copies what the save left', async () => {
    const f = await gaSession('Копия после правки')
    const [answer] = await underHeldEvent(server, f.event, { row: { table: 'calendars', id: f.session, column: 'day', value: dayIn(20) } }, () => [
      manager.post<{ id: number }>(`/api/admin/sessions/${f.session}/copy`, {}),
    ])
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(await server.db.selectFrom('calendars').select('day').where('id', '=', answer.body.id).executeTakeFirstOrThrow()).toEqual({ day: dayIn(20) })
  }, TEST_MS)

  it('a copy of a price row made while a save of it holds the event copies the price the save left', async () => {
    const f = await gaSession('Копия цены после правки')
    const [answer] = await underHeldEvent(server, f.event, { row: { table: 'prices', id: f.price, column: 'price', value: SAVED_PRICE } }, () => [
      manager.post<{ id: number }>(`/api/admin/prices/${f.price}/copy`, {}),
    ])
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(await server.db.selectFrom('prices').select('price').where('id', '=', answer.body.id).executeTakeFirstOrThrow()).toEqual({ price: SAVED_PRICE })
  }, TEST_MS)

  /** The copy's one session and its one price row, as the database holds them. */
  async function copiedRows(eventId: number) {
    const sessions = await server.db.selectFrom('calendars').select(['id', 'day']).where('event_id', '=', eventId).execute()
    expect(sessions).toHaveLength(1)
    const prices = await server.db.selectFrom('prices').select('price').where('calendar_id', '=', sessions[0].id).execute()
    return { day: sessions[0].day, prices: prices.map((p) => p.price) }
  }

  // catalogue/events.ts copyEvent takes the source event's lock before reading it, its sessions and price rows.
  it("a copy of an event made while a save of its session's day holds the event copies the day the save left", async () => {
    const f = await gaSession('Копия события после правки дня')
    const [answer] = await underHeldEvent(server, f.event, { row: { table: 'calendars', id: f.session, column: 'day', value: dayIn(20) } }, () => [
      manager.post<{ id: number }>(`/api/admin/events/${f.event}/copy`, {}),
    ])
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(await copiedRows(answer.body.id)).toEqual({ day: dayIn(20), prices: [PRICE] })
  }, TEST_MS)

  it('a copy of an event made while a save of its price row holds the event copies the price the save left', async () => {
    const f = await gaSession('Копия события после правки цены')
    const [answer] = await underHeldEvent(server, f.event, { row: { table: 'prices', id: f.price, column: 'price', value: SAVED_PRICE } }, () => [
      manager.post<{ id: number }>(`/api/admin/events/${f.event}/copy`, {}),
    ])
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(await copiedRows(answer.body.id)).toEqual({ day: dayIn(10), prices: [SAVED_PRICE] })
  }, TEST_MS)
})
