import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { salesOf } from '../../src/server/domain/inventory/stock'
import { writeSettings } from '../../src/server/domain/settings/repository'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { decide, pathOf, paymentRow, placeOrder, seedPaymentFixtures, startPay, type PaymentFx } from './payment-fixtures'
import { decodeMessage, nextReturnLink, paidOrder, seedReturnFixtures, startInbox, waitForMessages, type Inbox } from './return-helpers'
import { formatMoney } from '../../src/contract/rules/moneyText'

interface Row { id: number; status_id: number; returnleft: number; summa: number; quant: number; returndatime: string; returnreason_id: number | null; owner_name: string; visitor_name: string; email: string }
interface Data { rows: Row[]; error_code: string; text: string; reasons: { id: number }[]; date: string }
interface Answer { errorCode: string; errorText: string; email?: string; summa?: number }

describe.each(TEST_DBS)('ticket returns on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let fx: Fixtures
  let pfx: PaymentFx
  let reasons: number[]

  beforeAll(async () => {
    inbox = await startInbox()
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: 'http://shop.test' } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    reasons = (await seedReturnFixtures(server.db)).reasons
  })
  afterAll(async () => {
    await server?.close()
    await inbox?.close()
  })

  const data = async (hash: string, lang = 'en') => (await (await visitor(server.url)).post<Data>(`/api/order/return/${hash}`, { hash, lang })).body
  const create = async (hash: string, ids: number[], reason = reasons[0]) => (await visitor(server.url)).post<Answer>('/api/order/return-create', { hash, lang: 'ru', reason, id: ids })
  const confirm = async (hash: string, hashConf: string) => (await visitor(server.url)).post<Answer>('/api/order/return-confirm', { hash, lang: 'ru', hashConf })
  const refundsOf = async (hash: string) =>
    server.db.selectFrom('refunds as r').innerJoin('orders as o', 'o.id', 'r.order_id').select(['r.amount', 'r.return_request_id', 'r.payment_id']).where('o.hash', '=', hash).execute()
  const sold = async () => (await salesOf(server.db, [fx.basic.calendarId], Date.now())).get(fx.basic.calendarId)!.byPrice.get(fx.basic.prices.adult.id) ?? 0

  it('pays, e-mails the tickets, requests a return by e-mail link and refunds once', async () => {
    const v = await visitor(server.url)
    const before = inbox.messages.length
    const { hash, publicId } = await paidOrder(v, fx, pfx, 2)
    // The paid order's e-mail carries a link to each ticket and to the order.
    await waitForMessages(inbox, before + 1)
    const paidMail = decodeMessage(inbox.messages[before])
    expect(paidMail).toContain('Заказ №')
    expect(paidMail).toMatch(/^To: ivan@example.org/m)
    expect(new Set(paidMail.match(/http:\/\/shop\.test\/ticket\/[A-Za-z0-9_-]+/g)).size).toBe(2)
    expect(paidMail).toContain(`http://shop.test/order/${hash}`)

    const d = await data(hash)
    expect(d.error_code).toBe('0')
    expect(d.text).toBe('Consent to the refund')
    expect(d.reasons.map((r) => r.id)).toEqual(reasons)
    expect(d.rows).toHaveLength(2)
    for (const r of d.rows) {
      expect(r).toMatchObject({ status_id: 0, quant: 1, summa: 1650, returnreason_id: null, owner_name: 'Иван Петров', visitor_name: '', email: 'ivan@example.org' })
      // Session in 3 days, returns close 3 hours before it.
      expect(r.returnleft).toBeGreaterThan(2 * 86_400)
      expect(r.returndatime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    }
    const soldBefore = await sold()

    const created = await create(hash, [d.rows[0].id])
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ errorCode: '0', email: 'ivan@example.org' })
    await waitForMessages(inbox, before + 2)
    const raw = inbox.messages[before + 1]
    const text = decodeMessage(raw)
    expect(text).toContain(`/order/return/${hash}?hash_conf=`)
    expect(text).toMatch(/^To: ivan@example.org/m)
    // The order's language (ru) and the amount.
    expect(text).toContain('Чтобы подтвердить возврат, откройте ссылку')
    expect(text).toContain(formatMoney(1650, 'ru', 'RUB'))
    const link = await nextReturnLink(inbox, before + 1, hash)
    expect(link.path).toBe(`/order/return/${hash}?hash_conf=${link.hashConf}`)
    expect(link.hashConf.length).toBeGreaterThanOrEqual(24)
    // The database keeps only a digest of the link's secret.
    expect(await server.db.selectFrom('return_requests').select('id').where('hash_conf', '=', link.hashConf).executeTakeFirst()).toBeUndefined()

    const pending = await data(hash)
    expect(pending.rows.map((r) => [r.status_id, r.returnreason_id])).toEqual([[60, reasons[0]], [0, null]])
    // A line waiting for its confirmation cannot be asked for again.
    expect((await create(hash, [d.rows[0].id])).body.errorCode).toBe(ErrorCode.UNAVAILABLE)

    const confirmed = await confirm(hash, link.hashConf)
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toMatchObject({ errorCode: '0', summa: 1650 })
    const refunds = await refundsOf(hash)
    expect(refunds).toHaveLength(1)
    expect(refunds[0].amount).toBe(165_000)
    expect(refunds[0].payment_id).toBe((await paymentRow(server.db, publicId)).id)
    expect((await paymentRow(server.db, publicId)).status).toBe('paid')
    const after = await data(hash)
    expect(after.rows.map((r) => r.status_id)).toEqual([70, 0])
    // The returned ticket is back on sale.
    expect(await sold()).toBe(soldBefore - 1)

    // The link works once.
    const reused = await confirm(hash, link.hashConf)
    expect(reused.status).toBe(409)
    expect(reused.body.errorCode).toBe(ErrorCode.UNAVAILABLE)
    expect(await refundsOf(hash)).toHaveLength(1)

    // The second ticket: the rest of the payment; the payment is then wholly refunded.
    await create(hash, [d.rows[1].id])
    const second = await nextReturnLink(inbox, before + 2, hash)
    expect(second.hashConf).not.toBe(link.hashConf)
    expect((await confirm(hash, second.hashConf)).body).toMatchObject({ errorCode: '0', summa: 1650 })
    expect((await paymentRow(server.db, publicId)).status).toBe('refunded')
    expect((await data(hash)).rows.map((r) => r.status_id)).toEqual([70, 70])
  })

  it('refuses an expired link and frees its tickets for a new request', async () => {
    const v = await visitor(server.url)
    const { hash } = await paidOrder(v, fx, pfx, 1)
    const d = await data(hash)
    const count = inbox.messages.length
    expect((await create(hash, [d.rows[0].id])).body.errorCode).toBe('0')
    const link = await nextReturnLink(inbox, count, hash)
    // 24 hours pass: the request's validity ends in the past.
    await server.db.updateTable('return_requests').set({ expires_at: Date.now() - 1000 }).where('status', '=', 60).execute()
    const expired = await confirm(hash, link.hashConf)
    expect(expired.status).toBe(410)
    expect(expired.body.errorCode).toBe(ErrorCode.UNAVAILABLE)
    expect(await refundsOf(hash)).toHaveLength(0)
    expect((await data(hash)).rows[0].status_id).toBe(0)
    // A wrong link is not found.
    expect((await confirm(hash, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404)
  })

  it('refuses to confirm once the return deadline has passed, refunds nothing and frees the request', async () => {
    const v = await visitor(server.url)
    const { hash, publicId } = await paidOrder(v, fx, pfx, 2)
    const d = await data(hash)
    const count = inbox.messages.length
    expect((await create(hash, [d.rows[0].id])).body.errorCode).toBe('0')
    const link = await nextReturnLink(inbox, count, hash)
    const soldBefore = await sold()
    // The request was made in time; then the deadline passes before the link is opened (the
    // event's rule now closes returns 10 days before its session, 3 days away).
    await server.db.insertInto('event_return_rules').values({ event_id: fx.basic.id, close_minutes: 10 * 24 * 60 }).execute()
    try {
      // The create call's refusal of a late ticket: the confirm must answer the same way.
      const lateCreate = await create(hash, [d.rows[1].id])
      expect(lateCreate.status).toBe(409)
      expect(lateCreate.body).toEqual({ errorCode: ErrorCode.UNAVAILABLE, errorText: `Время возврата билета ${d.rows[1].id} истекло` })

      const late = await confirm(hash, link.hashConf)
      expect(late.status).toBe(409)
      expect(late.body).toEqual({ errorCode: ErrorCode.UNAVAILABLE, errorText: `Время возврата билета ${d.rows[0].id} истекло` })
      // No money back, no ticket returned, nothing back on sale.
      expect(await refundsOf(hash)).toHaveLength(0)
      expect((await paymentRow(server.db, publicId)).status).toBe('paid')
      expect(await sold()).toBe(soldBefore)
      const lines = await server.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select('l.return_status').where('o.hash', '=', hash).orderBy('l.id').execute()
      // The request can never be confirmed now: it is withdrawn, its ticket no longer waits.
      expect(lines.map((l) => l.return_status)).toEqual([0, 0])
      const requests = await server.db.selectFrom('return_requests as r').innerJoin('orders as o', 'o.id', 'r.order_id').select(['r.status', 'r.confirmed_at']).where('o.hash', '=', hash).execute()
      // 91: withdrawn at its return deadline (90 is a link that ran out), so its link's page can say why.
      expect(requests).toEqual([{ status: 91, confirmed_at: null }])
      const after = await data(hash)
      expect(after.rows.map((r) => [r.status_id, r.returnleft])).toEqual([[0, 0], [0, 0]])

      // Every later click gets the same refusal and changes nothing.
      const again = await confirm(hash, link.hashConf)
      expect(again.status).toBe(409)
      expect(again.body).toEqual(late.body)
      expect(await refundsOf(hash)).toHaveLength(0)
      expect(await sold()).toBe(soldBefore)
    } finally {
      await server.db.deleteFrom('event_return_rules').where('event_id', '=', fx.basic.id).execute()
    }
    // The withdrawn ticket is not held as requested: once returns are open again it can be asked for.
    expect((await create(hash, [d.rows[0].id])).body.errorCode).toBe('0')
  })

  it('keeps the buyer as owner_name and gives each named ticket its visitor_name', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.named, 'adult', 2)
    const orderData = (await v.post<{ rows: { id: number }[]; checkboxList: { id: number }[] }>('/api/order-data', { hash, lang: 'ru' })).body
    expect(orderData.rows).toHaveLength(2)
    const visitors = [{ surname: 'Сидорова', name: 'Анна', middleName: 'Сергеевна' }, { surname: 'Кузнецов', name: 'Пётр', middleName: '' }]
    const none = <T>(value: T) => visitors.map(() => value)
    const named = await v.post<Answer>('/api/confirm-nominal', {
      id: orderData.rows.map((r) => r.id),
      surname: visitors.map((x) => x.surname), name: visitors.map((x) => x.name), middleName: visitors.map((x) => x.middleName),
      docTypeId: none(null), docNum: none(''), age: none(''), date: none(''), countryId: none(null), regionId: none(null),
      hash, lang: 'ru', checkboxList: orderData.checkboxList.map((c) => ({ id: c.id, checked: 1 })),
    })
    expect(named.body.errorCode).toBe('0')
    const start = await startPay(v, hash, pfx.types.card)
    expect(start.body.errorCode).toBe('0')
    expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)

    const d = await data(hash)
    expect(d.error_code).toBe('0')
    // The buyer (with the order's e-mail) on every row, each holder on its own ticket.
    expect(d.rows.map((r) => [r.owner_name, r.email, r.visitor_name])).toEqual([
      ['Иван Петров', 'ivan@example.org', 'Сидорова Анна Сергеевна'],
      ['Иван Петров', 'ivan@example.org', 'Кузнецов Пётр'],
    ])
  })

  it('two simultaneous confirmations refund once', async () => {
    const v = await visitor(server.url)
    const { hash } = await paidOrder(v, fx, pfx, 2)
    const d = await data(hash)
    const count = inbox.messages.length
    expect((await create(hash, d.rows.map((r) => r.id))).body.errorCode).toBe('0')
    const link = await nextReturnLink(inbox, count, hash)
    const answers = await Promise.all([confirm(hash, link.hashConf), confirm(hash, link.hashConf), confirm(hash, link.hashConf)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409])
    expect(answers.find((a) => a.status === 200)!.body.summa).toBe(3300)
    const refunds = await refundsOf(hash)
    expect(refunds).toHaveLength(1)
    expect(refunds[0].amount).toBe(330_000)
  })

  it('refuses returns an order does not allow', async () => {
    // Unpaid order.
    const v = await visitor(server.url)
    const unpaid = await placeOrder(v, fx, fx.basic, 'adult', 1)
    const d = await data(unpaid)
    expect(d.error_code).not.toBe('0')
    expect(d.rows).toHaveLength(0)
    const line = await server.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select('l.id').where('o.hash', '=', unpaid).executeTakeFirstOrThrow()
    const refused = await create(unpaid, [line.id])
    expect(refused.status).toBe(409)

    // Paid, but the venue switched returns off in setup: an order as bought follows it (its
    // usereturn grants nothing of its own), and the view offers no button.
    const { hash } = await paidOrder(await visitor(server.url), fx, pfx, 1)
    const row = (await data(hash)).rows[0]
    await writeSettings(server.db, { app: { order_return: 0 } })
    try {
      expect((await data(hash)).error_code).not.toBe('0')
      expect((await create(hash, [row.id])).status).toBe(409)
      expect((await (await visitor(server.url)).post<{ usereturn: number }>('/api/order/view', { hash, lang: 'ru' })).body.usereturn).toBe(0)
      // An order allowed returns of its own (usereturn = 1) keeps them (000 §6).
      await server.db.updateTable('orders').set({ usereturn: 1 }).where('hash', '=', hash).execute()
      expect((await data(hash)).error_code).toBe('0')
    } finally {
      await writeSettings(server.db, { app: { order_return: 1 } })
      await server.db.updateTable('orders').set({ usereturn: 0 }).where('hash', '=', hash).execute()
    }
    // Back on: a ticket of another order, an unknown reason and a passed deadline are refused.
    expect((await create(hash, [line.id])).status).toBe(404)
    expect((await create(hash, [row.id], 999_999)).status).toBe(400)
    await server.db.insertInto('event_return_rules').values({ event_id: fx.basic.id, close_minutes: 10 * 24 * 60 }).execute()
    try {
      const closed = await data(hash)
      expect(closed.rows[0].returnleft).toBe(0)
      const late = await create(hash, [row.id])
      expect(late.status).toBe(409)
      expect(late.body.errorText).toMatch(/истекло/)
    } finally {
      await server.db.deleteFrom('event_return_rules').where('event_id', '=', fx.basic.id).execute()
    }
    // An unknown order.
    expect((await (await visitor(server.url)).post<Answer>('/api/order/return/nope', { hash: 'nope', lang: 'ru' })).status).toBe(404)
  })
})
