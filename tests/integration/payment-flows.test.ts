import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { orderBody, seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { formatMoney } from '../../src/contract/rules/moneyText'
import {
  decide,
  formPost,
  isPngBase64,
  memberVisitor,
  orderRow,
  pathOf,
  paymentRow,
  placeOrder,
  seedPaymentFixtures,
  sendCallback,
  signed,
  startPay,
  type PaymentFx,
} from './payment-fixtures'

interface View {
  paid: number
  printingAllowed: boolean
  paymentAllowed: boolean
  verifyCode: number | null
  demsumma: number
  payment_qr: { form_qr_url: string; form_qr_code: string } | null
  payments: { creditcompany_id: number; protocol_kind: string }[]
  creditCompanyId: number | null
  main: { _qrcode: string; _barcode: string; tickethash_id: string; tickettype: number }[]
}

/** The fields that offer a change of the order's amount (001 §3). */
interface ChangesView extends View {
  addToping: { uid: string; parent_id: number; package_id: number; price_id: number; cost: number }[]
  toping: { id: number; candelete: number }[]
  discountData: { availableBonuses: number }
}

describe.each(TEST_DBS)('payment flows of the sandbox bank on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures
  let pfx: PaymentFx

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
  })
  afterAll(async () => {
    await server?.close()
  })

  const view = async (hash: string) => (await (await visitor(server.url)).post<View>('/api/order/view', { hash, lang: 'ru' })).body
  const statusChange = async (hash: string) => (await (await visitor(server.url)).post<{ response: number }>('/api/order/status-change', { hash })).body.response

  it('card redirect: bank page, Approve, signed callback, back to the order with its tickets printable', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult', 2)
    const before = await view(hash)
    expect(before.paid).toBe(0)
    expect(before.printingAllowed).toBe(false)
    expect(before.paymentAllowed).toBe(true)
    expect(before.main.every((l) => l._qrcode === '' && l._barcode === '')).toBe(true)
    expect(before.payments.map((p) => p.creditcompany_id)).toEqual([pfx.types.card, pfx.types.form, pfx.types.qr])

    const start = await startPay(v, hash, pfx.types.card)
    expect(start.body.errorCode).toBe('0')
    const page = pathOf(start.body.bankUrl!)
    expect(page).toMatch(/^\/sandbox-bank\/pay\/[A-Za-z0-9_-]{20,}$/)
    const publicId = page.split('/').pop()!
    // The amount is the server's: 2 × (1500 + 150 fee).
    expect((await paymentRow(server.db, publicId)).amount).toBe(330_000)
    const html = await (await v.fetch(page)).text()
    expect(html).toContain(formatMoney(3300, 'en', 'RUB'))
    expect(html).toMatch(/<button[^>]*value="approve"[^>]*>Approve<\/button>/)
    expect(await statusChange(hash)).toBe(0)

    const back = await decide(v, publicId, 'approve')
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toBe(`/order/${hash}?bank=sandbox&payment=${publicId}`)
    const after = await view(hash)
    expect(after.paid).toBe(1)
    expect(after.printingAllowed).toBe(true)
    expect(after.paymentAllowed).toBe(false)
    expect(after.creditCompanyId).toBe(pfx.types.card)
    expect(after.main).toHaveLength(2)
    for (const line of after.main) expect(isPngBase64(line.tickettype === 1 ? line._qrcode : line._barcode)).toBe(true)
    expect(await statusChange(hash)).toBe(1)
    expect((await paymentRow(server.db, publicId)).status).toBe('paid')

    // The ticket view: the same line, with its code, by ticket hash.
    const ticket = await v.getJson<{ errorCode: string; ord_num: number; printingAllowed: boolean; ticket: { _qrcode: string; tickethash_id: string } }>(`/api/ticket/${after.main[0].tickethash_id}`)
    expect(ticket.status).toBe(200)
    expect(ticket.body.printingAllowed).toBe(true)
    expect(isPngBase64(ticket.body.ticket._qrcode)).toBe(true)

    // Paying again is refused.
    expect((await startPay(v, hash, pfx.types.card)).body.errorCode).toBe(ErrorCode.PAYMENT)
  })

  it("the bank sends the buyer back in the order's language (?lang kept for a non-default one)", async () => {
    const v = await visitor(server.url)
    const placed = await v.post<{ errorCode: string; hash: string }>('/api/order/create', orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], { lang: 'en' }))
    expect(placed.body.errorCode).toBe('0')
    const hash = placed.body.hash
    const approved = pathOf((await startPay(v, hash, pfx.types.card)).body.bankUrl!).split('/').pop()!
    expect((await decide(v, approved, 'approve')).headers.get('location')).toBe(`/order/${hash}?lang=en&bank=sandbox&payment=${approved}`)

    const second = await v.post<{ errorCode: string; hash: string }>('/api/order/create', orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], { lang: 'en' }))
    const declined = pathOf((await startPay(v, second.body.hash, pfx.types.card)).body.bankUrl!).split('/').pop()!
    expect((await decide(v, declined, 'decline')).headers.get('location')).toBe(`/order/declined/${second.body.hash}?lang=en`)
  })

  it('card redirect declined: the browser lands on /order/declined/{hash}; the order stays payable', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult', 1)
    const publicId = pathOf((await startPay(v, hash, pfx.types.card)).body.bankUrl!).split('/').pop()!
    const back = await decide(v, publicId, 'decline')
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toBe(`/order/declined/${hash}`)
    expect((await paymentRow(server.db, publicId)).status).toBe('failed')
    expect(await statusChange(hash)).toBe(2)
    const after = await view(hash)
    expect(after.paid).toBe(0)
    expect(after.paymentAllowed).toBe(true)
    // An unpaid ticket shows no code.
    const ticket = await v.getJson<{ printingAllowed: boolean; paymentAllowed: boolean; ticket: { _qrcode: string; _barcode: string } }>(`/api/ticket/${after.main[0].tickethash_id}`)
    expect(ticket.body).toMatchObject({ printingAllowed: false, paymentAllowed: true, ticket: { _qrcode: '', _barcode: '' } })
  })

  it('hidden form: signed fields posted to the bank, then the bank page; altered fields are refused', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult', 1)
    const start = await startPay(v, hash, pfx.types.form)
    expect(start.body.errorCode).toBe('0')
    expect(pathOf(start.body.form_action!)).toBe('/sandbox-bank/form')
    const fields = start.body.form_bank!
    expect(fields.amount).toBe('165000')
    const tampered = await formPost(v, '/sandbox-bank/form', { ...fields, amount: '100' })
    expect(tampered.status).toBe(403)
    const posted = await formPost(v, '/sandbox-bank/form', fields)
    expect(posted.status).toBe(303)
    expect(posted.headers.get('location')).toBe(`/sandbox-bank/pay/${fields.payment_id}`)
    const back = await decide(v, fields.payment_id, 'approve')
    expect(back.headers.get('location')).toMatch(new RegExp(`^/order/${hash}\\?`))
    expect((await view(hash)).paid).toBe(1)
  })

  it('QR payment: a PNG data URL of the sandbox link; paid by opening the link; polling sees it', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult', 1)
    const start = await startPay(v, hash, pfx.types.qr)
    expect(start.body.errorCode).toBe('0')
    expect(start.body.form_qr_code).toMatch(/^data:image\/png;base64,/)
    const link = pathOf(start.body.form_qr_url!)
    expect(link).toMatch(/^\/sandbox-bank\/qr\//)
    const pending = await view(hash)
    expect(pending.payment_qr?.form_qr_url).toBe(start.body.form_qr_url)
    expect(await statusChange(hash)).toBe(0)

    // The phone opens the link and approves.
    const phone = await visitor(server.url)
    const page = await phone.fetch(link)
    expect(page.status).toBe(200)
    const action = /action="([^"]+)"/.exec(await page.text())![1]
    const done = await formPost(phone, action.replaceAll('&amp;', '&'), { decision: 'approve' })
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('Payment approved')
    expect(await statusChange(hash)).toBe(1)
    const after = await view(hash)
    expect(after.paid).toBe(1)
    expect(after.payment_qr).toBeNull()
  })

  it('culture-card widget: invoice and back URL; verification codes 3 pending, 0 success, 4 failure', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.pushkinOnly, 'pushkin', 1, true)
    const fresh = await view(hash)
    expect(fresh.payments.map((p) => p.creditcompany_id)).toEqual([pfx.types.widget])
    expect(fresh.verifyCode).toBeNull()
    // A gift-card order cannot pay by bank card, and unknown types are refused.
    expect((await startPay(v, hash, pfx.types.card)).body.errorCode).toBe(ErrorCode.UNKNOWN_PAYMENT_METHOD)
    expect((await startPay(v, hash, 999_999)).body.errorCode).toBe(ErrorCode.UNKNOWN_PAYMENT_METHOD)

    const start = await startPay(v, hash, pfx.types.widget)
    expect(start.body.errorCode).toBe('0')
    expect(pathOf(start.body.backUrl!)).toBe(`/order/${hash}`)
    const invoice = start.body.bankInvoiceId!
    await decide(v, invoice, 'pending')
    const waiting = await view(hash)
    expect(waiting.verifyCode).toBe(3)
    expect(waiting.paymentAllowed).toBe(false)
    // While the bank verifies, a second start is refused and writes no payment (it could be paid twice).
    const paymentsBefore = await server.db.selectFrom('payments').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    const again = await startPay(v, hash, pfx.types.widget)
    expect(again.status).toBeGreaterThanOrEqual(400)
    expect(again.status).toBeLessThan(500)
    expect(again.body).toMatchObject({ errorCode: ErrorCode.PAYMENT, errorText: 'Оплата Пушкинской картой проверяется; дождитесь её результата' })
    expect(await server.db.selectFrom('payments').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual(paymentsBefore)
    await decide(v, invoice, 'approve')
    const paid = await view(hash)
    expect(paid.verifyCode).toBe(0)
    expect(paid.paid).toBe(1)

    const second = await placeOrder(await visitor(server.url), fx, fx.pushkinOnly, 'pushkin', 1, true)
    const invoice2 = (await startPay(v, second, pfx.types.widget)).body.bankInvoiceId!
    const declined = await decide(v, invoice2, 'decline')
    expect(declined.headers.get('location')).toBe(`/order/declined/${second}`)
    expect((await view(second)).verifyCode).toBe(4)
  })

  it('while a culture-card payment is verified the order keeps its amount and offers no change of it; an approval refunded ends the verification', async () => {
    // A CRM client's order, so the answer has bonuses to offer as well.
    const v = await memberVisitor(server, pfx)
    const hash = await placeOrder(v, fx, fx.pushkinOnly, 'pushkin', 1, true)
    const changes = async () => (await v.post<ChangesView>('/api/order/view', { hash, lang: 'ru' })).body
    const offerable = (x: ChangesView) => ({ add: x.addToping.length > 0, remove: x.toping.map((t) => t.candelete), bonuses: x.discountData.availableBonuses > 0 })
    const item = (await changes()).addToping[0]
    const offer = { uid: item.uid, parent_id: item.parent_id, package_id: item.package_id, price_id: item.price_id, cost: item.cost }
    expect((await v.post('/api/order/add-special-offer', { hash, data: [offer] })).body).toMatchObject({ errorCode: '0' })
    // Before the payment every change of the amount is offered: offers to add, the added one removable, bonuses.
    expect(offerable(await changes())).toEqual({ add: true, remove: [1], bonuses: true })

    const invoice = (await startPay(v, hash, pfx.types.widget)).body.bankInvoiceId!
    await decide(v, invoice, 'pending')
    const before = await changes()
    expect(before.verifyCode).toBe(3)
    // The answer offers none of the changes the server refuses meanwhile; the added offer stays listed.
    expect(offerable(before)).toEqual({ add: false, remove: [0], bonuses: false })
    const verifying = { errorCode: ErrorCode.PAYMENT, errorText: 'Оплата Пушкинской картой проверяется; дождитесь её результата' }
    // Each change of the amount is refused as a second payment start is: the scheme approves the amount it was asked.
    expect((await v.post('/api/order/add-discount', { hash, lang: 'ru', bonuses: 0, cardCode: '', promoCode: pfx.promos.multi })).body).toMatchObject(verifying)
    expect((await v.post('/api/order/add-discount', { hash, lang: 'ru', bonuses: 10, cardCode: pfx.client.cardCode, promoCode: '' })).body).toMatchObject(verifying)
    expect((await v.post('/api/order/cancel-discount', { hash, lang: 'ru' })).body).toMatchObject(verifying)
    expect((await v.post('/api/order/add-special-offer', { hash, data: [offer] })).body).toMatchObject(verifying)
    expect((await v.post('/api/order/remove-special-offer', { hash, id: before.toping[0].id })).body).toMatchObject(verifying)
    expect((await view(hash)).demsumma).toBe(before.demsumma)
    expect((await paymentRow(server.db, invoice)).status).toBe('pending')

    // The amount changed all the same (here by hand, as an operator's action may): the approval is refunded,
    // the verification is over (failure), and the order can be paid again.
    const { id } = await orderRow(server.db, hash)
    await server.db.insertInto('order_discounts').values({ order_id: id, loyalty_card_id: null, promo_code_id: null, bonuses_used: 100, created_at: Date.now() }).execute()
    await decide(v, invoice, 'approve')
    expect((await paymentRow(server.db, invoice)).status).toBe('refunded')
    const after = await changes()
    expect(after.paid).toBe(0)
    expect(after.verifyCode).toBe(4)
    expect(after.paymentAllowed).toBe(true)
    expect(offerable(after)).toEqual({ add: true, remove: [1], bonuses: true })
    expect((await startPay(v, hash, pfx.types.widget)).body.errorCode).toBe('0')
  })

  it('a forged callback is refused and changes nothing; a repeated callback is counted once', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult', 1)
    const publicId = pathOf((await startPay(v, hash, pfx.types.card)).body.bankUrl!).split('/').pop()!
    const amount = (await paymentRow(server.db, publicId)).amount

    const forged = await sendCallback(server, { payment_id: publicId, amount, status: 'approved', signature: 'f'.repeat(64) })
    expect(forged.status).toBe(403)
    const wrongKey = await sendCallback(server, { ...signed(server, publicId, amount, 'approved'), amount: 1 })
    expect(wrongKey.status).toBe(403)
    expect((await paymentRow(server.db, publicId)).status).toBe('pending')
    expect((await orderRow(server.db, hash)).paid).toBe(0)

    const good = signed(server, publicId, amount, 'approved')
    const answers = await Promise.all([sendCallback(server, good), sendCallback(server, good), sendCallback(server, good)])
    expect(answers.map((a) => a.body.result).sort()).toEqual(['paid', 'repeat', 'repeat'])
    const late = await sendCallback(server, signed(server, publicId, amount, 'declined'))
    expect(late.body.result).toBe('repeat')
    expect((await paymentRow(server.db, publicId)).status).toBe('paid')
    const log = await server.db.selectFrom('payment_callbacks').select(['accepted', 'applied', 'outcome']).where('payment_id', '=', (await paymentRow(server.db, publicId)).id).execute()
    expect(log.filter((r) => r.applied === 1)).toHaveLength(1)
    expect(log.filter((r) => r.accepted === 0)).toHaveLength(2)
  })

  it('a second payment of a paid order, and a payment started before the order changed, are refunded', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult', 1)
    const first = pathOf((await startPay(v, hash, pfx.types.card)).body.bankUrl!).split('/').pop()!
    const second = (await startPay(v, hash, pfx.types.form)).body.form_bank!.payment_id
    await decide(v, first, 'approve')
    const back = await decide(v, second, 'approve')
    // Refunded because the order was paid already: back to the paid order, not the declined page.
    expect(back.headers.get('location')).toBe(`/order/${hash}?bank=sandbox&payment=${second}`)
    expect((await paymentRow(server.db, first)).status).toBe('paid')
    expect((await paymentRow(server.db, second)).status).toBe('refunded')

    const w = await visitor(server.url)
    const changed = await placeOrder(w, fx, fx.basic, 'adult', 1)
    const stale = pathOf((await startPay(w, changed, pfx.types.card)).body.bankUrl!).split('/').pop()!
    const offer = (await w.post<{ addToping: { uid: string; parent_id: number; package_id: number; price_id: number; cost: number }[] }>('/api/order/view', { hash: changed, lang: 'ru' })).body.addToping[0]
    expect((await w.post('/api/order/add-special-offer', { hash: changed, data: [{ uid: offer.uid, parent_id: offer.parent_id, package_id: offer.package_id, price_id: offer.price_id, cost: offer.cost }] })).body).toMatchObject({ errorCode: '0' })
    expect((await paymentRow(server.db, stale)).status).toBe('cancelled')
    // Refunded and the order still unpaid: the declined page.
    expect((await decide(w, stale, 'approve')).headers.get('location')).toBe(`/order/declined/${changed}`)
    expect((await paymentRow(server.db, stale)).status).toBe('refunded')
    expect((await orderRow(server.db, changed)).paid).toBe(0)
  })

  it('malformed payment calls answer clear errors', async () => {
    const v = await visitor(server.url)
    expect((await startPay(v, 'no-such-order', pfx.types.card)).body.errorCode).toBe(ErrorCode.NOT_FOUND)
    expect((await v.post('/api/payment/start/abc', { hash: 'x' })).body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST })
    expect((await v.post('/api/order/status-change', { hash: 'no-such-order' })).body).toMatchObject({ errorCode: ErrorCode.NOT_FOUND })
    expect((await v.getJson('/api/ticket/no-such-ticket')).status).toBe(404)
    expect((await sendCallback(server, { nothing: true })).status).toBe(403)
    expect((await formPost(v, '/sandbox-bank/pay/nope', { decision: 'approve' })).status).toBe(404)
  })
})
