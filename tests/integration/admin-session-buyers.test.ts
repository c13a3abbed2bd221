import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import { ErrorCode } from '../../src/contract/errors'
import { ORDER_STATUS_CANCELLED } from '../../src/contract/constants'
import { formatDayTime } from '../../src/contract/rules/dayText'
import { retryDueMail } from '../../src/server/mail/retry'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { decodeMessage, startInbox, type Inbox } from './return-helpers'
import { writeOrder, type OrderShape } from './sold-order'

const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }
const silentLog = { info() {}, warn() {}, error() {} }
/** How long the mail sweep may take to hand the notices to the SMTP server. */
const MAIL_WAIT_MS = 5000

/**
 * A session with sold tickets is moved or switched off only when the operator confirms it
 * (admin/catalogue/session-buyers.ts): refused first with the tickets and orders it concerns, a
 * confirmed move queues one notice per paid order with the new date in the same transaction, and
 * the mail sweep delivers them to a real SMTP server on loopback. Unpaid orders, cancelled ones
 * and returned tickets concern nobody; a session nobody bought edits as before. A general-
 * admission session's capacity stays at or above what is sold or reserved.
 */
describe.each(TEST_DBS)('editing a session with sold tickets on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let manager: AdminClient
  let eventId: number
  let refs: Record<string, Row[]>
  /** Session with two paid orders (3 tickets) and orders that do not count. */
  let sold: number
  /** Session nobody bought. */
  let empty: number
  /** Session with only an unpaid, a cancelled and a fully returned order. */
  let unsold: number
  const paidOrders: { id: number; hash: string; ordNum: number; lang: string }[] = []
  const otherOrders: number[] = []

  const sessionOf = (id: number) => server.db.selectFrom('calendars').select(['day', 'time', 'active', 'capacity', 'starts_at']).where('id', '=', id).executeTakeFirstOrThrow()
  const mailOf = (orderIds: number[]) => server.db.selectFrom('mail_outbox').select(['order_id', 'kind', 'to_address', 'subject', 'text_body', 'html_body', 'sent_at']).where('order_id', 'in', orderIds).orderBy('order_id').execute()

  const order = (calendarId: number, o: OrderShape) => writeOrder(server.db, calendarId, o)

  beforeAll(async () => {
    inbox = await startInbox()
    server = await startTestServer({ db: dbKind, env: { SMTP_URL: `smtp://127.0.0.1:${inbox.port}` } })
    manager = await signedIn(server, 'manager')
    refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
    eventId = (
      await manager.post<{ id: number }>('/api/admin/events', {
        menu_kind_id: refs.kinds[0].id,
        venue_id: refs.venues[0].id,
        name_ru: 'Перенос',
        name_en: 'Moved show',
        main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id],
      })
    ).body.id
    const session = async (days: number) => {
      const id = (await manager.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day: dayIn(days), time: '19:00', capacity: 50 })).body.ids[0]
      await manager.post(`/api/admin/sessions/${id}/prices`, { client_category_id: refs.categories[0].id, zone_id: refs.zones.find((z) => z.drawing_id === null)!.id, price: 1000, quantity: 50 })
      return id
    }
    ;[sold, empty, unsold] = [await session(10), await session(11), await session(12)]
    paidOrders.push({ ...(await order(sold, { paid: true, quantity: 2, lang: 'en' })), lang: 'en' })
    paidOrders.push({ ...(await order(sold, { paid: true, lang: 'ru' })), lang: 'ru' })
    // Neither of these concerns anyone: an unpaid order (in its reserve), a paid one cancelled, a paid one returned.
    for (const calendarId of [sold, unsold]) {
      otherOrders.push((await order(calendarId, { paid: false })).id)
      otherOrders.push((await order(calendarId, { paid: true, status: ORDER_STATUS_CANCELLED })).id)
      otherOrders.push((await order(calendarId, { paid: true, returned: true })).id)
    }
  })
  afterAll(async () => {
    await server?.close()
    await inbox?.close()
  })

  it('refuses to move a session with sold tickets unless confirmed, saying how many tickets and orders; nothing saved, nothing mailed', async () => {
    const before = await sessionOf(sold)
    const res = await manager.post(`/api/admin/sessions/${sold}`, { day: dayIn(20), time: '20:30', active: 1 })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ errorCode: AdminErrorCode.UNCONFIRMED, tickets: 3, orders: 2 })
    expect(res.body.errorText).toContain('Tickets sold for this session: 3 (orders: 2)')
    expect(res.body.errorText).toMatch(/e-mails every buyer/)
    expect(await sessionOf(sold)).toEqual(before)
    expect(await mailOf([...paidOrders.map((o) => o.id), ...otherOrders])).toEqual([])
    // In the operator's language.
    manager.lang = 'ru'
    const ru = await manager.post(`/api/admin/sessions/${sold}`, { time: '20:30' })
    manager.lang = 'en'
    expect(ru.body.errorText).toContain('продано билетов: 3 (заказов: 2)')
  })

  it('a confirmed move is saved and audited, queues one notice per paid order in its language with the old and new date, and the sweep delivers them', async () => {
    const was = await sessionOf(sold)
    const res = await manager.post(`/api/admin/sessions/${sold}`, { day: dayIn(20), time: '20:30', active: 1, confirm_buyers: true })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await sessionOf(sold)).toMatchObject({ day: dayIn(20), time: '20:30', active: 1 })
    const mails = await mailOf([...paidOrders.map((o) => o.id), ...otherOrders])
    expect(mails.map((m) => m.order_id)).toEqual(paidOrders.map((o) => o.id))
    // Stored as what it is, which order care names in the operator's language (its subject is the buyer's).
    expect(mails.map((m) => m.kind)).toEqual(paidOrders.map(() => 'session_moved'))
    const [en, ru] = mails
    expect(en.subject).toBe(`Session moved: Moved show (order No. ${paidOrders[0].ordNum})`)
    expect(ru.subject).toMatch(/^Сеанс перенесён: Перенос/)
    for (const [m, o, lang] of [
      [en, paidOrders[0], 'en'],
      [ru, paidOrders[1], 'ru'],
    ] as const) {
      // The dates in the reader's language ("December 9, 2026, 18:30"), not as stored.
      expect(m.text_body).toContain(formatDayTime(`${String(was.day)} ${String(was.time)}`, lang))
      expect(m.text_body).toContain(formatDayTime(`${dayIn(20)} 20:30`, lang))
      expect(m.text_body).not.toContain(`${dayIn(20)} 20:30`)
      expect(m.text_body).toContain(`/order/${o.hash}`)
    }
    // The order page in the order's language (the default, ru, goes without ?lang=).
    expect(en.text_body).toContain(`/order/${paidOrders[0].hash}?lang=en`)
    const audit = (await (await signedIn(server, 'owner')).get<{ entries: { action: string; before: Row | null; after: Row | null }[] }>(`/api/admin/audit?entity=session&entity_id=${sold}`)).body.entries
    expect(audit.find((e) => e.action === 'update' && e.after?.day === dayIn(20))?.before).toMatchObject({ day: was.day, time: was.time })

    // Delivered by the outbox's sweep (the leader's, or this one: each message is claimed once).
    await retryDueMail(server.db, server.config, silentLog)
    const deadline = Date.now() + MAIL_WAIT_MS
    while (inbox.messages.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    const received = inbox.messages.map(decodeMessage)
    expect(received).toHaveLength(2)
    expect(received.filter((m) => m.includes(formatDayTime(`${dayIn(20)} 20:30`, 'en')) && m.includes('Moved show'))).toHaveLength(1)
    expect(received.filter((m) => m.includes(formatDayTime(`${dayIn(20)} 20:30`, 'ru')) && m.includes('Перенос'))).toHaveLength(1)
    expect((await mailOf(paidOrders.map((o) => o.id))).every((m) => m.sent_at !== null)).toBe(true)
  })

  it('switching off a session with sold tickets is refused unless confirmed, saying the door admits none of them; confirmed it is saved and mails nobody', async () => {
    const mailsBefore = (await mailOf(paidOrders.map((o) => o.id))).length
    const res = await manager.post(`/api/admin/sessions/${sold}`, { active: 0 })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ errorCode: AdminErrorCode.UNCONFIRMED, tickets: 3, orders: 2 })
    expect(res.body.errorText).toMatch(/door admits none of them, and buyers are not told/)
    expect((await sessionOf(sold)).active).toBe(1)
    const ok = await manager.post(`/api/admin/sessions/${sold}`, { active: 0, confirm_buyers: true })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect((await sessionOf(sold)).active).toBe(0)
    expect(await mailOf(paidOrders.map((o) => o.id))).toHaveLength(mailsBefore)
    // Switching it back on, or an edit that neither moves nor switches off, needs no confirmation.
    expect((await manager.post(`/api/admin/sessions/${sold}`, { active: 1 })).status).toBe(200)
    expect((await manager.post(`/api/admin/sessions/${sold}`, { day: dayIn(20), time: '20:30', active: 1 })).status).toBe(200)
    // Moved and switched off at once: one confirmation naming both consequences.
    const both = await manager.post(`/api/admin/sessions/${sold}`, { time: '21:00', active: 0 })
    expect(both.status).toBe(409)
    expect(both.body.errorText).toMatch(/e-mailed the new date and time; while it is switched off the door admits none/)
  })

  it('a move or cancellation names the orders without an e-mail (box-office sales its notices cannot reach); a switch-off, which tells nobody, does not', async () => {
    const id = (await manager.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day: dayIn(14), time: '19:00', capacity: 50 })).body.ids[0]
    await manager.post(`/api/admin/sessions/${id}/prices`, { client_category_id: refs.categories[0].id, zone_id: refs.zones.find((z) => z.drawing_id === null)!.id, price: 1000, quantity: 50 })
    await order(id, { paid: true, quantity: 2 })
    await order(id, { paid: true, email: '' })
    await order(id, { paid: true, email: '' })
    // Not admitted, so not counted: an unpaid reservation without an address.
    await order(id, { paid: false, email: '' })
    const moved = await manager.post(`/api/admin/sessions/${id}`, { time: '20:00' })
    expect(moved.status).toBe(409)
    expect(moved.body).toMatchObject({ errorCode: AdminErrorCode.UNCONFIRMED, tickets: 4, orders: 3, no_email: 2 })
    const off = await manager.post(`/api/admin/sessions/${id}`, { active: 0 })
    expect(off.status).toBe(409)
    expect(off.body).not.toHaveProperty('no_email')
    const cancel = await manager.post(`/api/admin/sessions/${id}/cancel`, {})
    expect(cancel.status).toBe(409)
    expect(cancel.body).toMatchObject({ errorCode: AdminErrorCode.UNCONFIRMED, tickets: 4, orders: 3, no_email: 2 })
    expect(await sessionOf(id)).toMatchObject({ time: '19:00', active: 1 })
  })

  it('sessions without paid live tickets edit as before: nobody bought, or only unpaid, cancelled and returned orders', async () => {
    // Each to its own time: one event's sessions may not share a slot (sale-keys.repository.ts).
    for (const [id, time] of [[empty, '18:00'], [unsold, '18:30']] as const) {
      const moved = await manager.post(`/api/admin/sessions/${id}`, { day: dayIn(30), time, active: 1 })
      expect(moved.status, JSON.stringify(moved.body)).toBe(200)
      const off = await manager.post(`/api/admin/sessions/${id}`, { active: 0 })
      expect(off.status, JSON.stringify(off.body)).toBe(200)
      expect(await sessionOf(id)).toMatchObject({ day: dayIn(30), time, active: 0 })
    }
    expect(await mailOf(otherOrders)).toEqual([])
  })

  it('a general-admission capacity may not go below the tickets sold or reserved (unpaid in its reserve counts, returned and cancelled do not)', async () => {
    // Sold session: 3 paid tickets and 1 unpaid in its reserve.
    const low = await manager.post(`/api/admin/sessions/${sold}`, { capacity: 3 })
    expect(low.status).toBe(409)
    expect(low.body).toMatchObject({ errorCode: AdminErrorCode.CONFLICT })
    expect(low.body.errorText).toContain('sold or reserved for this session already: 4.')
    expect((await sessionOf(sold)).capacity).toBe(50)
    expect((await manager.post(`/api/admin/sessions/${sold}`, { capacity: 4 })).status).toBe(200)
    expect((await manager.post(`/api/admin/sessions/${empty}`, { capacity: 0 })).status).toBe(200)
    expect((await manager.post(`/api/admin/sessions/${sold}`, { confirm_buyers: 'yes' })).body.errorCode).toBe(ErrorCode.BAD_REQUEST)
  })

  it("a price row's quantity may not go below the tickets sold or reserved at it, nor take its session's capacity below them (same rule)", async () => {
    const rowsOf = (calendarId: number) => server.db.selectFrom('prices').selectAll().where('calendar_id', '=', calendarId).orderBy('id').execute()
    const auditOf = (id: number) => server.db.selectFrom('audit_log').select('id').where('entity', '=', 'price').where('entity_id', '=', String(id)).execute()
    const [row] = await rowsOf(sold)
    const edit = (quantity: number, extra: Record<string, unknown> = {}) =>
      manager.post(`/api/admin/prices/${row.id}`, { client_category_id: row.client_category_id, zone_id: row.zone_id, price: row.price, quantity, ...extra })
    const audited = (await auditOf(row.id)).length
    // 3 paid tickets and 1 unpaid in its reserve at this row (the session's only one).
    const low = await edit(3)
    expect(low.status).toBe(409)
    expect(low.body).toMatchObject({ errorCode: AdminErrorCode.CONFLICT })
    expect(low.body.errorText).toContain('sold or reserved at this price already: 4.')
    expect(await rowsOf(sold)).toEqual([row])
    expect(await auditOf(row.id)).toHaveLength(audited)
    // With no capacity of its own, the session's is its regular rows': moving this one to subscriptions leaves it 0.
    expect((await manager.post(`/api/admin/sessions/${sold}`, { capacity: null })).status).toBe(200)
    expect((await edit(50, { for_subscription: 1 })).status).toBe(409)
    expect((await edit(4)).status).toBe(200)
    expect((await rowsOf(sold))[0].quantity).toBe(4)
    // A session nobody bought takes any quantity.
    const [free] = await rowsOf(empty)
    expect((await manager.post(`/api/admin/prices/${free.id}`, { client_category_id: free.client_category_id, zone_id: free.zone_id, price: free.price, quantity: 0 })).status).toBe(200)
  })

  it('an event whose sessions still to come have sold tickets is not archived (the door would refuse them); past sessions and returned tickets do not hold it', async () => {
    const refusedEvent = (
      await manager.post<{ id: number }>('/api/admin/events', { menu_kind_id: refs.kinds[0].id, venue_id: refs.venues[0].id, name_ru: 'Архив', name_en: 'Archived show', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id] })
    ).body.id
    const sessionIn = async (days: number) => {
      const id = (await manager.post<{ ids: number[] }>(`/api/admin/events/${refusedEvent}/sessions`, { day: dayIn(days), time: '19:00', capacity: 50 })).body.ids[0]
      await manager.post(`/api/admin/sessions/${id}/prices`, { client_category_id: refs.categories[0].id, zone_id: refs.zones.find((z) => z.drawing_id === null)!.id, price: 1000, quantity: 50 })
      return id
    }
    const [coming, past] = [await sessionIn(20), await sessionIn(21)]
    // The second session was three days ago: the door is done with it.
    await server.db.updateTable('calendars').set({ starts_at: Date.now() - 3 * DAY_MS, day: dayIn(-3) }).where('id', '=', past).execute()
    await order(past, { paid: true, quantity: 5 })
    const comingOrder = await order(coming, { paid: true, quantity: 2 })
    const archivedAt = async () => (await server.db.selectFrom('events').select('archived_at').where('id', '=', refusedEvent).executeTakeFirstOrThrow()).archived_at
    const refused = await manager.post(`/api/admin/events/${refusedEvent}/archive`)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ errorCode: AdminErrorCode.CONFLICT })
    expect(refused.body.errorText).toContain('still to come: 2.')
    expect(await archivedAt()).toBeNull()
    // Its tickets returned, nothing holds the event: archived.
    await server.db.updateTable('order_lines').set({ return_status: 70 }).where('order_id', '=', comingOrder.id).execute()
    expect((await manager.post(`/api/admin/events/${refusedEvent}/archive`)).status).toBe(200)
    expect(await archivedAt()).not.toBeNull()
  })
})
