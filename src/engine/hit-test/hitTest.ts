import type { VenueSeats } from '../model'
import { seatContains } from '../spatial/hitTest'
import type { SeatQuery } from './SeatGrid'

/**
 * Exact seat hit-testing: a box query on seat centres padded by the largest seat half-size,
 * then the exact outline test per candidate (maplibre feature_index: bbox first, geometry
 * second). Later seats are drawn on top, so the highest index among hits wins. The exact
 * outline test is the spatial module's `seatContains`, shared with the Node-side hitTest.
 */
export { seatContains }

/** Pointer slop in CSS pixels: a touch that lands just beside a small seat still hits it. */
export const HIT_SLOP_PX = 3

export function maxSeatHalfSize(seats: VenueSeats): number {
  let m = 0
  for (let i = 0; i < seats.count; i++) {
    const v = Math.max(seats.w[i], seats.h[i])
    if (v > m) m = v
  }
  return m / 2
}

/** Index of the seat under the drawing point, or -1. */
export function hitTestSeat(seats: VenueSeats, query: SeatQuery, maxHalf: number, px: number, py: number, pad = 0): number {
  const r = maxHalf * Math.SQRT2 + pad
  const candidates = query.search(px - r, py - r, px + r, py + r)
  let best = -1
  for (const i of candidates) if (i > best && seatContains(seats, i, px, py, pad)) best = i
  return best
}

/** The seat whose centre is nearest to a drawing point (widening box queries), -1 when none. */
export function nearestSeat(seats: VenueSeats, query: SeatQuery, maxHalf: number, x: number, y: number, span: number): number {
  if (seats.count === 0) return -1
  let r = Math.max(maxHalf * 4, 1e-6)
  for (;;) {
    const c = query.search(x - r, y - r, x + r, y + r)
    if (c.length > 0 || r > span * 2) {
      let best = -1
      let bd = Infinity
      for (const i of c) {
        const d = (seats.x[i] - x) ** 2 + (seats.y[i] - y) ** 2
        if (d < bd) {
          bd = d
          best = i
        }
      }
      return best
    }
    r *= 2
  }
}
