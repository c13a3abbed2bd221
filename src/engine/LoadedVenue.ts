import { hitTestSeat, maxSeatHalfSize, nearestSeat } from './spatial/hitTest'
import { SeatGrid, type SeatQuery } from './spatial/SeatGrid'
import { findSeatInDirection } from './interaction/KeyboardController'
import { VenueText } from './interaction/venueText'
import type { VenueData } from './model'
import { SeatIndex } from './spatial/SeatIndex'
import { seatKeyLookup, type SeatKeyLookup } from './seatKeys'
import { SeatDensity } from './lod/seatDensity'

/**
 * A venue together with what the engine derives from it once per `setVenue`: its text table, the
 * seat query, the largest seat half-size (the hit-test padding) and, on first use, the seat key
 * lookup. All lookups here are in drawing units; screen conversion is the camera's business.
 */
export class LoadedVenue {
  readonly text: VenueText
  readonly query: SeatQuery
  readonly maxHalf: number
  private keys: SeatKeyLookup | null = null
  private seatDensity: SeatDensity | null = null

  /** @param seatQuery override; default: the venue's serialized SeatIndex, or a SeatGrid when it has none */
  constructor(
    readonly data: VenueData,
    seatQuery?: (venue: VenueData) => SeatQuery,
  ) {
    this.text = new VenueText(data.strings)
    this.query = seatQuery
      ? seatQuery(data)
      : data.seatIndex.byteLength > 0 ? SeatIndex.fromBuffer(data.seatIndex) : new SeatGrid(data.seats)
    this.maxHalf = data.maxSeatHalf ?? maxSeatHalfSize(data.seats)
  }

  get seatCount(): number {
    return this.data.seats.count
  }

  has(index: number): boolean {
    return index >= 0 && index < this.data.seats.count
  }

  /** Seat index for a seat key (as the server's seat_id), -1 when unknown. Builds its lookup on first use. */
  indexOfKey(key: string): number {
    this.keys ??= seatKeyLookup(this.data)
    return this.keys.indexOf(key)
  }

  /** Seat counts over a coarse grid (the level of detail's seat budget); built on first use. */
  get density(): SeatDensity {
    const s = this.data.seats
    this.seatDensity ??= new SeatDensity(s.x, s.y, s.count, this.data.bbox)
    return this.seatDensity
  }

  /** Topmost seat under a drawing point, with `pad` drawing units of slop; -1 when none. */
  seatAt(x: number, y: number, pad: number): number {
    return hitTestSeat(this.data.seats, this.query, this.maxHalf, x, y, pad)
  }

  /** The seat whose centre is nearest to a drawing point, -1 when the venue has none. */
  nearestSeat(x: number, y: number): number {
    const b = this.data.bbox
    return nearestSeat(this.data.seats, this.query, this.maxHalf, x, y, Math.max(b[2] - b[0], b[3] - b[1]))
  }

  /** The next seat from `from` in an arrow key's direction, -1 when none. */
  seatInDirection(from: number, key: string): number {
    return findSeatInDirection(this.data.seats, this.query, this.maxHalf, from, key, this.data.bbox)
  }
}
