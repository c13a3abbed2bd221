import { sql } from 'kysely'
import type { Db } from '../../db/connect'

/** Order status that frees its tickets (cancelled). */
const ORDER_STATUS_CANCELLED = 90

export interface SessionStock {
  /** Tickets on sale in the session when nothing is sold. */
  capacity: number
  /** Tickets still available (never below 0). */
  available: number
}

/**
 * Tickets left per calendar (session), computed with a handful of grouped queries whatever the
 * number of sessions, so the listing costs the same for 10 or 1,000 sessions.
 *
 * - General admission (no drawing): capacity is calendars.capacity, or the sum of the regular
 *   (non-subscription) price rows' quantity; sold is the quantity of order lines of
 *   non-cancelled orders.
 * - Seat map: capacity is the seats of the drawing whose zone has a price row in the session
 *   plus the capacity of priced standing places; taken is the live seat holds (cart, unpaid
 *   order or sold: released_at null) plus the quantity of live standing holds.
 *   Expired cart holds count as taken until the hold sweeper releases them.
 *
 * Cost: one scan of `seats` grouped by (drawing, zone); O(sessions + price rows) otherwise.
 */
export async function stockByCalendar(db: Db, calendarIds: number[]): Promise<Map<number, SessionStock>> {
  const out = new Map<number, SessionStock>()
  if (calendarIds.length === 0) return out
  const calendars = await db
    .selectFrom('calendars')
    .select(['id', 'drawing_id', 'capacity'])
    .where('id', 'in', calendarIds)
    .execute()
  const prices = await db
    .selectFrom('prices')
    .select(['calendar_id', 'zone_id', 'quantity', 'for_subscription'])
    .where('calendar_id', 'in', calendarIds)
    .execute()
  const drawingIds = [...new Set(calendars.map((c) => c.drawing_id).filter((d): d is number => d !== null))]

  // Seats and standing capacity per drawing and zone.
  const perZone = new Map<string, number>()
  if (drawingIds.length) {
    const seatCounts = await db
      .selectFrom('seats')
      .select(['drawing_id', 'zone_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('drawing_id', 'in', drawingIds)
      .groupBy(['drawing_id', 'zone_id'])
      .execute()
    const standing = await db
      .selectFrom('standing_places')
      .select(['drawing_id', 'zone_id', (eb) => eb.fn.sum<number>('capacity').as('n')])
      .where('drawing_id', 'in', drawingIds)
      .groupBy(['drawing_id', 'zone_id'])
      .execute()
    for (const r of [...seatCounts, ...standing]) {
      const key = `${r.drawing_id}:${r.zone_id}`
      perZone.set(key, (perZone.get(key) ?? 0) + Number(r.n))
    }
  }

  const soldGa = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.calendar_id', (eb) => eb.fn.sum<number>('l.quantity').as('n')])
    .where('l.calendar_id', 'in', calendarIds)
    .where('o.status', '<>', ORDER_STATUS_CANCELLED)
    // Returned tickets (return confirmed: 70, 80) are back on sale.
    .where('l.return_status', '<', 70)
    .where('l.seat_id', 'is', null)
    .where('l.standing_place_id', 'is', null)
    .groupBy('l.calendar_id')
    .execute()
  const heldSeats = await db
    .selectFrom('seat_holds')
    .select(['calendar_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('calendar_id', 'in', calendarIds)
    .where('released_at', 'is', null)
    .groupBy('calendar_id')
    .execute()
  const heldStanding = await db
    .selectFrom('standing_holds')
    .select(['calendar_id', sql<number>`sum(quantity)`.as('n')])
    .where('calendar_id', 'in', calendarIds)
    .where('released_at', 'is', null)
    .groupBy('calendar_id')
    .execute()

  const taken = new Map<number, number>()
  for (const r of [...soldGa, ...heldSeats, ...heldStanding]) {
    taken.set(r.calendar_id, (taken.get(r.calendar_id) ?? 0) + Number(r.n))
  }
  const pricesByCalendar = new Map<number, typeof prices>()
  for (const p of prices) {
    const list = pricesByCalendar.get(p.calendar_id) ?? []
    list.push(p)
    pricesByCalendar.set(p.calendar_id, list)
  }

  for (const c of calendars) {
    const rows = pricesByCalendar.get(c.id) ?? []
    let capacity: number
    if (c.drawing_id === null) {
      capacity = c.capacity ?? rows.filter((p) => p.for_subscription === 0).reduce((s, p) => s + p.quantity, 0)
    } else {
      const zones = new Set(rows.map((p) => p.zone_id))
      capacity = 0
      for (const z of zones) capacity += perZone.get(`${c.drawing_id}:${z}`) ?? 0
    }
    out.set(c.id, { capacity, available: Math.max(0, capacity - (taken.get(c.id) ?? 0)) })
  }
  return out
}
