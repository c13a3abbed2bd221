import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderViewResponseSchema } from '../../src/contract/entities/orderView'
import * as settlementRefundFlag from '../../src/server/migrations/2026_12_03_05_rf1_01_settlement_refund_flag'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { seedOrderFixtures, visitor, type Fixtures, type Visitor } from './order-fixtures'
import { decide, pathOf, paymentRow, placeOrder, seedPaymentFixtures, startPay, type PaymentFx } from './payment-fixtures'
import { nextReturnLink, paidOrder, seedReturnFixtures, startInbox, type Inbox } from './return-helpers'

const publicIdOf = (bankUrl: string) => pathOf(bankUrl).split('/').pop()!

/**
 * A payment refunded at settlement is told by payments.settlement_refund (migration
 * 2026_12_03_05_rf1_01), not by its provider_ref starting with 'refunded: ': a provider's own
 * reference may start so too. The order view's `refunded` (what went back for the order's
 * tickets) counts a return on such a payment and leaves out a settlement refund whatever its
 * reference reads; the migration marks the settlement refunds written before it by that prefix.
 */
describe.each(TEST_DBS)('payments refunded at settlement are told by their flag on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let fx: Fixtures
  let pfx: PaymentFx
  let reasons: number[]

  beforeAll(async () => {
    inbox = await startInbox()
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${inbox.port}` } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    reasons = (await seedReturnFixtures(server.db)).reasons
  })
  afterAll(async () => {
    await server?.close()
    await inbox?.close()
  })

  const view = async (v: Visitor, hash: string) => orderViewResponseSchema.parse((await v.post('/api/order/view', { hash, lang: 'ru' })).body)
  const setProviderRef = (publicId: string, ref: string) => server.db.updateTable('payments').set({ provider_ref: ref }).where('public_id', '=', publicId).execute()

  /** An order paid by one bank page after another page of it was approved first: the late one is refunded at settlement. */
  async function settlementRefunded(v: Visitor): Promise<{ hash: string; refunded: string; paying: string }> {
    const hash = await placeOrder(v, fx, fx.basic, 'adult', 1)
    const late = publicIdOf((await startPay(v, hash, pfx.types.card)).body.bankUrl!)
    const paying = publicIdOf((await startPay(v, hash, pfx.types.card)).body.bankUrl!)
    expect((await decide(v, paying, 'approve')).status).toBe(303)
    expect((await decide(v, late, 'approve')).status).toBe(303)
    expect(await paymentRow(server.db, late)).toMatchObject({ status: 'refunded', settlement_refund: 1 })
    expect(await paymentRow(server.db, paying)).toMatchObject({ status: 'paid', settlement_refund: 0 })
    return { hash, refunded: late, paying }
  }

  it("a bank payment whose reference starts with 'refunded: ' is the buyer's: a return on it shows as refunded", async () => {
    const v = await visitor(server.url)
    const { hash, publicId } = await paidOrder(v, fx, pfx, 2)
    await setProviderRef(publicId, 'refunded: BANK-7731')
    const before = await view(v, hash)
    expect(before.refunded).toBe(0)

    const seen = inbox.messages.length
    const created = await v.post<{ errorCode: string }>('/api/order/return-create', { hash, lang: 'ru', reason: reasons[0], id: [before.main[0].id] })
    expect(created.body.errorCode).toBe('0')
    const link = await nextReturnLink(inbox, seen, hash)
    expect((await v.post<{ errorCode: string }>('/api/order/return-confirm', { hash, lang: 'ru', hashConf: link.hashConf })).body.errorCode).toBe('0')

    expect(await paymentRow(server.db, publicId)).toMatchObject({ settlement_refund: 0 })
    // One ticket of 1500 ₽ with its 150 ₽ fee went back to the buyer's card.
    expect((await view(v, hash)).refunded).toBe(1650)
  })

  it("a settlement refund is left out of the order's refunds whatever its reference reads", async () => {
    const v = await visitor(server.url)
    const { hash, refunded } = await settlementRefunded(v)
    expect((await paymentRow(server.db, refunded)).provider_ref).toMatch(/^refunded: /)
    expect((await view(v, hash)).refunded).toBe(0)
    await setProviderRef(refunded, 'sandbox-ref-42')
    expect((await view(v, hash)).refunded).toBe(0)
  })

  it("the migration marks the payments refunded at settlement before it by their reference, and no other", async () => {
    const v = await visitor(server.url)
    const { hash, refunded, paying } = await settlementRefunded(v)
    await setProviderRef(paying, 'refunded: BANK-0001')
    const other = await paidOrder(v, fx, pfx, 1)
    await server.db.updateTable('payments').set({ status: 'refunded', provider_ref: 'sandbox' }).where('public_id', '=', other.publicId).execute()

    // The database as a version before the flag left it, then the migration.
    await settlementRefundFlag.down(server.db)
    await settlementRefundFlag.up(server.db)

    expect(await paymentRow(server.db, refunded)).toMatchObject({ status: 'refunded', settlement_refund: 1 })
    expect(await paymentRow(server.db, paying)).toMatchObject({ status: 'paid', settlement_refund: 0 })
    expect(await paymentRow(server.db, other.publicId)).toMatchObject({ status: 'refunded', settlement_refund: 0 })
    expect((await view(v, hash)).refunded).toBe(0)
  })
})
