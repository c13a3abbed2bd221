import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import type { PaymentRegistry } from '../../payments/registry'
import { markPaymentRefunded, type PaidPayment } from './repository'

/**
 * The one refund rule shared by the visitor's return (returns/confirm.ts) and the operator's
 * refund (care/refund.ts): what the returned lines cost, never more than the payment has left
 * after earlier refunds; 0 when nothing was paid (a free or complimentary order).
 */
export function refundableAmount(cost: number, payment: PaidPayment | null): number {
  return payment ? Math.max(0, Math.min(cost, payment.amount - payment.refunded)) : 0
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
