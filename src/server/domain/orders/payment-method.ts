import { paymentMethods, subscriptionPayableBy, type PaymentFlags } from '../../../contract/rules/payment'
import { ApiFailure } from '../../errors'

/**
 * Resolves the payment method of an order: true = the gift card, false = a bank card. The
 * methods offered are the page's rule (paymentMethods: the event's flags and setup's
 * db.showproculture), so the server refuses exactly what the page does not offer.
 *
 * - A method the event does not offer here is refused with -9996 (invalid payment method):
 *   the gift card where the event or the shop does not offer it, the bank card on an event
 *   that takes the gift card only.
 * - Where the gift card is offered the order must say which (USE_PUSHKIN_CARD 0 or 1), else
 *   -9995 (payment method not set); elsewhere an order that says nothing pays by bank card.
 *
 * Texts are the spec's messages (000 §8), translated (server/messages).
 */
export function resolvePaymentMethod(flags: PaymentFlags, showproculture: number, usePushkinCard: 0 | 1 | undefined): boolean {
  const methods = paymentMethods(flags, showproculture)
  if (usePushkinCard === undefined) {
    if (methods.includes('gift')) throw new ApiFailure('no-payment-method')
    return false
  }
  if (!methods.includes(usePushkinCard === 1 ? 'gift' : 'bank')) throw new ApiFailure('unknown-payment-method')
  return usePushkinCard === 1
}

/**
 * Refuses an order (or a cart) that buys by subscription and pays with the gift card:
 * 'subscription-gift' (subscriptionPayableBy, the rule the page reads too).
 */
export function refuseSubscriptionGift(giftCard: boolean, bySubscription: boolean): void {
  if (bySubscription && !subscriptionPayableBy(giftCard ? 'gift' : 'bank')) throw new ApiFailure('subscription-gift')
}
