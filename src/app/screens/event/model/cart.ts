import { PRICE_CURRENCY_PERCENT } from '../../../../contract/constants'
import type { OrderLine } from '../../../../contract/entities/order'
import type { PriceRow } from '../../../../contract/entities/price'

/**
 * Chosen quantities and what they cost (000 §2, §4). Quantities are keyed per price row; the
 * sums shown and sent are the client's arithmetic only: the server re-prices every line.
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

/** Service fee of one ticket: money (currency_id 1) or a percentage of the price (2). */
export function feePerTicket(row: Pick<PriceRow, 'price' | 'priceservise' | 'currency_id'>): number {
  return row.currency_id === PRICE_CURRENCY_PERCENT ? (row.price * row.priceservise) / 100 : row.priceservise
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

/** Money rounded to kopecks, so float noise never reaches the screen or the request. */
export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100
}

export function totals(rows: readonly PriceRow[], q: Quantities): Totals {
  let count = 0
  let tickets = 0
  let fee = 0
  for (const row of rows) {
    const n = quantityOf(q, row)
    if (n <= 0) continue
    count += n
    tickets += n * row.price
    fee += n * feePerTicket(row)
  }
  return { count, tickets: roundMoney(tickets), fee: roundMoney(fee), total: roundMoney(tickets + fee) }
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
      sum: roundMoney(quantity * (row.price + feePerTicket(row))),
    }
    if (opts.subscritId !== undefined) {
      line.seatId = 0
      line.subscrit_id = opts.subscritId
    }
    lines.push(line)
  }
  return lines
}
