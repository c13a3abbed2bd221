import { PROCULTURE_NONE, PROCULTURE_ONLY } from '../../contract/constants'
import type { PriceRow } from '../../contract/entities/price'
import { subscriptionPayableBy, type PaymentMethod } from '../../contract/rules/payment'

/** The method chosen first: the bank card when offered, else the gift card. */
export function defaultMethod(methods: readonly PaymentMethod[]): PaymentMethod {
  return methods.includes('bank') ? 'bank' : 'gift'
}

/** Price rows a method may use (useproculture: 0 all, 1 gift card only, 2 non-gift-card). */
export function rowAllowed(row: Pick<PriceRow, 'useproculture'>, method: PaymentMethod): boolean {
  return method === 'gift' ? row.useproculture !== PROCULTURE_NONE : row.useproculture !== PROCULTURE_ONLY
}

/** The visitor's payment picks as made: the method (null: none yet) and the 'by subscription' box. */
export interface PaymentPicks {
  method: PaymentMethod | null
  bySubscription: boolean
}

/** What the page offers from the picks. */
export interface ResolvedPicks {
  /** The picked method, or the default when the pick is not offered (defaultMethod). */
  method: PaymentMethod
  /** Whether the 'by subscription' box may be ticked under that method (subscriptionPayableBy). */
  subscriptionAllowed: boolean
  /** Whether the order buys by subscription: ticked, and allowed. */
  bySubscription: boolean
}

/**
 * Picking a method: one that cannot pay for subscription tickets (the gift card) clears the
 * 'by subscription' box, so going back to the bank card does not tick it again unasked.
 */
export function pickMethod(picks: PaymentPicks, method: PaymentMethod): PaymentPicks {
  return { method, bySubscription: picks.bySubscription && subscriptionPayableBy(method) }
}

/**
 * The method and the box as the page shows them. The server refuses a subscription order paid
 * with the gift card ('subscription-gift'), so the box is never on under the gift card, also
 * where the gift card is the default (an event that takes it only) and no method was picked.
 */
export function resolvePicks(methods: readonly PaymentMethod[], picks: PaymentPicks): ResolvedPicks {
  const method = picks.method !== null && methods.includes(picks.method) ? picks.method : defaultMethod(methods)
  const subscriptionAllowed = subscriptionPayableBy(method)
  return { method, subscriptionAllowed, bySubscription: subscriptionAllowed && picks.bySubscription }
}
