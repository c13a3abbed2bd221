import type { Db } from '../../db/connect'
import { capacityOf, salesOf, sessionLeft } from './stock'
import { sealedPlacesPerZone } from './sealed-places'
import { listCalendarStock, listPriceStock, liveHoldsPerCalendar } from './stock.repository'

export interface SessionStock {
  /** Tickets on sale in the session when nothing is sold. */
  capacity: number
  /** Tickets still available (never below 0). */
  available: number
}

/**
 * The catalogue's part of the stock: each session's drawing and capacity, its price rows. The
 * listing has them in its cached rows (catalog/listing-rows.ts, at most a second old) and passes
 * them in, so that its stock reads only what changes every moment: the sales and the live holds.
 */
export interface StockCatalogue {
  calendars: readonly { id: number; drawing_id: number | null; capacity: number | null }[]
  prices: readonly { id: number; calendar_id: number; zone_id: number; quantity: number; for_subscription: number }[]
}

function ofSessions(catalogue: StockCatalogue, calendarIds: readonly number[]): StockCatalogue {
  const wanted = new Set(calendarIds)
  return { calendars: catalogue.calendars.filter((c) => wanted.has(c.id)), prices: catalogue.prices.filter((p) => wanted.has(p.calendar_id)) }
}

async function readCatalogue(db: Db, calendarIds: readonly number[]): Promise<StockCatalogue> {
  const [calendars, prices] = await Promise.all([listCalendarStock(db, calendarIds), listPriceStock(db, calendarIds)])
  return { calendars, prices }
}

/**
 * Tickets left per calendar (session) at `now`, for the listing, computed with a handful of
 * grouped queries whatever the number of sessions, so the listing costs the same for 10 or
 * 1,000 sessions. Counted by the one stock rule (live.ts), as the event page, the scheme header
 * and the map count:
 *
 * - General admission (no drawing): capacity is calendars.capacity, or the sum of the regular
 *   (non-subscription) price rows' quantity; sold is the tickets of live orders; available is
 *   stock.ts sessionLeft (what is left of the capacity, at most what one order's rows, regular
 *   or a holder's subscription rows, can still sell), as the event page shows it.
 * - Seat map: capacity is the seats of the drawing whose zone has a price row in the session
 *   plus the capacity of priced standing places; taken is the live seat holds (cart, unpaid
 *   order or sold) plus the quantity of live standing holds. A hold past its expiry is free at
 *   once, before the sweeper writes its release.
 *
 * Cost: O(sessions + price rows); the places per zone of a drawing are counted once per process
 * (sealed-places.ts). The reads go out together: when the process is busy (an on-sale rush)
 * each await is a turn of its event loop, and the listing should not wait four of them; it takes
 * up to four pooled connections at once for a moment (two when `catalogue` is given).
 */
export async function stockByCalendar(db: Db, calendarIds: number[], now: number, catalogue?: StockCatalogue): Promise<Map<number, SessionStock>> {
  const out = new Map<number, SessionStock>()
  if (calendarIds.length === 0) return out
  const [{ calendars, prices }, soldGa, held] = await Promise.all([
    catalogue ? ofSessions(catalogue, calendarIds) : readCatalogue(db, calendarIds),
    salesOf(db, calendarIds, now),
    liveHoldsPerCalendar(db, calendarIds, now),
  ])
  const drawingIds = [...new Set(calendars.map((c) => c.drawing_id).filter((d): d is number => d !== null))]

  // Seats and standing capacity per drawing and zone.
  const perZone = new Map<string, number>()
  if (drawingIds.length) {
    for (const r of await sealedPlacesPerZone(db, drawingIds, false)) {
      const key = `${r.drawing_id}:${r.zone_id}`
      perZone.set(key, (perZone.get(key) ?? 0) + Number(r.n))
    }
  }

  const taken = new Map<number, number>()
  for (const [calendarId, s] of soldGa) taken.set(calendarId, s.sold)
  for (const r of held) {
    taken.set(r.calendar_id, (taken.get(r.calendar_id) ?? 0) + Number(r.n))
  }
  const pricesByCalendar = new Map<number, StockCatalogue['prices'][number][]>()
  for (const p of prices) {
    const list = pricesByCalendar.get(p.calendar_id) ?? []
    list.push(p)
    pricesByCalendar.set(p.calendar_id, list)
  }

  for (const c of calendars) {
    const rows = pricesByCalendar.get(c.id) ?? []
    if (c.drawing_id === null) {
      out.set(c.id, { capacity: capacityOf(c.capacity, rows), available: sessionLeft(c.capacity, rows, soldGa.get(c.id)!) })
      continue
    }
    const zones = new Set(rows.map((p) => p.zone_id))
    let capacity = 0
    for (const z of zones) capacity += perZone.get(`${c.drawing_id}:${z}`) ?? 0
    out.set(c.id, { capacity, available: Math.max(0, capacity - (taken.get(c.id) ?? 0)) })
  }
  return out
}
