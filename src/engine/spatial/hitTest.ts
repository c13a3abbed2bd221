/**
 * Seat hit-testing: a point query on the seat index, then the exact seat shape per candidate
 * (rotated rectangle, or ellipse for circles and paths, as model.ts draws them); the topmost
 * (last drawn, highest index) wins, as in maplibre's feature_index. O(log n + k), k being the
 * few boxes that contain the point.
 */
import { SeatShape, type VenueData } from '../model'
import { SeatIndex } from './SeatIndex'

/** Rehydrated indexes per venue buffer, so repeated hit-tests do not re-read the header. */
const indexCache = new WeakMap<ArrayBuffer, SeatIndex>()

export function seatIndexOf(venue: Pick<VenueData, 'seatIndex'>): SeatIndex {
  let index = indexCache.get(venue.seatIndex)
  if (!index) {
    index = SeatIndex.fromBuffer(venue.seatIndex)
    indexCache.set(venue.seatIndex, index)
  }
  return index
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

const scratch: number[] = []

/** Index of the topmost seat under (x, y), or -1. */
export function hitTest(venue: Pick<VenueData, 'seatIndex' | 'seats'>, x: number, y: number): number {
  scratch.length = 0
  const candidates = seatIndexOf(venue).search(x, y, x, y, scratch)
  let best = -1
  for (let k = 0; k < candidates.length; k++) {
    const i = candidates[k]
    if (i > best && seatContains(venue.seats, i, x, y)) best = i
  }
  return best
}

/** Reference hit-test by linear scan, for tests and the benchmark baseline. */
export function hitTestLinear(venue: Pick<VenueData, 'seats'>, x: number, y: number): number {
  for (let i = venue.seats.count - 1; i >= 0; i--) if (seatContains(venue.seats, i, x, y)) return i
  return -1
}
