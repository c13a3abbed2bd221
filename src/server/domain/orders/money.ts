import { RETURN_STATUS_CONFIRMED } from '../../../contract/constants'
import { orderSum, type OrderSum } from '../../../contract/rules/money'
import type { Db } from '../../db/connect'
import { keptPaymentsOf, readMoneyParts, type LineMoney, type OrderDiscountRow } from './money.repository'

/** The money of an order, minor units, always computed from the database (never from the client). */
export interface OrderMoney extends OrderSum {
  /** The live discount row (null when none or released). */
  discountRow: OrderDiscountRow | null
}

/** A ticket line counts as returned once its return is confirmed (70 and 80). */
export function isReturned(returnStatus: number): boolean {
  return returnStatus >= RETURN_STATUS_CONFIRMED
}

/**
 * The order's money from its ticket lines (returned ones excluded), its added services and its
 * live discount, by the money rule (contract/rules/money.ts). A percent promo follows the order's
 * content (adding a service later does not leave a stale discount), so the discount is
 * recomputed, not stored.
 */
export function moneyOf(lines: readonly LineMoney[], services: readonly number[], row: OrderDiscountRow | null | undefined): OrderMoney {
  const discountRow = row && row.released_at === null ? row : null
  const sum = orderSum({
    tickets: lines.map((l) => ({ price: l.price, fee: l.service_fee, quantity: l.quantity, returned: isReturned(l.return_status) })),
    services,
    promo: discountRow && discountRow.promo_code_id !== null ? { percent: discountRow.discount_percent ?? 0, amount: discountRow.discount_amount ?? 0 } : null,
    bonuses: discountRow?.bonuses_used ?? 0,
  })
  return { ...sum, discountRow }
}

/** The order's money now, read from the database (moneyOf). */
export async function orderMoney(db: Db, order: { id: number }): Promise<OrderMoney> {
  const parts = await readMoneyParts(db, order.id)
  return moneyOf(parts.lines, parts.services, parts.discount)
}

/**
 * What the buyer paid for each order (order id → minor units), as the console shows it: what
 * its payments took, less what was given back. A payment's amount is the order's payable by the
 * money rule at the moment it paid (payments/settle.ts checks them equal), so promo codes,
 * bonuses and added services are in it, where the order's `total` (its list sum at creation)
 * has none of them; a complimentary desk sale pays 0, a free order has no payment (0), a refund
 * (a return, the console's refund) lowers it by what went back, as it lowers the Sales revenue,
 * and a late payment refused and refunded nets 0. 0 while the order is unpaid. One read for a
 * list of orders.
 */
export async function paidAmounts(db: Db, orders: readonly { id: number; paid: number }[]): Promise<Map<number, number>> {
  const kept = await keptPaymentsOf(db, orders.filter((o) => o.paid === 1).map((o) => o.id))
  return new Map(orders.map((o) => [o.id, o.paid === 1 ? (kept.get(o.id) ?? 0) : 0]))
}
