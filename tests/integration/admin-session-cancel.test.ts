import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import type { SessionCancelResult } from '../../src/contract/admin/catalogue'
import { RETURN_STATUS_CONFIRMED } from '../../src/contract/constants'
import { toMajor } from '../../src/contract/rules/money'
import { formatMoney } from '../../src/contract/rules/moneyText'
import type { Actor } from '../../src/server/admin/context'
import { markSessionCancelled } from '../../src/server/admin/catalogue/session-cancel'
import { CANCELLED_SWEEP_WINDOW_MS, sweepCancelledSessions, type SessionRefundDeps } from '../../src/server/admin/catalogue/session-refunds'
import { clockGate } from '../../src/server/domain/orders/commit-gate'
import { buildPaymentRegistry } from '../../src/server/payments/registry'
import { sandboxRefunds, type SandboxRefunds } from '../support/sandbox-refunds'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { decide, pathOf, startPay } from './payment-fixtures'
import { loadScheme, schemeOrderBody, seatChange, soldSeats, visitor, type SchemeFx, type Visitor } from './scheme-helpers'

const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }
const silentLog = { info() {}, warn() {}, error() {} }
interface Sold {
  id: number
  hash: string
  publicId: string
  lang: string
}

/**
 * Cancelling a session and refunding everyone (admin/catalogue/session-cancel.ts,
 * session-refunds.ts) on both databases, with orders sold and paid through the shop and the
 * sandbox bank: a seat-map session cancelled from the console (refused first with the counts,
 * then refunded in the request), and a general-admission session whose cancellation committed
 * but whose request died before refunding anything, refunded by the leader's sweep. Each paid
 * order gets its session's tickets back through the one refund writer, the bank takes exactly
 * what was charged once, the buyer gets one notice, and the session stays off for good.
 */
describe.each(TEST_DBS)('cancelling a session and refunding everyone on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let bank: SandboxRefunds
  let fx: SchemeFx
  let freeSeats: string[]
  let next = 400
  let gaEvent: { id: number; hash: string; zone: number; category: number }
  let gaSession: number

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { PUBLIC_URL: 'http://shop.test' } })
    manager = await signedIn(server, 'manager')
    bank = sandboxRefunds(server.url)
    fx = await loadScheme(await visitor(server.url))
    freeSeats = fx.map.seat_numbers.filter((s) => s.status === 'free').map((s) => s.seat_id)
    const refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
    const zone = refs.zones.find((z) => z.drawing_id === null)!.id
    const category = refs.categories[0].id
    const id = (await manager.post<{ id: number }>('/api/admin/events', { menu_kind_id: refs.kinds[0].id, venue_id: refs.venues[0].id, name_ru: 'Отменённый концерт', name_en: 'Cancelled concert', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id] })).body.id
    gaSession = (await manager.post<{ ids: number[] }>(`/api/admin/events/${id}/sessions`, { day: dayIn(9), time: '19:00' })).body.ids[0]
    await manager.post(`/api/admin/sessions/${gaSession}/prices`, { client_category_id: category, zone_id: zone, price: 100000, quantity: 30 })
    await manager.post(`/api/admin/events/${id}/publish`, { published: 1 })
    gaEvent = { id, hash: (await manager.get<{ event: { hash_id: string } }>(`/api/admin/events/${id}`)).body.event.hash_id, zone, category }
  })
  afterAll(async () => {
    await server?.close()
  })

  const cardOf = async (v: Visitor, hash: string) => (await v.post<{ payments: { creditcompany_id: number; protocol_type: string }[] }>('/api/order/view', { hash, lang: 'ru' })).body.payments.find((p) => p.protocol_type === 'card')!.creditcompany_id
  async function pay(v: Visitor, hash: string, lang: string): Promise<Sold> {
    const start = await startPay(v, hash, await cardOf(v, hash))
    expect(start.body.errorCode, JSON.stringify(start.body)).toBe('0')
    const publicId = pathOf(start.body.bankUrl!).split('/').pop()!
    expect((await decide(v, publicId, 'approve')).status).toBe(303)
    const row = await server.db.selectFrom('orders').select(['id', 'paid']).where('hash', '=', hash).executeTakeFirstOrThrow()
    expect(row.paid).toBe(1)
    return { id: row.id, hash, publicId, lang }
  }
  /** A buyer picks `n` seats on the map, orders and pays them. */
  async function buySeats(n: number, lang: string, email: string): Promise<Sold> {
    const v = await visitor(server.url)
    const keys = freeSeats.slice(next, (next += n))
    for (const k of keys) expect((await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, k)] })).status).toBe(200)
    const res = await v.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, keys, { lang, email, re_email: email }))
    expect(res.body.errorCode, JSON.stringify(res.body)).toBe('0')
    return pay(v, res.body.hash, lang)
  }
  /** A buyer orders `quantity` general-admission tickets at 1,000.00 (paid when `paid`). */
  async function buyStanding(quantity: number, lang: string, email: string, paid = true): Promise<Sold> {
    const v = await visitor(server.url)
    const boxes = await server.db.selectFrom('checkbox_lists').select('id').where('scope', '=', 'order').execute()
    const res = await v.post<{ errorCode: string; hash: string }>('/api/order/create', {
      fio: 'Иван Петров',
      phone: '+79161234567',
      email,
      re_email: email,
      data: [{ day: dayIn(9), time: '19:00', actionId: gaEvent.id, categoryId: gaEvent.category, zoneId: gaEvent.zone, quantity, sum: quantity * 1000 }],
      lang,
      hash: gaEvent.hash,
      checkboxList: boxes.map((b) => ({ id: b.id, checked: 1 })),
    })
    expect(res.body.errorCode, JSON.stringify(res.body)).toBe('0')
    if (!paid) return { id: (await server.db.selectFrom('orders').select('id').where('hash', '=', res.body.hash).executeTakeFirstOrThrow()).id, hash: res.body.hash, publicId: '', lang }
    return pay(v, res.body.hash, lang)
  }

  const sessionRow = (id: number) => server.db.selectFrom('calendars').select(['active', 'cancelled_at', 'day', 'time']).where('id', '=', id).executeTakeFirstOrThrow()
  const notices = (orderIds: number[]) =>
    server.db.selectFrom('mail_outbox').select(['order_id', 'kind', 'to_address', 'subject', 'text_body']).where('order_id', 'in', orderIds).where((eb) => eb.or([eb('subject', 'like', 'Session cancelled%'), eb('subject', 'like', 'Сеанс отменён%')])).orderBy('order_id').execute()
  const charged = async (orderId: number) => (await server.db.selectFrom('payments').select('amount').where('order_id', '=', orderId).executeTakeFirstOrThrow()).amount
  const refunded = async (orderId: number) => (await server.db.selectFrom('refunds').select('amount').where('order_id', '=', orderId).execute()).reduce((n, r) => n + r.amount, 0)

  /** Every line returned, the refund equal to the payment and taken by the bank once, one notice per order in its language. */
  async function expectRefundedAndTold(orders: Sold[], calendarId: number) {
    for (const o of orders) {
      const lines = await server.db.selectFrom('order_lines').select(['return_status', 'calendar_id']).where('order_id', '=', o.id).execute()
      expect(lines.length).toBeGreaterThan(0)
      expect(lines.every((l) => l.calendar_id === calendarId && l.return_status === RETURN_STATUS_CONFIRMED)).toBe(true)
      const amount = await charged(o.id)
      expect(amount).toBeGreaterThan(0)
      expect(await refunded(o.id)).toBe(amount)
      const taken = await bank.takenFor(o.publicId)
      expect(taken.reduce((n, r) => n + r.amount, 0)).toBe(amount)
      const sends = await server.db.selectFrom('refund_outbox as s').innerJoin('refunds as r', 'r.id', 's.refund_id').select(['s.amount', 's.sent_at']).where('r.order_id', '=', o.id).execute()
      expect(sends.map((s) => [s.amount, s.sent_at !== null])).toEqual([[amount, true]])
    }
    const mails = await notices(orders.map((o) => o.id))
    expect(mails.map((m) => m.order_id)).toEqual(orders.map((o) => o.id).sort((a, b) => a - b))
    for (const o of orders) {
      const m = mails.find((x) => x.order_id === o.id)!
      const lang = o.lang === 'en' ? 'en' : 'ru'
      expect(m.subject.startsWith(lang === 'en' ? 'Session cancelled:' : 'Сеанс отменён:')).toBe(true)
      // Stored as what it is, which order care names in the operator's language.
      expect(m.kind).toBe('session_cancelled')
      expect(m.text_body).toContain(formatMoney(toMajor(await charged(o.id)), lang, 'RUB'))
      expect(m.text_body).toContain(`http://shop.test/order/${o.hash}`)
    }
  }

  it('refuses to cancel unless confirmed, saying how many orders and tickets it refunds; nothing changes', async () => {
    await buySeats(2, 'en', 'anna@example.org')
    await buySeats(1, 'ru', 'boris@example.org')
    const res = await manager.post(`/api/admin/sessions/${fx.calendarId}/cancel`, {})
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ errorCode: AdminErrorCode.UNCONFIRMED, tickets: 3, orders: 2 })
    expect(res.body.errorText).toContain('Tickets to refund: 3 (orders: 2)')
    expect(await sessionRow(fx.calendarId)).toMatchObject({ active: 1, cancelled_at: null })
    expect(await soldSeats(server.db, fx.calendarId)).toBe(3)
  })

  it('a confirmed cancellation switches the seat-map session off for good, refunds every paid order what it was charged, tells each buyer once and frees the seats', async () => {
    const orders = (await server.db.selectFrom('orders as o').innerJoin('order_lines as l', 'l.order_id', 'o.id').select(['o.id', 'o.hash', 'o.lang']).distinct().where('l.calendar_id', '=', fx.calendarId).where('o.paid', '=', 1).orderBy('o.id').execute()).map((o) => ({ id: o.id, hash: o.hash, lang: o.lang ?? 'ru', publicId: '' }))
    for (const o of orders) o.publicId = (await server.db.selectFrom('payments').select('public_id').where('order_id', '=', o.id).executeTakeFirstOrThrow()).public_id!
    expect(orders).toHaveLength(2)
    const res = await manager.post<SessionCancelResult>(`/api/admin/sessions/${fx.calendarId}/cancel`, { confirm: true })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({ orders: 2, tickets: 3, refunded: 2, remaining: 0, repeat: false })
    const row = await sessionRow(fx.calendarId)
    expect(row.active).toBe(0)
    expect(row.cancelled_at).not.toBeNull()
    await expectRefundedAndTold(orders, fx.calendarId)
    expect(await soldSeats(server.db, fx.calendarId)).toBe(0)
    const audit = await server.db.selectFrom('audit_log').select(['action', 'entity', 'entity_id']).where((eb) => eb.or([eb('entity', '=', 'session').and('entity_id', '=', String(fx.calendarId)), eb('entity', '=', 'order').and('entity_id', 'in', orders.map((o) => String(o.id)))])).where('action', 'in', ['cancel', 'refund']).orderBy('id').execute()
    expect(audit.map((a) => `${a.entity}:${a.action}`)).toEqual(['session:cancel', 'order:refund', 'order:refund'])

    // A second cancel (a double click, a retry after "busy") is a harmless repeat.
    const again = await manager.post<SessionCancelResult>(`/api/admin/sessions/${fx.calendarId}/cancel`, { confirm: true })
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ orders: 0, tickets: 0, refunded: 0, remaining: 0, repeat: true })
    await expectRefundedAndTold(orders, fx.calendarId)

    // Never on sale again by accident: switching it on is refused with a clear error, nothing changes.
    const on = await manager.post(`/api/admin/sessions/${fx.calendarId}`, { active: 1 })
    expect(on.status).toBe(409)
    expect(on.body).toMatchObject({ errorCode: AdminErrorCode.CONFLICT, errorText: expect.stringContaining('cannot be put on sale again') })
    expect((await sessionRow(fx.calendarId)).active).toBe(0)
    // Nor moved (its buyers would be told of a move of a cancelled session): refused, no notice queued.
    const before = await sessionRow(fx.calendarId)
    const mails = async () => Number((await server.db.selectFrom('mail_outbox').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
    const mailsBefore = await mails()
    const move = await manager.post(`/api/admin/sessions/${fx.calendarId}`, { time: '23:45', confirm_buyers: true })
    expect(move.status, JSON.stringify(move.body)).toBe(409)
    expect(move.body).toMatchObject({ errorCode: AdminErrorCode.CONFLICT, errorText: expect.stringContaining('date and time cannot be changed') })
    expect(await sessionRow(fx.calendarId)).toMatchObject({ day: before.day, time: before.time })
    expect(await mails()).toBe(mailsBefore)
    // The shop does not sell it.
    const v = await visitor(server.url)
    const hold = await v.post<{ errorCode?: string }>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, freeSeats[next])] })
    expect(hold.status === 200 && hold.body.errorCode === '0').toBe(false)
  })

  it('a cancellation whose request died before refunding is finished by the leader sweep: every admitted order once, unpaid ones untouched', async () => {
    const paid = [await buyStanding(3, 'ru', 'vera@example.org'), await buyStanding(1, 'en', 'gleb@example.org'), await buyStanding(2, 'ru', 'dina@example.org')]
    const unpaid = await buyStanding(2, 'ru', 'egor@example.org', false)
    // A cash sale at the box office: its refund moves no money by itself, so its buyer is told to collect it there.
    const desk = await signedIn(server, 'boxoffice')
    const line = { day: dayIn(9), time: '19:00', actionId: gaEvent.id, categoryId: gaEvent.category, zoneId: gaEvent.zone, quantity: 1, sum: 1000 }
    const cash = await desk.post<{ id: number; amount: number }>('/api/admin/boxoffice/sell', { fio: 'Анна Кассова', phone: '+79161234567', email: 'anna@example.org', hash: gaEvent.hash, payKind: 'cash', data: [line], lang: 'ru' })
    expect(cash.status, JSON.stringify(cash.body)).toBe(200)
    // The cancellation's own transaction only: the process is gone before its inline refunds.
    const actor: Actor = { role: 'manager', operatorId: null, tokenId: null, label: 'test', ip: '', operator: null, csrf: null, sessionHash: null, gate: clockGate(Date.now()) }
    expect(await markSessionCancelled(server.db, actor, gaSession, true, Date.now())).toEqual({ orders: 4, tickets: 7, repeat: false })
    expect((await sessionRow(gaSession)).active).toBe(0)
    // The leader of this server may get there first; either way each order is refunded once.
    const deps: SessionRefundDeps = { db: server.db, payments: buildPaymentRegistry(server.config), log: silentLog, publicUrl: server.config.publicUrl, changed() {} }
    // A sweep long after the cancellation's window no longer reads it (its lines are not re-read forever).
    expect(await sweepCancelledSessions(deps, undefined, Date.now() + CANCELLED_SWEEP_WINDOW_MS + 60_000)).toBe(0)
    await sweepCancelledSessions(deps)
    await expectRefundedAndTold(paid, gaSession)
    for (const o of paid) expect(await refunded(o.id)).toBe((o.id === paid[1].id ? 1 : o.id === paid[0].id ? 3 : 2) * 100000)
    // The unpaid order was not the door's: no refund, no notice (its reserve runs out as any other).
    expect(await refunded(unpaid.id)).toBe(0)
    expect(await notices([unpaid.id])).toEqual([])
    expect(await refunded(cash.body.id)).toBe(cash.body.amount)
    const [deskNotice] = await notices([cash.body.id])
    expect(deskNotice.text_body).toContain('получите деньги там же')
    expect(deskNotice.text_body).not.toContain('на карту')
    expect((await notices([paid[0].id]))[0].text_body).toContain('на карту')
    // Nothing left: a later sweep changes nothing.
    expect(await sweepCancelledSessions(deps)).toBe(0)
    expect((await notices(paid.map((o) => o.id))).length).toBe(3)
  })
})
