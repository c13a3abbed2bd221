import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REFUND_FIRST_ATTEMPT_LEASE_MS, refundRetryDelayMs, retryDueRefunds } from '../../src/server/payments/refund-outbox'
import { buildPaymentRegistry } from '../../src/server/payments/registry'
import { SANDBOX_REFUND_SWITCHED_OFF } from '../../src/server/payments/sandbox/refunds'
import { sandboxRefunds, type SandboxRefunds } from '../support/sandbox-refunds'
import { TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { visitor } from './order-fixtures'
import { decide, pathOf, paymentRow, placeOrder, startPay } from './payment-fixtures'
import { confirmReturn, orderLines, requestReturn, startReturnShop, type ReturnShop } from './return-money-helpers'

/**
 * A return's refund reaches the bank durably (returns/refund-payment.ts queueRefund, the
 * settlement's refund_outbox): queued in the transaction that records it, tried once after the
 * commit, and when the provider refuses that attempt the return still stands, the visitor and
 * the operator are told the refund is pending, and the leader's sweep sends it, once. Before, a
 * refusal left a refund recorded that never reached the bank and answered an error (502).
 * The visitor's return and the console's refund, on both databases; a ticket costs 1650 ₽.
 */
const TICKET = 165_000
/** Far enough past any retry's due time for one sweep to find it due. */
const LATER_MS = 100 * REFUND_FIRST_ATTEMPT_LEASE_MS
const silentLog = { info() {}, warn() {}, error() {} }

describe.each(TEST_DBS)('return refunds through the refund outbox on %s', (dbKind) => {
  let server: TestServer
  let shop: ReturnShop
  let boxoffice: AdminClient
  let bank: SandboxRefunds

  beforeAll(async () => {
    shop = await startReturnShop(dbKind)
    server = shop.server
    bank = sandboxRefunds(server.url)
    boxoffice = await signedIn(server, 'boxoffice')
  })
  afterAll(() => shop?.close())

  const sendsOf = async (publicId: string) => server.db.selectFrom('refund_outbox').selectAll().where('payment_id', '=', (await paymentRow(server.db, publicId)).id).execute()
  const requestStatus = async (orderId: number) => Number((await server.db.selectFrom('return_requests').select('status').where('order_id', '=', orderId).executeTakeFirstOrThrow()).status)

  /** A paid order of `quantity` basic tickets: its hash, payment's public id, row id and lines. */
  async function paid(quantity: number) {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, shop.fx, shop.fx.basic, 'adult', quantity)
    const publicId = pathOf((await startPay(v, hash, shop.pfx.types.card)).body.bankUrl!).split('/').pop()!
    expect((await decide(v, publicId, 'approve')).status).toBe(303)
    return { hash, publicId, ...(await orderLines(shop, hash)) }
  }

  /** The refund failed once, is due again, and one sweep sends it; later sweeps send nothing more. */
  async function expectSentBySweep(publicId: string, amount: number) {
    const [failed, ...more] = await sendsOf(publicId)
    expect(more).toHaveLength(0)
    expect(failed).toMatchObject({ amount, attempts: 1, sent_at: null, last_error: SANDBOX_REFUND_SWITCHED_OFF })
    const registry = buildPaymentRegistry(server.config)
    expect(await retryDueRefunds(server.db, registry, silentLog, Number(failed.next_attempt_at) + refundRetryDelayMs(1))).toBe(1)
    const [sent] = await sendsOf(publicId)
    const taken = await bank.takenFor(publicId)
    expect(sent).toMatchObject({ attempts: 2, last_error: '', provider_ref: taken[0].ref, next_attempt_at: null })
    expect(await retryDueRefunds(server.db, registry, silentLog, Date.now() + LATER_MS)).toBe(0)
    // Asked twice (refused, then taken): the bank paid it once.
    expect(await bank.takenFor(publicId)).toEqual([expect.objectContaining({ publicId, amount })])
  }

  it('a visitor return the bank refuses at first is confirmed, said pending, and sent by the sweep once', async () => {
    const o = await paid(1)
    await bank.refuseNext(1)
    const answer = await confirmReturn(shop, o.hash, await requestReturn(shop, o.hash, [o.lines[0].id]))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({ errorCode: '0', summa: 1650, refund_pending: true })
    // The return stands: the ticket is returned, the payment owes nothing more, the request waits for the money (70).
    expect((await orderLines(shop, o.hash)).lines[0].return_status).toBe(70)
    expect((await paymentRow(server.db, o.publicId)).status).toBe('refunded')
    expect(await requestStatus(o.id)).toBe(70)
    await expectSentBySweep(o.publicId, TICKET)
    // The sweep's send makes the request final, as a first attempt that succeeds does.
    expect(await requestStatus(o.id)).toBe(80)
  })

  it('a visitor return the bank takes at once is sent once and the request is final', async () => {
    const o = await paid(2)
    const answer = await confirmReturn(shop, o.hash, await requestReturn(shop, o.hash, [o.lines[0].id]))
    expect(answer.body).toEqual({ errorCode: '0', errorText: '', summa: 1650 })
    expect(await requestStatus(o.id)).toBe(80)
    // One ticket of two: the payment is still partly kept.
    expect((await paymentRow(server.db, o.publicId)).status).toBe('paid')
    const [sent] = await sendsOf(o.publicId)
    expect(sent).toMatchObject({ amount: TICKET, attempts: 1, provider_ref: (await bank.takenFor(o.publicId))[0].ref })
    await retryDueRefunds(server.db, buildPaymentRegistry(server.config), silentLog, Date.now() + LATER_MS)
    expect(await bank.takenFor(o.publicId)).toEqual([expect.objectContaining({ publicId: o.publicId, amount: TICKET })])
  })

  it('a console refund the provider refuses at first is recorded, said pending, and sent by the sweep once', async () => {
    const o = await paid(1)
    await bank.refuseNext(1)
    const res = await boxoffice.post<{ amount: number; lines: number; repeat: boolean; pending?: boolean }>(`/api/admin/orders/${o.id}/refund`, {})
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({ amount: TICKET, lines: 1, repeat: false, pending: true })
    expect((await paymentRow(server.db, o.publicId)).status).toBe('refunded')
    // A second click refunds nothing and asks the provider for nothing.
    expect((await boxoffice.post<{ repeat: boolean }>(`/api/admin/orders/${o.id}/refund`, {})).body.repeat).toBe(true)
    await expectSentBySweep(o.publicId, TICKET)
  })
})
