import { CARD_SCHEME_FAILURE, CARD_SCHEME_PENDING, ORDER_STATUS_CANCELLED, ORDER_STATUS_CONFIRMED } from '../../../../contract/constants'
import type { OrderViewResponse } from './types'

export type OrderBadge = 'paid' | 'not-paid' | 'cancelled'

type StatusFields = Pick<OrderViewResponse, 'paid' | 'demandstatusid' | 'verifyCode'>

/** The badge (001 §4): paid; cancelled (status 90 or the card-scheme failure code); otherwise not paid. */
export function orderBadge(o: StatusFields): OrderBadge {
  if (o.paid === 1) return 'paid'
  if (o.demandstatusid === ORDER_STATUS_CANCELLED || o.verifyCode === CARD_SCHEME_FAILURE) return 'cancelled'
  return 'not-paid'
}

/**
 * An unpaid order whose card-scheme payment is being verified (code 3, 001 §4): the page polls it
 * until it settles, and the server refuses every change of its amount meanwhile (promo code,
 * bonuses, their cancellation, special offers: 'payment-verifying', server
 * domain/loyalty/amount-change.ts), so the page offers none.
 */
export function isVerifying(o: Pick<OrderViewResponse, 'paid' | 'verifyCode'>): boolean {
  return o.paid !== 1 && o.verifyCode === CARD_SCHEME_PENDING
}

/** Not confirmed = neither confirmed nor cancelled (named data still to be entered): go to tickets-nominal. */
export function needsConfirmation(o: Pick<OrderViewResponse, 'demandstatusid'>): boolean {
  return o.demandstatusid !== ORDER_STATUS_CONFIRMED && o.demandstatusid !== ORDER_STATUS_CANCELLED
}
