import { randomBytes } from 'node:crypto'
import { CARD_SCHEME_PENDING } from '../../contract/constants'
import { ErrorCode } from '../../contract/errors'
import type { Lang } from '../../contract/lang'
import type { PaymentStartResponse } from '../../contract/entities/payment'
import type { Db } from '../db/connect'
import { ApiFailure } from '../errors'
import { messageText } from '../messages'
import { orderMoney } from '../domain/orders/money'
import { listPayments } from '../domain/orders/order-payments.repository'
import { findOrderByHash, lockOrder } from '../domain/orders/order.repository'
import { assertPayable } from '../domain/orders/state'
import { ORDER_ROUTE } from '../domain/orders/constants'
import { clientPageUrl } from '../domain/orders/links'
import { orderOnCancelledSession } from '../domain/sessions/cancelled.repository'
import { clockGate, inGatedTransaction, type CommitGate } from '../domain/orders/commit-gate'
import { insertPendingPayment, lastPaymentStatus, setPaymentQrUrl } from './payment.repository'
import type { PaymentRegistry } from './registry'
import { markOrderPaid } from './settle'
import type { QueuedTicketMail } from '../mail/ticket-mail'
import { cardSchemeVerifyCode, offeredPaymentTypes } from './types'

/** Random bytes of a payment's public id (128 bits: bank links cannot be guessed). */
const PAYMENT_ID_BYTES = 16

export interface StartInput {
  hash: string
  typeId: number
  publicUrl: string
  /** Language of the answer's note. */
  lang: Lang
  now?: number
  /**
   * Called when the order turns out to have nothing left to pay and is marked paid here, with
   * the tickets e-mail queued with it (null: none is due), to give it its first attempt.
   */
  onPaidWithoutBank?: (ticketMail: QueuedTicketMail | null) => void
  /**
   * The request's commit gate (domain/orders/commit-gate.ts): a start answered "busy" by the
   * request's deadline writes no payment (nor pays the order); without one, CLAIM_COMMIT_BY_MS.
   */
  gate?: CommitGate
}

/**
 * POST /api/payment/start/:typeId. The type must be one offered for the order (else -9996, or
 * -9995 when the order has none); the order must be payable now. The amount is the order's,
 * computed here. A new pending payment is written and the type's provider says where the
 * browser goes. An order with nothing left to pay (discounts cover it) is paid at once and the
 * browser goes back to the order.
 */
export async function startPayment(db: Db, registry: PaymentRegistry, input: StartInput): Promise<PaymentStartResponse> {
  const now = input.now ?? Date.now()
  // One transaction from the start: the order is read once, under its lock (a start, in a rush,
  // comes with every order of it; a read before the lock was one more statement each).
  const { order, provider, payment, ticketMail } = await inGatedTransaction(db, input.gate ?? clockGate(now), async (trx) => {
    const order = await lockOrder(trx, input.hash)
    if (!order) throw new ApiFailure('order-not-found', { hash: input.hash })
    // Before any other refusal: the buyer learns why (a cancellation also cancels the order).
    // Read under the order's lock after the cancellation's commit, no payment starts; one under
    // way before it is settled and refunded (admin/catalogue/session-cancel.ts endUnpaidOrders).
    if (order.paid !== 1 && (await orderOnCancelledSession(trx, order.id))) throw new ApiFailure('order-session-cancelled')
    const types = await offeredPaymentTypes(trx, registry, order)
    if (types.length === 0) throw new ApiFailure('no-payment-method')
    const type = types.find((t) => t.id === input.typeId)
    if (!type) throw new ApiFailure('unknown-payment-method')
    const provider = registry.forProtocol(type.protocol_type)!
    assertPayable(order, now)
    // A card-scheme payment being verified may still succeed: a second one would be paid twice
    // (settlement refunds it, but the buyer's money would go out and back).
    if (cardSchemeVerifyCode(await listPayments(trx, order.id)) === CARD_SCHEME_PENDING) throw new ApiFailure('payment-verifying')
    const money = await orderMoney(trx, order)
    if (money.payable === 0) {
      const paid = await markOrderPaid(trx, order, 0, now)
      return { order, provider, payment: null, ticketMail: paid?.ticketMail ?? null }
    }
    const publicId = randomBytes(PAYMENT_ID_BYTES).toString('base64url')
    const id = await insertPendingPayment(trx, { orderId: order.id, typeId: type.id, amount: money.payable, provider: provider.name, publicId, now })
    return { order, provider, payment: { id, publicId, amount: money.payable }, ticketMail: null }
  })
  if (!payment) {
    input.onPaidWithoutBank?.(ticketMail)
    return { errorCode: ErrorCode.OK, errorText: messageText('paid-without-bank', input.lang), bankUrl: clientPageUrl(input.publicUrl, ORDER_ROUTE, order.hash, order.lang) }
  }

  const answer = await provider.start({ payment, order: { hash: order.hash, ordNum: order.ord_num, email: order.email, lang: order.lang }, publicUrl: input.publicUrl })
  if ('form_qr_url' in answer) await setPaymentQrUrl(db, payment.id, answer.form_qr_url)
  return { errorCode: ErrorCode.OK, errorText: '', ...answer }
}

/** Answers of /api/order/status-change (our design of the spec's "non-zero = changed"). */
export const STATUS_WAITING = 0
export const STATUS_PAID = 1
export const STATUS_DECLINED = 2
export const STATUS_REFUNDED = 3
export const STATUS_CANCELLED = 4

/**
 * POST /api/order/status-change: 0 while the order waits for its payment; 1 paid; 2 the last
 * payment was declined; 3 it was refunded; 4 the order was cancelled.
 */
export async function paymentStatusChange(db: Db, hash: string): Promise<number> {
  const order = await findOrderByHash(db, hash)
  if (!order) throw new ApiFailure('order-not-found', { hash })
  if (order.paid === 1) return STATUS_PAID
  const last = await lastPaymentStatus(db, order.id)
  if (last === 'failed') return STATUS_DECLINED
  if (last === 'refunded') return STATUS_REFUNDED
  if (order.status === 90) return STATUS_CANCELLED
  return STATUS_WAITING
}
