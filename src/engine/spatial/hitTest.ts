/**
 * Seat hit-testing, the one home (the map calls `hitTestSeat` through LoadedVenue.seatAt): a box
 * query on seat centres padded by the largest seat half-size, then the exact outline per
 * candidate (rotated rectangle, or ellipse for circles and paths, as model.ts draws them); later
 * seats are drawn on top, so the highest index among hits wins (maplibre's feature_index: bbox
 * first, geometry second). O(log n + k), k being the few candidates near the point.
 */
import { SeatShape, type VenueData, type VenueSeats } from '../model'
import type { SeatQuery } from './SeatGrid'

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

/** True when (px, py) lies inside seat i's exact outline, grown by `pad` drawing units. */
export function seatContains(seats: VenueData['seats'], i: number, px: number, py: number, pad = 0): boolean {
  const dx = px - seats.x[i]
  const dy = py - seats.y[i]
  const rot = seats.rotation[i]
  // Into the seat's own frame: rotate by -rot.
  const c = Math.cos(rot)
  const s = Math.sin(rot)
  const lx = dx * c + dy * s
  const ly = -dx * s + dy * c
  const hw = seats.w[i] / 2 + pad
  const hh = seats.h[i] / 2 + pad
  if (hw <= 0 || hh <= 0) return false
  if (seats.shape[i] === SeatShape.Rect) return Math.abs(lx) <= hw && Math.abs(ly) <= hh
  // Circle, and Path, which model.ts draws as its box's ellipse: test what is drawn.
  const u = lx / hw
  const v = ly / hh
  return u * u + v * v <= 1
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

/** Reference hit-test by linear scan (outlines grown by `pad`), for tests and the benchmark baseline. */
export function hitTestLinear(venue: Pick<VenueData, 'seats'>, x: number, y: number, pad = 0): number {
  for (let i = venue.seats.count - 1; i >= 0; i--) if (seatContains(venue.seats, i, x, y, pad)) return i
  return -1
}
