import type { Db } from '../../db/connect'
import { BONUS_MINOR } from './constants'
import { findOrderDiscount, servicesTotal, type OrderDiscountRow } from './repository'

/** Hundred percent, for percent promo codes. */
const PERCENT_WHOLE = 100

/** The money of an order, minor units, always computed from the database (never from the client). */
export interface OrderMoney {
  /** Tickets with their service fees (orders.total). */
  tickets: number
  /** Service fees inside `tickets`. */
  fees: number
  /** Added services (special offers). */
  services: number
  /** Before discounts: tickets + services. */
  gross: number
  /** Promo code part of the discount. */
  promo: number
  /** Bonuses applied (count; each pays BONUS_MINOR). */
  bonuses: number
  /** Whole discount (promo + bonuses), never above gross. */
  discount: number
  /** What the buyer pays: gross − discount. */
  payable: number
  /** The live discount row (null when none or released). */
  discountRow: OrderDiscountRow | null
}

/**
 * Promo discount of an order: a percent of the ticket prices (fees and services excluded) or a
 * fixed amount, never above what is left after nothing else.
 */
export function promoDiscount(ticketPrices: number, gross: number, promo: { discount_percent: number | null; discount_amount: number | null }): number {
  const percent = Math.floor((ticketPrices * (promo.discount_percent ?? 0)) / PERCENT_WHOLE)
  return Math.min(gross, percent + (promo.discount_amount ?? 0))
}

/**
 * Computes the order's money now. A percent promo follows the order's content (adding a
 * service later does not leave a stale discount), so the discount is recomputed, not stored.
 */
export async function orderMoney(db: Db, order: { id: number; total: number; service_total: number }): Promise<OrderMoney> {
  const [services, row] = await Promise.all([servicesTotal(db, order.id), findOrderDiscount(db, order.id)])
  const discountRow = row && row.released_at === null ? row : null
  const gross = order.total + services
  const promo = discountRow && discountRow.promo_code_id !== null ? promoDiscount(order.total - order.service_total, gross, discountRow) : 0
  const bonuses = discountRow?.bonuses_used ?? 0
  const discount = Math.min(gross, promo + bonuses * BONUS_MINOR)
  return { tickets: order.total, fees: order.service_total, services, gross, promo, bonuses, discount, payable: gross - discount, discountRow }
}

/** Bonuses that may still pay for an order: whole roubles left after the promo discount. */
export function maxBonusesFor(money: Pick<OrderMoney, 'gross' | 'promo'>): number {
  return Math.max(0, Math.floor((money.gross - money.promo) / BONUS_MINOR))
}
