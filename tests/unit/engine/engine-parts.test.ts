import { afterEach, describe, expect, it, vi } from 'vitest'
import { EDGE_MARGIN } from '../../../src/engine/camera/Camera'
import { Transform } from '../../../src/engine/camera/Transform'
import { initialSnapshot, type SeatMapSnapshot } from '../../../src/engine/engineTypes'
import type { Point } from '../../../src/engine/input/types'
import { SeatInteraction } from '../../../src/engine/interaction/SeatInteraction'
import { DOUBLE_TAP_MS } from '../../../src/engine/interaction/states'
import { LoadedVenue } from '../../../src/engine/LoadedVenue'
import { detailThreshold, type LodTier } from '../../../src/engine/lod/lod'
import { SlicedTask } from '../../../src/engine/scheduling/SlicedTask'
import { detailHarness as sharedDetailHarness } from './detailHarness'
import { syntheticVenue } from '../../../lab/syntheticVenue'

/** A desktop-sized map viewport (CSS pixels). */
const VIEWPORT = { width: 1000, height: 700 }

function makeTransform(venue: LoadedVenue): Transform {
  const t = new Transform()
  t.resize(VIEWPORT.width, VIEWPORT.height)
  t.setBounds(venue.data.bbox)
  return t
}

describe('SlicedTask', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs one slice per task with the slice budget, then calls onDone once', () => {
    vi.useFakeTimers()
    const budgets: number[] = []
    const done = vi.fn()
    const task = new SlicedTask(8, done)
    task.start((budget) => {
      budgets.push(budget)
      return budgets.length === 3
    })
    expect(budgets).toEqual([]) // nothing runs until asked
    task.runInBackground()
    task.runInBackground() // already scheduled: still one slice per task
    expect(budgets).toEqual([])
    vi.advanceTimersToNextTimer()
    expect(budgets).toEqual([8])
    vi.runAllTimers()
    expect(budgets).toEqual([8, 8, 8])
    expect(done).toHaveBeenCalledTimes(1)
    expect(task.pending).toBe(false)
  })

  it('finish() runs the rest at once; cancel() and start() drop a job without onDone', () => {
    vi.useFakeTimers()
    const done = vi.fn()
    const task = new SlicedTask(8, done)
    const budgets: number[] = []
    task.start((b) => (budgets.push(b), b === Infinity))
    task.runInBackground()
    vi.advanceTimersToNextTimer()
    task.finish()
    expect(budgets).toEqual([8, Infinity])
    expect(done).toHaveBeenCalledTimes(1)
    vi.runAllTimers()
    expect(budgets).toHaveLength(2)
    task.finish() // nothing pending: no-op
    expect(done).toHaveBeenCalledTimes(1)

    const dropped = vi.fn(() => true)
    task.start(dropped)
    task.runInBackground()
    task.start(() => false) // replaces the scheduled job
    task.cancel()
    vi.runAllTimers()
    expect(dropped).not.toHaveBeenCalled()
    expect(done).toHaveBeenCalledTimes(1)
  })
})

describe('Transform', () => {
  const venue = new LoadedVenue(syntheticVenue(2000))

  it('zooms around a screen point, keeping the drawing point under it', () => {
    const t = makeTransform(venue)
    const anchor = { x: 300, y: 200 }
    const before = t.screenToWorld(anchor.x, anchor.y)
    t.zoomTo(4, anchor)
    const after = t.screenToWorld(anchor.x, anchor.y)
    expect(t.camera.zoom).toBe(4)
    expect(after.x).toBeCloseTo(before.x)
    expect(after.y).toBeCloseTo(before.y)
  })

  it('applyDelta reports whether the camera moved and replaces the camera object when it does', () => {
    const t = makeTransform(venue)
    const first = t.camera
    expect(t.applyDelta({ panDelta: { x: 0, y: 0 } })).toBe(false)
    expect(t.camera).toBe(first)
    expect(t.applyDelta({ zoomDelta: 1 })).toBe(true)
    expect(t.camera).not.toBe(first)
    expect(t.camera.zoom).toBeCloseTo(2)
    // Panned far past the edge: the view stops at the venue's corner, with the fit margin.
    t.applyDelta({ panDelta: { x: 1e7, y: 1e7 } })
    const [left, top] = t.visibleRect()
    expect(left).toBeCloseTo(t.bounds[0] - (EDGE_MARGIN * VIEWPORT.width) / t.scale(), 6)
    expect(top).toBeCloseTo(t.bounds[1] - (EDGE_MARGIN * VIEWPORT.height) / t.scale(), 6)
  })

  it('a zoom around a point in the empty band beside the drawing keeps the view on the venue', () => {
    const t = makeTransform(venue)
    // Above the drawing's top edge at zoom 1 (the band a phone shows first), then zoomed in 5×.
    const topEdge = t.worldToScreen(t.bounds[0], t.bounds[1]).y
    expect(topEdge).toBeGreaterThan(10)
    t.zoomTo(5, { x: VIEWPORT.width / 2, y: topEdge / 2 })
    const [, top, , bottom] = t.visibleRect()
    expect(top).toBeCloseTo(t.bounds[1] - (EDGE_MARGIN * VIEWPORT.height) / t.scale(), 6)
    expect(bottom).toBeLessThan(t.bounds[3])
    // A zoom back out to 1 shows the whole venue, centred, wherever it was anchored.
    t.zoomTo(1, { x: 5, y: 5 })
    expect(t.camera.zoom).toBe(1)
    expect(t.camera.centerX).toBeCloseTo((t.bounds[0] + t.bounds[2]) / 2, 9)
    expect(t.camera.centerY).toBeCloseTo((t.bounds[1] + t.bounds[3]) / 2, 9)
  })
})

/** A host with the real camera and venue that records what the interaction asks of the engine. */
function interactionHarness(tier: LodTier = 'seats') {
  const venue = new LoadedVenue(syntheticVenue(2000))
  const camera = makeTransform(venue)
  const threshold = detailThreshold(null)
  let snapshot: SeatMapSnapshot = initialSnapshot()
  const events: { event: string; index: number | null }[] = []
  const rings: { hover: boolean; focus: boolean }[] = []
  let cursor = ''
  const seatAt = (x: number, y: number) => {
    const p = camera.screenToWorld(x, y)
    return venue.seatAt(p.x, p.y, 0)
  }
  const seats = new SeatInteraction({
    camera,
    venue: () => venue,
    detailZoom: () => threshold,
    drawsSeats: () => tier !== 'sectors',
    seatAt,
    zoomTo: (zoom, around) => camera.zoomTo(zoom, around),
    centerOn: (x, y, zoom = camera.camera.zoom) => camera.centerOn(x, y, zoom),
    setRings: (hover, focus) => rings.push({ hover: hover != null, focus: focus != null }),
    setCursor: (c) => {
      cursor = c
    },
    snapshot: () => snapshot,
    update: (patch) => {
      snapshot = { ...snapshot, ...patch }
    },
    emit: (event, payload) => events.push({ event, index: payload?.index ?? null }),
    invalidate: () => {},
    requestFrame: () => {},
  })
  const seatOnScreen = (i: number): Point => camera.worldToScreen(venue.data.seats.x[i], venue.data.seats.y[i])
  return { venue, camera, threshold, seats, seatAt, events, rings, seatOnScreen, snap: () => snapshot, cursor: () => cursor }
}

describe('SeatInteraction', () => {
  it('a click below the detail zoom zooms in to it first and selects nothing (spec 001 §4)', () => {
    const h = interactionHarness()
    h.seats.tap(h.seatOnScreen(10), 0)
    expect(h.camera.camera.zoom).toBeCloseTo(h.threshold)
    expect(h.events).toEqual([])
    expect(h.snap().popover).toBeNull()
  })

  it('at the detail zoom a click on a seat opens its popover and emits seatclick; a click beside closes it', () => {
    const h = interactionHarness()
    h.camera.centerOn(h.venue.data.seats.x[10], h.venue.data.seats.y[10], h.threshold)
    h.seats.tap(h.seatOnScreen(10), 0)
    expect(h.events).toEqual([{ event: 'seatclick', index: 10 }])
    expect(h.snap().popover?.seat.index).toBe(10)
    const beside = h.seatOnScreen(10)
    h.seats.tap({ x: beside.x, y: beside.y - 400 }, 1000)
    expect(h.snap().popover).toBeNull()
  })

  it('a second tap on empty space within the double-tap window zooms in around it', () => {
    const h = interactionHarness()
    const s = h.venue.data.seats
    // Between two seats of a row: the aisle gap.
    h.camera.centerOn((s.x[10] + s.x[11]) / 2, s.y[10], h.threshold)
    const empty = h.camera.worldToScreen((s.x[10] + s.x[11]) / 2, s.y[10])
    expect(h.seatAt(empty.x, empty.y)).toBe(-1)
    h.seats.tap(empty, 0)
    expect(h.camera.camera.zoom).toBeCloseTo(h.threshold)
    h.seats.tap(empty, DOUBLE_TAP_MS - 1)
    expect(h.camera.camera.zoom).toBeCloseTo(h.threshold * 2)
  })

  it('focus brings the seat into view at the detail zoom and announces it', () => {
    const h = interactionHarness()
    h.seats.setFocus(1000)
    expect(h.camera.camera.zoom).toBeCloseTo(h.threshold)
    const p = h.seatOnScreen(1000)
    expect(p.x).toBeCloseTo(VIEWPORT.width / 2, 0)
    expect(p.y).toBeCloseTo(VIEWPORT.height / 2, 0)
    // The last seat sits at the venue's edge: it comes into view, the view staying on the venue.
    h.seats.setFocus(1999)
    const q = h.seatOnScreen(1999)
    expect(q.x).toBeGreaterThan(0)
    expect(q.x).toBeLessThan(VIEWPORT.width)
    expect(q.y).toBeGreaterThan(0)
    expect(q.y).toBeLessThan(VIEWPORT.height)
    expect(h.snap().focus?.index).toBe(1999)
    expect(h.snap().announcement).toContain('seat')
    expect(h.events).toEqual([{ event: 'focus', index: 1000 }, { event: 'focus', index: 1999 }])
    expect(h.rings.at(-1)).toEqual({ hover: false, focus: true })
    h.seats.setFocus(2000) // out of range: ignored
    expect(h.seats.focused).toBe(1999)
  })

  it('hover hit-tests once per frame, and not while sectors are drawn', () => {
    const h = interactionHarness()
    h.camera.centerOn(h.venue.data.seats.x[10], h.venue.data.seats.y[10], h.threshold)
    h.seats.hoverAt(h.seatOnScreen(10))
    expect(h.events).toEqual([]) // nothing until the frame
    h.seats.frame()
    expect(h.events).toEqual([{ event: 'hover', index: 10 }])
    expect(h.snap().hover?.index).toBe(10)
    expect(h.cursor()).toBe('pointer')
    h.seats.frame() // no new pointer position: no new event
    expect(h.events).toHaveLength(1)

    const sectors = interactionHarness('sectors')
    sectors.camera.centerOn(sectors.venue.data.seats.x[10], sectors.venue.data.seats.y[10], sectors.threshold)
    sectors.seats.hoverAt(sectors.seatOnScreen(10))
    sectors.seats.frame()
    expect(sectors.events).toEqual([])
  })
})

describe('DetailController', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  const detailHarness = () => sharedDetailHarness({ seats: 2000, viewport: VIEWPORT })

  it('zoomed out: a new venue is drawn as sectors, and staying zoomed out keeps it so', () => {
    vi.useFakeTimers()
    const h = detailHarness()
    h.detail.install()
    expect(h.renderer.currentTier).toBe('sectors')
    h.detail.cameraMoved()
    expect(h.renderer.currentTier).toBe('sectors')
    expect(h.published).toEqual([])
    h.detail.dispose()
  })

  it('a venue installed while zoomed in is drawn with seats at once', () => {
    const h = detailHarness()
    h.camera.zoomTo(h.detail.detailZoom() * 4)
    h.detail.install()
    expect(h.renderer.currentTier).not.toBe('sectors')
    h.detail.dispose()
  })

  it('crossing the threshold draws seats in the same call; numbers wait for quiet', () => {
    vi.useFakeTimers()
    const h = detailHarness()
    h.detail.install()
    h.camera.zoomTo(h.detail.detailZoom() * 4)
    h.detail.cameraMoved()
    expect(h.renderer.currentTier).toBe('seats')
    expect(h.published).toEqual(['seats'])
    expect(h.detail.isQuiet(performance.now())).toBe(false)
    const tier = h.detail.tier()
    h.detail.redetail()
    expect(h.renderer.currentTier).toBe(tier)
    expect(h.renderer.labels).toEqual([{ tier, seats: expect.any(Number) }])
    h.detail.redetail() // same view, same statuses: labels are not rebuilt
    expect(h.renderer.labels).toHaveLength(1)

    // Back out below the threshold: sectors at once.
    h.camera.fit()
    h.detail.cameraMoved()
    expect(h.renderer.currentTier).toBe('sectors')
    expect(h.published.at(-1)).toBe('sectors')
  })
})
