import type { Db } from '../../db/connect'
import { insertStandingRemainder, listOrderStandingHolds, releaseOrderSeats, releaseStandingHold } from '../inventory/holds.repository'
import { giveBackSubscriptionTickets } from '../orders/subscription-tickets'

/** A returned ticket line: what it took from sale. */
export interface ReturnedLine {
  id: number
  calendar_id: number
  seat_id: number | null
  standing_place_id: number | null
  quantity: number
}

/**
 * Puts returned tickets back on sale, inside the confirm transaction (or the console refund's),
 * and gives tickets bought by subscription back to it, as an expired order does
 * (orders/subscription-tickets.ts): the caller's conditional UPDATE claimed `lines`, so each
 * line comes here once.
 *
 * - Seats: the order's live hold of the seat is released (released_at set). The seat_changes
 *   trigger logs the seat as 'free', so open maps see it once the caller pokes the live feed.
 * - Standing places: the order holds one row per place and price with a quantity; the row is
 *   released and, when some of its tickets stay sold, a new sold row with the rest is written
 *   (an insert the trigger logs too). Cost: two writes per standing place touched.
 * - General admission needs no write: sold quantities count only lines not returned (stock
 *   queries skip return_status 70 and 80).
 */
export async function releaseReturned(trx: Db, orderId: number, lines: readonly ReturnedLine[], now: number): Promise<void> {
  await giveBackSubscriptionTickets(trx, { lineIds: lines.map((l) => l.id) })
  const seatIds = lines.filter((l) => l.seat_id !== null).map((l) => l.seat_id!)
  if (seatIds.length) await releaseOrderSeats(trx, orderId, seatIds, now)
  const standing = new Map<string, { calendarId: number; placeId: number; quantity: number }>()
  for (const l of lines) {
    if (l.standing_place_id === null) continue
    const key = `${l.calendar_id}:${l.standing_place_id}`
    const entry = standing.get(key) ?? { calendarId: l.calendar_id, placeId: l.standing_place_id, quantity: 0 }
    entry.quantity += l.quantity
    standing.set(key, entry)
  }
  for (const s of standing.values()) {
    let left = s.quantity
    const holds = await listOrderStandingHolds(trx, orderId, s.calendarId, s.placeId)
    for (const h of holds) {
      if (left <= 0) break
      await releaseStandingHold(trx, h.id, now)
      const keep = h.quantity - Math.min(left, h.quantity)
      left -= h.quantity - keep
      if (keep > 0) await insertStandingRemainder(trx, orderId, h, keep, now)
    }
  }
}
