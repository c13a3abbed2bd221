import { CARD_SCHEME_PENDING } from '../../../contract/constants'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { cardSchemeVerifyCode } from '../orders/card-scheme'
import { listPayments } from '../orders/order-payments.repository'
import { cancelPendingPayments } from './loyalty.repository'

/**
 * What an unpaid order's payments go through before its amount changes (special offers added or
 * removed, a promo code or bonuses applied or cancelled: offers/service.ts, loyalty/service.ts),
 * in the change's transaction with the order locked; the one rule of every such change.
 * - A card-scheme payment being verified (code 3, 001 §9) refuses the change, as it refuses a
 *   second payment start (payments/service.ts): the scheme approves the amount it was asked
 *   for, so a change meanwhile made its approval a refund and the buyer's payment was lost.
 * - Other pending payments are cancelled: their amount is no longer the order's (a bank that
 *   still approves one is refunded by the settlement, payments/settle.ts).
 */
export async function preparePaymentsForChange(trx: Db, orderId: number, now: number): Promise<void> {
  if (cardSchemeVerifyCode(await listPayments(trx, orderId)) === CARD_SCHEME_PENDING) throw new ApiFailure('payment-verifying')
  await cancelPendingPayments(trx, orderId, now)
}
