import { ORDER_STATUS_CANCELLED, ORDER_STATUS_CONFIRMED } from '../../../contract/constants'
import { ApiFailure } from '../../errors'
import type { OrderRow } from './order.repository'

/** Milliseconds per second, for reserve time left. */
const MS_PER_S = 1000

/** Seconds left to pay (001 §9 payment countdown); 0 once paid, cancelled or expired. */
export function reserveSecondsLeft(order: Pick<OrderRow, 'paid' | 'status' | 'reserve_until'>, now: number): number {
  if (order.paid === 1 || order.status === ORDER_STATUS_CANCELLED) return 0
  return Math.max(0, Math.ceil((order.reserve_until - now) / MS_PER_S))
}

/**
 * The status the order view reports (demandstatusid): an unpaid order whose reserve time has
 * passed is cancelled, as the expiry sweeper will record within its interval (nothing can pay
 * it meanwhile: changeRefusal refuses), so a page whose timer ran out sees "cancelled" at once.
 */
export function viewStatus(order: Pick<OrderRow, 'paid' | 'status' | 'reserve_until'>, now: number): number {
  if (order.paid === 0 && order.status !== ORDER_STATUS_CANCELLED && order.reserve_until <= now) return ORDER_STATUS_CANCELLED
  return order.status
}

/**
 * What the visitor was doing when refused: paying (payment start), or changing the order (special
 * offers, promo code, bonuses, the hold). A cancelled or lapsed order is refused either way, with
 * the same error code; the text names the action ("Unable to pay…" is no answer to a promo code).
 */
export type OrderAction = 'pay' | 'change'

const LAPSED_REASONS = {
  pay: { cancelled: 'order-cancelled', expired: 'order-expired' },
  change: { cancelled: 'order-change-cancelled', expired: 'order-change-expired' },
} as const

/** Why an order cannot be changed (or, for `pay`, paid) now, or null when it can. */
export function changeRefusal(order: Pick<OrderRow, 'paid' | 'status' | 'reserve_until'>, now: number, action: OrderAction = 'change'): ApiFailure | null {
  if (order.paid === 1) return new ApiFailure('order-paid')
  if (order.status === ORDER_STATUS_CANCELLED) return new ApiFailure(LAPSED_REASONS[action].cancelled)
  if (order.status !== ORDER_STATUS_CONFIRMED) return new ApiFailure('order-unconfirmed')
  if (reserveSecondsLeft(order, now) <= 0) return new ApiFailure(LAPSED_REASONS[action].expired)
  return null
}

/** Throws the refusal of changeRefusal for a change of the order. */
export function assertChangeable(order: Pick<OrderRow, 'paid' | 'status' | 'reserve_until'>, now: number): void {
  const refusal = changeRefusal(order, now, 'change')
  if (refusal) throw refusal
}

/** Throws the refusal of changeRefusal for a payment start: its texts say the order cannot be paid. */
export function assertPayable(order: Pick<OrderRow, 'paid' | 'status' | 'reserve_until'>, now: number): void {
  const refusal = changeRefusal(order, now, 'pay')
  if (refusal) throw refusal
}

/** Buyer name as one line: the full name, or the gift-card name parts. */
export function buyerName(order: Pick<OrderRow, 'fio' | 'surname' | 'name' | 'patronymic'>): string {
  return order.fio || [order.surname, order.name, order.patronymic].filter((p) => p !== '').join(' ')
}

/**
 * Printing (tickets, codes) is allowed once paid and confirmed. A paid order is left unconfirmed
 * only while its named tickets await their holders (a free named order, paid at once; a box-office
 * named sale, paid at the desk before the holders are known: boxoffice/sell.ts): its codes are
 * withheld, and the door refuses them as `unnamed` (redemption/service.ts), until the names are
 * entered and confirm it (nominal/confirm.ts, order care).
 */
export function printingAllowed(order: Pick<OrderRow, 'paid' | 'status'>): boolean {
  return order.paid === 1 && order.status === ORDER_STATUS_CONFIRMED
}
