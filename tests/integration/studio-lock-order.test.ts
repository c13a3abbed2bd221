import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StudioPlan } from '../../src/contract/admin/studio'
import { startTestServer, type TestServer } from '../support/server'
import { signedIn, type AdminClient, type Answer } from './admin-helpers'
import { lockRig } from './lock-rig'

/**
 * A studio save for one session (admin/studio/edit.ts `sessionId`) and a change putting another
 * session of the same event on the same map version take the event's lock and the version's
 * (drawing_states, which the save locks and which a session put on the version seals) in one
 * order: the event first (catalogue/rows.repository.ts lockEvent). The save once locked the
 * version and then the event, while adding a session or moving one holds the event and then
 * seals the version: PostgreSQL found the deadlock after deadlock_timeout and aborted the save,
 * and the operator got an error for a save nobody else was making.
 *
 * The crossing is made deterministic with a connection of the test's own (lock-rig.ts): it holds
 * the event while the other change and then the save queue behind it, in that order, and lets go.
 * PostgreSQL only: SQLite has one write lock for the whole file, which a transaction takes with
 * its first statement (a write) and keeps, so there is no second lock to take in the other order.
 */

/** Long enough that the calls frozen by the test do not give up (busy) while they wait. */
const LOCK_TIMEOUT_MS = 10_000
/** Per test: the setup through the console, the frozen calls, PostgreSQL's deadlock_timeout (1 s). */
const TEST_MS = 60_000
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }

describe('a studio save for one session and a session put on its version at once (PostgreSQL)', () => {
  let server: TestServer
  let manager: AdminClient
  let refs: Record<string, Row[]>

  beforeAll(async () => {
    // Copies in the background: the save's own transaction (the locks) is what is raced here.
    server = await startTestServer({ db: 'postgres', env: { DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS), STUDIO_COPY_INLINE_MS: '0' } })
    manager = await signedIn(server, 'manager')
    refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
  })
  afterAll(async () => {
    await server?.close()
  })

  /** A seat-map event with two sessions on the seed's first map version (which they seal). */
  async function twoSessions(name: string) {
    const drawing = refs.drawings[0]
    const kind = refs.kinds[0].id
    const body = { menu_kind_id: kind, venue_id: drawing.venue_id, scheme: 1, name_ru: name, name_en: name, main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] }
    const event = await manager.post<{ id: number }>('/api/admin/events', body)
    expect(event.status, JSON.stringify(event.body)).toBe(200)
    const session = async (days: number) => {
      const made = await manager.post<{ ids: number[] }>(`/api/admin/events/${event.body.id}/sessions`, { day: dayIn(days), time: '19:00', drawing_id: drawing.id })
      expect(made.status, JSON.stringify(made.body)).toBe(200)
      return made.body.ids[0]
    }
    return { event: event.body.id, drawing: drawing.id, saved: await session(10), other: await session(11) }
  }

  /** The changes that hold the event and then seal the version (a write of calendars.drawing_id). */
  const sealers: { name: string; call: (f: Awaited<ReturnType<typeof twoSessions>>) => Promise<Answer> }[] = [
    { name: 'moving another session of the event onto the version', call: (f) => manager.post(`/api/admin/sessions/${f.other}/map`, { drawing_id: f.drawing }) },
    { name: 'adding a session to the event on the version', call: (f) => manager.post(`/api/admin/events/${f.event}/sessions`, { day: dayIn(12), time: '19:00', drawing_id: f.drawing }) },
  ]

  it.each(sealers)('$name, then a save for one of its sessions: both answer 200', async ({ name, call }) => {
    const f = await twoSessions(name)
    const seat = (await manager.get<StudioPlan>(`/api/admin/drawings/${f.drawing}`)).body.seats.key[0]
    const locks = await lockRig(server)
    try {
      await locks.blocker.query('begin')
      await locks.blocker.query('select id from events where id = $1 for no key update', [f.event])
      // First in the event's queue: it gets the event first once the holder lets go.
      const sealing = call(f)
      expect(await locks.untilLockWaiters(1)).toBe(1)
      const save = manager.post(`/api/admin/drawings/${f.drawing}/edit`, { ops: [{ op: 'block', blocked: true, seats: { keys: [seat] } }], session_id: f.saved })
      expect(await locks.untilLockWaiters(2)).toBe(2)
      await locks.blocker.query('rollback')
      const answers = await Promise.all([sealing, save])
      expect(answers.map((a) => a.status), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 200])
    } finally {
      await locks.release()
      await locks.end()
    }
  }, TEST_MS)
})
