import { allocateByWeight, BONUS_MINOR, chargedWeight, orderSum, type OrderSum } from '../../../contract/rules/money'
import { isReturned } from '../../../contract/rules/return-status'
import type { Db } from '../../db/connect'
import { wentThrough } from './constants'
import { paymentsOfOrders, readMoneyParts, type LineMoney, type OrderDiscountRow, type OrderPayments, type ServiceMoney } from './money.repository'
import { readOrderPayments } from './order-payments.repository'

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
 * the kept tickets keep their part of the promo discount by the weights a return refunds by
 * (orderSum, chargedWeight: their own percent part and their weighted part of the rest), so what
 * is left to pay and what was refunded add up to what was paid. A percent promo follows the order's
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
 * What the buyer of an order paid, minor units, as the console shows it: what its payments took,
 * less what was given back. A payment's amount is the order's payable by the money rule at the
 * moment it paid (payments/settle.ts checks them equal), so promo codes, bonuses and added
 * services are in it, where the order's `total` (its list sum at creation) has none of them; a
 * complimentary desk sale pays 0, a free order has no payment (0), a refund (a return, the
 * console's refund) lowers it by what went back, as it lowers the Sales revenue, and a late
 * payment refused and refunded nets 0. 0 while the order is unpaid.
 *
 * The rule's one home, pure over rows already read: paidAmounts feeds it grouped sums, the order
 * view (order-page/view.ts) the order's own payments and refunds read in one statement, so both
 * say the same and the view's paid and refunded come from one snapshot. Only the payments that
 * went through count (WENT_THROUGH_STATUSES); `refunded` is every refund of the order.
 */
export function paidOfPayments(order: OrderPaid, { payments, refunded }: OrderPayments): number {
  if (order.paid !== 1) return 0
  const taken = payments.reduce((sum, p) => (wentThrough(p.status) ? sum + Number(p.amount) : sum), 0)
  return taken - refunded
}

/**
 * demsumma, minor units: what an unpaid order costs by the money rule; what a paid one's buyer
 * paid, less what went back (orders/money.ts paidOfPayments, the console's paid amount). Its payment
 * took the payable (payments/settle.ts checks them equal), but a complimentary desk sale
 * (boxoffice/sell.ts) pays 0 for tickets the rule prices at their list sum, and after a return the
 * kept tickets' payable (their promo share rounded down, contract/rules/money.ts) can be a few
 * kopecks (at most about one per ticket line) off what the refunds left (split by allocateByWeight): the view's demsumma and `refunded` add
 * up to what was paid only when demsumma is what the payments kept. `paid` is the order's payments
 * and refunds as the view read them, in one statement with the `refunded` it shows, so the two
 * add up even while a refund commits. The order page's demsumma (order-page/view.ts) and the tickets e-mail's sum
 * (mail/templates/sendOrderPaid.ts) both show it.
 */
export function totalToPay(order: OrderPaid, payable: number, paid: OrderPayments): number {
  return order.paid === 1 ? paidOfPayments(order, paid) : payable
}

/**
 * totalToPay of `order` as it stands, minor units: its money and its payments read now. The
 * tickets e-mail's sum and the named-ticket page's to-pay (nominal/order-data.ts); the order page
 * reads the same two for more than this (order-page/view.ts).
 */
export async function orderToPay(db: Db, order: OrderPaid): Promise<number> {
  const [money, paid] = await Promise.all([orderMoney(db, order), readOrderPayments(db, order.id)])
  return totalToPay(order, money.payable, paid)
}

/** paidOfPayments of each order (order id → minor units), the console's paid amount. One read for a list of orders. */
export async function paidAmounts(db: Db, orders: readonly OrderPaid[]): Promise<Map<number, number>> {
  return paidOf(orders, await paymentsOfOrders(db, orders.filter((o) => o.paid === 1).map((o) => o.id)))
}

/** paidAmounts of `orders`, every one with a line in session `calendarId`: one read of the session's orders however many. */
export async function sessionPaidAmounts(db: Db, calendarId: number, orders: readonly OrderPaid[]): Promise<Map<number, number>> {
  return paidOf(orders, await paymentsOfOrders(db, { calendarId }))
}

type OrderPaid = { id: number; paid: number }
const NONE: OrderPayments = { payments: [], refunded: 0 }
const paidOf = (orders: readonly OrderPaid[], read: ReadonlyMap<number, OrderPayments>) => new Map(orders.map((o) => [o.id, paidOfPayments(o, read.get(o.id) ?? NONE)]))

/** A ticket line as the share rule weighs it: its list cost (price and fee), its ticket price and quantity, the added services (offers) attached to it, minor units summed. */
export interface WeighedLine {
  cost: number
  price: number
  quantity: number
  services: number
}

/**
 * What `line` was charged, as the weight that splits its order's money over its lines: the money
 * rule's chargedWeight (contract/rules/money.ts, the rule's one home) of its cost, its prices and
 * its offers, less its own part of the order's percent promo (`promoPercent`, 0 when none). The
 * weight of a return's refund and of the bonuses it moves (returns/refund-payment.ts) and of the
 * console's revenue per ticket (keptLineShares).
 */
export function lineWeight(line: WeighedLine, promoPercent: number): number {
  return chargedWeight({ cost: line.cost, prices: line.price * line.quantity, services: line.services }, promoPercent)
}

/** A ticket line sold and kept (its order paid, not cancelled, the line not returned), as the share rule weighs it. */
export interface KeptLine extends WeighedLine {
  id: number
  order_id: number
}

/**
 * What each kept ticket line brought in (line id → minor units): its order's paid amount
 * (paidAmounts: payments less refunds) split over all of the order's kept lines, of every
 * session, by what each was charged (lineWeight with the order's promo percent from `percents`,
 * order id → percent; contract/rules/money.ts allocateByWeight; the weight a return refunds by,
 * returnedShare). So a line carries its own part of a percent promo code and its weighted part of
 * a fixed promo and of the bonuses paid, a complimentary desk order's lines bring 0, what an
 * order paid for a ticket's offers comes with that ticket (offers attached to none with all its
 * tickets), and an order's lines add up to its paid amount exactly. A refund lowers what the
 * lines left share (a return refunds its lines' share of what the payment has left:
 * returnedShare). O(lines).
 */
export function keptLineShares(lines: readonly KeptLine[], paid: ReadonlyMap<number, number>, percents: ReadonlyMap<number, number>): Map<number, number> {
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
    const percent = percents.get(orderId) ?? 0
    const shares = allocateByWeight(paid.get(orderId) ?? 0, sorted.map((l) => lineWeight(l, percent)))
    sorted.forEach((l, i) => out.set(l.id, shares[i]))
  }
  return out
}

/**
 * What each ticket line brought in for the console's revenue (line id → minor units): the kept
 * lines' keptLineShares, and for an order none of whose tickets is kept any more (every one
 * returned) what it still holds of what it paid (paidAmounts: payments less refunds, the money its
 * returns kept back for earned bonuses the card had spent, refunds.bonus_withheld) split the same
 * way over its `returned` lines, so that money is revenue too, not lost with its last ticket. An
 * order with a kept line carries it on those (keptLineShares) and gives its returned lines
 * nothing. O(lines).
 */
export function revenueLineShares(kept: readonly KeptLine[], returned: readonly KeptLine[], paid: ReadonlyMap<number, number>, percents: ReadonlyMap<number, number>): Map<number, number> {
  const shares = keptLineShares(kept, paid, percents)
  const keeping = new Set(kept.map((l) => l.order_id))
  for (const [id, share] of keptLineShares(returned.filter((l) => !keeping.has(l.order_id)), paid, percents)) shares.set(id, share)
  return shares
}

/** An order's ticket line not yet returned, as a return splits what the order has left over it. */
export interface OpenLine {
  id: number
  /** What it was charged (lineWeight): its list cost less its own percent promo part, plus the added services attached to it. */
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
 * ticket takes back what it was charged (its weight, lineWeight: its own percent promo part off,
 * its weighted part of a fixed promo and of the bonuses), a ticket's offers go back with it, and
 * the last return takes all that is left: nothing is refunded twice, nothing kept.
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

/**
 * What a return keeps back of its money share `amount` (minor units) for the bonuses its tickets
 * earned (`earned`, their share of the order's charged bonuses) that the card no longer holds
 * (`taken`: what was, or would be, taken back from it; the card never goes below zero). Spent
 * since, those bonuses already paid for something, so they come off the money at their value
 * (BONUS_MINOR each, the rate they pay at) and buying, spending the bonuses and returning earns
 * nothing. Never more than `amount`: a refund does not go below zero.
 */
export function bonusWithheld(amount: number, earned: number, taken: number): number {
  return Math.max(0, Math.min(amount, (earned - taken) * BONUS_MINOR))
}
