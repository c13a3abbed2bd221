/** The two ways to pay (000 §4): exactly one is chosen. */
export type PaymentMethod = 'gift' | 'bank'

/** The event's flags that decide which payment methods an order may use (000 §4). */
export interface PaymentFlags {
  usepushkarta: number
  usenopushkarta: number
}

/**
 * Methods the event offers (000 §4, §6), the one rule the page and the server read: the gift
 * card when usepushkarta = 1 and setup's db.showproculture = 1 (the audience it is offered to);
 * the bank card unless the event takes the gift card only (usepushkarta = 1 and usenopushkarta
 * = 0) and the gift card is offered. A shop that does not offer the gift card sells every event
 * by bank card, so switching the option off in the console never leaves an event unbuyable.
 */
export function paymentMethods(flags: PaymentFlags, showproculture: number): PaymentMethod[] {
  const gift = flags.usepushkarta === 1 && showproculture === 1
  const bank = !gift || flags.usenopushkarta === 1
  const out: PaymentMethod[] = []
  if (gift) out.push('gift')
  if (bank) out.push('bank')
  return out
}

/**
 * Whether tickets bought by subscription may be paid by `method` (our rule; the spec names no
 * pairing): never by the gift card. A subscription's tickets are priced by its own rows
 * (for_subscription) and drawn from what it has left, while the gift card buys one ticket at a
 * gift-card price for a named holder, so the two never make one order. The page offers one or
 * the other (app/kernel/usePaymentChoice.ts); the server refuses the pair with
 * 'subscription-gift' on every order path (orders/payment-method.ts).
 */
export function subscriptionPayableBy(method: PaymentMethod): boolean {
  return method !== 'gift'
}
