import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { driveCopy } from '../../src/server/admin/studio/copy-job'
import type { TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { lockRig } from './lock-rig'
import { sealedVenue, startHeldServer } from './studio-copy-helpers'

/**
 * The last step of a studio save's copy for one session (admin/studio/copy-job.ts copyStep) moves
 * that session onto the new version unless it was moved elsewhere meanwhile. It read where the
 * session was before taking the event's lock (which the move itself takes first): another
 * operator's move of the session elsewhere, holding the event then, was not seen, and once it
 * committed the copy moved the session off the version that operator chose, its audit saying
 * session_moved. The step now takes the session's event first (catalogue/rows.repository.ts
 * lockEvent), before it ends the copy job, and reads the session under it.
 *
 * Made deterministic with a connection of the test's own (lock-rig.ts) holding the event: the
 * other operator's move queues on it first, then the copy's last step (driven here as the
 * background would, on the server's own handle; the background waits, its lease held elsewhere),
 * and the holder lets go. PostgreSQL only: the server runs one SQLite transaction at a time, so
 * the move and the step never interleave in it, and SQLite's one write lock, which the step holds
 * from its first write on (before it reads the session), keeps another process's write out.
 */

/** Long enough that the calls frozen by the test do not give up (busy) while they wait. */
const LOCK_TIMEOUT_MS = 10_000
/** The setup through the console (two imports of a real drawing, a save copied), the frozen calls. */
const TEST_MS = 120_000
const DRAWING = path.resolve('../shared/venues/real/ub-palace-ulaanbaatar.svg')
interface Audit { action: string; entity_id: string; after: Record<string, unknown> }

describe('a session moved elsewhere while the copy of a save for it finishes (PostgreSQL)', () => {
  let server: TestServer
  let manager: AdminClient

  beforeAll(async () => {
    server = await startHeldServer('postgres', { DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) })
    manager = await signedIn(server, 'manager')
  }, TEST_MS)
  afterAll(async () => {
    await server?.close()
  })

  it('stays on the version the other operator moved it to; the copy finishes without moving it', async () => {
    const { venue, first, event, session, plan } = await sealedVenue(manager)
    // The version the other operator moves the session to: a second import of the venue's map.
    const imported = await manager.post<{ drawing_id: number }>(`/api/admin/venues/${venue}/drawings`, { name: 'ub-palace-2', svg: fs.readFileSync(DRAWING, 'utf8') })
    expect(imported.status, JSON.stringify(imported.body)).toBe(200)
    const elsewhere = imported.body.drawing_id
    const saved = await manager.post<{ drawing_id: number; copying: unknown }>(`/api/admin/drawings/${first}/edit`, {
      ops: [{ op: 'block', blocked: true, seats: { keys: [plan.seats.key[0]] } }],
      session_id: session,
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.copying).not.toBeNull()
    const made = saved.body.drawing_id

    const locks = await lockRig(server)
    try {
      await locks.blocker.query('begin')
      await locks.blocker.query('select id from events where id = $1 for no key update', [event])
      // First in the event's queue: it moves the session once the holder lets go.
      const move = manager.post(`/api/admin/sessions/${session}/map`, { drawing_id: elsewhere })
      expect(await locks.untilLockWaiters(1)).toBe(1)
      const copy = driveCopy(server.db, made, () => false)
      expect(await locks.untilLockWaiters(2)).toBe(2)
      await locks.blocker.query('rollback')
      const moved = await move
      expect(moved.status, JSON.stringify(moved.body)).toBe(200)
      expect((await copy)?.done).toBe(true)
    } finally {
      await locks.release()
      await locks.end()
    }

    const on = await server.db.selectFrom('calendars').select('drawing_id').where('id', '=', session).executeTakeFirstOrThrow()
    expect(Number(on.drawing_id)).toBe(elsewhere)
    const audits = (await manager.get<{ entries: Audit[] }>('/api/admin/audit?entity=drawing')).body.entries
    const copied = audits.find((e) => e.action === 'edit-map-copied' && e.entity_id === String(made))
    expect(copied?.after).toMatchObject({ edited: true, session_not_moved: { id: session, reason: 'moved-elsewhere' } })
  }, TEST_MS)
})
