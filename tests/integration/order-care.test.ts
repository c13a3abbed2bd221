import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderCare } from '../../src/contract/admin/care'
import type { AdminOrder } from '../../src/contract/admin/sales'
import { salesOf } from '../../src/server/domain/inventory/stock'
import { ticketClaims } from '../../src/server/domain/tickets/claims'
import { sendMail } from '../../src/server/mail/outbox'
import { fill, MAIL_TEXTS } from '../../src/server/mail/templates/texts'
import { TICKET_MAIL_TEMPLATE } from '../../src/server/mail/ticket-mail'
import { backfillOutboxOrders } from '../../src/server/migrations/2026_11_24_19_c1_01_outbox_order'
import { backfillTicketMailKind } from '../../src/server/migrations/2026_12_05_19_mk1_01_outbox_mail_kind'
import { applyNotification } from '../../src/server/payments/settle'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { bringToDoor, nonce, serverKeys, viewLines } from './door-helpers'
import { orderBody, seedOrderFixtures, soldByPrice, visitor, type Fixtures, type OrderAnswer } from './order-fixtures'
import { decide, pathOf, paymentRow, seedPaymentFixtures, startPay, type PaymentFx } from './payment-fixtures'
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
    // A NUL is bad input on both databases alike, said as such (PostgreSQL refused it only through the error safety net).
    const nul = await manager.get<{ errorCode: string; errorText: string }>(`/api/admin/orders/search?q=${encodeURIComponent('mar\u0000ia')}`)
    expect([nul.status, nul.body.errorCode, nul.body.errorText]).toEqual([400, '-1002', 'Invalid request: check q'])
    const door = await signedIn(server, 'door')
    expect((await door.get('/api/admin/orders/search?q=maria')).status).toBe(403)
  })

  it('shows the order with its tickets and history: created, paid, checked in, operator actions', async () => {
    const a = await order({ fio: 'Анна Белова', email: 'anna@example.org', phone: '+79030001122' }, true)
    const lines = await viewLines(a.v, a.hash)
    // A door scan of the first ticket.
    const keys = await serverKeys(server)
    const row = (await server.db.selectFrom('order_lines').select(['id', 'calendar_id', 'seat_id', 'standing_place_id', 'client_category_id']).where('id', '=', lines[0].id).executeTakeFirstOrThrow())
    await bringToDoor(server.db, [fx.basic.calendarId])
    const list = await manager.post<{ id: number }>('/api/admin/checkin/lists', { calendar_id: fx.basic.calendarId, name: 'West' })
    expect((await manager.post<{ result: string }>('/api/admin/door/redeem', { code: keys.sign(ticketClaims(row)), list_id: list.body.id, nonce: nonce() })).body.result).toBe('valid')
    const care = await manager.get<OrderCare>(`/api/admin/orders/${a.id}`)
    expect(care.status).toBe(200)
    expect(care.body.order).toMatchObject({ id: a.id, state: 'paid', fio: 'Анна Белова', tickets: 2 })
    expect(care.body.lines.map((l) => [l.code, l.returned, l.checkedIn?.gate ?? null])).toEqual([[lines[0].ticketcode, false, 'West'], [lines[1].ticketcode, false, null]])
    // The paid e-mail ('mailed') is sent after the payment's commit, so it may or may not be in yet.
    expect(care.body.history.map((h) => h.kind).filter((k) => k !== 'mailed')).toEqual(['created', 'paid', 'checked_in'])
    expect(care.body.can).toEqual({ cancel: false, resend: true, refund: true, reseat: false, name: false })
    expect((await manager.get('/api/admin/orders/987654')).status).toBe(404)
  })

  it('names a buyer known only by name parts (a gift-card order) as the order page does, patronymic too', async () => {
    const a = await order({ fio: 'Вера Ким', email: 'vera@example.org', phone: '+79030003344' }, false)
    await server.db.updateTable('orders').set({ fio: '', surname: 'Ким', name: 'Вера', patronymic: 'Андреевна' }).where('id', '=', a.id).execute()
    expect((await manager.get<OrderCare>(`/api/admin/orders/${a.id}`)).body.order.fio).toBe('Ким Вера Андреевна')
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
    expect(care.body.history.find((h) => h.kind === 'operator')).toMatchObject({ action: 'cancel', detail: expect.stringMatching(/^boxoffice-/) })
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

  it('cancels an order once under operators cancelling it at once: one is answered done and audited, the others refused', async () => {
    const b = await order({ fio: 'Олег Кравцов', email: 'oleg@example.org', phone: '+79030002233' }, false)
    const tries = await Promise.all([manager, boxoffice, manager].map((client) => client.post(`/api/admin/orders/${b.id}/cancel`, {})))
    expect(tries.map((r) => r.status).sort()).toEqual([200, 409, 409])
    // Cancelled by the answer that said so, not left for a later sweep.
    expect(await server.db.selectFrom('orders').select('status').where('id', '=', b.id).executeTakeFirstOrThrow()).toEqual({ status: 90 })
    const audit = await server.db.selectFrom('audit_log').select('action').where('entity', '=', 'order').where('entity_id', '=', String(b.id)).execute()
    expect(audit).toEqual([{ action: 'cancel' }])
  })

  it('asks no holders for a named-ticket counter sale whose every ticket was refunded: none is left to name', async () => {
    const sale = await boxoffice.post<{ id: number; needsNames: boolean }>('/api/admin/boxoffice/sell', { fio: 'Касса', phone: '+79030006677', email: 'named.desk@example.org', hash: fx.named.hash, payKind: 'cash', data: orderBody(fx, fx.named, [{ price: fx.named.prices.adult, quantity: 2 }]).data as Record<string, unknown>[] })
    expect(sale.status, JSON.stringify(sale.body)).toBe(200)
    expect(sale.body.needsNames).toBe(true)
    const can = async () => (await boxoffice.get<OrderCare>(`/api/admin/orders/${sale.body.id}`)).body.can
    expect(await can()).toMatchObject({ name: true, refund: true })
    expect((await boxoffice.post(`/api/admin/orders/${sale.body.id}/refund`, {})).status).toBe(200)
    // The screen offers no holder form that its save would refuse.
    expect(await can()).toEqual({ cancel: false, resend: false, refund: false, reseat: false, name: false })
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

  it('sends no tickets e-mail for an order whose every ticket was refunded: no link is left', async () => {
    const a = await order({ fio: 'Ли Мин', email: 'li.min@example.org', phone: '+79030004455' }, true)
    expect((await boxoffice.post(`/api/admin/orders/${a.id}/refund`, {})).status).toBe(200)
    // The screen offers no resend, and the call refuses one.
    expect((await manager.get<OrderCare>(`/api/admin/orders/${a.id}`)).body.can.resend).toBe(false)
    const rows = async () => (await server.db.selectFrom('mail_outbox').select('id').where('order_id', '=', a.id).execute()).length
    const before = await rows()
    const res = await manager.post<{ errorCode: string }>(`/api/admin/orders/${a.id}/resend`, {})
    expect(res.status, JSON.stringify(res.body)).toBe(409)
    expect(await rows()).toBe(before)
  })

  it("lists an order's e-mails by the outbox's order reference, not by what a body says; older messages get theirs from the body once", async () => {
    const a = await order({ fio: 'Ода Ким', email: 'oda.kim@example.org', phone: '+79030007788' }, true)
    const b = await order({ fio: 'Ода Ким', email: 'oda.kim@example.org', phone: '+79030007788' }, true)
    expect((await manager.post(`/api/admin/orders/${a.id}/resend`, {})).status).toBe(200)
    // The paid e-mail is queued in the payment's commit and rendered by its first attempt after it: wait for both orders' rows, rendered.
    for (let i = 0; i < 100 && (await server.db.selectFrom('mail_outbox').select('id').where('order_id', 'in', [a.id, b.id]).where('template', '=', '').execute()).length < 3; i++) await new Promise((r) => setTimeout(r, 50))
    const rows = await server.db.selectFrom('mail_outbox').select(['order_id', 'text_body']).where('order_id', 'in', [a.id, b.id]).orderBy('id').execute()
    expect(rows.filter((r) => r.order_id === a.id)).toHaveLength(2)
    expect(rows.filter((r) => r.order_id === b.id)).toHaveLength(1)
    expect(rows.every((r) => r.text_body.includes(r.order_id === a.id ? a.hash : b.hash))).toBe(true)
    const mailedOf = async (id: number) => (await manager.get<OrderCare>(`/api/admin/orders/${id}`)).body.history.filter((h) => h.kind === 'mailed')
    // A message about order b that quotes a's link is b's, not a's.
    const stray = await sendMail(server.db, server.config, { to: 'oda.kim@example.org', subject: 'Про заказ b', text: `См. также ${a.hash}`, orderId: b.id })
    expect(stray.sent).toBe(true)
    // The tickets e-mail and its resend say what they are (the console names it in its language); a message sent without a kind says nothing.
    expect((await mailedOf(a.id)).map((h) => h.mail)).toEqual(['tickets', 'tickets'])
    expect((await mailedOf(b.id)).map((h) => [h.detail, h.outcome, h.mail])).toEqual([
      [`${fill(MAIL_TEXTS.ru.paidSubject, { n: b.ordNum })} · oda.kim@example.org`, 'sent', 'tickets'],
      ['Про заказ b · oda.kim@example.org', 'sent', undefined],
    ])

    // A message stored before the column: the migration's backfill finds its order from the body.
    const old = await server.db.insertInto('mail_outbox').values({ to_address: 'old@example.org', subject: 'Старое письмо', text_body: `Ваш заказ: http://shop.test/order/${b.hash}`, html_body: '', created_at: Date.now(), next_attempt_at: null }).returning('id').executeTakeFirstOrThrow()
    const unrelated = await server.db.insertInto('mail_outbox').values({ to_address: 'x@example.org', subject: 'Без заказа', text_body: 'no order here: abcdefghijklmnopqrstuvwxyz0123', html_body: '', created_at: Date.now(), next_attempt_at: null }).returning('id').executeTakeFirstOrThrow()
    expect(await backfillOutboxOrders(server.db)).toBeGreaterThanOrEqual(1)
    const after = await server.db.selectFrom('mail_outbox').select(['id', 'order_id']).where('id', 'in', [old.id, unrelated.id]).orderBy('id').execute()
    expect(after).toEqual([
      { id: old.id, order_id: b.id },
      { id: unrelated.id, order_id: null },
    ])
    // Its kind was not kept: none is claimed for it.
    const older = (await mailedOf(b.id)).find((h) => h.detail.startsWith('Старое письмо'))
    expect(older).toBeDefined()
    expect(older!.mail).toBeUndefined()
    // A tickets e-mail stored before the kind, still to be rendered (not due here: it stays unsent), is one by its template.
    const unrendered = await server.db.insertInto('mail_outbox').values({ to_address: 'oda.kim@example.org', order_id: b.id, template: TICKET_MAIL_TEMPLATE, created_at: Date.now(), next_attempt_at: null, render_at: null }).returning('id').executeTakeFirstOrThrow()
    expect(await backfillTicketMailKind(server.db)).toBe(1)
    expect((await server.db.selectFrom('mail_outbox').select('kind').where('id', '=', unrendered.id).executeTakeFirstOrThrow()).kind).toBe('tickets')
  })

  it('refunds some tickets of a card order through the bank, then the rest exactly once under two clicks at once; history shows the e-mails and refunds', async () => {
    const a = await order({ fio: 'Вера Орлова', email: 'vera@example.org', phone: '+79030005566' }, true)
    await waitForMessages(inbox, 1)
    // The one stock rule (returned lines leave the count), as the event page and orders read it.
    const sold = async () => (await salesOf(server.db, [fx.basic.calendarId], Date.now())).get(fx.basic.calendarId)?.byPrice.get(fx.basic.prices.adult.id) ?? 0
    const before = await sold()
    const lines = await server.db.selectFrom('order_lines').select(['id', 'cost']).where('order_id', '=', a.id).orderBy('id').execute()
    const pay = await server.db.selectFrom('payments').select(['id', 'amount']).where('order_id', '=', a.id).where('status', '=', 'paid').executeTakeFirstOrThrow()
    const one = await boxoffice.post<{ amount: number; lines: number; repeat: boolean }>(`/api/admin/orders/${a.id}/refund`, { lineIds: [lines[0].id] })
    expect(one.status, JSON.stringify(one.body)).toBe(200)
    expect(one.body).toEqual({ amount: lines[0].cost, lines: 1, repeat: false })
    expect(await sold()).toBe(before - 1)
    // The order's summary counts the ticket it still holds, the returned one apart: in order care and in the sales list.
    expect((await manager.get<OrderCare>(`/api/admin/orders/${a.id}`)).body.order).toMatchObject({ tickets: 1, returned_tickets: 1 })
    const { event_id } = await server.db.selectFrom('order_lines').select('event_id').where('order_id', '=', a.id).executeTakeFirstOrThrow()
    const listed = await manager.get<{ orders: AdminOrder[] }>(`/api/admin/orders?event_id=${event_id}`)
    expect(listed.body.orders.find((o) => o.id === a.id)).toMatchObject({ tickets: 1, returned_tickets: 1 })
    const both = await Promise.all([0, 1].map(() => boxoffice.post<{ amount: number; lines: number; repeat: boolean }>(`/api/admin/orders/${a.id}/refund`, {})))
    expect(both.map((r) => r.status)).toEqual([200, 200])
    expect(both.map((r) => r.body.repeat).sort()).toEqual([false, true])
    expect(await sold()).toBe(before - 2)
    const refunds = await server.db.selectFrom('refunds').select(['amount', 'payment_id']).where('order_id', '=', a.id).execute()
    expect(refunds.reduce((n, r) => n + r.amount, 0)).toBe(pay.amount)
    expect(refunds.every((r) => r.payment_id === pay.id)).toBe(true)
    expect((await server.db.selectFrom('payments').select('status').where('id', '=', pay.id).executeTakeFirstOrThrow()).status).toBe('refunded')
    const care = await manager.get<OrderCare>(`/api/admin/orders/${a.id}`)
    const kinds = care.body.history.map((h) => h.kind)
    expect(kinds.filter((k) => k === 'refunded')).toHaveLength(2)
    expect(care.body.history.find((h) => h.kind === 'mailed')?.detail).toContain('vera@example.org')
    expect(care.body.lines.every((l) => l.returned)).toBe(true)
    expect(care.body.order).toMatchObject({ tickets: 0, returned_tickets: 2 })
    expect(care.body.can.refund).toBe(false)
    // Unpaid orders and foreign tickets are refused without change.
    const unpaid = await order({ fio: 'Вера Орлова', email: 'vera@example.org', phone: '+79030005566' }, false)
    expect((await boxoffice.post(`/api/admin/orders/${unpaid.id}/refund`, {})).status).toBe(409)
    const foreign = await boxoffice.post(`/api/admin/orders/${a.id}/refund`, { lineIds: [987654] })
    expect(foreign.status).toBe(400)
    expect(foreign.body.errorText).toContain('987654')
  })

  it('sells general admission at the box office by quantities through the shop order path: stock and limits hold, all or nothing', async () => {
    const body = (lines: Parameters<typeof orderBody>[2]) => ({ fio: 'Касса', phone: '+79030006677', email: 'desk@example.org', hash: fx.basic.hash, payKind: 'cash', data: orderBody(fx, fx.basic, lines).data as Record<string, unknown>[] })
    const count = inbox.messages.length
    const sale = await boxoffice.post<{ id: number; amount: number; mailed: boolean }>('/api/admin/boxoffice/sell', { ...body([{ price: fx.basic.prices.child, quantity: 2 }]), sendMail: true })
    expect(sale.status, JSON.stringify(sale.body)).toBe(200)
    const order = await server.db.selectFrom('orders').select(['paid', 'total']).where('id', '=', sale.body.id).executeTakeFirstOrThrow()
    expect(order).toEqual({ paid: 1, total: sale.body.amount })
    // E-mailed at the desk's request: the message reaches the inbox, the history and the audit log.
    expect(sale.body.mailed).toBe(true)
    await waitForMessages(inbox, count + 1)
    expect(inbox.messages.slice(count).some((m) => m.includes('desk@example.org'))).toBe(true)
    const care = await boxoffice.get<OrderCare>(`/api/admin/orders/${sale.body.id}`)
    expect(care.body.order.boxOffice).toBe('cash')
    expect(care.body.history.find((h) => h.kind === 'mailed')?.detail).toContain('desk@example.org')
    const audit = await server.db.selectFrom('audit_log').select('action').where('entity', '=', 'order').where('entity_id', '=', String(sale.body.id)).orderBy('id').execute()
    expect(audit.map((a) => a.action)).toEqual(['boxoffice-sale', 'send-tickets'])
    // 5 child tickets in stock, 2 sold: 4 more is refused, and so is the adult line beside it.
    const adultBefore = (await salesOf(server.db, [fx.basic.calendarId], Date.now())).get(fx.basic.calendarId)!.byPrice.get(fx.basic.prices.adult.id) ?? 0
    const over = await boxoffice.post('/api/admin/boxoffice/sell', body([{ price: fx.basic.prices.adult, quantity: 1 }, { price: fx.basic.prices.child, quantity: 4 }]))
    expect(over.status).toBe(409)
    expect((await salesOf(server.db, [fx.basic.calendarId], Date.now())).get(fx.basic.calendarId)!.byPrice.get(fx.basic.prices.adult.id) ?? 0).toBe(adultBefore)
    // A client-side sum that disagrees with the money rule is refused as in the shop.
    const wrong = body([{ price: fx.basic.prices.adult, quantity: 1 }])
    wrong.data = wrong.data.map((l) => ({ ...l, sum: 1 }))
    expect((await boxoffice.post('/api/admin/boxoffice/sell', wrong)).status).toBe(400)
  })
  it('names a queued tickets e-mail by the subject it will be sent with, in its order\'s language (its row holds none until its attempt)', async () => {
    const v = await visitor(server.url)
    const res = await v.post<OrderAnswer>('/api/order/create', orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], { email: 'queued@example.org', re_email: 'queued@example.org', lang: 'en' }))
    expect(res.body.errorCode, JSON.stringify(res.body)).toBe('0')
    const start = await startPay(v, res.body.hash!, pfx.types.card)
    const publicId = pathOf(start.body.bankUrl!).split('/').pop()!
    // The payment's transaction alone: its tickets e-mail is queued, its first attempt not made.
    const applied = await applyNotification(server.db, { publicId, amount: (await paymentRow(server.db, publicId)).amount, status: 'approved' }, Date.now())
    expect(applied.outcome).toBe('paid')
    const row = await server.db.selectFrom('mail_outbox').select(['subject', 'template', 'order_id']).where('id', '=', applied.ticketMail!.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ subject: '', template: TICKET_MAIL_TEMPLATE })
    const order = await server.db.selectFrom('orders').select(['id', 'ord_num']).where('id', '=', row.order_id!).executeTakeFirstOrThrow()
    const care = await manager.get<OrderCare>(`/api/admin/orders/${order.id}`)
    expect(care.status).toBe(200)
    const mailed = care.body.history.filter((h) => h.kind === 'mailed')
    expect(mailed.map((h) => [h.detail, h.outcome, h.mail])).toEqual([[`${fill(MAIL_TEXTS.en.paidSubject, { n: order.ord_num })} · queued@example.org`, 'queued', 'tickets']])
  })
})
