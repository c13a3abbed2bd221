import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { underHeldEvent } from './event-holder'

/** Long enough that the restores frozen by the test do not give up (busy) while they wait. */
const LOCK_TIMEOUT_MS = 10_000
type Row = Record<string, unknown> & { id: number }

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

  it('two restores sent while another write holds the event: both answer 200, one restores it and is audited', async () => {
    const kind = refs.kinds[0].id
    const body = { menu_kind_id: kind, venue_id: refs.venues[0].id, name_ru: 'Возврат из архива', name_en: 'Restored', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] }
    const id = (await operators[0].post<{ id: number }>('/api/admin/events', body)).body.id
    expect((await operators[0].post(`/api/admin/events/${id}/archive`)).status).toBe(200)

    const answers = await underHeldEvent(server, id, {}, () => operators.map((o) => o.post(`/api/admin/events/${id}/unarchive`)))
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    const event = await server.db.selectFrom('events').select(['archived_at', 'published']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(event).toEqual({ archived_at: null, published: 0 })
    // The second restore, judged under the lock after the first committed, found it restored: a repeat.
    expect(await unarchiveAudits(id)).toBe(1)
  }, 60_000)
})
