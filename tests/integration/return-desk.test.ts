import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newHashConf, storedHashConf } from '../../src/server/domain/returns/hashconf'
import { insertReturnRequest, markLinesRequested } from '../../src/server/domain/returns/repository'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { orderBody, seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { placeOrder, seedPaymentFixtures, type PaymentFx } from './payment-fixtures'
import { nextReturnLink, paidOrder, seedReturnFixtures, startInbox, type Inbox } from './return-helpers'

interface Data { rows: { id: number }[]; error_code: string; error_text?: string }
interface Answer { errorCode: string; errorText: string }

const AT_DESK = {
  ru: 'Билеты, купленные в кассе, возвращаются в кассе',
  en: 'Tickets bought at the box office are returned at the box office',
}

/**
 * Tickets paid at the box office (cash, card at the desk, complimentary: the 'desk' provider)
 * are not returned online: no money went through an online provider, so a "confirmed" online
 * refund would move nothing and tell no one at the desk. The return page says so, return-create
 * and return-confirm refuse with nothing changed (a request made before this rule included),
 * while an order paid online returns as before and order care still refunds the desk's order.
 */
describe.each(TEST_DBS)('returns of box-office sales on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let fx: Fixtures
  let pfx: PaymentFx
  let reasons: number[]
  let desk: AdminClient

  beforeAll(async () => {
    inbox = await startInbox()
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: 'http://shop.test' } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    reasons = (await seedReturnFixtures(server.db)).reasons
    desk = await signedIn(server, 'boxoffice')
  })
  afterAll(async () => {
    await server?.close()
    await inbox?.close()
  })

  const sell = async (payKind: 'cash' | 'card' | 'comp', quantity = 2) => {
    const body = orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity }])
    const res = await desk.post<{ id: number; hash: string; amount: number }>('/api/admin/boxoffice/sell', { fio: body.fio, phone: body.phone, email: body.email, lang: 'ru', hash: body.hash, data: body.data, payKind })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body
  }
  const data = async (hash: string, lang = 'en') => (await (await visitor(server.url)).post<Data>(`/api/order/return/${hash}`, { hash, lang })).body
  const create = async (hash: string, ids: number[]) => (await visitor(server.url)).post<Answer>('/api/order/return-create', { hash, lang: 'ru', reason: reasons[0], id: ids })
  const confirm = async (hash: string, hashConf: string) => (await visitor(server.url)).post<Answer>('/api/order/return-confirm', { hash, lang: 'en', hashConf })
  const linesOf = (orderId: number) => server.db.selectFrom('order_lines').select(['id', 'return_status']).where('order_id', '=', orderId).orderBy('id').execute()
  const requestsOf = (orderId: number) => server.db.selectFrom('return_requests').select(['id', 'status']).where('order_id', '=', orderId).execute()
  const refundsOf = (orderId: number) => server.db.selectFrom('refunds').select(['amount', 'return_request_id']).where('order_id', '=', orderId).execute()
  const paymentOf = (orderId: number) => server.db.selectFrom('payments').select('status').where('order_id', '=', orderId).executeTakeFirstOrThrow()

  it('a cash sale: the return page says it is returned at the box office, in the asked language; create refuses, nothing changes', async () => {
    const sale = await sell('cash')
    const en = await data(sale.hash, 'en')
    expect(en.error_code).not.toBe('0')
    expect(en.rows).toEqual([])
    expect(en.error_text).toBe(AT_DESK.en)
    expect((await data(sale.hash, 'ru')).error_text).toBe(AT_DESK.ru)
    for (const lang of ['kz', 'ch']) expect((await data(sale.hash, lang)).error_text).toMatch(/\S/)
    // The order view offers no return button either.
    const view = await (await visitor(server.url)).post<{ usereturn: number }>('/api/order/view', { hash: sale.hash, lang: 'ru' })
    expect(view.body.usereturn).toBe(0)

    const lines = await linesOf(sale.id)
    const mails = inbox.messages.length
    const res = await create(sale.hash, lines.map((l) => l.id))
    expect(res.status).toBe(409)
    expect(res.body.errorCode).not.toBe('0')
    expect(res.body.errorText).toBe(AT_DESK.ru)
    expect(await linesOf(sale.id)).toEqual(lines)
    expect(await requestsOf(sale.id)).toEqual([])
    expect(inbox.messages.length).toBe(mails)
  })

  it('card at the desk and complimentary sales are not returnable online either', async () => {
    for (const kind of ['card', 'comp'] as const) {
      const sale = await sell(kind, 1)
      const d = await data(sale.hash)
      expect(d.error_code, kind).not.toBe('0')
      expect(d.error_text, kind).toBe(AT_DESK.en)
      const lines = await linesOf(sale.id)
      expect((await create(sale.hash, lines.map((l) => l.id))).status, kind).toBe(409)
      expect(await requestsOf(sale.id), kind).toEqual([])
    }
  })

  it('a request made before the rule cannot be confirmed; order care still refunds the cash at the desk', async () => {
    const sale = await sell('cash')
    const lines = await linesOf(sale.id)
    // What return-create wrote before it knew the rule: lines 60, a request with a live link.
    const hashConf = newHashConf()
    const now = Date.now()
    await markLinesRequested(server.db, sale.id, lines.map((l) => l.id))
    await insertReturnRequest(server.db, { orderId: sale.id, reasonId: reasons[0], hashConf: storedHashConf(hashConf), now, expiresAt: now + 3_600_000 }, lines.map((l) => l.id))
    const before = { lines: await linesOf(sale.id), requests: await requestsOf(sale.id) }

    const res = await confirm(sale.hash, hashConf)
    expect(res.status).toBe(409)
    expect(res.body.errorText).toBe(AT_DESK.en)
    expect(await linesOf(sale.id)).toEqual(before.lines)
    expect(await requestsOf(sale.id)).toEqual(before.requests)
    expect(await refundsOf(sale.id)).toEqual([])
    expect((await paymentOf(sale.id)).status).toBe('paid')

    // The operator hands the cash back: the console's refund records it against the desk payment.
    const care = await desk.post<{ amount: number; lines: number; repeat: boolean; pending?: boolean }>(`/api/admin/orders/${sale.id}/refund`, {})
    expect(care.status, JSON.stringify(care.body)).toBe(200)
    expect(care.body).toMatchObject({ amount: sale.amount, lines: 2, repeat: false })
    expect(await refundsOf(sale.id)).toEqual([{ amount: sale.amount, return_request_id: null }])
    expect((await paymentOf(sale.id)).status).toBe('refunded')
  })

  it('any other refusal carries no text: the page goes back to the order as 001 §4 says (an unpaid order)', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult')
    const d = await data(hash)
    expect(d.error_code).not.toBe('0')
    expect(d.error_text).toBeUndefined()
  })

  it('an order paid online still returns and refunds as before', async () => {
    const v = await visitor(server.url)
    const { hash } = await paidOrder(v, fx, pfx, 1)
    const d = await data(hash)
    expect(d.error_code).toBe('0')
    expect(d.error_text).toBeUndefined()
    const from = inbox.messages.length
    const created = await create(hash, [d.rows[0].id])
    expect(created.body.errorCode).toBe('0')
    const link = await nextReturnLink(inbox, from, hash)
    const done = await confirm(hash, link.hashConf)
    expect(done.body.errorCode, JSON.stringify(done.body)).toBe('0')
    const order = await server.db.selectFrom('orders').select('id').where('hash', '=', hash).executeTakeFirstOrThrow()
    expect((await requestsOf(order.id)).map((r) => r.status)).toEqual([80])
    const refunds = await refundsOf(order.id)
    expect(refunds).toHaveLength(1)
    expect(refunds[0].amount).toBeGreaterThan(0)
  })
})
