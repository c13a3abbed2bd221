import { sql } from 'kysely'
import type { Db } from '../../db/connect'
import { liveHold } from './live'
import { capacityOf, salesOf } from './stock'

export interface SessionStock {
  /** Tickets on sale in the session when nothing is sold. */
  capacity: number
  /** Tickets still available (never below 0). */
  available: number
}

/**
 * Tickets left per calendar (session) at `now`, for the listing, computed with a handful of
 * grouped queries whatever the number of sessions, so the listing costs the same for 10 or
 * 1,000 sessions. Counted by the one stock rule (live.ts), as the event page, the scheme header
 * and the map count:
 *
 * - General admission (no drawing): capacity is calendars.capacity, or the sum of the regular
 *   (non-subscription) price rows' quantity; sold is the tickets of live orders (stock.ts).
 * - Seat map: capacity is the seats of the drawing whose zone has a price row in the session
 *   plus the capacity of priced standing places; taken is the live seat holds (cart, unpaid
 *   order or sold) plus the quantity of live standing holds. A hold past its expiry is free at
 *   once, before the sweeper writes its release.
 *
 * Cost: one scan of `seats` grouped by (drawing, zone); O(sessions + price rows) otherwise.
 */
export async function stockByCalendar(db: Db, calendarIds: number[], now: number): Promise<Map<number, SessionStock>> {
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

  const soldGa = await salesOf(db, calendarIds, now)
  const heldSeats = await db
    .selectFrom('seat_holds')
    .select(['calendar_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('calendar_id', 'in', calendarIds)
    .where(liveHold('seat_holds', now))
    .groupBy('calendar_id')
    .execute()
  const heldStanding = await db
    .selectFrom('standing_holds')
    .select(['calendar_id', sql<number>`sum(quantity)`.as('n')])
    .where('calendar_id', 'in', calendarIds)
    .where(liveHold('standing_holds', now))
    .groupBy('calendar_id')
    .execute()

  const taken = new Map<number, number>()
  for (const [calendarId, s] of soldGa) taken.set(calendarId, s.sold)
  for (const r of [...heldSeats, ...heldStanding]) {
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
      capacity = capacityOf(c.capacity, rows)
    } else {
      const zones = new Set(rows.map((p) => p.zone_id))
      capacity = 0
      for (const z of zones) capacity += perZone.get(`${c.drawing_id}:${z}`) ?? 0
    }
    out.set(c.id, { capacity, available: Math.max(0, capacity - (taken.get(c.id) ?? 0)) })
  }
  return out
}
