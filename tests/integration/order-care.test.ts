import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderCare } from '../../src/contract/admin/care'
import type { AdminOrder } from '../../src/contract/admin/sales'
import { ticketClaims } from '../../src/server/domain/tickets/claims'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { nonce, serverKeys, viewLines } from './door-helpers'
import { orderBody, seedOrderFixtures, soldByPrice, visitor, type Fixtures, type OrderAnswer } from './order-fixtures'
import { decide, pathOf, seedPaymentFixtures, startPay, type PaymentFx } from './payment-fixtures'
import { startInbox, waitForMessages, type Inbox } from './return-helpers'

/** Order care in the console (issue 19.2) on both databases: find, see with history, cancel unpaid, resend tickets; audited. */
describe.each(TEST_DBS)('order care on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let fx: Fixtures
  let pfx: PaymentFx
  let manager: AdminClient
  let boxoffice: AdminClient

  beforeAll(async () => {
    inbox = await startInbox()
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: 'http://shop.test' } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    manager = await signedIn(server, 'manager')
    boxoffice = await signedIn(server, 'boxoffice')
  })
  afterAll(async () => {
    await server?.close()
    await inbox?.close()
  })

  async function order(buyer: { fio: string; email: string; phone: string }, pay: boolean) {
    const v = await visitor(server.url)
    const res = await v.post<OrderAnswer>('/api/order/create', orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 2 }], { ...buyer, re_email: buyer.email }))
    expect(res.body.errorCode, JSON.stringify(res.body)).toBe('0')
    const hash = res.body.hash!
    if (pay) {
      const start = await startPay(v, hash, pfx.types.card)
      expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
    }
    const row = await server.db.selectFrom('orders').select(['id', 'ord_num']).where('hash', '=', hash).executeTakeFirstOrThrow()
    return { v, hash, id: row.id, ordNum: row.ord_num }
  }
  const search = async (client: AdminClient, q: string) => {
    const res = await client.get<{ orders: AdminOrder[] }>(`/api/admin/orders/search?q=${encodeURIComponent(q)}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.orders.map((o) => o.id)
  }

  it('finds an order by number, e-mail, phone, name or ticket code', async () => {
    const a = await order({ fio: 'Мария Соколова', email: 'Maria.Sokolova@example.org', phone: '+7 (903) 555-12-34' }, true)
    const b = await order({ fio: 'Пётр Иванов', email: 'petr@example.org', phone: '+79035550000' }, false)
    const [line] = await viewLines(a.v, a.hash)
    expect(await search(manager, String(a.ordNum))).toContain(a.id)
    expect(await search(manager, 'maria.sokolova@')).toEqual([a.id])
    expect(await search(manager, '903 555-12-34')).toEqual([a.id])
    expect(await search(manager, '9035550000')).toEqual([b.id])
    expect(await search(manager, 'соколова')).toEqual([a.id])
    expect(await search(boxoffice, line.ticketcode)).toEqual([a.id])
    expect(await search(manager, 'nobody-like-this')).toEqual([])
    // Wildcards are text, not patterns.
    expect(await search(manager, '%%')).toEqual([])
    expect((await manager.get('/api/admin/orders/search?q=x')).status).toBe(400)
    const door = await signedIn(server, 'door')
    expect((await door.get('/api/admin/orders/search?q=maria')).status).toBe(403)
  })

  it('shows the order with its tickets and history: created, paid, checked in, operator actions', async () => {
    const a = await order({ fio: 'Анна Белова', email: 'anna@example.org', phone: '+79030001122' }, true)
    const lines = await viewLines(a.v, a.hash)
    // A door scan of the first ticket.
    const keys = await serverKeys(server)
    const row = (await server.db.selectFrom('order_lines').select(['id', 'calendar_id', 'seat_id', 'standing_place_id', 'client_category_id']).where('id', '=', lines[0].id).executeTakeFirstOrThrow())
    const list = await manager.post<{ id: number }>('/api/admin/checkin/lists', { calendar_id: fx.basic.calendarId, name: 'West' })
    expect((await manager.post<{ result: string }>('/api/admin/door/redeem', { code: keys.sign(ticketClaims(row)), list_id: list.body.id, nonce: nonce() })).body.result).toBe('valid')
    const care = await manager.get<OrderCare>(`/api/admin/orders/${a.id}`)
    expect(care.status).toBe(200)
    expect(care.body.order).toMatchObject({ id: a.id, state: 'paid', fio: 'Анна Белова', tickets: 2 })
    expect(care.body.lines.map((l) => [l.code, l.returned, l.checkedIn?.gate ?? null])).toEqual([[lines[0].ticketcode, false, 'West'], [lines[1].ticketcode, false, null]])
    expect(care.body.history.map((h) => h.kind)).toEqual(['created', 'paid', 'checked_in'])
    expect(care.body.can).toEqual({ cancel: false, resend: true })
    expect((await manager.get('/api/admin/orders/987654')).status).toBe(404)
  })

  it('cancels an unpaid order (its tickets back on sale), audited; a paid one is refused', async () => {
    const sold = async () => (await soldByPrice(server.db)).get(fx.basic.prices.adult.id) ?? 0
    const before = await sold()
    const b = await order({ fio: 'Олег Кравцов', email: 'oleg@example.org', phone: '+79030002233' }, false)
    expect(await sold()).toBe(before + 2)
    const res = await boxoffice.post(`/api/admin/orders/${b.id}/cancel`, {})
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await sold()).toBe(before)
    const care = await boxoffice.get<OrderCare>(`/api/admin/orders/${b.id}`)
    expect(care.body.order.state).toBe('cancelled')
    expect(care.body.history.map((h) => h.kind).sort()).toEqual(['cancelled', 'created', 'operator'])
    expect(care.body.history.find((h) => h.kind === 'operator')?.detail).toMatch(/^cancel · boxoffice-/)
    // Twice: refused, nothing changes.
    const again = await boxoffice.post(`/api/admin/orders/${b.id}/cancel`, {})
    expect(again.status).toBe(409)
    expect(again.body.errorText).toBe('The order cannot be cancelled: it is paid or cancelled already')
    const paid = await order({ fio: 'Ирина Лис', email: 'irina@example.org', phone: '+79030003344' }, true)
    expect((await manager.post(`/api/admin/orders/${paid.id}/cancel`, {})).status).toBe(409)
    expect((await server.db.selectFrom('orders').select('status').where('id', '=', paid.id).executeTakeFirstOrThrow()).status).not.toBe(90)
    const audit = await server.db.selectFrom('audit_log').select(['action', 'entity_id']).where('entity', '=', 'order').execute()
    expect(audit).toEqual([{ action: 'cancel', entity_id: String(b.id) }])
  })

  it('sends the tickets e-mail again, audited; not for an unpaid order', async () => {
    const a = await order({ fio: 'Ли Мин', email: 'li.min@example.org', phone: '+79030004455' }, true)
    await waitForMessages(inbox, 1)
    const count = inbox.messages.length
    const res = await manager.post(`/api/admin/orders/${a.id}/resend`, {})
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    await waitForMessages(inbox, count + 1)
    expect(inbox.messages.slice(count).some((m) => m.includes('li.min@example.org'))).toBe(true)
    const audit = await server.db.selectFrom('audit_log').select(['action', 'actor']).where('entity', '=', 'order').where('entity_id', '=', String(a.id)).execute()
    expect(audit).toEqual([{ action: 'resend-tickets', actor: expect.stringMatching(/^manager-/) }])
    const unpaid = await order({ fio: 'Ли Мин', email: 'li.min@example.org', phone: '+79030004455' }, false)
    expect((await manager.post(`/api/admin/orders/${unpaid.id}/resend`, {})).status).toBe(409)
  })
})
