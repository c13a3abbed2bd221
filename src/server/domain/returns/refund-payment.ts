import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import type { PaymentRegistry } from '../../payments/registry'
import { returnTicketBonuses, type ReturnedBonuses } from '../loyalty/return-bonuses'
import { isReturned, returnedShare, type OpenLine } from '../orders/money'
import type { OrderRow } from '../orders/order.repository'
import { listLineWeights } from './refund-share.repository'
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
 *   returned before this return by their cost with the offers attached to each
 *   (orders/money.ts returnedShare); the returned lines' shares go back. A ticket bought with a
 *   promo code gives back what it was paid, not its list cost, its offers go back with it, and
 *   the last return takes all that is left. 0 when nothing was paid (a free or complimentary
 *   order, or one paid wholly by bonuses);
 * - bonuses: the same share of those spent on the order goes back to the card and of those it
 *   earned is taken back (loyalty/return-bonuses.ts), written here in the same transaction.
 */
export async function refundOfReturned(trx: Db, order: Pick<OrderRow, 'id' | 'crm_client_id'>, lineIds: readonly number[], now: number): Promise<ReturnRefund> {
  const { amount, payment, shareOf } = await returnShare(trx, order.id, lineIds)
  const bonuses = await returnTicketBonuses(trx, order, shareOf, now)
  return { amount, payment, bonuses }
}

/**
 * The money part of refundOfReturned, read only: what returning `lineIds` (not returned before,
 * or claimed by this return) gives back of the payment, and the share rule over the order's
 * lines for the rest. Whoever shows a refund before it is made (a request's e-mail, the return
 * page) can ask it the same question.
 */
export async function returnShare(trx: Db, orderId: number, lineIds: readonly number[]): Promise<{ amount: number; payment: PaidPayment | null; shareOf: (left: number) => number }> {
  const returning = new Set(lineIds)
  const open: OpenLine[] = (await listLineWeights(trx, orderId))
    .filter((l) => returning.has(l.id) || !isReturned(l.return_status))
    .map((l) => ({ id: l.id, weight: l.cost + l.services, returning: returning.has(l.id) }))
  const shareOf = (left: number) => returnedShare(left, open)
  const payment = await findPaidPayment(trx, orderId)
  return { amount: payment ? shareOf(payment.amount - payment.refunded) : 0, payment, shareOf }
}

/**
 * Sends a refund recorded in the database to the payment's provider, after the recording
 * transaction committed (so a repeat finds it recorded and sends nothing); marks the payment
 * refunded once nothing is left. Throws 'refund-provider-down' or 'refund-bank-refused'.
 */
export async function sendRefund(db: Db, registry: PaymentRegistry, payment: PaidPayment, amount: number, now: number): Promise<void> {
  const provider = registry.forProtocol(payment.protocol_type)
  if (!provider) throw new ApiFailure('refund-provider-down')
  try {
    await provider.refund({ id: payment.id, publicId: payment.public_id ?? '', amount: payment.amount }, amount)
  } catch {
    throw new ApiFailure('refund-bank-refused')
  }
  if (payment.refunded + amount >= payment.amount) await markPaymentRefunded(db, payment.id, now)
}
