import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REFUND_FIRST_ATTEMPT_LEASE_MS, refundIdempotencyKey, refundRetryDelayMs, retryDueRefunds } from '../../src/server/payments/refund-outbox'
import { buildPaymentRegistry } from '../../src/server/payments/registry'
import { applyNotification } from '../../src/server/payments/settle'
import { TEST_DBS } from '../support/server'
import { SANDBOX_REFUND_SWITCHED_OFF } from '../../src/server/payments/sandbox/refunds'
import { sandboxRefunds, type SandboxRefunds } from '../support/sandbox-refunds'
import { visitor, type Visitor } from './order-fixtures'
import { orderRow, pathOf, paymentRow, placeOrder, sendCallback, signed, startPay, startPaymentShop, type PaymentShop } from './payment-fixtures'
import { LATE_APPROVAL_DISCOUNT_HOLD_MS } from '../../src/server/domain/loyalty/service'

/**
 * Refunds decided while settling a bank notification reach the bank (payments/refund-outbox.ts):
 * a payment approved after its order's amount changed, a second payment of a paid order, a late
 * payment of an order whose discount was given back. Before, the payment was marked refunded and
 * a refunds row written, but the provider was never asked: the buyer's money stayed with the
 * shop. The refund is queued in the transaction that records it, sent after the commit and
 * retried by the leader's sweep, so a provider failure or a process killed in between loses none.
 *
 * And a signed approval after a decline of the same payment (a bank that captured late) settles
 * it: it pays the order while the order is payable, else it is refunded the same way. Before, it
 * was answered "repeat" and the payment stayed failed, the order unpaid, the money kept.
 */

/** How long the test waits for a refund's first attempt (started after the callback's commit), and how often it looks. */
const WAIT_MS = 5000
const POLL_MS = 25
const silentLog = { info() {}, warn() {}, error() {} }

describe.each(TEST_DBS)('refunds decided by a settlement reach the provider, on %s', (dbKind) => {
  let shop: PaymentShop
  let bank: SandboxRefunds

  beforeAll(async () => {
    shop = await startPaymentShop(dbKind)
    bank = sandboxRefunds(shop.server.url)
  })
  afterAll(async () => {
    await shop?.server.close()
  })

  const takenFor = (publicId: string) => bank.takenFor(publicId)
  const sendsOf = async (publicId: string) => shop.server.db.selectFrom('refund_outbox').selectAll().where('payment_id', '=', (await paymentRow(shop.server.db, publicId)).id).execute()
  const refundsOf = async (publicId: string) => shop.server.db.selectFrom('refunds').select(['amount', 'return_request_id']).where('payment_id', '=', (await paymentRow(shop.server.db, publicId)).id).execute()
  async function waitSent(publicId: string) {
    const deadline = Date.now() + WAIT_MS
    while (!(await sendsOf(publicId)).some((s) => s.sent_at !== null) && Date.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS))
    return sendsOf(publicId)
  }
  /** An order of one basic ticket (1650 ₽) and a card payment started: its visitor, hash, payment's public id and amount. */
  async function orderAndStart() {
    const v = await visitor(shop.server.url)
    const hash = await placeOrder(v, shop.fx, shop.fx.basic, 'adult', 1)
    return { v, hash, ...(await start(v, hash)) }
  }
  async function start(v: Visitor, hash: string) {
    const publicId = pathOf((await startPay(v, hash, shop.pfx.types.card)).body.bankUrl!).split('/').pop()!
    return { publicId, amount: (await paymentRow(shop.server.db, publicId)).amount }
  }
  /** The payment refunded in full, once, and the provider asked once for all of it. */
  async function expectRefundedAtBank(publicId: string, amount: number) {
    expect((await paymentRow(shop.server.db, publicId)).status).toBe('refunded')
    expect(await refundsOf(publicId)).toEqual([{ amount, return_request_id: null }])
    const sends = await waitSent(publicId)
    expect(sends).toHaveLength(1)
    const taken = await takenFor(publicId)
    expect(taken).toEqual([expect.objectContaining({ publicId, amount })])
    expect(sends[0]).toMatchObject({ amount, provider_ref: taken[0].ref })
    expect(sends[0].sent_at).not.toBeNull()
  }

  it('a payment approved after the order\'s amount changed is refunded at the bank, once', async () => {
    const { v, hash, publicId, amount } = await orderAndStart()
    await v.post('/api/order/add-discount', { hash, lang: 'ru', bonuses: 0, cardCode: '', promoCode: shop.pfx.promos.multi })
    expect((await sendCallback(shop.server, signed(shop.server, publicId, amount, 'approved'))).body.result).toBe('refunded')
    await expectRefundedAtBank(publicId, amount)
    // The bank repeats its callback: nothing more is refunded.
    expect((await sendCallback(shop.server, signed(shop.server, publicId, amount, 'approved'))).body.result).toBe('repeat')
    await retryDueRefunds(shop.server.db, buildPaymentRegistry(shop.server.config), silentLog, Date.now() + 10 * REFUND_FIRST_ATTEMPT_LEASE_MS)
    expect(await takenFor(publicId)).toHaveLength(1)
  })

  it('a second payment of an order already paid is refunded at the bank', async () => {
    const { v, hash, publicId, amount } = await orderAndStart()
    const second = await start(v, hash)
    expect((await sendCallback(shop.server, signed(shop.server, publicId, amount, 'approved'))).body.result).toBe('paid')
    expect((await sendCallback(shop.server, signed(shop.server, second.publicId, second.amount, 'approved'))).body.result).toBe('refunded')
    await expectRefundedAtBank(second.publicId, second.amount)
    expect(await takenFor(publicId)).toHaveLength(0)
    expect(await orderRow(shop.server.db, hash)).toMatchObject({ paid: 1 })
  })

  it('a late payment of an order whose discount was given back is refunded at the bank', async () => {
    const v = await visitor(shop.server.url)
    const hash = await placeOrder(v, shop.fx, shop.fx.race, 'adult', 1)
    await v.post('/api/order/add-discount', { hash, lang: 'ru', bonuses: 0, cardCode: '', promoCode: shop.pfx.promos.multi })
    const { publicId, amount } = await start(v, hash)
    await shop.server.db.updateTable('orders').set({ reserve_until: Date.now() - 1000 }).where('hash', '=', hash).execute()
    // The payment started longer ago than a lapsed order keeps its discount for a late approval
    // (loyalty/service.ts LATE_APPROVAL_DISCOUNT_HOLD_MS).
    await shop.server.db.updateTable('payments').set({ created_at: Date.now() - LATE_APPROVAL_DISCOUNT_HOLD_MS - 1000 }).where('public_id', '=', publicId).execute()
    // The next order of the session cancels it; the next discount call gives its promo use back.
    await placeOrder(await visitor(shop.server.url), shop.fx, shop.fx.race, 'adult', 1)
    await (await visitor(shop.server.url)).post('/api/order/add-discount', { hash: 'no-such-order', lang: 'ru', bonuses: 0, cardCode: '', promoCode: '' })
    expect(await orderRow(shop.server.db, hash)).toMatchObject({ status: 90, paid: 0 })
    expect((await sendCallback(shop.server, signed(shop.server, publicId, amount, 'approved'))).body.result).toBe('refunded')
    await expectRefundedAtBank(publicId, amount)
    expect(await orderRow(shop.server.db, hash)).toMatchObject({ status: 90, paid: 0 })
  })

  it('a process that dies between the refund\'s commit and the call: the leader\'s sweep sends it once, after the first attempt\'s lease', async () => {
    const { v, hash, publicId, amount } = await orderAndStart()
    await v.post('/api/order/add-discount', { hash, lang: 'ru', bonuses: 0, cardCode: '', promoCode: shop.pfx.promos.multi })
    // The callback's transaction alone, as a process killed right after its commit leaves it.
    const now = Date.now()
    const applied = await applyNotification(shop.server.db, { publicId, amount, status: 'approved' }, now)
    expect(applied.outcome).toBe('refunded')
    const [queued, ...more] = await sendsOf(publicId)
    expect(more).toHaveLength(0)
    expect(queued).toMatchObject({ id: applied.refund!.id, amount, attempts: 0, sent_at: null, next_attempt_at: now + REFUND_FIRST_ATTEMPT_LEASE_MS })
    const registry = buildPaymentRegistry(shop.server.config)
    expect(await retryDueRefunds(shop.server.db, registry, silentLog, now + 1000)).toBe(0)
    expect(await takenFor(publicId)).toHaveLength(0)
    expect(await retryDueRefunds(shop.server.db, registry, silentLog, now + REFUND_FIRST_ATTEMPT_LEASE_MS + 1)).toBe(1)
    await expectRefundedAtBank(publicId, amount)
    await retryDueRefunds(shop.server.db, registry, silentLog, now + 100 * REFUND_FIRST_ATTEMPT_LEASE_MS)
    expect(await takenFor(publicId)).toHaveLength(1)
  })

  it('a process that dies after the bank took the refund, before marking it sent: asked again with the same key, the bank pays once', async () => {
    // A second payment of an order already paid (the promo of the tests around is theirs to use up).
    const { v, hash, publicId: paidBy, amount: paidAmount } = await orderAndStart()
    const { publicId, amount } = await start(v, hash)
    expect((await sendCallback(shop.server, signed(shop.server, paidBy, paidAmount, 'approved'))).body.result).toBe('paid')
    const now = Date.now()
    expect((await applyNotification(shop.server.db, { publicId, amount, status: 'approved' }, now)).outcome).toBe('refunded')
    const registry = buildPaymentRegistry(shop.server.config)
    expect(await retryDueRefunds(shop.server.db, registry, silentLog, now + REFUND_FIRST_ATTEMPT_LEASE_MS + 1)).toBe(1)
    const [first] = await sendsOf(publicId)
    // The bank answered but the process died before markRefundSent: the row is unsent, due again.
    await shop.server.db.updateTable('refund_outbox').set({ sent_at: null, attempts: 0, provider_ref: '', next_attempt_at: now }).where('id', '=', first.id).execute()
    expect(await retryDueRefunds(shop.server.db, registry, silentLog, now + 100 * REFUND_FIRST_ATTEMPT_LEASE_MS)).toBe(1)
    const [again] = await sendsOf(publicId)
    expect(again).toMatchObject({ attempts: 1, provider_ref: first.provider_ref })
    expect(await takenFor(publicId)).toEqual([{ key: refundIdempotencyKey(first.refund_id), publicId, amount, ref: first.provider_ref }])
  })

  it('a provider that refuses the first attempt: the refund stays due and a later sweep sends it', async () => {
    const { v, hash, publicId, amount } = await orderAndStart()
    await v.post('/api/order/add-discount', { hash, lang: 'ru', bonuses: 0, cardCode: '', promoCode: shop.pfx.promos.multi })
    await bank.refuseNext(1)
    expect((await sendCallback(shop.server, signed(shop.server, publicId, amount, 'approved'))).body.result).toBe('refunded')
    const deadline = Date.now() + WAIT_MS
    while ((await sendsOf(publicId))[0]?.attempts !== 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS))
    const [failed] = await sendsOf(publicId)
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, last_error: SANDBOX_REFUND_SWITCHED_OFF })
    expect(Number(failed.next_attempt_at)).toBeGreaterThan(Date.now())
    const registry = buildPaymentRegistry(shop.server.config)
    expect(await retryDueRefunds(shop.server.db, registry, silentLog, Number(failed.next_attempt_at) + refundRetryDelayMs(1))).toBe(1)
    const [sent] = await sendsOf(publicId)
    // Asked twice (refused, then taken): the bank paid it once.
    const taken = await takenFor(publicId)
    expect(taken).toEqual([expect.objectContaining({ publicId, amount })])
    expect(sent).toMatchObject({ attempts: 2, last_error: '', provider_ref: taken[0].ref, next_attempt_at: null })
  })

  it('approved after declined, the order still payable: the order is paid', async () => {
    const { hash, publicId, amount } = await orderAndStart()
    expect((await sendCallback(shop.server, signed(shop.server, publicId, amount, 'declined'))).body.result).toBe('declined')
    expect((await paymentRow(shop.server.db, publicId)).status).toBe('failed')
    expect((await sendCallback(shop.server, signed(shop.server, publicId, amount, 'approved'))).body.result).toBe('paid')
    expect((await paymentRow(shop.server.db, publicId)).status).toBe('paid')
    expect(await orderRow(shop.server.db, hash)).toMatchObject({ paid: 1, status: 20 })
    const logged = await shop.server.db.selectFrom('payment_callbacks').select(['status', 'applied', 'outcome']).where('payment_id', '=', (await paymentRow(shop.server.db, publicId)).id).orderBy('id').execute()
    expect(logged).toEqual([
      { status: 'declined', applied: 1, outcome: 'declined' },
      { status: 'approved', applied: 1, outcome: 'paid' },
    ])
    // A decline after that, or the approval again, changes nothing.
    expect((await sendCallback(shop.server, signed(shop.server, publicId, amount, 'declined'))).body.result).toBe('repeat')
    expect((await sendCallback(shop.server, signed(shop.server, publicId, amount, 'approved'))).body.result).toBe('repeat')
    expect((await paymentRow(shop.server.db, publicId)).status).toBe('paid')
    expect(await takenFor(publicId)).toHaveLength(0)
  })

  it('approved after declined, the order paid by another payment meanwhile: refunded at the bank', async () => {
    const { v, hash, publicId, amount } = await orderAndStart()
    expect((await sendCallback(shop.server, signed(shop.server, publicId, amount, 'declined'))).body.result).toBe('declined')
    const retry = await start(v, hash)
    expect((await sendCallback(shop.server, signed(shop.server, retry.publicId, retry.amount, 'approved'))).body.result).toBe('paid')
    expect((await sendCallback(shop.server, signed(shop.server, publicId, amount, 'approved'))).body.result).toBe('refunded')
    await expectRefundedAtBank(publicId, amount)
    expect((await paymentRow(shop.server.db, retry.publicId)).status).toBe('paid')
    expect(await orderRow(shop.server.db, hash)).toMatchObject({ paid: 1 })
  })
})
