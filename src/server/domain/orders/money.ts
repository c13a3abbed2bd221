import { allocateByWeight, orderSum, type OrderSum } from '../../../contract/rules/money'
import { isReturned } from '../../../contract/rules/return-status'
import type { Db } from '../../db/connect'
import { keptPaymentsOf, readMoneyParts, type LineMoney, type OrderDiscountRow, type ServiceMoney } from './money.repository'

/** The money of an order, minor units, always computed from the database (never from the client). */
export interface OrderMoney extends OrderSum {
  /** The live discount row (null when none or released). */
  discountRow: OrderDiscountRow | null
}

/** Re-exported where the server's money rules are read (its home is the contract's rules). */
export { isReturned }

/**
 * The order's money from its ticket lines (returned ones excluded), its added services (those
 * attached to a returned ticket apart, in `returnedServices`: orderMoney) and its live discount, by the money
 * rule (contract/rules/money.ts). A return takes its tickets' share of the bonuses off the
 * discount row (loyalty/return-bonuses.ts), so the bonuses counted are the kept tickets', and
 * the kept tickets keep their proportional part of the promo discount (orderSum), so what is left
 * to pay and what was refunded add up to what was paid. A percent promo follows the order's
 * content (adding a service later does not leave a stale discount), so the discount is
 * recomputed, not stored.
 */
export function moneyOf(lines: readonly LineMoney[], services: readonly number[], row: OrderDiscountRow | null | undefined, returnedServices: readonly number[]): OrderMoney {
  const discountRow = row && row.released_at === null ? row : null
  const sum = orderSum({
    tickets: lines.map((l) => ({ price: l.price, fee: l.service_fee, quantity: l.quantity, returned: isReturned(l.return_status) })),
    services,
    returnedServices,
    promo: discountRow && discountRow.promo_code_id !== null ? { percent: discountRow.discount_percent ?? 0, amount: discountRow.discount_amount ?? 0 } : null,
    bonuses: discountRow?.bonuses_used ?? 0,
  })
  return { ...sum, discountRow }
}

/** The order's money now, read from the database (moneyOf). */
export async function orderMoney(db: Db, order: { id: number }): Promise<OrderMoney> {
  const parts = await readMoneyParts(db, order.id)
  // A service attached to a returned ticket went back with it (its return refunded it): no longer part of the order's money.
  const gone = (s: ServiceMoney) => s.line_return_status !== null && isReturned(s.line_return_status)
  const kept = parts.services.filter((s) => !gone(s)).map((s) => s.cost)
  const returned = parts.services.filter(gone).map((s) => s.cost)
  return moneyOf(parts.lines, kept, parts.discount, returned)
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
export async function paidAmounts(db: Db, orders: readonly OrderPaid[]): Promise<Map<number, number>> {
  return paidOf(orders, await keptPaymentsOf(db, orders.filter((o) => o.paid === 1).map((o) => o.id)))
}

/** paidAmounts of `orders`, every one with a line in session `calendarId`: one read of the session's orders however many. */
export async function sessionPaidAmounts(db: Db, calendarId: number, orders: readonly OrderPaid[]): Promise<Map<number, number>> {
  return paidOf(orders, await keptPaymentsOf(db, { calendarId }))
}

type OrderPaid = { id: number; paid: number }
const paidOf = (orders: readonly OrderPaid[], kept: ReadonlyMap<number, number>) => new Map(orders.map((o) => [o.id, o.paid === 1 ? (kept.get(o.id) ?? 0) : 0]))

/** A ticket line sold and kept (its order paid, not cancelled, the line not returned), with its list cost (price and fee). */
export interface KeptLine {
  id: number
  order_id: number
  cost: number
  /** The added services (offers) attached to it, minor units summed. */
  services: number
}

/**
 * What each kept ticket line brought in (line id → minor units): its order's paid amount
 * (paidAmounts: payments less refunds) split over all of the order's kept lines, of every
 * session, by their list cost with the offers attached to each (contract/rules/money.ts
 * allocateByWeight; the weight a return refunds by, returnedShare). So a promo code's discount
 * and the bonuses paid come off each line in proportion, a complimentary desk order's lines
 * bring 0, what an order paid for a ticket's offers comes with that ticket (offers attached to
 * none with all its tickets), and an order's lines add up to its paid amount exactly. A refund lowers what the lines left share (a return
 * refunds its lines' share of what the payment has left: returnedShare). O(lines).
 */
export function keptLineShares(lines: readonly KeptLine[], paid: ReadonlyMap<number, number>): Map<number, number> {
  const byOrder = new Map<number, KeptLine[]>()
  for (const l of lines) {
    const own = byOrder.get(l.order_id)
    if (own) own.push(l)
    else byOrder.set(l.order_id, [l])
  }
  const out = new Map<number, number>()
  for (const [orderId, own] of byOrder) {
    // By id, so the rounding remainder lands on the same line at every read.
    const sorted = own.sort((a, b) => a.id - b.id)
    const shares = allocateByWeight(paid.get(orderId) ?? 0, sorted.map((l) => l.cost + l.services))
    sorted.forEach((l, i) => out.set(l.id, shares[i]))
  }
  return out
}

/** An order's ticket line not yet returned, as a return splits what the order has left over it. */
export interface OpenLine {
  id: number
  /** Its list cost (price and fee) plus the added services attached to it. */
  weight: number
  /** Returned by the return being made. */
  returning: boolean
}

/**
 * The one rule of what returning tickets gives back (the visitor's return and the console's
 * refund): `left` (what the payment has left after earlier refunds, or the bonuses the order
 * still holds) split over the order's lines not yet returned, the returning ones among them
 * included, by weight (allocateByWeight, by id as keptLineShares, so the rounding remainder
 * lands on the same line at every return), and the returning lines' shares added up. So each
 * ticket takes back its part of a promo discount and of the bonuses, a ticket's offers go back
 * with it, and the last return takes all that is left: nothing is refunded twice, nothing kept.
 * O(lines).
 */
export function returnedShare(left: number, open: readonly OpenLine[]): number {
  if (left <= 0) return 0
  const shares = openLineShares(left, open)
  return open.reduce((sum, l) => (l.returning ? sum + shares.get(l.id)! : sum), 0)
}

/**
 * returnedShare's split itself: `left` over the `open` lines by weight, by id, as line id → its
 * share. Each line's share is what returning it alone gives back, so whoever shows every line's
 * refund (the return page) splits once for all of them. O(lines log lines).
 */
export function openLineShares(left: number, open: readonly Pick<OpenLine, 'id' | 'weight'>[]): Map<number, number> {
  const sorted = [...open].sort((a, b) => a.id - b.id)
  const shares = left > 0 ? allocateByWeight(left, sorted.map((l) => l.weight)) : sorted.map(() => 0)
  return new Map(sorted.map((l, i) => [l.id, shares[i]]))
}
