import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import type { StudioPlan } from '../../src/contract/admin/studio'
import { startTestServer, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { lockRig, type LockRig } from './lock-rig'

const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
/** Long enough that the calls frozen by the test do not give up (busy) while they wait. */
const LOCK_TIMEOUT_MS = 10_000
/** The archive, waiting on the session the test's own connection holds. */
const THE_ARCHIVE = 1
type Row = Record<string, unknown> & { id: number }

/**
 * A change to an event and an archive of it in two transactions at once (PostgreSQL, where several
 * run together; SQLite runs one at a time). The archive locks the event's row before its sessions'
 * (catalogue/rows.repository.ts lockEvent) and every change an archived event refuses judges it
 * under that lock (mustBeLiveEvent), as a publish does: a change started while the archive is under
 * way waits for it and is then refused, instead of landing on the event the archive has just closed.
 *
 * The race is made deterministic with a connection of the test's own (lock-rig.ts): it holds a
 * session row the archive locks after the event's, so the archive stays open holding the event's
 * row while the changes are sent.
 */
describe('a change racing an archive of its event waits for it and is refused (PostgreSQL)', () => {
  let server: TestServer
  let manager: AdminClient
  let refs: Record<string, Row[]>
  let locks: LockRig

  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: { DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } })
    manager = await signedIn(server, 'manager')
    refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
    locks = await lockRig(server)
  })
  afterAll(async () => {
    await locks?.release()
    await locks?.end()
    await server?.close()
  })

  it('every change sent while the archive holds the event waits, then answers 409 and changes nothing', async () => {
    // A seat-map session on a demo venue's map version, with a price row: something of each kind to change.
    const drawing = await server.db.selectFrom('venue_drawings').select(['id', 'venue_id']).orderBy('id').executeTakeFirstOrThrow()
    const kind = refs.kinds[0].id
    const eventBody = { menu_kind_id: kind, venue_id: drawing.venue_id, scheme: 1, name_ru: 'Гонка', name_en: 'Race', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] }
    const id = (await manager.post<{ id: number }>('/api/admin/events', eventBody)).body.id
    const [session] = (await manager.post<{ ids: number[] }>(`/api/admin/events/${id}/sessions`, { day: dayIn(30), time: '19:00', drawing_id: drawing.id })).body.ids
    const zone = refs.zones.find((z) => z.drawing_id === drawing.id)!.id
    const price = { client_category_id: refs.categories[0].id, zone_id: zone, price: 150_000, quantity: 10 }
    expect((await manager.post(`/api/admin/sessions/${session}/prices`, price)).status).toBe(200)
    const seat = (await manager.get<StudioPlan>(`/api/admin/drawings/${drawing.id}`)).body.seats.key[0]
    const version = Number((await manager.get<{ event: Row }>(`/api/admin/events/${id}`)).body.event.version)
    const stateOf = async () => ({
      event: await server.db.selectFrom('events').select(['name_en', 'published', 'orphan_rule', 'version']).where('id', '=', id).executeTakeFirstOrThrow(),
      sessions: await server.db.selectFrom('calendars').select(['id', 'time', 'active', 'cancelled_at']).where('event_id', '=', id).orderBy('id').execute(),
      prices: (await server.db.selectFrom('prices').select('id').where('calendar_id', '=', session).execute()).length,
      rooms: (await server.db.selectFrom('waiting_rooms').select('calendar_id').where('calendar_id', '=', session).execute()).length,
      blocked: (await manager.get<{ keys: string[] }>(`/api/admin/sessions/${session}/blocks`)).body.keys,
    })
    const before = await stateOf()

    const archived = { status: 409, body: { errorCode: AdminErrorCode.CONFLICT, errorText: `Event ${id} is archived: restore it to change it` } }
    const changes: [string, unknown, unknown][] = [
      [`/api/admin/events/${id}`, { ...eventBody, name_en: 'Renamed', version }, archived],
      [`/api/admin/events/${id}/sessions`, { day: dayIn(31), time: '19:00', drawing_id: drawing.id }, archived],
      [`/api/admin/sessions/${session}`, { time: '20:00' }, archived],
      [`/api/admin/sessions/${session}/prices`, { ...price, client_category_id: refs.categories[1].id }, archived],
      [`/api/admin/sessions/${session}/cancel`, { confirm: true }, archived],
      [`/api/admin/sessions/${session}/waiting-room`, { enabled: true, opens_at: Date.now(), admit_per_minute: 50 }, archived],
      [`/api/admin/sessions/${session}/blocks`, { blocked: true, seats: { keys: [seat] } }, archived],
      [`/api/admin/events/${id}/seating`, { orphan_rule: 'enforce' }, archived],
      [`/api/admin/events/${id}/publish`, { published: 1 }, { status: 409, body: { errorText: 'The event is archived' } }],
    ]

    // The archive locks the event's row, then waits on the session's, which the test's connection holds.
    await locks.blocker.query('begin')
    await locks.blocker.query('select id from calendars where id = $1 for update', [session])
    try {
      const archive = manager.post(`/api/admin/events/${id}/archive`)
      expect(await locks.untilLockWaiters(THE_ARCHIVE)).toBe(THE_ARCHIVE)
      const early: string[] = []
      const answers = changes.map(([path, body]) => manager.post(path, body).then((a) => {
        early.push(`${path} ${a.status}`)
        return a
      }))
      // Each change waits on the event's row (without the archive's lock they landed meanwhile: 200).
      const waiting = await locks.untilLockWaiters(THE_ARCHIVE + changes.length)
      expect(early, 'answered while the archive held the event').toEqual([])
      expect(waiting).toBe(THE_ARCHIVE + changes.length)
      await locks.release()
      expect((await archive).status).toBe(200)
      const settled = await Promise.all(answers)
      changes.forEach(([path, , expected], i) => expect(settled[i], path).toMatchObject(expected as object))
    } finally {
      await locks.release()
    }
    const after = await stateOf()
    expect(after).toEqual({ ...before, event: { ...before.event, published: 0 } })
  }, 60_000)
})
