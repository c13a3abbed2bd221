import { describe, expect, it } from 'vitest'
import { SeatGrid } from '../../../src/engine/spatial/SeatGrid'
import { hitTestSeat, maxSeatHalfSize, seatContains } from '../../../src/engine/spatial/hitTest'
import { findSeatInDirection } from '../../../src/engine/interaction/KeyboardController'
import { buildSeatList } from '../../../src/engine/interaction/seatList'
import { VenueText } from '../../../src/engine/interaction/venueText'
import { SeatIndex } from '../../../src/engine/spatial/SeatIndex'
import { syntheticVenue, SYNTH_SEAT_PITCH, SYNTH_SEATS_PER_ROW } from '../../../lab/syntheticVenue'

describe('seat hit-testing and navigation on a synthetic venue', () => {
  const venue = syntheticVenue(5000)
  const seats = venue.seats
  const grid = new SeatGrid(seats)
  const index = SeatIndex.fromBuffer(venue.seatIndex)
  const half = maxSeatHalfSize(seats)

  it('grid box queries agree with a linear scan', () => {
    const box = [10, 25, 40, 48] as const
    const linear: number[] = []
    for (let i = 0; i < seats.count; i++) if (seats.x[i] >= box[0] && seats.x[i] <= box[2] && seats.y[i] >= box[1] && seats.y[i] <= box[3]) linear.push(i)
    expect(grid.search(...box).sort((a, b) => a - b)).toEqual(linear)
    expect(linear.length).toBeGreaterThan(10)
  })

  it('finds the seat under a point (both indexes) and nothing in the aisle', () => {
    for (const i of [0, 17, 1234, 4999]) {
      expect(hitTestSeat(seats, grid, half, seats.x[i] + 0.2, seats.y[i] - 0.2)).toBe(i)
      expect(hitTestSeat(seats, index, half, seats.x[i] + 0.2, seats.y[i] - 0.2)).toBe(i)
    }
    // Between two seats of a row (pitch 1.3, size 1): a 0.3 gap.
    expect(hitTestSeat(seats, grid, half, seats.x[0] + SYNTH_SEAT_PITCH / 2, seats.y[0])).toBe(-1)
  })

  it('circle seats are round: the box corner misses, a rotated rect is tested in its own frame', () => {
    const i = 1 // row 0 of sector 0 is a rect: shape is Rect when (sector + row) % 5 === 0
    expect(seatContains(seats, i, seats.x[i] + 0.49, seats.y[i] + 0.49)).toBe(seats.shape[i] === 1)
    const j = SYNTH_SEATS_PER_ROW * 2 // row 2 of sector 0: circle
    expect(seats.shape[j]).toBe(0)
    expect(seatContains(seats, j, seats.x[j] + 0.45, seats.y[j] + 0.45)).toBe(false)
    expect(seatContains(seats, j, seats.x[j] + 0.45, seats.y[j])).toBe(true)
  })

  it('arrow keys walk along a row and to the next row', () => {
    const j = SYNTH_SEATS_PER_ROW * 3 + 5
    expect(findSeatInDirection(seats, grid, half, j, 'ArrowRight', venue.bbox)).toBe(j + 1)
    expect(findSeatInDirection(seats, grid, half, j, 'ArrowLeft', venue.bbox)).toBe(j - 1)
    expect(findSeatInDirection(seats, index, half, j, 'ArrowDown', venue.bbox)).toBe(j + SYNTH_SEATS_PER_ROW)
    expect(findSeatInDirection(seats, index, half, j, 'ArrowUp', venue.bbox)).toBe(j - SYNTH_SEATS_PER_ROW)
  })

  it('the list view groups seats into sections and rows in natural order', () => {
    const list = buildSeatList(venue, new VenueText(venue.strings))
    expect(list.map((s) => s.name)).toEqual(['S1', 'S2', 'S3', 'S4', 'S5'])
    expect(list[0].rows.map((r) => r.label).slice(0, 3)).toEqual(['1', '2', '3'])
    expect(list[0].rows[0].seats.length).toBe(SYNTH_SEATS_PER_ROW)
    expect(list.reduce((n, s) => n + s.rows.reduce((m, r) => m + r.seats.length, 0), 0)).toBe(5000)
  })
})
