import type { Db } from '../../db/connect'
import { soldPerPrice } from './stock.repository'

/**
 * General-admission stock of sessions (calendars): what each price row and each session has
 * sold. "Sold" is the quantity of order lines of live orders (live.ts: not cancelled, paid or
 * within their reserve time) that were not returned. The listing (availability.ts), the event
 * page, the console's Sales screen and order creation all count with this; what a session has
 * left is sessionLeft, the one rule of each.
 */
export interface CalendarSales {
  /** Tickets sold or reserved in the session over all its price rows. */
  sold: number
  /** Tickets sold or reserved per price row id. */
  byPrice: Map<number, number>
}

/**
 * Sales of the given sessions at `now` (a session without any sale is present with zeros);
 * `exceptOrderId` leaves one order out (an order counting what others hold, its lines written).
 */
export async function salesOf(db: Db, calendarIds: readonly number[], now: number, exceptOrderId?: number): Promise<Map<number, CalendarSales>> {
  const out = new Map<number, CalendarSales>()
  for (const id of calendarIds) out.set(id, { sold: 0, byPrice: new Map() })
  if (calendarIds.length === 0) return out
  const rows = await soldPerPrice(db, calendarIds, now, exceptOrderId)
  for (const r of rows) {
    const s = out.get(r.calendar_id)!
    const n = Number(r.n)
    s.sold += n
    s.byPrice.set(r.price_id, (s.byPrice.get(r.price_id) ?? 0) + n)
  }
  return out
}

/** A price row as the stock rule reads it. */
export interface StockRow {
  id: number
  quantity: number
  for_subscription: number
}

/** A session's capacity: calendars.capacity, or else the sum of its regular price rows. */
export function capacityOf(capacity: number | null, rows: readonly { quantity: number; for_subscription: number }[]): number {
  return capacity ?? rows.filter((p) => p.for_subscription === 0).reduce((s, p) => s + p.quantity, 0)
}

/**
 * What the session's own stock (capacityOf) still allows: it less every ticket sold or reserved
 * in the session, at any row (subscription rows share calendars.capacity). Order creation caps
 * each order by it (admission/create.ts), so it also caps every single row (rowLeft).
 */
export function capacityLeft(capacity: number | null, rows: readonly StockRow[], sales: CalendarSales): number {
  return Math.max(0, capacityOf(capacity, rows) - sales.sold)
}

/**
 * Tickets left in a session (the event page's day, the listing, the console's Sales): the most
 * one order can still take there. Order creation holds an order to the session's own stock left
 * (capacityLeft) and each line to its row's own quantity less what was sold there, so a
 * calendars.capacity larger than the rows is no tickets (capacity 500, rows 2 × 100, 150 sold: 50
 * left, not 350). An order is of one kind (admission/plan.ts): regular rows, or, for a
 * subscription's holder, subscription rows (for_subscription = 1) only; so the session's left is
 * the larger of the two kinds' (a holder still sees a session whose public rows are sold out; a
 * visitor's rows show their own 0). Group-excursion rows (passagequant > 0) are regular rows
 * counted in groups: a group ticket is one ticket of the session's stock (contract/rules/limits.ts
 * ticketsInOrder), and a row's quantity counts groups. With no calendars.capacity the regular
 * rows' sum is the capacity. A row's minimum order (needprice) is not modelled: such a row's last
 * few tickets count though no order of them is accepted.
 */
export function sessionLeft(capacity: number | null, rows: readonly StockRow[], sales: CalendarSales): number {
  const capLeft = capacityLeft(capacity, rows, sales)
  const leftOfKind = (forSubscription: number) => rows.filter((r) => r.for_subscription === forSubscription).reduce((n, r) => n + ownLeft(r, sales), 0)
  return Math.min(capLeft, Math.max(leftOfKind(0), leftOfKind(1)))
}

/** A row's own stock less what was sold or reserved at it (never below 0). */
function ownLeft(row: { id: number; quantity: number }, sales: CalendarSales): number {
  return Math.max(0, row.quantity - (sales.byPrice.get(row.id) ?? 0))
}

/**
 * Tickets left in one price row of a session: its own stock, capped by the session's own stock
 * left (capacityLeft; not sessionLeft, which leaves subscription rows out).
 */
export function rowLeft(row: { id: number; quantity: number }, sales: CalendarSales, capLeft: number): number {
  return Math.max(0, Math.min(ownLeft(row, sales), capLeft))
}
