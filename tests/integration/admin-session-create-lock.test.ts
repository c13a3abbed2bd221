import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { underHeldEvent } from './event-holder'

/** Long enough that the call frozen by the test does not give up (busy) while it waits. */
const LOCK_TIMEOUT_MS = 10_000
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }

/**
 * Adding sessions reads the event under its lock (sessions.ts createSessions), so a save of the
 * event under way finishes first and the sessions are made on what it left. An event with no
 * sessions yet may still change venue (events.ts refuseSellingChange); a session added while
 * such a save held the event: on PostgreSQL, read before the lock, it was made on the old venue
 * and the old venue's map version, under an event the save had just moved elsewhere. On SQLite,
 * where one process runs one transaction at a time, the save is another process's connection:
 * the call that read first could not upgrade its read to the write lock while that connection
 * held it and failed busy at once (503), instead of waiting its turn.
 */
describe.each(TEST_DBS)("adding a session waits for the event's save on %s", (dbKind) => {
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

  it("a session on the old venue's map version, added while a save moves the event to another venue, is refused and nothing is made", async () => {
    const drawing = refs.drawings[0]
    const otherVenue = refs.venues.find((v) => v.id !== drawing.venue_id)!.id
    const kind = refs.kinds[0].id
    const body = { menu_kind_id: kind, venue_id: drawing.venue_id, scheme: 1, name_ru: 'Смена площадки', name_en: 'Venue change', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] }
    const made = await manager.post<{ id: number }>('/api/admin/events', body)
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const event = made.body.id

    const [answer] = await underHeldEvent(server, event, { venueId: otherVenue }, () => [
      manager.post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day: dayIn(10), time: '19:00', drawing_id: drawing.id }),
    ])
    // Judged on the event as the save left it: the map version is not of its venue now.
    expect(answer.status, JSON.stringify(answer.body)).toBe(400)
    expect(answer.body.errorText).toBe("A seat-map event's session needs a drawing of the event's venue")
    expect(await server.db.selectFrom('events').select('venue_id').where('id', '=', event).executeTakeFirstOrThrow()).toEqual({ venue_id: otherVenue })
    expect(await server.db.selectFrom('calendars').select(['venue_id', 'drawing_id']).where('event_id', '=', event).execute()).toEqual([])
  }, 60_000)
})
