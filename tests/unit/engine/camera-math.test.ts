import { describe, expect, it } from 'vitest'
import {
  cameraScale, clampCenter, clampZoom, EDGE_MARGIN, fitCamera, fitScale, MAX_ZOOM, MIN_ZOOM, panBy, screenToWorld, visibleWorldRect, worldToScreen, zoomAround, zoomLabel,
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
    const rect = visibleWorldRect(far, bounds, viewport)
    expect(rect[0]).toBeCloseTo(-(EDGE_MARGIN * viewport.width) / s, 9)
    expect(rect[1]).toBeCloseTo(-(EDGE_MARGIN * viewport.height) / s, 9)
  })

  it('keeps the view on the venue: an edge passes the view\'s side by the fit margin at most, a wide axis stays centred', () => {
    // Zoom 1: the whole venue, centred, wherever the centre was asked to be.
    expect(clampCenter({ centerX: -400, centerY: 900, zoom: 1 }, bounds, viewport)).toEqual(fitCamera(bounds))
    // Zoom 1.2: x may move (1000 wide in a view 926 wide), y not (500 high in a view 694 high).
    const mid = clampCenter({ centerX: -400, centerY: 900, zoom: 1.2 }, bounds, viewport)
    const s = cameraScale(mid, bounds, viewport)
    expect(visibleWorldRect(mid, bounds, viewport)[0]).toBeCloseTo(-(EDGE_MARGIN * viewport.width) / s, 9)
    expect(mid.centerY).toBe(250)
    // Zoomed in near a corner: each visible edge within the margin of the venue's edge.
    for (const [x, y] of [[-1e6, -1e6], [1e6, 1e6], [0, 500]]) {
      const cam = clampCenter({ centerX: x, centerY: y, zoom: 6 }, bounds, viewport)
      const k = cameraScale(cam, bounds, viewport)
      const [x0, y0, x1, y1] = visibleWorldRect(cam, bounds, viewport)
      expect(x0).toBeGreaterThanOrEqual(bounds[0] - (EDGE_MARGIN * viewport.width) / k - 1e-9)
      expect(y0).toBeGreaterThanOrEqual(bounds[1] - (EDGE_MARGIN * viewport.height) / k - 1e-9)
      expect(x1).toBeLessThanOrEqual(bounds[2] + (EDGE_MARGIN * viewport.width) / k + 1e-9)
      expect(y1).toBeLessThanOrEqual(bounds[3] + (EDGE_MARGIN * viewport.height) / k + 1e-9)
    }
    // Inside, the camera is left alone.
    expect(clampCenter({ centerX: 500, centerY: 250, zoom: 6 }, bounds, viewport)).toEqual({ centerX: 500, centerY: 250, zoom: 6 })
  })

  it('labels the scale like the spec ("2x")', () => {
    expect(zoomLabel(2)).toBe('2x')
    expect(zoomLabel(1.5)).toBe('1.5x')
    expect(zoomLabel(12.4)).toBe('12x')
  })
})
