import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { calls } from '../../src/contract/calls'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { decide, pathOf, placeOrder, seedPaymentFixtures, startPay, type PaymentFx } from './payment-fixtures'

type View = ReturnType<typeof calls.orderView.response.parse>

describe.each(TEST_DBS)('order view and special offers on %s', (dbKind) => {
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

  const view = async (hash: string, lang = 'en') => {
    const res = await (await visitor(server.url)).post<View>('/api/order/view', { hash, lang, bank_data: { bank: 'sandbox' } })
    expect(res.status).toBe(200)
    // Every answer satisfies the contract the client parses with.
    return calls.orderView.response.parse(res.body)
  }

  it('answers every field of the spec from the database', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult', 2)
    const order = await server.db.selectFrom('orders').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow()
    const lines = await server.db.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).orderBy('id').execute()
    const body = await view(hash)
    expect(body.ord_num).toBe(order.ord_num)
    expect(body.hash).toBe(hash)
    expect(body.reservetime).toBeGreaterThan(800)
    expect(body.reservetime).toBeLessThanOrEqual(900)
    expect(body.reserveTime).toBe(body.reservetime)
    expect(body.demandstatusid).toBe(20)
    expect(body.paid).toBe(0)
    expect(body.verifyCode).toBeNull()
    expect(body.name).toBe('Иван Петров')
    expect(body.email).toBe('ivan@example.org')
    expect(body.phone).toBe('+79161234567')
    // 2 × 1500 + 2 × 150 fee.
    expect(body.cost).toBe(3300)
    expect(body.demsumma).toBe(3300)
    expect(body.main.map((l) => l.id)).toEqual(lines.map((l) => l.id))
    const line = body.main[0]
    expect(line).toMatchObject({
      action_group: fx.basic.calendarId,
      action_en: 'basic',
      seatroot_en: 'Hall',
      address_ru: 'Москва',
      day: fx.basic.day,
      time: fx.basic.time,
      quant: 1,
      price: 1500,
      // Ticket prices only: the fee comes once, in `service` (issue 13.2).
      cost: 1500,
      return_status: 0,
      category_en: 'adult',
      zonelevel_en: 'Admission',
      tickettype: 1,
      ticketcode: lines[0].ticket_code,
      tickethash_id: lines[0].ticket_hash,
      _qrcode: '',
      _barcode: '',
      candelete: 0,
    })
    const [y, m, d] = fx.basic.day.split('-').map(Number)
    expect(line.day_str_en).toBe(new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d)))
    expect(line.dayofweek_ru).toBe(new Intl.DateTimeFormat('ru-RU', { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d)))
    expect(body.service).toEqual([{ action_group: fx.basic.calendarId, cost: 300 }])
    expect(body.refunded).toBe(0)
    expect(body.urnPay).toEqual({
      [pfx.types.card]: `/api/payment/start/${pfx.types.card}`,
      [pfx.types.form]: `/api/payment/start/${pfx.types.form}`,
      [pfx.types.qr]: `/api/payment/start/${pfx.types.qr}`,
    })
    expect(body.payments.find((p) => p.protocol_kind === 'QR')?.name_en).toBe('QR')
    expect(body.creditCompanyId).toBeNull()
    expect(body.payment_qr).toBeNull()
    expect(body.printingAllowed).toBe(false)
    expect(body.paymentAllowed).toBe(true)
    expect(body.toping).toEqual([])
    // The offer (limit 2 per order) offered for each of the 2 tickets.
    expect(body.addToping.map((o) => [o.parent_id, o.price_id, o.limit, o.cost])).toEqual(lines.map((l) => [l.id, pfx.offer.id, 2, 150]))
    expect(body.discountData).toMatchObject({ cardCode: '', isBlocked: 0, availableBonuses: 0, useBonuses: 0, promoCode: '', totalDiscount: 0 })

    const num = await v.post<{ response: { num: number } }>('/api/order/get-num', { hash, lang: 'ru' })
    expect(num.body.response.num).toBe(order.ord_num)
  })

  it('special offers: added within the limit per price id, priced by the server, removable while unpaid', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult', 2)
    const offers = (await view(hash)).addToping
    const item = (i: number, cost = 150) => ({ uid: offers[i].uid, parent_id: offers[i].parent_id, package_id: offers[i].package_id, price_id: offers[i].price_id, cost })

    const stale = await v.post('/api/order/add-special-offer', { hash, data: [item(0, 1)] })
    expect(stale.body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST })
    const tooMany = await v.post('/api/order/add-special-offer', { hash, data: [item(0), item(1), item(0)] })
    expect(tooMany.body).toMatchObject({ errorCode: ErrorCode.LIMIT })
    const foreign = await v.post('/api/order/add-special-offer', { hash, data: [{ ...item(0), parent_id: 999_999 }] })
    expect(foreign.body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST })
    expect((await view(hash)).toping).toEqual([])

    expect((await v.post('/api/order/add-special-offer', { hash, data: [item(0), item(1)] })).body).toEqual({ errorCode: '0', errorText: '' })
    const added = await view(hash)
    expect(added.toping).toHaveLength(2)
    expect(added.toping.every((t) => t.candelete === 1 && t.cost === 150 && t.limit === 2 && t.price_id === pfx.offer.id && t.action_en === 'Programme')).toBe(true)
    expect(added.addToping).toEqual([])
    expect(added.demsumma).toBe(3600)
    expect(added.cost).toBe(3600)
    // Limit reached: one more is refused.
    expect((await v.post('/api/order/add-special-offer', { hash, data: [item(0)] })).body).toMatchObject({ errorCode: ErrorCode.LIMIT })

    expect((await v.post('/api/order/remove-special-offer', { hash, id: added.toping[0].id })).body).toEqual({ errorCode: '0', errorText: '' })
    const removed = await view(hash)
    expect(removed.toping).toHaveLength(1)
    expect(removed.demsumma).toBe(3450)
    expect(removed.addToping.every((o) => o.limit === 1)).toBe(true)
    expect((await v.post('/api/order/remove-special-offer', { hash, id: added.toping[0].id })).body).toMatchObject({ errorCode: ErrorCode.NOT_FOUND })

    // After paying, offers are neither offered nor removable.
    const publicId = pathOf((await startPay(v, hash, pfx.types.card)).body.bankUrl!).split('/').pop()!
    await decide(v, publicId, 'approve')
    const paid = await view(hash)
    expect(paid.paid).toBe(1)
    expect(paid.toping[0].candelete).toBe(0)
    expect(paid.addToping).toEqual([])
    expect((await v.post('/api/order/remove-special-offer', { hash, id: paid.toping[0].id })).body).toMatchObject({ errorCode: ErrorCode.PAYMENT })

    // Ticket types: 1 QR (180 px), 2 no code, anything else a code 128 barcode.
    await server.db.updateTable('order_lines').set({ tickettype: 3 }).where('id', '=', paid.main[0].id).execute()
    await server.db.updateTable('order_lines').set({ tickettype: 2 }).where('id', '=', paid.main[1].id).execute()
    const typed = await view(hash)
    const png = (b64: string) => Buffer.from(b64, 'base64')
    expect(typed.main[0]._qrcode).toBe('')
    const bar = png(typed.main[0]._barcode)
    expect([bar.readUInt32BE(16), bar.readUInt32BE(20)]).toEqual([240, 102])
    expect(typed.main[1]).toMatchObject({ _qrcode: '', _barcode: '', tickettype: 2 })
    await server.db.updateTable('order_lines').set({ tickettype: 1 }).where('id', '=', paid.main[1].id).execute()
    const qr = png((await view(hash)).main[1]._qrcode)
    // PNG header: width and height at bytes 16 and 20.
    expect([qr.readUInt32BE(16), qr.readUInt32BE(20)]).toEqual([180, 180])
  })

  it('unknown orders, unconfirmed named-ticket orders and bad payloads', async () => {
    const v = await visitor(server.url)
    expect((await v.post('/api/order/view', { hash: 'nope', lang: 'ru' })).body).toMatchObject({ errorCode: ErrorCode.NOT_FOUND })
    expect((await v.post('/api/order/get-num', { hash: 'nope', lang: 'ru' })).body).toMatchObject({ errorCode: ErrorCode.NOT_FOUND })
    expect((await v.post('/api/order/view', { hash: 'a b', lang: 'ru' })).body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST })
    expect((await v.post('/api/order/add-special-offer', { hash: 'x', data: [] })).body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST })
    const named = await placeOrder(v, fx, fx.named, 'adult', 1)
    const body = await view(named)
    expect(body.demandstatusid).toBe(10)
    expect(body.paymentAllowed).toBe(false)
    expect((await startPay(v, named, pfx.types.card)).body.errorCode).toBe(ErrorCode.BAD_REQUEST)
  })
})
