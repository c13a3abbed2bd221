import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import type { StudioPlan } from '../../src/contract/admin/studio'
import { ErrorCode } from '../../src/contract/errors'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'

const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }

/**
 * An archived event is read-only until restored (catalogue/rows.repository.ts mustBeLiveEvent),
 * as it is unpublishable until restored: every change to its fields, sessions, price rows,
 * seat-choice rules and image, and of its sessions' waiting rooms, seat blocks and map versions (the
 * studio's), is refused (409) and changes nothing, on both databases. Read-only calls still answer. Restored,
 * it is edited again; copying it stays allowed (the copy is a new event).
 */
describe.each(TEST_DBS)('an archived event is read-only on %s', (dbKind) => {
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

  const eventBody = (name: string) => {
    const kind = refs.kinds[0].id
    return { menu_kind_id: kind, venue_id: refs.venues[0].id, name_ru: name, name_en: name, main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] }
  }
  /** The event's whole state as the console reads it, and its audit rows (sessions and prices included). */
  const stateOf = async (id: number) => {
    const detail = (await manager.get<{ event: Row; sessions: Row[]; prices: Row[] }>(`/api/admin/events/${id}`)).body
    const audit = await server.db.selectFrom('audit_log').select('id').execute()
    return { detail, audit: audit.length }
  }

  it('refuses every change with a 409 saying how to change it, and changes nothing; restored, it is edited again', async () => {
    const id = (await manager.post<{ id: number }>('/api/admin/events', eventBody('Done and dusted'))).body.id
    const [session] = (await manager.post<{ ids: number[] }>(`/api/admin/events/${id}/sessions`, { day: dayIn(30), time: '19:00' })).body.ids
    const zone = refs.zones.find((z) => z.drawing_id === null)!.id
    const price = (await manager.post<{ id: number }>(`/api/admin/sessions/${session}/prices`, { client_category_id: refs.categories[0].id, zone_id: zone, price: 150_000, quantity: 10 })).body.id
    expect((await manager.post(`/api/admin/events/${id}/archive`)).status).toBe(200)
    const version = Number((await stateOf(id)).detail.event.version)
    const before = await stateOf(id)
    const poster = (await sharp({ create: { width: 40, height: 30, channels: 3, background: '#208040' } }).png().toBuffer()).toString('base64')

    const changes: [string, unknown][] = [
      [`/api/admin/events/${id}`, { ...eventBody('Renamed'), version }],
      [`/api/admin/events/${id}/sessions`, { day: dayIn(31), time: '19:00' }],
      [`/api/admin/sessions/${session}`, { time: '20:00' }],
      [`/api/admin/sessions/${session}/copy`, {}],
      [`/api/admin/sessions/${session}/delete`, {}],
      [`/api/admin/sessions/${session}/cancel`, { confirm: true }],
      [`/api/admin/sessions/${session}/prices`, { client_category_id: refs.categories[1].id, zone_id: zone, price: 90_000, quantity: 5 }],
      [`/api/admin/prices/${price}`, { client_category_id: refs.categories[0].id, zone_id: zone, price: 170_000, quantity: 10 }],
      [`/api/admin/prices/${price}/copy`, {}],
      [`/api/admin/prices/${price}/delete`, {}],
      [`/api/admin/events/${id}/seating`, { orphan_rule: 'enforce' }],
      [`/api/admin/sessions/${session}/seating`, { accessible_hold: true, accessible_release: 'all', orphan_rule: null }],
      [`/api/admin/events/${id}/image`, { name: 'poster.png', data: poster }],
    ]
    for (const [path, body] of changes) {
      const answer = await manager.post(path, body)
      expect(answer, path).toMatchObject({ status: 409, body: { errorCode: AdminErrorCode.CONFLICT, errorText: `Event ${id} is archived: restore it to change it` } })
    }
    // In the operator's language too.
    manager.lang = 'ru'
    expect((await manager.post(`/api/admin/sessions/${session}/delete`)).body.errorText).toBe(`Событие ${id} в архиве: верните его из архива, чтобы изменить`)
    manager.lang = 'en'
    expect(await stateOf(id)).toEqual(before)

    // Copying is no change to it: the copy is a new event, not archived.
    const copy = (await manager.post<{ id: number }>(`/api/admin/events/${id}/copy`)).body.id
    expect((await manager.post(`/api/admin/sessions/${(await stateOf(copy)).detail.sessions[0].id}`, { time: '20:00' })).status).toBe(200)

    // Restored: edited again.
    expect((await manager.post(`/api/admin/events/${id}/unarchive`)).status).toBe(200)
    expect((await manager.post(`/api/admin/sessions/${session}`, { time: '20:00' })).status).toBe(200)
    expect((await manager.post(`/api/admin/events/${id}`, { ...eventBody('Renamed'), version })).status).toBe(200)
    expect((await stateOf(id)).detail.event.name_en).toBe('Renamed')
  })

  it("refuses a change to its session's waiting room, seat blocks and map version, and changes nothing; reads still answer; restored, they change", async () => {
    // A seat-map session on a demo venue's map version (any will do: the move may be onto its own version).
    const drawing = await server.db.selectFrom('venue_drawings').select(['id', 'venue_id']).orderBy('id').executeTakeFirstOrThrow()
    const kind = refs.kinds[0].id
    const event = { ...eventBody('Mapped and done'), venue_id: drawing.venue_id, scheme: 1, main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] }
    const id = (await manager.post<{ id: number }>('/api/admin/events', event)).body.id
    const [session] = (await manager.post<{ ids: number[] }>(`/api/admin/events/${id}/sessions`, { day: dayIn(33), time: '19:00', drawing_id: drawing.id })).body.ids
    const plan = (await manager.get<StudioPlan>(`/api/admin/drawings/${drawing.id}`)).body
    const seat = plan.seats.key[0]
    expect((await manager.post(`/api/admin/events/${id}/archive`)).status).toBe(200)
    const sessionState = async () => ({
      room: (await manager.get<{ exists: boolean }>(`/api/admin/sessions/${session}/waiting-room`)).body.exists,
      blocked: (await manager.get<{ keys: string[] }>(`/api/admin/sessions/${session}/blocks`)).body.keys,
      drawing: (await server.db.selectFrom('calendars').select('drawing_id').where('id', '=', session).executeTakeFirstOrThrow()).drawing_id,
      drawings: (await server.db.selectFrom('venue_drawings').select('id').execute()).length,
      audit: (await server.db.selectFrom('audit_log').select('id').execute()).length,
    })
    const before = await sessionState()
    expect(before).toMatchObject({ room: false, blocked: [] })

    const room = { enabled: true, opens_at: Date.now(), admit_per_minute: 50 }
    const changes: [string, unknown][] = [
      [`/api/admin/sessions/${session}/waiting-room`, room],
      [`/api/admin/sessions/${session}/blocks`, { blocked: true, seats: { keys: [seat] } }],
      [`/api/admin/sessions/${session}/map`, { drawing_id: drawing.id }],
      // A studio save for the session (it would move the session onto the saved version).
      [`/api/admin/drawings/${drawing.id}/edit`, { ops: [{ op: 'add-zone', name: 'Archived', color: '#208040' }], session_id: session }],
    ]
    for (const [path, body] of changes) {
      const answer = await manager.post(path, body)
      expect(answer, path).toMatchObject({ status: 409, body: { errorCode: AdminErrorCode.CONFLICT, errorText: `Event ${id} is archived: restore it to change it` } })
    }
    // The reads (the waiting-room screen's, the studio's) still answer: sessionState read them.
    expect((await manager.get(`/api/admin/drawings/${drawing.id}`)).status).toBe(200)
    // The waiting-room screen is told, so it offers no Save the server would refuse.
    const eventArchived = async () => (await manager.get<{ event_archived: boolean }>(`/api/admin/sessions/${session}/waiting-room`)).body.event_archived
    expect(await eventArchived()).toBe(true)
    expect(await sessionState()).toEqual(before)

    // Restored: they change again.
    expect((await manager.post(`/api/admin/events/${id}/unarchive`)).status).toBe(200)
    for (const [path, body] of changes.slice(0, 3)) expect((await manager.post(path, body)).status, path).toBe(200)
    expect(await sessionState()).toMatchObject({ room: true, blocked: [seat] })
    expect(await eventArchived()).toBe(false)
  })

  it('refuses a price of a fraction of a kopeck (the console sends minor units) in the spec format, storing nothing', async () => {
    const id = (await manager.post<{ id: number }>('/api/admin/events', eventBody('Kopecks'))).body.id
    const [session] = (await manager.post<{ ids: number[] }>(`/api/admin/events/${id}/sessions`, { day: dayIn(32), time: '19:00' })).body.ids
    const zone = refs.zones.find((z) => z.drawing_id === null)!.id
    const answer = await manager.post(`/api/admin/sessions/${session}/prices`, { client_category_id: refs.categories[0].id, zone_id: zone, price: 1234.5, quantity: 10 })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST, errorText: expect.stringContaining('price') })
    expect((await stateOf(id)).detail.prices).toEqual([])
  })
})
