import { afterEach, describe, expect, it, vi } from 'vitest'
import { BUDGET_ZOOM_MARGIN, budgetZoom, clickZoomsFirst, LABEL_MIN_SEAT_PX, lodTier, MAX_SEATS_DRAWN, overSeatBudget, SEAT_BUDGET_HYSTERESIS } from '../../../src/engine/lod/lod'
import { SeatDensity } from '../../../src/engine/lod/seatDensity'
import { detailHarness } from './detailHarness'
import { syntheticVenue } from '../../../lab/syntheticVenue'

/** Seats whose centres lie in `rect`, counted one by one (what the density grid estimates). */
function bruteCount(x: ArrayLike<number>, y: ArrayLike<number>, n: number, rect: readonly number[]): number {
  let k = 0
  for (let i = 0; i < n; i++) if (x[i] >= rect[0] && x[i] <= rect[2] && y[i] >= rect[1] && y[i] <= rect[3]) k++
  return k
}

describe('seat density grid', () => {
  it('counts every seat over the whole venue and none outside it', () => {
    const v = syntheticVenue(5000)
    const d = new SeatDensity(v.seats.x, v.seats.y, v.seats.count, v.bbox)
    expect(d.seatsIn(v.bbox)).toBe(v.seats.count)
    const [x0, y0, x1, y1] = v.bbox
    const w = x1 - x0
    expect(d.seatsIn([x1 + w, y0, x1 + 2 * w, y1])).toBe(0)
    expect(d.seatsIn([x0 - 10 * w, y0 - 10 * w, x1 + 10 * w, y1 + 10 * w])).toBe(v.seats.count)
  })

  it('estimates a part of the venue within a few percent of the exact count', () => {
    const v = syntheticVenue(20_000)
    const d = new SeatDensity(v.seats.x, v.seats.y, v.seats.count, v.bbox)
    const [x0, y0, x1, y1] = v.bbox
    const w = x1 - x0
    const h = y1 - y0
    for (const [fx0, fy0, fx1, fy1] of [[0, 0, 0.5, 0.5], [0.2, 0.3, 0.7, 0.6], [0.4, 0.1, 0.9, 0.95]]) {
      const rect = [x0 + fx0 * w, y0 + fy0 * h, x0 + fx1 * w, y0 + fy1 * h] as const
      const exact = bruteCount(v.seats.x, v.seats.y, v.seats.count, rect)
      expect(exact).toBeGreaterThan(500)
      expect(Math.abs(d.seatsIn(rect) - exact) / exact).toBeLessThan(0.05)
    }
  })

  it('spreads a cell evenly: a quarter of a one-cell grid holds a quarter of its seats', () => {
    const x = Float32Array.from({ length: 400 }, (_, i) => (i % 20) + 0.5)
    const y = Float32Array.from({ length: 400 }, (_, i) => Math.floor(i / 20) + 0.5)
    const d = new SeatDensity(x, y, 400, [0, 0, 20, 20], 1)
    expect(d.seatsIn([0, 0, 10, 10])).toBe(100)
    expect(d.seatsIn([0, 0, 20, 5])).toBe(100)
  })
})

describe('seat budget', () => {
  it('draws seats only while the view holds at most the budget, with hysteresis once drawn', () => {
    expect(overSeatBudget(MAX_SEATS_DRAWN, false)).toBe(false)
    expect(overSeatBudget(MAX_SEATS_DRAWN + 1, false)).toBe(true)
    // Already drawing seats: they stay until the view holds the hysteresis' margin more.
    expect(overSeatBudget(MAX_SEATS_DRAWN + 1, true)).toBe(false)
    expect(overSeatBudget(Math.ceil(MAX_SEATS_DRAWN * SEAT_BUDGET_HYSTERESIS) + 1, true)).toBe(true)
  })

  it('the tier falls back to sectors over the budget, whatever the zoom and seat size', () => {
    expect(lodTier(8, 5, 5, MAX_SEATS_DRAWN)).toBe('seats')
    expect(lodTier(8, 5, 5, MAX_SEATS_DRAWN + 1)).toBe('sectors')
    expect(lodTier(8, 5, 5, MAX_SEATS_DRAWN + 1, true)).toBe('seats')
    expect(lodTier(20, 5, LABEL_MIN_SEAT_PX, 100)).toBe('numbers')
    expect(lodTier(20, 5, LABEL_MIN_SEAT_PX, 101, false, 100)).toBe('sectors')
    // Below the threshold the count changes nothing.
    expect(lodTier(4, 5, 5, 0)).toBe('sectors')
  })

  it('the budget zoom is where the view would hold the budget (seats fall with the square of the zoom)', () => {
    expect(budgetZoom(6, MAX_SEATS_DRAWN)).toBe(6)
    expect(budgetZoom(6, MAX_SEATS_DRAWN * 4)).toBeCloseTo(12 * BUDGET_ZOOM_MARGIN)
    expect(budgetZoom(2, 900, 100)).toBeCloseTo(6 * BUDGET_ZOOM_MARGIN)
  })
})

describe('DetailController with a seat budget', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  const harness = (budget: number | (() => number)) => detailHarness({ seats: 4000, viewport: { width: 1000, height: 700 }, budget })

  it('follows a budget that changes (the device budget, lod/seatBudget.ts): fills when it drops, seats when it rises', () => {
    let budget = Infinity
    const h = harness(() => budget)
    const base = h.detail.detailZoom()
    h.camera.zoomTo(base * 1.01)
    h.detail.cameraMoved()
    expect(h.renderer.currentTier).not.toBe('sectors')
    const inView = h.venue.density.seatsIn(h.camera.visibleRect())
    expect(inView).toBeGreaterThan(50)

    budget = Math.floor(inView / 5)
    h.detail.budgetChanged()
    expect(h.renderer.currentTier).toBe('sectors')
    expect(h.detail.detailZoom()).toBeGreaterThan(base * 1.01 * 2)

    budget = Infinity
    h.detail.budgetChanged()
    expect(h.renderer.currentTier).not.toBe('sectors')
    h.detail.dispose()
  })

  it('past the zoom threshold, a view over the budget stays on sectors and a click there zooms in first', () => {
    vi.useFakeTimers()
    const unlimited = harness(Infinity)
    const base = unlimited.detail.detailZoom()
    unlimited.camera.zoomTo(base * 1.01)
    const inView = unlimited.venue.density.seatsIn(unlimited.camera.visibleRect())
    expect(inView).toBeGreaterThan(50)
    unlimited.detail.cameraMoved()
    expect(unlimited.renderer.currentTier).not.toBe('sectors')

    // The same view with a budget of a fifth of its seats: sectors, and the detail zoom moves
    // past the current zoom, so a click zooms in (it would select an undrawn seat otherwise).
    const h = harness(Math.floor(inView / 5))
    h.camera.zoomTo(base * 1.01)
    h.detail.cameraMoved()
    expect(h.renderer.currentTier).toBe('sectors')
    const detail = h.detail.detailZoom()
    expect(clickZoomsFirst(h.camera.camera.zoom, detail)).toBe(true)
    expect(detail).toBeGreaterThan(base * 1.01 * 2)

    // Zooming to it draws the seats, and the detail zoom is the plain one again.
    h.camera.zoomTo(detail)
    h.detail.cameraMoved()
    expect(h.renderer.currentTier).not.toBe('sectors')
    expect(h.detail.detailZoom()).toBe(base)
    expect(clickZoomsFirst(h.camera.camera.zoom, h.detail.detailZoom())).toBe(false)
    unlimited.detail.dispose()
    h.detail.dispose()
  })

  it('the detail zoom around a point is where a view centred there fits the budget (focus, best seats)', () => {
    const unlimited = harness(Infinity)
    const base = unlimited.detail.detailZoom()
    const s = unlimited.venue.data.seats
    const b = unlimited.venue.data.bbox
    // A seat near the middle: the camera can centre on it (at the edge it would be clamped).
    const mid = unlimited.venue.nearestSeat((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
    const at = [s.x[mid], s.y[mid]] as const
    expect(unlimited.detail.detailZoom(at)).toBe(base)

    const h = harness(30)
    const z = h.detail.detailZoom(at)
    expect(z).toBeGreaterThan(base)
    h.camera.centerOn(at[0], at[1], z)
    expect(h.venue.density.seatsIn(h.camera.visibleRect())).toBeLessThanOrEqual(30)
    h.detail.cameraMoved()
    expect(h.renderer.currentTier).not.toBe('sectors')
    unlimited.detail.dispose()
    h.detail.dispose()
  })
})
