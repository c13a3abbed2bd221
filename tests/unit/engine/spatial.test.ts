import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { SeatIndex } from '../../../src/engine/spatial/SeatIndex'
import { hitTestLinear } from '../../../src/engine/spatial/hitTest'
import { LoadedVenue } from '../../../src/engine/LoadedVenue'

/** The product's hit-test path (SeatMapEngine.seatAt → LoadedVenue.seatAt), without slop. */
const loaded = new WeakMap<VenueData, LoadedVenue>()
function hitTest(venue: VenueData, x: number, y: number): number {
  let v = loaded.get(venue)
  if (!v) loaded.set(venue, (v = new LoadedVenue(venue)))
  return v.seatAt(x, y, 0)
}
import { parseVenue } from '../../../src/engine/parse/parseVenue'
import { generateVenue } from '../../../src/engine/generate/index'
import { SeatShape, type VenueData } from '../../../src/engine/model'

const coord = fc.double({ min: -1000, max: 1000, noNaN: true })
const box = fc.tuple(coord, coord, fc.double({ min: 0, max: 50, noNaN: true }), fc.double({ min: 0, max: 50, noNaN: true }))
  .map(([x, y, w, h]) => [x, y, x + w, y + h] as const)

describe('SeatIndex', () => {
  it('search equals brute force up to one grid step (never misses, extras within a step)', () => {
    fc.assert(
      fc.property(fc.array(box, { minLength: 0, maxLength: 300 }), fc.array(box, { minLength: 1, maxLength: 10 }), (boxes, queries) => {
        const flat = boxes.flatMap((b) => [...b])
        const index = SeatIndex.fromBuffer(SeatIndex.buildFromBoxes(flat))
        expect(index.size).toBe(boxes.length)
        const e = index.step
        for (const [x0, y0, x1, y1] of queries) {
          const intersects = (b: readonly number[], pad: number) => b[0] <= x1 + pad && b[2] >= x0 - pad && b[1] <= y1 + pad && b[3] >= y0 - pad
          const exact = boxes.map((b, i) => ({ b, i })).filter(({ b }) => intersects(b, 0)).map(({ i }) => i)
          const got = index.search(x0, y0, x1, y1).sort((a, b) => a - b)
          for (const i of exact) expect(got).toContain(i)
          for (const i of got) expect(intersects(boxes[i], 2 * e)).toBe(true)
        }
      }),
      { numRuns: 150 },
    )
  })

  it('nearest returns items by distance and honours maxDistance', () => {
    const index = SeatIndex.fromBuffer(SeatIndex.buildFromBoxes([0, 0, 1, 1, 10, 10, 11, 11, 5, 5, 6, 6]))
    expect(index.nearest(0, 0, 3)).toEqual([0, 2, 1])
    expect(index.nearest(0, 0, 3, 2)).toEqual([0])
  })

  it('an empty index answers nothing', () => {
    const index = SeatIndex.fromBuffer(SeatIndex.buildFromBoxes([]))
    expect(index.search(-1e9, -1e9, 1e9, 1e9)).toEqual([])
    expect(index.nearest(0, 0, 5)).toEqual([])
  })

  it("the parser's index is its seats' rotated boxes (built from the half extents it outlines with)", () => {
    // A theatre: arcs of turned seats, so rotation reaches the boxes.
    const venue = parseVenue(generateVenue({ kind: 'theatre', seats: 1200, seed: 3 }))
    expect(venue.seats.rotation.some((r) => r !== 0)).toBe(true)
    expect(new Uint8Array(venue.seatIndex)).toEqual(new Uint8Array(SeatIndex.buildFromSeats(venue.seats)))
  })

  it('appends to the out array it is given', () => {
    const index = SeatIndex.fromBuffer(SeatIndex.buildFromBoxes([0, 0, 1, 1]))
    const out = [7]
    expect(index.search(0, 0, 1, 1, out)).toBe(out)
    expect(out).toEqual([7, 0])
  })
})

function tinyVenue(shape: number, rotation: number): VenueData {
  const venue = parseVenue('<svg><circle class="seat" r="1" data-seat="1"/></svg>')
  venue.seats.x[0] = 0
  venue.seats.y[0] = 0
  venue.seats.w[0] = 20
  venue.seats.h[0] = 4
  venue.seats.rotation[0] = rotation
  venue.seats.shape[0] = shape
  venue.seatIndex = SeatIndex.buildFromSeats(venue.seats)
  return venue
}

describe('hitTest', () => {
  it('tests the exact ellipse, not its box', () => {
    const venue = tinyVenue(SeatShape.Circle, 0)
    expect(hitTest(venue, 9, 0)).toBe(0)
    expect(hitTest(venue, 9, 1.9)).toBe(-1)
  })

  it('tests rotated rectangles in their own frame', () => {
    const venue = tinyVenue(SeatShape.Rect, Math.PI / 2)
    expect(hitTest(venue, 0, 9)).toBe(0)
    expect(hitTest(venue, 9, 0)).toBe(-1)
  })

  it('agrees with a linear scan on a generated venue (property)', () => {
    const venue = parseVenue(generateVenue({ kind: 'arena', seats: 3000, seed: 2 }))
    const [x0, y0, x1, y1] = venue.bbox
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (u, v) => {
        const x = x0 + u * (x1 - x0)
        const y = y0 + v * (y1 - y0)
        expect(hitTest(venue, x, y)).toBe(hitTestLinear(venue, x, y))
      }),
      { numRuns: 500 },
    )
    // And every seat centre hits its own seat.
    for (let i = 0; i < venue.seats.count; i += 37) expect(hitTest(venue, venue.seats.x[i], venue.seats.y[i])).toBe(i)
  })
})

describe('hitTest on path seats', () => {
  it('tests the ellipse a path seat is drawn as', () => {
    const venue = tinyVenue(SeatShape.Path, 0)
    expect(hitTest(venue, 0, 1.9)).toBe(0)
    expect(hitTest(venue, 9.5, 1.9)).toBe(-1)
  })

  it('the topmost of overlapping seats wins', () => {
    const venue = parseVenue('<svg><circle class="seat" r="5" data-seat="1"/><circle class="seat" cx="3" r="5" data-seat="2"/></svg>')
    expect(hitTest(venue, 2, 0)).toBe(1)
    expect(hitTest(venue, -4, 0)).toBe(0)
  })
})
