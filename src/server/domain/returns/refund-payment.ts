import { toMinor } from '../../../contract/rules/money'
import type { Db } from '../../db/connect'
import { attemptRefundSend, REFUND_FIRST_ATTEMPT_LEASE_MS, type RefundLog } from '../../payments/refund-outbox'
import { recordRefund, recordWithheldRefund } from '../../payments/refund.repository'
import type { QueuedRefund } from '../../payments/refund-outbox.repository'
import type { PaymentRegistry } from '../../payments/registry'
import { returnBonusPlan, type BonusesHeld } from '../loyalty/return-bonus-plan'
import { readBonusesHeld, returnTicketBonuses, type ReturnedBonuses } from '../loyalty/return-bonuses'
import { isReturned, lineWeight, openLineShares, returnedShare, type OpenLine } from '../orders/money'
import { lineServiceCosts } from '../orders/money.repository'
import type { OrderRow } from '../orders/order.repository'
import { promoPercents } from '../orders/promo-percent.repository'
import { listLineWeights, recordLineRefunds } from './refund-share.repository'
import { linesReturn, returnRowAmounts } from './row-amounts'
import { findPaidPayment, markPaymentRefunded, paymentLeft, type PaidPayment } from './repository'

/** What returned tickets give back: money (minor units) from `payment`, and bonuses. */
export interface ReturnRefund {
  amount: number
  /** Minor units of the tickets' money share kept back for earned bonuses the card had spent (orders/money.ts bonusWithheld); `amount` is what is left. */
  withheld: number
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
 * - earned bonuses the card has spent since (not taken back: a card never goes below zero) are
 *   kept back from the money at their value (orders/money.ts bonusWithheld, `withheld`, never
 *   more than the money share), so buying, spending the bonuses earned and returning earns
 *   nothing; the refund row records it (queueRefund), and the payment's part left for later
 *   returns is less by it (repository.ts paymentLeft);
 * - the discount: when these are the order's last tickets, its promo code's use goes back too
 *   (released as a cancelled order's, loyalty/return-bonuses.ts); a partial return keeps it;
 *   Not when the venue cancelled the session (`venueCancelled`, admin/catalogue/session-refunds.ts):
 *   the buyer did not choose to return, so they get the whole share back and the bonuses the card
 *   spent are the venue's loss (those still on the card are taken back as usual);
 * - what the card gives back and the money keeps back is the returned lines' own, each line with
 *   its own part of the card's balance (row-amounts.ts linesReturn over returnLinePlans): the rule
 *   the return page's rows show, so a ticket returned alone, or any ticked tickets, refund exactly
 *   what their rows said;
 * - each line keeps what it refunded (its row's amount, order_lines.refunded_amount), so the
 *   return page shows a returned ticket at what it gave back (lineRefunded).
 */
export async function refundOfReturned(trx: Db, order: Pick<OrderRow, 'id' | 'crm_client_id'>, lineIds: readonly number[], now: number, venueCancelled = false): Promise<ReturnRefund> {
  const share = await returnShare(trx, order.id, lineIds)
  // The one rule the return page's rows show (row-amounts.ts): what the card gives back and what
  // the money keeps back are the returned lines' own, each with its own part of the card.
  const ruleOf = (held: BonusesHeld) => linesReturn(share.open, share.left, held, lineIds)
  const { held, ...bonuses } = await returnTicketBonuses(trx, order, share.shareOf, now, share.last, (h) => ruleOf(h).revoked)
  const lines = ruleOf(held)
  const withheld = venueCancelled ? 0 : lines.withheld
  const amount = share.amount - withheld
  await recordLineRefunds(trx, venueCancelled ? share.byLine : lines.byLine)
  return { amount, withheld, payment: share.payment, bonuses }
}

type LineWeight = Awaited<ReturnType<typeof listLineWeights>>[number]

/** returnShare's answer. */
export interface ReturnShare {
  amount: number
  payment: PaidPayment | null
  shareOf: (left: number) => number
  last: boolean
  byLine: Map<number, number>
  /** The lines the share is split over (openLines), and what the payment has left to split. */
  open: OpenLine[]
  left: number
}

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
export async function returnShare(trx: Db, orderId: number, lineIds: readonly number[]): Promise<ReturnShare> {
  const open = openLines(await listLineWeights(trx, orderId), new Set(lineIds), await promoPercentOf(trx, orderId))
  const shareOf = (left: number) => returnedShare(left, open)
  const payment = await findPaidPayment(trx, orderId)
  // No ticket of the order is kept once these are returned.
  const last = open.every((l) => l.returning)
  // returnedShare's own split, kept per line: nothing paid (or nothing left) refunds 0 a line.
  const left = paymentLeft(payment)
  const shares = openLineShares(left, open)
  const byLine = new Map(open.filter((l) => l.returning).map((l) => [l.id, shares.get(l.id)!]))
  return { amount: shareOf(left), payment, shareOf, last, byLine, open, left }
}

/**
 * Whether a return refunding `amount` (minor units) refunds other than the page showed (`shown`,
 * major units, the request's summa: its rows' summa added up); never when the page sent none.
 */
export function refundsOtherThanShown(shown: number | undefined, amount: number): boolean {
  return shown !== undefined && toMinor(shown) !== amount
}

/**
 * What returning `lineIds` of the order refunds by the one rule, read only (row-amounts.ts
 * linesReturn over the order's discount row and the client's card as they are now): the money
 * (minor units) and the spent bonuses given back to the card, for the request's e-mail
 * (returns/create.ts). It is the sum of the lines' rows on the return page, and what the confirm
 * refunds while nothing changes meanwhile.
 */
export async function previewReturn(trx: Db, order: Pick<OrderRow, 'id' | 'crm_client_id'>, lineIds: readonly number[]): Promise<{ amount: number; credited: number }> {
  const share = await returnShare(trx, order.id, lineIds)
  const held = await readBonusesHeld(trx, order)
  return { amount: linesReturn(share.open, share.left, held, lineIds).amount, credited: returnBonusPlan(held.row, held.card, share.shareOf, share.last).credited }
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
 * What the return page shows each line not yet returned refunds, from the order's lines it has
 * read already (`lines`: every ticket line of the order, with its list cost, ticket price,
 * quantity and return status): only the services attached to them, the promo percent, the
 * payment, the discount row and the client's card are read here, and row-amounts.ts
 * returnRowAmounts answers by the rule the confirm refunds by, each row with its own part of the
 * card, so whatever rows the visitor ticks add up to exactly what the confirm refunds. Returned
 * lines are absent: they refund nothing more.
 */
export async function returnShareByLine(db: Db, order: Pick<OrderRow, 'id' | 'crm_client_id'>, lines: readonly { id: number; cost: number | string; price: number | string; quantity: number; return_status: number }[]): Promise<Map<number, number>> {
  const services = await lineServiceCosts(db, [order.id])
  const left = paymentLeft(await findPaidPayment(db, order.id))
  const weights = lines.map((l) => ({ id: l.id, cost: Number(l.cost), price: Number(l.price), quantity: Number(l.quantity), return_status: Number(l.return_status), services: services.get(l.id) ?? 0 }))
  const open = openLines(weights, new Set(), await promoPercentOf(db, order.id))
  return returnRowAmounts(open, left, await readBonusesHeld(db, order))
}

/**
 * Records the refund of `refund.amount` minor units of `payment` to order `of.orderId` (for return
 * request `of.requestId`, or null for an operator's refund), with what it kept back for bonuses
 * (`refund.withheld`, refundOfReturned), and queues it for its provider in the caller's
 * transaction (payments/refund.repository.ts recordRefund), so it commits with the return or not at all
 * and no provider outage or process killed after the commit loses it; the caller's first attempt
 * follows the commit (sendQueuedRefund), the leader's sweep retries after
 * REFUND_FIRST_ATTEMPT_LEASE_MS. A refund that keeps all of its share back sends nothing: its row
 * is recorded (recordWithheldRefund, so the payment's part left is less by it) and nothing is
 * queued (null). Nothing to send and nothing kept: nothing recorded (null). The payment is marked
 * refunded here once nothing is left: the money is owed back from this commit on, whether the
 * bank takes it now or on a retry.
 */
export async function queueRefund(trx: Db, payment: PaidPayment, of: { orderId: number; requestId: number | null }, refund: { amount: number; withheld: number }, now: number): Promise<QueuedRefund | null> {
  const { amount, withheld } = refund
  if (amount <= 0 && withheld <= 0) return null
  const row = { orderId: of.orderId, requestId: of.requestId, paymentId: payment.id, amount, bonusWithheld: withheld, now }
  const queued = amount > 0 ? await recordRefund(trx, { ...row, dueAt: now + REFUND_FIRST_ATTEMPT_LEASE_MS }) : (await recordWithheldRefund(trx, row), null)
  if (paymentLeft(payment) - amount - withheld <= 0) await markPaymentRefunded(trx, payment.id, now)
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
