import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS_CANCELLED } from '../../src/contract/constants'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { decide, pathOf, paymentRow, startPay } from './payment-fixtures'
import { loadScheme, schemeOrderBody, seatChange, visitor, type SchemeFx, type Visitor } from './scheme-helpers'
import { formatMoney } from '../../src/contract/rules/moneyText'

/**
 * Paying an order of numbered seats (payments/settle.ts settleSeatsOnly): on PostgreSQL it is
 * settled under the order's own row lock, so a payment goes through while another transaction
 * holds the session's lock (an on-sale rush settles its payments side by side, not one at a
 * time); an order cancelled before its payment arrives is settled the locked way, which revives it
 * when its seats are still free. Both databases answer the same.
 */
/** How long the paid e-mail may take to be queued after the callback, and how often it is looked for. */
const MAIL_WAIT_MS = 5000
const MAIL_POLL_MS = 50

describe.each(TEST_DBS)('settling a seat-map order on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx
  let seats: string[]
  let next = 300

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    fx = await loadScheme(await visitor(server.url))
    seats = fx.map.seat_numbers.filter((s) => s.status === 'free').map((s) => s.seat_id)
  })
  afterAll(async () => {
    await server?.close()
  })

  /** A visitor's order of two held seats, the card type the order offers, and the payment started. */
  async function orderAndStart(): Promise<{ v: Visitor; hash: string; publicId: string; seatKeys: string[] }> {
    const v = await visitor(server.url)
    const seatKeys = [seats[next++], seats[next++]]
    for (const k of seatKeys) expect((await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, k)] })).status).toBe(200)
    const res = await v.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, seatKeys))
    expect(res.body.errorCode).toBe('0')
    const view = (await v.post<{ payments: { creditcompany_id: number; protocol_type: string }[] }>('/api/order/view', { hash: res.body.hash, lang: 'ru' })).body
    const card = view.payments.find((p) => p.protocol_type === 'card')!
    const start = await startPay(v, res.body.hash, card.creditcompany_id)
    expect(start.body.errorCode).toBe('0')
    return { v, hash: res.body.hash, publicId: pathOf(start.body.bankUrl!).split('/').pop()!, seatKeys }
  }

  /**
   * The paid e-mail of `hash` (queued after the callback): to the buyer, with the order's number,
   * its total and one ticket link per seat. The seats-only settlement hands the mail the order's
   * row and the amount it checked (payments/settle.ts Settled); the revived order's mail reads them.
   */
  async function expectPaidMail(hash: string): Promise<void> {
    const order = await server.db.selectFrom('orders').select(['id', 'ord_num', 'email']).where('hash', '=', hash).executeTakeFirstOrThrow()
    const tickets = await server.db.selectFrom('order_lines').select('ticket_hash').where('order_id', '=', order.id).execute()
    const view = (await (await visitor(server.url)).post<{ demsumma: number }>('/api/order/view', { hash, lang: 'ru' })).body
    const deadline = Date.now() + MAIL_WAIT_MS
    let mail: { to_address: string; subject: string; text_body: string } | undefined
    while (!mail && Date.now() < deadline) {
      mail = await server.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text_body']).where('text_body', 'like', `%${hash}%`).executeTakeFirst()
      if (!mail) await new Promise((r) => setTimeout(r, MAIL_POLL_MS))
    }
    expect(mail?.to_address).toBe(order.email)
    expect(mail?.subject).toContain(String(order.ord_num))
    expect(mail?.text_body).toContain(formatMoney(view.demsumma, 'ru', 'RUB'))
    expect(tickets).toHaveLength(2)
    for (const t of tickets) expect(mail?.text_body).toContain(`/ticket/${t.ticket_hash}`)
  }

  const seatStates = async (hash: string) => {
    const order = await server.db.selectFrom('orders').select(['id', 'paid', 'status']).where('hash', '=', hash).executeTakeFirstOrThrow()
    const holds = await server.db.selectFrom('seat_holds').select(['state', 'released_at']).where('order_id', '=', order.id).execute()
    return { order, holds }
  }

  it('an approved payment sells the seats; on PostgreSQL while another transaction holds the session lock', async () => {
    const { v, hash, publicId } = await orderAndStart()
    let locker: pg.Client | null = null
    if (dbKind === 'postgres') {
      locker = new pg.Client({ connectionString: server.config.database.kind === 'postgres' ? server.config.database.url : '' })
      await locker.connect()
      await locker.query('begin')
      await locker.query('select id from calendars where id = $1 for no key update', [fx.calendarId])
    }
    try {
      const back = await decide(v, publicId, 'approve')
      expect(back.status).toBe(303)
      expect(back.headers.get('location')).toContain(`/order/${hash}`)
      const { order, holds } = await seatStates(hash)
      expect(order.paid).toBe(1)
      expect(holds.map((h) => h.state)).toEqual(['sold', 'sold'])
      expect((await paymentRow(server.db, publicId)).status).toBe('paid')
      await expectPaidMail(hash)
    } finally {
      await locker?.query('rollback')
      await locker?.end()
    }
  })

  it('an order cancelled before its payment arrives is revived and sold when its seats are still free', async () => {
    const { v, hash, publicId } = await orderAndStart()
    const { order } = await seatStates(hash)
    const now = Date.now()
    await server.db.updateTable('orders').set({ status: ORDER_STATUS_CANCELLED, cancelled_at: now }).where('id', '=', order.id).execute()
    await server.db.updateTable('seat_holds').set({ released_at: now }).where('order_id', '=', order.id).execute()
    const back = await decide(v, publicId, 'approve')
    expect(back.status).toBe(303)
    const after = await seatStates(hash)
    expect(after.order.paid).toBe(1)
    expect(after.order.status).not.toBe(ORDER_STATUS_CANCELLED)
    expect(after.holds.filter((h) => h.released_at === null).map((h) => h.state)).toEqual(['sold', 'sold'])
    await expectPaidMail(hash)
  })
})
