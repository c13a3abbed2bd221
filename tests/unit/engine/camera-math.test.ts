import { describe, expect, it } from 'vitest'
import {
  cameraScale, clampZoom, fitCamera, fitScale, MAX_ZOOM, MIN_ZOOM, panBy, screenToWorld, visibleWorldRect, worldToScreen, zoomAround, zoomLabel,
  type Bounds,
} from '../../../src/engine/camera/Camera'

const bounds: Bounds = [0, 0, 1000, 500]
const viewport = { width: 800, height: 600 }

describe('camera math', () => {
  it('fits the venue at zoom 1 and centres it', () => {
    const cam = fitCamera(bounds)
    expect(cam).toEqual({ centerX: 500, centerY: 250, zoom: 1 })
    const s = cameraScale(cam, bounds, viewport)
    expect(s).toBeCloseTo(fitScale(bounds, viewport))
    const rect = visibleWorldRect(cam, bounds, viewport)
    expect(rect[0]).toBeLessThan(0)
    expect(rect[2]).toBeGreaterThan(1000)
  })

  it('zooming around a point keeps that point fixed on screen', () => {
    const cam = fitCamera(bounds)
    const anchor = { x: 123, y: 456 }
    const before = screenToWorld(cam, cameraScale(cam, bounds, viewport), viewport, anchor.x, anchor.y)
    for (const z of [2, 3.7, 11, 24]) {
      const next = zoomAround(cam, bounds, viewport, z, anchor)
      const after = worldToScreen(next, cameraScale(next, bounds, viewport), viewport, before.x, before.y)
      expect(after.x).toBeCloseTo(anchor.x, 6)
      expect(after.y).toBeCloseTo(anchor.y, 6)
    }
  })

  it('clamps zoom to 1..24 and keeps the anchor fixed at the clamp', () => {
    const cam = fitCamera(bounds)
    expect(zoomAround(cam, bounds, viewport, 100).zoom).toBe(MAX_ZOOM)
    expect(zoomAround(cam, bounds, viewport, 0.01).zoom).toBe(MIN_ZOOM)
    expect(clampZoom(Number.NaN)).toBe(MIN_ZOOM)
    expect(clampZoom(5)).toBe(5)
  })

  it('pans by screen pixels in the drag direction and never leaves the venue', () => {
    const cam = { centerX: 500, centerY: 250, zoom: 4 }
    const s = cameraScale(cam, bounds, viewport)
    const moved = panBy(cam, bounds, viewport, 40, -20)
    expect(moved.centerX).toBeCloseTo(500 - 40 / s)
    expect(moved.centerY).toBeCloseTo(250 + 20 / s)
    const far = panBy(cam, bounds, viewport, 1e7, 1e7)
    expect(far.centerX).toBe(0)
    expect(far.centerY).toBe(0)
  })

  it('labels the scale like the spec ("2x")', () => {
    expect(zoomLabel(2)).toBe('2x')
    expect(zoomLabel(1.5)).toBe('1.5x')
    expect(zoomLabel(12.4)).toBe('12x')
  })
})
