import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS_CANCELLED } from '../../src/contract/constants'
import type { OrderCare } from '../../src/contract/admin/care'
import type { DoorSync } from '../../src/contract/admin/door'
import type { AdminOrder } from '../../src/contract/admin/sales'
import type { PrintedTickets } from '../../src/contract/admin/boxoffice'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { DEFAULT_LANG, isLang } from '../../src/contract/lang'
import { toMajor } from '../../src/contract/rules/money'
import { formatMoney } from '../../src/contract/rules/moneyText'
import { formatDayTime } from '../../src/contract/rules/dayText'
import { storedCurrency } from '../../src/server/domain/settings/cached'
import { fill, MAIL_TEXTS } from '../../src/server/mail/templates/texts'
import { signedIn, type AdminClient } from './admin-helpers'
import { bringToDoor } from './door-helpers'
import { admittedCount } from '../../src/server/domain/redemption/lists.repository'
import { doubleSales, loadScheme, seatChange, soldSeats, visitor, schemeOrderBody, type SchemeFx } from './scheme-helpers'

const BUYER = { fio: 'Иван Петров', phone: '+79161234567', email: 'ivan@example.org' }

/**
 * The box office (issue 19.1) on both databases, on the demo's 5,000-seat hall: counter sales
 * through the shop's order path (all-or-nothing, limits, races with shop buyers), the three desk
 * payment kinds, reseating, refunds of counter sales exactly once, and who may do it.
 */
describe.each(TEST_DBS)('box office on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx
  let desk: AdminClient
  let seats: string[]
  /** Free seats handed out to the tests so they never collide: n seats of one zone. */
  let next = 0
  const take = (n: number, zone = fx.map.seat_numbers[0].zonelevel_id) => {
    const out: string[] = []
    while (out.length < n) {
      const s = fx.map.seat_numbers[next++]
      if (s.zonelevel_id === zone) out.push(s.seat_id)
    }
    return out
  }
  const priceOf = (zone: number) => fx.sessions.prices.find((p) => p.calendar_id === fx.calendarId && p.zonelevel_id === zone && p.for_subscription === 0)!.price
  const sell = (client: AdminClient, keys: string[], payKind: 'cash' | 'card' | 'comp' = 'cash', extra: Record<string, unknown> = {}) =>
    client.post<{ id: number; hash: string; amount: number; ord_num: number }>('/api/admin/boxoffice/sell', { ...BUYER, hash: fx.hash, calendarId: fx.calendarId, payKind, tickets: keys.map((k) => seatChange(fx, k)), ...extra })
  const holdsOf = (orderId: number) => server.db.selectFrom('seat_holds').select(['seat_id', 'state']).where('order_id', '=', orderId).where('released_at', 'is', null).orderBy('seat_id').execute()
  const seatIdOf = async (key: string) => (await server.db.selectFrom('seats').select('id').where('seat_key', '=', key).executeTakeFirst())?.id

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    fx = await loadScheme(await visitor(server.url))
    seats = fx.map.seat_numbers.map((s) => s.seat_id)
    desk = await signedIn(server, 'boxoffice')
  })
  afterAll(async () => {
    await server?.close()
  })

  it('sells two seats for cash: paid at once, places sold, marked as a box-office sale in the order list; audited', async () => {
    const pick = take(2)
    const res = await sell(desk, pick)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const order = await server.db.selectFrom('orders').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow()
    expect(order.paid).toBe(1)
    expect(res.body.amount).toBe(order.total)
    expect(order.total).toBeGreaterThan(0)
    expect((await holdsOf(order.id)).map((h) => h.state)).toEqual(['sold', 'sold'])
    const pay = await server.db.selectFrom('payments').innerJoin('payment_types as t', 't.id', 'payments.payment_type_id').select(['payments.amount', 'payments.status', 't.protocol_type', 't.protocol_kind', 't.active']).where('order_id', '=', order.id).execute()
    expect(pay).toEqual([{ amount: order.total, status: 'paid', protocol_type: 'desk', protocol_kind: 'DESK_CASH', active: 0 }])
    const list = await desk.get<{ orders: AdminOrder[] }>(`/api/admin/orders?event_id=${order.id > 0 ? (await server.db.selectFrom('order_lines').select('event_id').where('order_id', '=', order.id).executeTakeFirstOrThrow()).event_id : 0}`)
    expect(list.body.orders.find((o) => o.id === order.id)?.boxOffice).toBe('cash')
    const audit = await server.db.selectFrom('audit_log').select(['action', 'entity_id']).where('entity', '=', 'order').where('action', '=', 'boxoffice-sale').where('entity_id', '=', String(order.id)).execute()
    expect(audit).toHaveLength(1)
    // The desk types are never offered to buyers.
    const v = await visitor(server.url)
    const view = await v.post<{ payment_types?: { protocol_type: string }[] }>('/api/order/view', { hash: order.hash, lang: 'ru' })
    expect(JSON.stringify(view.body)).not.toContain('"desk"')
  })

  it('card at the desk takes the amount; complimentary takes 0; both paid', async () => {
    const card = await sell(desk, take(1), 'card')
    expect(card.status, JSON.stringify(card.body)).toBe(200)
    expect(card.body.amount).toBeGreaterThan(0)
    const comp = await sell(desk, take(1), 'comp')
    expect(comp.status, JSON.stringify(comp.body)).toBe(200)
    expect(comp.body.amount).toBe(0)
    const kinds = await server.db.selectFrom('box_office_sales').select(['order_id', 'pay_kind']).where('order_id', 'in', [card.body.id, comp.body.id]).orderBy('order_id').execute()
    expect(kinds.map((k) => k.pay_kind)).toEqual(['card', 'comp'])
    const paid = await server.db.selectFrom('orders').select('paid').where('id', 'in', [card.body.id, comp.body.id]).execute()
    expect(paid.every((p) => p.paid === 1)).toBe(true)
  })

  it("a complimentary sale's tickets e-mail shows what was paid (0), as the order page does, not the list price", async () => {
    const comp = await sell(desk, take(1), 'comp', { sendMail: true })
    expect(comp.status, JSON.stringify(comp.body)).toBe(200)
    expect(comp.body).toMatchObject({ amount: 0, mailed: true })
    const order = await server.db.selectFrom('orders').select(['lang', 'total', 'hash']).where('id', '=', comp.body.id).executeTakeFirstOrThrow()
    expect(order.total).toBeGreaterThan(0)
    const lang = isLang(order.lang) ? order.lang : DEFAULT_LANG
    const currency = await storedCurrency(server.db)
    const [mail] = await server.db.selectFrom('mail_outbox').select(['text_body', 'html_body', 'sent_at']).where('order_id', '=', comp.body.id).execute()
    expect(mail.sent_at).not.toBeNull()
    const zero = fill(MAIL_TEXTS[lang].paidSum, { sum: formatMoney(0, lang, currency) })
    expect(mail.text_body).toContain(zero)
    expect(mail.text_body).not.toContain(formatMoney(toMajor(order.total), lang, currency))
    // The order page's amount, by the same rule.
    const view = await (await visitor(server.url)).post<{ demsumma: number }>('/api/order/view', { hash: order.hash, lang })
    expect(view.body.demsumma).toBe(0)
  })

  it("a complimentary sale's printed tickets show what was paid (0), not the list price; a cash sale's show the price", async () => {
    const zone = fx.map.seat_numbers[0].zonelevel_id
    const comp = await sell(desk, take(2), 'comp')
    expect(comp.status, JSON.stringify(comp.body)).toBe(200)
    const printed = await desk.get<PrintedTickets>(`/api/admin/orders/${comp.body.id}/print`)
    expect(printed.status, JSON.stringify(printed.body)).toBe(200)
    expect(printed.body.tickets.map((t) => t.price)).toEqual([0, 0])
    expect(printed.body.tickets.every((t) => t.image !== '')).toBe(true)
    // The session's date as the console's language writes it, not as it is stored.
    const session = await server.db.selectFrom('calendars').select(['day', 'time']).where('id', '=', fx.calendarId).executeTakeFirstOrThrow()
    expect(printed.body.tickets[0].when).toBe(formatDayTime(`${session.day} ${session.time}`, 'en'))
    expect(printed.body.tickets[0].when).not.toContain(session.day)
    const cash = await sell(desk, take(1), 'cash')
    const paid = await desk.get<PrintedTickets>(`/api/admin/orders/${cash.body.id}/print`)
    expect(paid.body.tickets.map((t) => t.price)).toEqual([priceOf(zone) * 100])
  })

  it('the print page of an order never paid says it is not paid; it shows no tickets as returned ones', async () => {
    const v = await visitor(server.url)
    const placed = await v.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, take(1)))
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    const order = await server.db.selectFrom('orders').select(['id', 'paid']).where('hash', '=', placed.body.hash).executeTakeFirstOrThrow()
    expect(order.paid).toBe(0)
    const print = await desk.get(`/api/admin/orders/${order.id}/print`)
    expect(print.status, JSON.stringify(print.body)).toBe(409)
    expect(print.body.errorText).toBe('The order is not paid: there are no tickets to print until it is')
  })

  it("the order speaks the console's language (its tickets e-mail, later notices) unless the sale names one", async () => {
    const subjectOf = async (orderId: number) => {
      const order = await server.db.selectFrom('orders').select(['lang', 'ord_num']).where('id', '=', orderId).executeTakeFirstOrThrow()
      const [mail] = await server.db.selectFrom('mail_outbox').select('subject').where('order_id', '=', orderId).execute()
      return { lang: order.lang, subject: mail.subject, ord_num: order.ord_num }
    }
    for (const lang of ['en', 'kz', 'ch'] as const) {
      const operator = await signedIn(server, 'boxoffice')
      operator.lang = lang
      const sale = await sell(operator, take(1), 'cash', { sendMail: true })
      expect(sale.status, JSON.stringify(sale.body)).toBe(200)
      const sent = await subjectOf(sale.body.id)
      expect(sent.lang).toBe(lang)
      expect(sent.subject).toBe(fill(MAIL_TEXTS[lang].paidSubject, { n: sent.ord_num }))
    }
    // Named in the sale, the buyer's language wins over the console's.
    const named = await sell(desk, take(1), 'cash', { sendMail: true, lang: 'ru' })
    expect((await subjectOf(named.body.id)).lang).toBe('ru')
  })

  /** Two tickets of the demo's free general-admission event (maybefree, every price 0) for the desk, and its session. */
  async function freeSale() {
    const ev = await server.db.selectFrom('events').select(['id', 'hash_id']).where('name_en', '=', 'Museum for Little Ones').executeTakeFirstOrThrow()
    const cal = await server.db.selectFrom('calendars').select(['id', 'day', 'time']).where('event_id', '=', ev.id).where('starts_at', '>', Date.now()).orderBy('starts_at').executeTakeFirstOrThrow()
    const price = await server.db.selectFrom('prices').select(['client_category_id', 'zone_id', 'price']).where('calendar_id', '=', cal.id).where('for_subscription', '=', 0).orderBy('id').executeTakeFirstOrThrow()
    expect(price.price).toBe(0)
    const line = { day: cal.day, time: cal.time, actionId: ev.id, categoryId: price.client_category_id, zoneId: price.zone_id, quantity: 2, sum: 0 }
    return { calendarId: cal.id, body: { ...BUYER, hash: ev.hash_id, payKind: 'cash', data: [line] } }
  }

  it('sells a free order (maybefree, every price 0): 200, one order, recorded as a desk sale of 0 and audited', async () => {
    const sale = await freeSale()
    const ordersOf = () => server.db.selectFrom('order_lines').select('order_id').distinct().where('calendar_id', '=', sale.calendarId).execute()
    const before = (await ordersOf()).length
    const res = await desk.post<{ id: number; amount: number }>('/api/admin/boxoffice/sell', sale.body)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.amount).toBe(0)
    expect((await ordersOf()).length).toBe(before + 1)
    const order = await server.db.selectFrom('orders').select(['paid', 'total']).where('id', '=', res.body.id).executeTakeFirstOrThrow()
    expect(order).toEqual({ paid: 1, total: 0 })
    expect(await server.db.selectFrom('payments').select(['amount', 'status']).where('order_id', '=', res.body.id).execute()).toEqual([{ amount: 0, status: 'paid' }])
    expect(await server.db.selectFrom('box_office_sales').select('pay_kind').where('order_id', '=', res.body.id).execute()).toEqual([{ pay_kind: 'cash' }])
    const audit = await server.db.selectFrom('audit_log').select('action').where('entity', '=', 'order').where('action', '=', 'boxoffice-sale').where('entity_id', '=', String(res.body.id)).execute()
    expect(audit).toHaveLength(1)
  })

  it('a free order whose desk step fails in the database is not left paid: cancelled, with nothing of the sale kept', async () => {
    // A real failure of the desk's transaction: the database refuses the sale mark (a trigger of
    // this test's database), after the order was written and the desk payment inserted.
    const sale = await freeSale()
    const fail = dbKind === 'sqlite'
      ? ["create trigger test_desk_fails before insert on box_office_sales begin select raise(abort, 'desk step fails'); end"]
      : [
          "create function test_desk_fails() returns trigger language plpgsql as $$ begin raise exception 'desk step fails'; end $$",
          'create trigger test_desk_fails before insert on box_office_sales for each row execute function test_desk_fails()',
        ]
    for (const statement of fail) await sql.raw(statement).execute(server.db)
    const newest = async () => (await server.db.selectFrom('orders').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id
    const last = await newest()
    let res: Awaited<ReturnType<typeof desk.post>>
    try {
      res = await desk.post('/api/admin/boxoffice/sell', sale.body)
    } finally {
      await sql.raw(dbKind === 'sqlite' ? 'drop trigger test_desk_fails' : 'drop trigger test_desk_fails on box_office_sales').execute(server.db)
    }
    expect(res.status, JSON.stringify(res.body)).toBe(500)
    // Step 1 wrote the order; the failed step 2 ended it: not paid, cancelled, no desk payment,
    // sale mark or audit row (before: paid, its tickets issued, none of those).
    const made = await newest()
    expect(made).not.toBe(last)
    const order = await server.db.selectFrom('orders').select(['paid', 'status', 'total']).where('id', '=', Number(made)).executeTakeFirstOrThrow()
    expect(order).toEqual({ paid: 0, status: ORDER_STATUS_CANCELLED, total: 0 })
    expect(await server.db.selectFrom('payments').select('id').where('order_id', '=', Number(made)).execute()).toEqual([])
    expect(await server.db.selectFrom('box_office_sales').select('order_id').where('order_id', '=', Number(made)).execute()).toEqual([])
    expect(await server.db.selectFrom('audit_log').select('id').where('entity', '=', 'order').where('entity_id', '=', String(made)).execute()).toEqual([])
    // The desk works again once the database does: the same sale goes through, paid.
    const again = await desk.post<{ id: number }>('/api/admin/boxoffice/sell', sale.body)
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect((await server.db.selectFrom('orders').select('paid').where('id', '=', again.body.id).executeTakeFirstOrThrow()).paid).toBe(1)
  })

  it('all or nothing: a seat a shop buyer holds refuses the whole sale (-1005) and nothing is taken', async () => {
    const [free, held] = take(2)
    const buyer = await visitor(server.url)
    expect((await buyer.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, held)] })).status).toBe(200)
    const before = await soldSeats(server.db, fx.calendarId)
    const orders = await server.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    const res = await sell(desk, [free, held])
    expect(res.status).toBe(409)
    expect(res.body.errorCode).toBe('-1005')
    expect(await soldSeats(server.db, fx.calendarId)).toBe(before)
    expect(Number((await server.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(Number(orders.n))
  })

  it("the shop's per-order limit holds at the counter too", async () => {
    const res = await sell(desk, take(11))
    expect(res.status).toBe(400)
    expect(res.body.errorCode).toBe('-9998')
    expect(await doubleSales(server.db, fx.calendarId)).toEqual([])
  })

  it('races shop buyers for the same seats: each seat is sold once', async () => {
    const contested = take(6)
    const buyers = await Promise.all(contested.map(() => visitor(server.url)))
    const results = await Promise.all([
      ...contested.map((k) => sell(desk, [k]).then((r) => r.status)),
      ...contested.map(async (k, i) => (await buyers[i].post('/api/order/create-scheme', await schemeOrderBody(buyers[i], fx, [k]))).status),
    ])
    expect(results.filter((s) => s === 200)).toHaveLength(contested.length)
    expect(await doubleSales(server.db, fx.calendarId)).toEqual([])
  })

  it('sells to a walk-in buyer without an e-mail (map and general admission); order care, print, the export, a refund and no_email take it', async () => {
    const walkIn = { fio: 'Walk In', phone: '+79160000001', email: '' }
    const mailsOf = (orderId: number) => server.db.selectFrom('mail_outbox').select('id').where('order_id', '=', orderId).execute()
    const before = await admittedCount(server.db, fx.calendarId)
    const map = await sell(desk, take(2), 'cash', walkIn)
    expect(map.status, JSON.stringify(map.body)).toBe(200)
    expect(map.body).toMatchObject({ mailed: false, needsNames: false })
    expect(await server.db.selectFrom('orders').select(['paid', 'email', 'phone', 'fio']).where('id', '=', map.body.id).executeTakeFirstOrThrow()).toEqual({ paid: 1, email: '', phone: walkIn.phone, fio: walkIn.fio })
    expect(await mailsOf(map.body.id)).toEqual([])
    const free = await freeSale()
    const ga = await desk.post<{ id: number; mailed: boolean }>('/api/admin/boxoffice/sell', { ...free.body, ...walkIn })
    expect(ga.status, JSON.stringify(ga.body)).toBe(200)
    expect(ga.body.mailed).toBe(false)
    expect(await mailsOf(ga.body.id)).toEqual([])
    // A moved session's operator calls this buyer: counted among the orders without an address.
    const after = await admittedCount(server.db, fx.calendarId)
    expect(after.noEmail - before.noEmail).toBe(1)
    // Order care: no resend offered; the print page and the Sales export carry it.
    const care = await desk.get<OrderCare>(`/api/admin/orders/${map.body.id}`)
    expect(care.status).toBe(200)
    expect(care.body.can.resend).toBe(false)
    expect(care.body.order).toMatchObject({ email: '', phone: walkIn.phone })
    const print = await desk.get<{ tickets: unknown[] }>(`/api/admin/orders/${map.body.id}/print`)
    expect(print.status).toBe(200)
    expect(print.body.tickets).toHaveLength(2)
    const manager = await signedIn(server, 'manager')
    const csv = await fetch(`${server.url}/api/admin/sales/sessions/${fx.calendarId}/tickets.csv?lang=en`, { headers: { cookie: manager.cookie } })
    expect(csv.status).toBe(200)
    expect((await csv.text()).split('\n').filter((l) => l.includes(walkIn.phone))).toHaveLength(2)
    // Returned at the desk like any counter sale.
    const refund = await desk.post<{ lines: number }>(`/api/admin/orders/${map.body.id}/refund`, {})
    expect(refund.status, JSON.stringify(refund.body)).toBe(200)
    expect(refund.body.lines).toBe(2)
  })

  it('without an e-mail: mailing the tickets is refused before any order; a malformed address, no phone or no name are refused; the shop still asks an e-mail', async () => {
    const ordersNow = async () => Number((await server.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
    const count = await ordersNow()
    const mail = await sell(desk, take(1), 'cash', { email: '', sendMail: true })
    expect(mail.status).toBe(400)
    expect(mail.body.errorText).toBe('The tickets cannot be e-mailed: the buyer gave no e-mail')
    expect((await desk.post('/api/admin/boxoffice/sell', { ...(await freeSale()).body, email: '  ', sendMail: true })).status).toBe(400)
    for (const bad of [{ email: 'ivan@' }, { email: '', phone: '' }, { email: '', phone: '123' }, { email: '', fio: '' }]) {
      const res = await sell(desk, take(1), 'cash', bad)
      expect(res.status, JSON.stringify(bad)).toBe(400)
      expect(res.body.errorText, JSON.stringify(bad)).toMatch(/^Invalid buyer data: check /)
    }
    expect(await ordersNow()).toBe(count)
    const v = await visitor(server.url)
    const shop = await v.post<{ errorText: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, take(1), { email: '', re_email: '' }))
    expect(shop.status).toBe(400)
    expect(shop.body.errorText).toMatch(/e-mail/)
    expect(await ordersNow()).toBe(count)
  })

  it('bad input is refused without change: nothing to sell, unknown pay kind; the door role may not sell', async () => {
    expect((await desk.post('/api/admin/boxoffice/sell', { ...BUYER, hash: fx.hash, payKind: 'cash' })).status).toBe(400)
    expect((await desk.post('/api/admin/boxoffice/sell', { ...BUYER, hash: fx.hash, payKind: 'barter', calendarId: fx.calendarId, tickets: [seatChange(fx, take(1)[0])] })).status).toBe(400)
    expect((await sell(desk, take(1), 'cash', { email: 'not-an-email' })).status).toBe(400)
    const door = await signedIn(server, 'door')
    const refused = await sell(door, take(1))
    expect(refused.status).toBe(403)
    expect(refused.body.errorCode).toBe('-1011')
    expect((await door.post('/api/admin/tickets/reseat', { lineId: 1, seat: seats[0] })).status).toBe(403)
    expect((await door.post('/api/admin/orders/1/refund', {})).status).toBe(403)
  })

  it('reseats a sold ticket to a free seat of the same price: same order and line, old seat back on sale, stamped for the door', async () => {
    const [from, to, busy] = take(3)
    const sale = await sell(desk, [from])
    expect(sale.status, JSON.stringify(sale.body)).toBe(200)
    const line = await server.db.selectFrom('order_lines').select(['id', 'ticket_code']).where('order_id', '=', sale.body.id).executeTakeFirstOrThrow()
    // The order was paid (and confirmed) long ago, so only the reseat's stamp can bring it into an incremental sync.
    const longAgo = Date.now() - 3_600_000
    await server.db.updateTable('orders').set({ paid_at: longAgo, confirmed_at: longAgo, created_at: longAgo }).where('id', '=', sale.body.id).execute()
    const manager = await signedIn(server, 'manager')
    await bringToDoor(server.db, [fx.calendarId])
    const first = await manager.get<DoorSync>(`/api/admin/door/sync?calendar_id=${fx.calendarId}`)
    expect(first.status).toBe(200)
    const cursor = first.body.cursor
    const quiet = await manager.get<DoorSync>(`/api/admin/door/sync?calendar_id=${fx.calendarId}&cursor=${cursor}`)
    expect(quiet.body.tickets.some((t) => t.id === line.id)).toBe(false)

    const res = await desk.post<{ ok: true; place: string }>('/api/admin/tickets/reseat', { lineId: line.id, seat: to })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const after = await server.db.selectFrom('order_lines').select(['id', 'order_id', 'seat_id', 'ticket_code']).where('id', '=', line.id).executeTakeFirstOrThrow()
    expect(after).toMatchObject({ order_id: sale.body.id, seat_id: await seatIdOf(to), ticket_code: line.ticket_code })
    expect((await holdsOf(sale.body.id)).map((h) => h.seat_id)).toEqual([await seatIdOf(to)])
    // The old seat is free: a shop buyer can hold it.
    const v = await visitor(server.url)
    expect((await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, from)] })).status).toBe(200)
    const synced = await manager.get<DoorSync>(`/api/admin/door/sync?calendar_id=${fx.calendarId}&cursor=${cursor}`)
    expect(synced.body.tickets.find((t) => t.id === line.id)?.place).toEqual({ kind: 'seat', id: await seatIdOf(to) })
    const care = await desk.get<OrderCare>(`/api/admin/orders/${sale.body.id}`)
    expect(care.body.history.map((h) => h.kind)).toContain('reseated')

    // A seat someone holds: -1005, nothing moves. The seat it has already: refused too.
    expect((await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, busy)] })).status).toBe(200)
    const taken = await desk.post('/api/admin/tickets/reseat', { lineId: line.id, seat: busy })
    expect(taken.status).toBe(409)
    expect(taken.body.errorCode).toBe('-1005')
    expect((await desk.post('/api/admin/tickets/reseat', { lineId: line.id, seat: to })).status).toBe(409)
    expect((await holdsOf(sale.body.id)).map((h) => h.seat_id)).toEqual([await seatIdOf(to)])
    expect((await desk.post('/api/admin/tickets/reseat', { lineId: line.id, seat: 'no-such-seat' })).status).toBe(400)
    expect(await doubleSales(server.db, fx.calendarId)).toEqual([])
  })

  it('refuses a reseat to a seat of another price', async () => {
    const zones = [...new Set(fx.map.seat_numbers.map((s) => s.zonelevel_id))]
    const a = zones[0]
    const b = zones.find((z) => priceOf(z) !== priceOf(a))
    expect(b, 'the demo hall has zones of different prices').toBeDefined()
    const sale = await sell(desk, take(1, a))
    const line = await server.db.selectFrom('order_lines').select('id').where('order_id', '=', sale.body.id).executeTakeFirstOrThrow()
    const res = await desk.post('/api/admin/tickets/reseat', { lineId: line.id, seat: take(1, b!)[0] })
    expect(res.status).toBe(409)
    expect(res.body.errorText).toMatch(/another price/)
  })

  it('refunds some tickets of a counter sale, then the rest exactly once under concurrent clicks; seats back on sale', async () => {
    const pick = take(3)
    const sale = await sell(desk, pick, 'card')
    const lines = await server.db.selectFrom('order_lines').select(['id', 'cost']).where('order_id', '=', sale.body.id).orderBy('id').execute()
    const some = await desk.post<{ amount: number; lines: number; repeat: boolean }>(`/api/admin/orders/${sale.body.id}/refund`, { lineIds: [lines[0].id] })
    expect(some.status, JSON.stringify(some.body)).toBe(200)
    expect(some.body).toEqual({ amount: lines[0].cost, lines: 1, repeat: false })
    expect((await holdsOf(sale.body.id))).toHaveLength(2)
    // The same line again: nothing changes.
    expect((await desk.post(`/api/admin/orders/${sale.body.id}/refund`, { lineIds: [lines[0].id] })).body).toEqual({ amount: 0, lines: 0, repeat: true })
    // The rest, twice at once (a double click; on PostgreSQL two connections): one refund only.
    const both = await Promise.all([desk.post<{ amount: number; lines: number; repeat: boolean }>(`/api/admin/orders/${sale.body.id}/refund`, {}), desk.post<{ amount: number; lines: number; repeat: boolean }>(`/api/admin/orders/${sale.body.id}/refund`, {})])
    expect(both.map((r) => r.status)).toEqual([200, 200])
    expect(both.map((r) => r.body.lines).sort()).toEqual([0, 2])
    expect(both.reduce((n, r) => n + r.body.amount, 0)).toBe(lines[1].cost + lines[2].cost)
    const refunds = await server.db.selectFrom('refunds').select('amount').where('order_id', '=', sale.body.id).execute()
    expect(refunds.reduce((n, r) => n + r.amount, 0)).toBe(sale.body.amount)
    expect((await server.db.selectFrom('payments').select('status').where('order_id', '=', sale.body.id).executeTakeFirstOrThrow()).status).toBe('refunded')
    expect(await holdsOf(sale.body.id)).toEqual([])
    // Every seat is free again: a shop buyer holds them all.
    const v = await visitor(server.url)
    expect((await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: pick.map((k) => seatChange(fx, k)) })).status).toBe(200)
    const care = await desk.get<OrderCare>(`/api/admin/orders/${sale.body.id}`)
    const refunded = care.body.history.filter((h) => h.kind === 'refunded')
    expect(refunded).toHaveLength(2)
    // Each refund's amount travels as a number (minor units) for the console to write in the shop's currency.
    expect(refunded.reduce((n, h) => n + (h.amount ?? 0), 0)).toBe(sale.body.amount)
    expect(care.body.can.refund).toBe(false)
    const audit = await server.db.selectFrom('audit_log').select('action').where('entity', '=', 'order').where('entity_id', '=', String(sale.body.id)).where('action', '=', 'refund').execute()
    expect(audit).toHaveLength(2)
    // A ticket refunded cannot be reseated.
    expect((await desk.post('/api/admin/tickets/reseat', { lineId: lines[0].id, seat: take(1)[0] })).status).toBe(409)
  })
})
