import type { Db } from '../../db/connect'
import { attemptRefundSend, REFUND_FIRST_ATTEMPT_LEASE_MS, type RefundLog } from '../../payments/refund-outbox'
import { recordRefund } from '../../payments/refund.repository'
import type { QueuedRefund } from '../../payments/refund-outbox.repository'
import type { PaymentRegistry } from '../../payments/registry'
import { returnTicketBonuses, type ReturnedBonuses } from '../loyalty/return-bonuses'
import { isReturned, lineWeight, openLineShares, returnedShare, type OpenLine } from '../orders/money'
import { lineServiceCosts } from '../orders/money.repository'
import type { OrderRow } from '../orders/order.repository'
import { promoPercents } from '../orders/promo-percent.repository'
import { listLineWeights, recordLineRefunds } from './refund-share.repository'
import { findPaidPayment, markPaymentRefunded, type PaidPayment } from './repository'

/** What returned tickets give back: money (minor units) from `payment`, and bonuses. */
export interface ReturnRefund {
  amount: number
  payment: PaidPayment | null
  bonuses: ReturnedBonuses
}

/**
 * The one refund rule shared by the visitor's return (returns/confirm.ts) and the operator's
 * refund (care/refund.ts), run in their transaction under the order's lock once `lineIds` are
 * claimed (marked returned by their conditional UPDATE, so each line is refunded once):
 * - money: what the payment has left after earlier refunds, split over the order's lines not
 *   returned before this return by what each was charged (its cost less its own percent promo
 *   part, with the offers attached to it: orders/money.ts lineWeight, returnedShare); the
 *   returned lines' shares go back. A ticket bought with a promo code gives back what it was
 *   paid, not its list cost, its offers go back with it, and the last return takes all that is
 *   left. 0 when nothing was paid (a free or complimentary order, or one paid wholly by bonuses);
 * - bonuses: the same share of those spent on the order goes back to the card and of those it
 *   earned is taken back (loyalty/return-bonuses.ts), written here in the same transaction;
 * - the discount: when these are the order's last tickets, its promo code's use goes back too
 *   (released as a cancelled order's, loyalty/return-bonuses.ts); a partial return keeps it;
 * - each line keeps what it refunded (its share of `amount`, order_lines.refunded_amount), so
 *   the return page shows a returned ticket at what it gave back (lineRefunded).
 */
export async function refundOfReturned(trx: Db, order: Pick<OrderRow, 'id' | 'crm_client_id'>, lineIds: readonly number[], now: number): Promise<ReturnRefund> {
  const { amount, payment, shareOf, last, byLine } = await returnShare(trx, order.id, lineIds)
  await recordLineRefunds(trx, byLine)
  const bonuses = await returnTicketBonuses(trx, order, shareOf, now, last)
  return { amount, payment, bonuses }
}

type LineWeight = Awaited<ReturnType<typeof listLineWeights>>[number]

/** The lines a return's share is split over: those not returned before, and `returning` (claimed by this return), each weighing what it was charged (lineWeight, with the order's promo `percent`). */
function openLines(weights: readonly LineWeight[], returning: ReadonlySet<number>, percent: number): OpenLine[] {
  return weights.filter((l) => returning.has(l.id) || !isReturned(l.return_status)).map((l) => ({ id: l.id, weight: lineWeight(l, percent), returning: returning.has(l.id) }))
}

/** The percent of the order's live promo code, 0 when none (orders/promo-percent.repository.ts). */
const promoPercentOf = async (db: Db, orderId: number): Promise<number> => (await promoPercents(db, [orderId])).get(orderId) ?? 0

/**
 * The money part of refundOfReturned, read only: what returning `lineIds` (not returned before,
 * or claimed by this return) gives back of the payment (`amount`, and `byLine`: each returning
 * line's part of it, line id → minor units, adding up to `amount`), and the share rule over the
 * order's lines for the rest, and whether they are the order's last tickets (`last`: none kept
 * after them). Whoever shows a refund before it is made (a request's e-mail, the return page) can
 * ask it the same question.
 */
export async function returnShare(trx: Db, orderId: number, lineIds: readonly number[]): Promise<{ amount: number; payment: PaidPayment | null; shareOf: (left: number) => number; last: boolean; byLine: Map<number, number> }> {
  const open = openLines(await listLineWeights(trx, orderId), new Set(lineIds), await promoPercentOf(trx, orderId))
  const shareOf = (left: number) => returnedShare(left, open)
  const payment = await findPaidPayment(trx, orderId)
  // No ticket of the order is kept once these are returned.
  const last = open.every((l) => l.returning)
  // returnedShare's own split, kept per line: nothing paid (or nothing left) refunds 0 a line.
  const shares = openLineShares(payment ? payment.amount - payment.refunded : 0, open)
  const byLine = new Map(open.filter((l) => l.returning).map((l) => [l.id, shares.get(l.id)!]))
  return { amount: payment ? shareOf(payment.amount - payment.refunded) : 0, payment, shareOf, last, byLine }
}

/**
 * What a returned line refunded, minor units, its one home: what its return or refund kept on it
 * (refundOfReturned, order_lines.refunded_amount), or, for a line returned before that was kept
 * (migration 2026_12_03_07_rt2_01), its list cost, as shown until then.
 */
export function lineRefunded(line: { cost: number | string; refunded_amount: number | string | null }): number {
  return Number(line.refunded_amount ?? line.cost)
}

/**
 * returnShare of each line not yet returned, returned alone, for the return page, from the
 * order's lines it has read already (`lines`: every ticket line of the order, with its list cost,
 * ticket price, quantity and return status): only the services attached to them, the promo
 * percent and the payment are read here. Returned
 * alone, each line is split over the same set, the lines not returned before (itself among
 * them), so one split gives every line's share (orders/money.ts openLineShares), not one split
 * of the whole order per line. Returned lines are absent: they refund nothing more.
 */
export async function returnShareByLine(db: Db, orderId: number, lines: readonly { id: number; cost: number | string; price: number | string; quantity: number; return_status: number }[]): Promise<Map<number, number>> {
  const services = await lineServiceCosts(db, [orderId])
  const payment = await findPaidPayment(db, orderId)
  const left = payment ? payment.amount - payment.refunded : 0
  const weights = lines.map((l) => ({ id: l.id, cost: Number(l.cost), price: Number(l.price), quantity: Number(l.quantity), return_status: Number(l.return_status), services: services.get(l.id) ?? 0 }))
  return openLineShares(left, openLines(weights, new Set(), await promoPercentOf(db, orderId)))
}

/**
 * Records the refund of `amount` minor units of `payment` to order `of.orderId` (for return
 * request `of.requestId`, or null for an operator's refund) and queues it for its provider in the
 * caller's transaction (payments/refund.repository.ts recordRefund), so it commits with the return or not at all
 * and no provider outage or process killed after the commit loses it; the caller's first attempt
 * follows the commit (sendQueuedRefund), the leader's sweep retries after
 * REFUND_FIRST_ATTEMPT_LEASE_MS. The payment is marked refunded here once nothing is left: the
 * money is owed back from this commit on, whether the bank takes it now or on a retry.
 */
export async function queueRefund(trx: Db, payment: PaidPayment, of: { orderId: number; requestId: number | null }, amount: number, now: number): Promise<QueuedRefund> {
  const queued = await recordRefund(trx, { orderId: of.orderId, requestId: of.requestId, paymentId: payment.id, amount, now, dueAt: now + REFUND_FIRST_ATTEMPT_LEASE_MS })
  if (payment.refunded + amount >= payment.amount) await markPaymentRefunded(trx, payment.id, now)
  return queued
}

/**
 * The first attempt of a refund queued by queueRefund, after its commit, awaited so the visitor
 * or the operator can be told whether the bank took it. Answers false when it did not (a refusal,
 * no provider, a database failure recording the attempt): the refund stays recorded and queued,
 * and the sweep sends it; never throws, since the return itself is done.
 */
export async function sendQueuedRefund(db: Db, registry: PaymentRegistry, log: RefundLog, queued: QueuedRefund): Promise<boolean> {
  try {
    return await attemptRefundSend(db, registry, log, queued)
  } catch (err) {
    log.error({ err, refundSendId: queued.id }, 'refund attempt failed to record; the sweep retries it')
    return false
  }
}
