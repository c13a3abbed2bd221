import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { lockRig } from './lock-rig'
import { copiedPlan } from './studio-copy-helpers'

/**
 * Two copies of events at once (catalogue/events.ts copyEvent) whose sessions are on the same two
 * map versions, in the other order of session id. Each copied session seals its version (the
 * trigger of migration 2026_11_24_17_d9_01 upserts the version's drawing_states row), and no lock
 * puts the copies in line: each holds its own source event and a new event nobody else has. Sealed
 * in session order, each copy held one version's row and waited for the other's: PostgreSQL
 * found the deadlock after deadlock_timeout and aborted one, and the operator got 503 busy. Each
 * copy now locks the versions in ascending id first (studio/version.repository.ts lockVersionsInOrder).
 *
 * Made deterministic with a connection of the test's own (lock-rig.ts) holding the newer version's
 * row: the copy whose first session is on it queues there first, then the other copy, having sealed
 * the older version, queues behind it; the holder lets go. PostgreSQL only: SQLite has one write
 * lock for the whole file, taken by the copy's first statement, so there is no second lock to cross.
 */

/** Long enough that the calls frozen by the test do not give up (busy) while they wait. */
const LOCK_TIMEOUT_MS = 10_000
/** The setup through the console (a new map version copied in the background), the frozen calls, deadlock_timeout. */
const TEST_MS = 90_000
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }

describe('two copies of events with sessions on the same two map versions in the other order (PostgreSQL)', () => {
  let server: TestServer
  let manager: AdminClient
  let refs: Record<string, Row[]>

  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: { DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } })
    manager = await signedIn(server, 'manager')
    refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
  })
  afterAll(async () => {
    await server?.close()
  })

  async function event(name: string, venueId: number): Promise<number> {
    const kind = refs.kinds[0].id
    const body = { menu_kind_id: kind, venue_id: venueId, scheme: 1, name_ru: name, name_en: name, main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] }
    const made = await manager.post<{ id: number }>('/api/admin/events', body)
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    return made.body.id
  }
  async function session(eventId: number, drawingId: number, days: number): Promise<number> {
    const made = await manager.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day: dayIn(days), time: '19:00', drawing_id: drawingId })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    return made.body.ids[0]
  }
  const versionsOf = async (eventId: number) =>
    (await server.db.selectFrom('calendars').select('drawing_id').where('event_id', '=', eventId).orderBy('id').execute()).map((r) => Number(r.drawing_id))

  it('both copies answer 200, each with its source sessions on their versions', async () => {
    const older = refs.drawings[0]
    const venue = older.venue_id as number
    const ascending = await event('Копия: старая версия, затем новая', venue)
    const descending = await event('Копия: новая версия, затем старая', venue)
    // A session on the older version seals it, so the studio's save makes a newer version (a copy).
    await session(ascending, older.id, 10)
    const saved = await manager.post<{ drawing_id: number; in_place: boolean }>(`/api/admin/drawings/${older.id}/edit`, { ops: [{ op: 'add-zone', name: 'Резерв', color: '#336699' }] })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.in_place).toBe(false)
    const newer = saved.body.drawing_id
    expect(newer).toBeGreaterThan(older.id)
    await copiedPlan(manager, newer)
    await session(ascending, newer, 11)
    await session(descending, newer, 12)
    await session(descending, older.id, 13)
    expect(await versionsOf(ascending)).toEqual([older.id, newer])
    expect(await versionsOf(descending)).toEqual([newer, older.id])

    const locks = await lockRig(server)
    try {
      await locks.blocker.query('begin')
      await locks.blocker.query('select drawing_id from drawing_states where drawing_id = $1 for update', [newer])
      // First in the newer version's queue: it gets the version first once the holder lets go.
      const copyDescending = manager.post<{ id: number }>(`/api/admin/events/${descending}/copy`, {})
      expect(await locks.untilLockWaiters(1)).toBe(1)
      const copyAscending = manager.post<{ id: number }>(`/api/admin/events/${ascending}/copy`, {})
      expect(await locks.untilLockWaiters(2)).toBe(2)
      await locks.blocker.query('rollback')
      const answers = await Promise.all([copyDescending, copyAscending])
      expect(answers.map((a) => a.status), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 200])
      expect(await versionsOf(answers[0].body.id)).toEqual([newer, older.id])
      expect(await versionsOf(answers[1].body.id)).toEqual([older.id, newer])
    } finally {
      await locks.release()
      await locks.end()
    }
  }, TEST_MS)
})
