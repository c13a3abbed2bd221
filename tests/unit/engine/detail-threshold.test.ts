import { afterEach, describe, expect, it, vi } from 'vitest'
import { MAP_DETAIL_THRESHOLD_DEFAULT, MAP_DETAIL_THRESHOLD_MAX, MAP_DETAIL_THRESHOLD_MIN, venueMapMetaSchema } from '../../../src/contract/admin/catalogue'
import { Transform } from '../../../src/engine/camera/Transform'
import { DEFAULT_DETAIL_THRESHOLD_PERCENT, detailThreshold, MAX_DETAIL_THRESHOLD_PERCENT, MIN_DETAIL_THRESHOLD_PERCENT } from '../../../src/engine/lod/lod'
import type { MapRenderer } from '../../../src/engine/render/MapRenderer'
import { SeatMapEngine } from '../../../src/engine/SeatMapEngine'
import { detailHarness } from './detailHarness'
import { syntheticVenue } from '../../../lab/syntheticVenue'

/**
 * The map metadata's detail threshold (spec 001 §9 "detail switch threshold default 500 percent,
 * max zoom 2000, overridable by map metadata"): clamped to 100..2000 %, and applied to an engine
 * that is already running, since the storefront makes its engine before the map answer carrying
 * the threshold arrives.
 */

const VIEWPORT = { width: 1000, height: 700 }

const harness = () => detailHarness({ seats: 2000, viewport: VIEWPORT })

describe('detail threshold from map metadata', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('clamps the percent to 100..2000 and reads null, NaN or nothing as the default 500', () => {
    expect(detailThreshold(null)).toBe(DEFAULT_DETAIL_THRESHOLD_PERCENT / 100)
    expect(detailThreshold(undefined)).toBe(5)
    expect(detailThreshold(Number.NaN)).toBe(5)
    expect(detailThreshold(150)).toBe(1.5)
    expect(detailThreshold(50)).toBe(1)
    expect(detailThreshold(0)).toBe(1)
    expect(detailThreshold(2000)).toBe(20)
    expect(detailThreshold(5000)).toBe(20)
  })

  it("the console's bounds are the engine's (the contract imports no engine)", () => {
    expect(MAP_DETAIL_THRESHOLD_MIN).toBe(MIN_DETAIL_THRESHOLD_PERCENT)
    expect(MAP_DETAIL_THRESHOLD_MAX).toBe(MAX_DETAIL_THRESHOLD_PERCENT)
    expect(MAP_DETAIL_THRESHOLD_DEFAULT).toBe(DEFAULT_DETAIL_THRESHOLD_PERCENT)
    expect(venueMapMetaSchema.safeParse({ detail_threshold: MIN_DETAIL_THRESHOLD_PERCENT - 1 }).success).toBe(false)
    expect(venueMapMetaSchema.safeParse({ detail_threshold: MAX_DETAIL_THRESHOLD_PERCENT + 1 }).success).toBe(false)
    expect(venueMapMetaSchema.safeParse({ detail_threshold: 150.5 }).success).toBe(false)
    expect(venueMapMetaSchema.safeParse({ detail_threshold: null }).success).toBe(true)
  })

  it('a threshold set after start moves the zoom where seats show, and the tier follows at once', () => {
    vi.useFakeTimers()
    const h = harness()
    h.detail.install()
    const atDefault = h.detail.detailZoom()
    h.detail.setThresholdPercent(150)
    expect(h.detail.detailThreshold).toBe(1.5)
    const at150 = h.detail.detailZoom()
    // The synthetic hall's seats are legible well before 500 %: the threshold, not their size, decides.
    expect(at150).toBeLessThan(atDefault * 0.8)
    h.detail.setThresholdPercent(null)
    expect(h.detail.detailZoom()).toBe(atDefault)

    // Between the two: sectors at the default; seats as soon as the lower threshold comes.
    h.camera.zoomTo((at150 + atDefault) / 2)
    h.detail.cameraMoved()
    expect(h.renderer.currentTier).toBe('sectors')
    h.detail.setThresholdPercent(150)
    expect(h.renderer.currentTier).not.toBe('sectors')
    expect(h.published).toEqual(['seats'])
    // Back to the default (the operator cleared it): sectors again, without a camera move.
    h.detail.setThresholdPercent(null)
    expect(h.renderer.currentTier).toBe('sectors')
    h.detail.dispose()
  })

  it('SeatMapEngine.setDetailThreshold on a running engine with its venue: the snapshot tier turns to seats', () => {
    // Node has no animation frames; the engine runs without a canvas (as in engine-drawn.test.ts).
    vi.stubGlobal('requestAnimationFrame', () => 1)
    vi.stubGlobal('cancelAnimationFrame', () => {})
    const engine = new SeatMapEngine({} as HTMLElement, { initDelayMs: 0 })
    const renderer = (engine as unknown as { renderer: MapRenderer }).renderer
    renderer.attach(() => ({
      kind: 'worker',
      init: () => Promise.reject(new Error('attached')),
      submit: () => {},
      recordFrames: () => ({ stop: () => Promise.resolve([]) }),
      destroy: () => {},
    }))
    ;(engine as unknown as { transform: Transform }).transform.resize(VIEWPORT.width, VIEWPORT.height)
    ;(engine as unknown as { initialized: boolean }).initialized = true
    engine.setVenue(syntheticVenue(2000))
    engine.zoomTo(2)
    expect(engine.getSnapshot().tier).toBe('sectors')
    engine.setDetailThreshold(150)
    expect(engine.getSnapshot().tier).not.toBe('sectors')
    expect(engine.getStats().tier).not.toBe('sectors')
    engine.setDetailThreshold(null)
    expect(engine.getSnapshot().tier).toBe('sectors')
    engine.dispose()
  })
})
