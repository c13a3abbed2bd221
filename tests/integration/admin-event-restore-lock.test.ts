import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { lockRig } from './lock-rig'

/** Long enough that the restores frozen by the test do not give up (busy) while they wait. */
const LOCK_TIMEOUT_MS = 10_000
/** The two restores the test sends at once. */
const RESTORES = 2
/**
 * How long the other SQLite connection holds the write lock: long enough for both restores to
 * reach the database, well under the server's busy timeout (db/connect.ts SQLITE_BUSY_TIMEOUT_MS, 5 s).
 */
const SQLITE_HOLD_MS = 1_000
type Row = Record<string, unknown> & { id: number }

/**
 * Another process's connection to the SQLite file (the CLI's, a second server's) writing to event
 * `eventId` in a transaction, holding the write lock as catalogue/rows.repository.ts lockEvent
 * takes it, for SQLITE_HOLD_MS. A process of its own: the server's driver is synchronous, so its
 * busy wait stops this process too, and a connection of the test's own could never let go.
 * Resolves once the lock is held; `done` once it is let go.
 */
async function holdSqliteEvent(file: string, eventId: number): Promise<{ done: Promise<void> }> {
  const script = `
    const Database = require('better-sqlite3')
    const db = new Database(process.argv[1])
    db.exec('begin immediate')
    db.prepare('update events set published = published where id = ?').run(Number(process.argv[2]))
    process.stdout.write('locked\\n')
    setTimeout(() => { db.exec('commit'); db.close() }, Number(process.argv[3]))`
  const child = spawn(process.execPath, ['-e', script, file, String(eventId), String(SQLITE_HOLD_MS)], { stdio: ['ignore', 'pipe', 'inherit'] })
  const done = new Promise<void>((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`holder exited ${code}`)))))
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve())
    child.on('exit', (code) => reject(new Error(`holder exited ${code} before locking`)))
  })
  return { done }
}

/**
 * Restoring an archived event takes the event's lock (rows.repository.ts lockEvent) as archiving,
 * publishing and every edit of it do, and judges the event under it. Two operators pressing
 * Restore while another write of the event is under way: on PostgreSQL, without the lock both read
 * it archived before that write let go, and both restored it, writing two 'unarchive' audit rows
 * for one change (a repeat writes none). On SQLite, where one process runs one transaction at a
 * time, the race is with another process's connection: without the lock taken first, the restore
 * read the event, then could not upgrade its read to a write while the other held the file's lock
 * and failed busy at once (SQLite invokes no busy handler for a read transaction's upgrade),
 * instead of waiting its turn as the other event writes do.
 */
describe.each(TEST_DBS)("an event's restore waits for the event's lock on %s", (dbKind) => {
  let server: TestServer
  let operators: AdminClient[]
  let refs: Record<string, Row[]>

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } })
    operators = [await signedIn(server, 'manager'), await signedIn(server, 'manager')]
    refs = (await operators[0].get<Record<string, Row[]>>('/api/admin/refs')).body
  })
  afterAll(async () => {
    await server?.close()
  })

  const unarchiveAudits = async (id: number) =>
    (await server.db.selectFrom('audit_log').select('id').where('entity', '=', 'event').where('entity_id', '=', String(id)).where('action', '=', 'unarchive').execute()).length

  /** Holds the event's lock from another connection while `restores` start, then lets it go; answers them. */
  async function underHeldLock(id: number, restores: () => Promise<{ status: number }>[]): Promise<{ status: number }[]> {
    if (server.config.database.kind === 'sqlite') {
      const holder = await holdSqliteEvent(server.config.database.file, id)
      const answers = restores()
      await holder.done
      return Promise.all(answers)
    }
    const locks = await lockRig(server)
    try {
      await locks.blocker.query('begin')
      await locks.blocker.query('select id from events where id = $1 for no key update', [id])
      const answers = restores()
      expect(await locks.untilLockWaiters(RESTORES)).toBe(RESTORES)
      await locks.release()
      return await Promise.all(answers)
    } finally {
      await locks.release()
      await locks.end()
    }
  }

  it('two restores sent while another write holds the event: both answer 200, one restores it and is audited', async () => {
    const kind = refs.kinds[0].id
    const body = { menu_kind_id: kind, venue_id: refs.venues[0].id, name_ru: 'Возврат из архива', name_en: 'Restored', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] }
    const id = (await operators[0].post<{ id: number }>('/api/admin/events', body)).body.id
    expect((await operators[0].post(`/api/admin/events/${id}/archive`)).status).toBe(200)

    const answers = await underHeldLock(id, () => operators.map((o) => o.post(`/api/admin/events/${id}/unarchive`)))
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    const event = await server.db.selectFrom('events').select(['archived_at', 'published']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(event).toEqual({ archived_at: null, published: 0 })
    // The second restore, judged under the lock after the first committed, found it restored: a repeat.
    expect(await unarchiveAudits(id)).toBe(1)
  }, 60_000)
})
