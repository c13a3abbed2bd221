import { ApiFailure } from '../../errors'

/** The event flags that decide which payment methods an order may use (000 §4). */
export interface PaymentFlags {
  usepushkarta: number
  usenopushkarta: number
}

/**
 * Resolves the payment method of an order: true = the gift card, false = a bank card.
 *
 * - An event without the gift card (usepushkarta 0) is paid by bank card; asking for the gift
 *   card there is refused with -9996 (invalid payment method).
 * - An event with the gift card offers the choice (exactly one): the order must say which
 *   (USE_PUSHKIN_CARD 0 or 1), else -9995 (payment method not set). The bank card is allowed
 *   only when usenopushkarta = 1, else -9996.
 *
 * Texts are the spec's messages (000 §8), translated (server/messages).
 */
export function resolvePaymentMethod(flags: PaymentFlags, usePushkinCard: 0 | 1 | undefined): boolean {
  const invalid = () => new ApiFailure('unknown-payment-method')
  if (flags.usepushkarta !== 1) {
    if (usePushkinCard === 1) throw invalid()
    return false
  }
  if (usePushkinCard === undefined) {
    throw new ApiFailure('no-payment-method')
  }
  if (usePushkinCard === 0 && flags.usenopushkarta !== 1) throw invalid()
  return usePushkinCard === 1
}
