import type { Db } from '../../db/connect'
import { soldPerPrice } from './stock.repository'

/**
 * General-admission stock of sessions (calendars): what each price row and each session has
 * sold. "Sold" is the quantity of order lines of live orders (live.ts: not cancelled, paid or
 * within their reserve time) that were not returned. The listing (availability.ts), the event
 * page and order creation all count with this.
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

/** A session's capacity: calendars.capacity, or else the sum of its regular price rows. */
export function capacityOf(capacity: number | null, rows: readonly { quantity: number; for_subscription: number }[]): number {
  return capacity ?? rows.filter((p) => p.for_subscription === 0).reduce((s, p) => s + p.quantity, 0)
}

/** Tickets left in one price row of a session: its own stock, capped by the session's. */
export function rowLeft(row: { id: number; quantity: number }, sales: CalendarSales, sessionLeft: number): number {
  return Math.max(0, Math.min(row.quantity - (sales.byPrice.get(row.id) ?? 0), sessionLeft))
}
