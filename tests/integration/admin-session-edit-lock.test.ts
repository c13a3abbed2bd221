import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatDayTime } from '../../src/contract/rules/dayText'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { underHeldEvent } from './event-holder'
import { writeOrder } from './sold-order'

/** Long enough that the edits frozen by the test do not give up (busy) while they wait. */
const LOCK_TIMEOUT_MS = 10_000
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
const TIME = '19:00'
type Row = Record<string, unknown> & { id: number }

/**
 * An edit of a session reads the session under its event's lock (rows.repository.ts
 * mustFindLockedSession), so of two edits at once the second decides from what the first saved.
 * Two operators moving a session with a buyer while another write holds the event: on PostgreSQL,
 * read before the lock, both started from the session's old date: moved to the same new date,
 * the buyer got two "session moved" mails for one move; moved to two dates, the second mail told
 * them the session moved from the date the first had already moved it away from. On SQLite, where
 * one process runs one transaction at a time, the other write is another process's connection:
 * an edit that read first could not upgrade its read to the write lock while that connection held
 * it and failed busy at once (503), instead of waiting its turn.
 */
describe.each(TEST_DBS)("a session's edits wait for the event's lock on %s", (dbKind) => {
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

  /** A general-admission event's session on `dayIn(10)` with one paid order: its event, session and order ids. */
  async function soldSession(name: string): Promise<{ event: number; session: number; order: number }> {
    const kind = refs.kinds[0].id
    const body = { menu_kind_id: kind, venue_id: refs.venues[0].id, name_ru: name, name_en: name, main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] }
    const event = (await operators[0].post<{ id: number }>('/api/admin/events', body)).body.id
    const made = await operators[0].post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day: dayIn(10), time: TIME, capacity: 50 })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const session = made.body.ids[0]
    const zone = refs.zones.find((z) => z.drawing_id === null)!.id
    expect((await operators[0].post(`/api/admin/sessions/${session}/prices`, { client_category_id: refs.categories[0].id, zone_id: zone, price: 1000, quantity: 50 })).status).toBe(200)
    const order = (await writeOrder(server.db, session, { paid: true, lang: 'en' })).id
    return { event, session, order }
  }
  const movedMails = (orderId: number) =>
    server.db.selectFrom('mail_outbox').select(['text_body']).where('order_id', '=', orderId).where('kind', '=', 'session_moved').orderBy('id').execute()
  const dayOf = async (session: number) => (await server.db.selectFrom('calendars').select('day').where('id', '=', session).executeTakeFirstOrThrow()).day
  const moveTo = (operator: AdminClient, session: number, day: string) => operator.post(`/api/admin/sessions/${session}`, { day, time: TIME, confirm_buyers: true })
  const shown = (day: string) => formatDayTime(`${day} ${TIME}`, 'en')

  it('two edits moving it to the same date while another write holds the event: both answer 200, its buyer is mailed once', async () => {
    const { event, session, order } = await soldSession('Один перенос')
    const answers = await underHeldEvent(server, event, {}, () => operators.map((o) => moveTo(o, session, dayIn(20))))
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    expect(await dayOf(session)).toBe(dayIn(20))
    // The second edit, read under the lock after the first committed, found it moved there already: no move, no notice.
    const mails = await movedMails(order)
    expect(mails).toHaveLength(1)
    expect(mails[0].text_body).toContain(shown(dayIn(10)))
  }, 60_000)

  it('two edits moving it to two dates at once: the second notice says it moved from where the first put it', async () => {
    const { event, session, order } = await soldSession('Два переноса')
    const targets = [dayIn(30), dayIn(31)]
    const answers = await underHeldEvent(server, event, {}, () => operators.map((o, i) => moveTo(o, session, targets[i])))
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    // Whichever edit went second left the session where it put it.
    const last = await dayOf(session)
    const first = targets.find((d) => d !== last)!
    const mails = await movedMails(order)
    expect(mails).toHaveLength(2)
    expect(mails[0].text_body).toContain(shown(dayIn(10)))
    expect(mails[0].text_body).toContain(shown(first))
    expect(mails[1].text_body).toContain(shown(first))
    expect(mails[1].text_body).toContain(shown(last))
    expect(mails[1].text_body).not.toContain(shown(dayIn(10)))
  }, 60_000)
})
