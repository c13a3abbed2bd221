import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderViewResponseSchema } from '../../src/contract/entities/orderView'
import type { OrderCare } from '../../src/contract/admin/care'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn } from './admin-helpers'
import { seedOrderFixtures, visitor, type Fixtures, type Visitor } from './order-fixtures'
import { decide, orderRow, pathOf, paymentRow, placeOrder, seedPaymentFixtures, startPay, type PaymentFx } from './payment-fixtures'

const publicIdOf = (bankUrl: string) => pathOf(bankUrl).split('/').pop()!

/**
 * A payment approved after its order was paid by another payment, or after the order's price
 * changed, is refunded at settlement (payments/settle.ts). That refund gives back a payment that
 * never bought the order: the order view's `refunded` (what went back for the order's tickets)
 * does not count it, and the bank sends the buyer of a paid order to the order's page, not to
 * the declined page ("the order has not been paid").
 */
describe.each(TEST_DBS)('a payment refunded at settlement on %s', (dbKind) => {
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

  const view = async (v: Visitor, hash: string) => orderViewResponseSchema.parse((await v.post('/api/order/view', { hash, lang: 'ru' })).body)

  it('approved after another payment paid the order: back to the paid order, nothing shown as refunded', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult', 2)
    // Two bank pages of the same order, A then B.
    const a = publicIdOf((await startPay(v, hash, pfx.types.card)).body.bankUrl!)
    const b = publicIdOf((await startPay(v, hash, pfx.types.card)).body.bankUrl!)
    expect((await decide(v, b, 'approve')).headers.get('location')).toBe(`/order/${hash}?bank=sandbox&payment=${b}`)
    const paid = await view(v, hash)
    expect(paid).toMatchObject({ paid: 1, refunded: 0 })

    const back = await decide(v, a, 'approve')
    expect(back.status).toBe(303)
    // The order is paid: its page, as the success redirect, not "/order/declined/…".
    expect(back.headers.get('location')).toBe(`/order/${hash}?bank=sandbox&payment=${a}`)
    const refundedPayment = await paymentRow(server.db, a)
    expect(refundedPayment.status).toBe('refunded')
    const refunds = await server.db.selectFrom('refunds').selectAll().where('payment_id', '=', refundedPayment.id).execute()
    expect(refunds.map((r) => Number(r.amount))).toEqual([Number(refundedPayment.amount)])

    const after = await view(v, hash)
    expect(after.paid).toBe(1)
    // What the buyer paid for the order, and no refund of its tickets.
    expect(after.demsumma).toBe(paid.demsumma)
    expect(after.refunded).toBe(0)
    const order = await orderRow(server.db, hash)
    expect(order.paid).toBe(1)
    // Order care's history names it for what it was, a payment that did not buy the order, not an operator's refund.
    const care = await (await signedIn(server, 'manager')).get<OrderCare>(`/api/admin/orders/${order.id}`)
    expect(care.status, JSON.stringify(care.body)).toBe(200)
    const refundsSeen = care.body.history.filter((h) => h.kind === 'refunded' || h.kind === 'payment_refunded').map((h) => [h.kind, h.amount])
    expect(refundsSeen).toEqual([['payment_refunded', Number(refundedPayment.amount)]])
  })

  it('a stale bank page approved after the price changed: the declined page, nothing shown as refunded', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult', 1)
    const stale = publicIdOf((await startPay(v, hash, pfx.types.card)).body.bankUrl!)
    const offer = (await view(v, hash)).addToping[0]
    expect((await v.post('/api/order/add-special-offer', { hash, data: [{ uid: offer.uid, parent_id: offer.parent_id, package_id: offer.package_id, price_id: offer.price_id, cost: offer.cost }] })).body).toMatchObject({ errorCode: '0' })

    const back = await decide(v, stale, 'approve')
    expect(back.headers.get('location')).toBe(`/order/declined/${hash}`)
    expect((await paymentRow(server.db, stale)).status).toBe('refunded')
    const after = await view(v, hash)
    expect(after.paid).toBe(0)
    expect(after.refunded).toBe(0)
  })
})
