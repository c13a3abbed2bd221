import type { OrderLine } from '../../contract/entities/order'
import type { PriceRow } from '../../contract/entities/price'
import { orderSum, rowTicket, toMajor } from '../../contract/rules/money'

/**
 * Chosen quantities and what they cost (000 §2, §4). Quantities are keyed per price row; the
 * sums shown and sent come from the money rule (contract/rules/money.ts), the one the server
 * prices the order with, so the cart, the line sums and the order agree to the kopeck.
 */
export type Quantities = Readonly<Record<string, number>>

/** Stable key of a price row: one client category in one zone level of one action. */
export function rowKey(row: Pick<PriceRow, 'action_id' | 'clientcategory_id' | 'zonelevel_id' | 'passagequant'>): string {
  return `${row.passagequant > 0 ? 'g' : 'p'}:${row.action_id}:${row.clientcategory_id}:${row.zonelevel_id}`
}

export function quantityOf(q: Quantities, row: PriceRow): number {
  return q[rowKey(row)] ?? 0
}

/** Price rows of a day and time: rows for that day whose time is the chosen one or '' (any). */
export function rowsFor(rows: readonly PriceRow[], day: string | null, time: string | null): PriceRow[] {
  if (day === null || time === null) return []
  return rows.filter((r) => r.action_day === day && (r.time === '' || r.time === time))
}

export interface Totals {
  /** Tickets chosen (group tickets count one each). */
  count: number
  /** Ticket prices. */
  tickets: number
  /** Service fees; shown only when above 0 (000 §9). */
  fee: number
  /** What the buyer pays. */
  total: number
}

/** Totals of a set of tickets (price rows or cart items) with their quantities, by the money rule. */
export function ticketTotals(items: readonly { row: Pick<PriceRow, 'price' | 'priceservise' | 'currency_id'>; quantity: number }[]): Totals {
  const sum = orderSum({ tickets: items.map((i) => ({ ...rowTicket(i.row), quantity: i.quantity })) })
  return { count: sum.count, tickets: toMajor(sum.tickets), fee: toMajor(sum.fees), total: toMajor(sum.gross) }
}

export function totals(rows: readonly PriceRow[], q: Quantities): Totals {
  return ticketTotals(rows.map((row) => ({ row, quantity: quantityOf(q, row) })))
}

/** Sum of the chosen quantities of some rows. */
export function countOf(rows: readonly PriceRow[], q: Quantities): number {
  return rows.reduce((n, row) => n + quantityOf(q, row), 0)
}

/** A free event: the action may be free (maybefree = 1) and every offered price is 0. */
export function isFree(maybefree: number, rows: readonly PriceRow[]): boolean {
  return maybefree === 1 && rows.length > 0 && rows.every((r) => r.price === 0)
}

export interface LineOptions {
  day: string
  time: string
  /** Subscription orders carry seatId 0 and the subscription's id (000 §3). */
  subscritId?: number
}

/** Order lines of the request (000 §3 "Order line sent"), one per chosen row. */
export function orderLines(rows: readonly PriceRow[], q: Quantities, opts: LineOptions): OrderLine[] {
  const lines: OrderLine[] = []
  for (const row of rows) {
    const quantity = quantityOf(q, row)
    if (quantity <= 0) continue
    const line: OrderLine = {
      day: opts.day,
      time: opts.time,
      actionId: row.action_id,
      categoryId: row.clientcategory_id,
      zoneId: row.zonelevel_id,
      quantity,
      // What the line costs the buyer, fees included: the server checks it by the same rule.
      sum: ticketTotals([{ row, quantity }]).total,
    }
    if (opts.subscritId !== undefined) {
      line.seatId = 0
      line.subscrit_id = opts.subscritId
    }
    lines.push(line)
  }
  return lines
}
