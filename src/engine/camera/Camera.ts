/**
 * Camera math, pure and framework-free. The camera looks at `centerX/centerY` (drawing units)
 * with a zoom relative to fit-to-view, so zoom 1 always shows the whole venue whatever the
 * viewport size, and the spec's 1..24 range and "2x" label mean the same on phone and desktop.
 *
 * screen = (world - center) * scale + viewport / 2, where scale = fitScale * zoom.
 */

/**
 * Spec 001 §9: map zoom min 1, max 24 (relative to fit-to-view). The spec's values live here only
 * (the engine imports no contract; src/contract/constants.ts points here).
 */
export const MIN_ZOOM = 1
export const MAX_ZOOM = 24
/** Spec 001 §9: button factor 2 in, 0.5 out: zoom in multiplies by it, zoom out divides by it. */
export const ZOOM_BUTTON_FACTOR = 2
/** Margin around the venue at zoom 1, as a fraction of the viewport (5 % each side). */
export const FIT_PADDING = 0.9

export interface Viewport {
  /** CSS pixels. */
  width: number
  height: number
}

export interface CameraState {
  centerX: number
  centerY: number
  zoom: number
}

export type Bounds = readonly [minX: number, minY: number, maxX: number, maxY: number]

export function clampZoom(zoom: number, min = MIN_ZOOM, max = MAX_ZOOM): number {
  if (!Number.isFinite(zoom)) return min
  return Math.min(max, Math.max(min, zoom))
}

/** Drawing units → CSS pixels at zoom 1. Degenerate bounds or viewports give 1. */
export function fitScale(bounds: Bounds, viewport: Viewport): number {
  const w = bounds[2] - bounds[0]
  const h = bounds[3] - bounds[1]
  if (!(w > 0) || !(h > 0) || !(viewport.width > 0) || !(viewport.height > 0)) return 1
  return Math.min(viewport.width / w, viewport.height / h) * FIT_PADDING
}

/** The camera that shows the whole venue, centred. */
export function fitCamera(bounds: Bounds): CameraState {
  return { centerX: (bounds[0] + bounds[2]) / 2, centerY: (bounds[1] + bounds[3]) / 2, zoom: MIN_ZOOM }
}

export function cameraScale(cam: CameraState, bounds: Bounds, viewport: Viewport): number {
  return fitScale(bounds, viewport) * cam.zoom
}

export function worldToScreen(cam: CameraState, scale: number, viewport: Viewport, x: number, y: number): { x: number; y: number } {
  return { x: (x - cam.centerX) * scale + viewport.width / 2, y: (y - cam.centerY) * scale + viewport.height / 2 }
}

export function screenToWorld(cam: CameraState, scale: number, viewport: Viewport, sx: number, sy: number): { x: number; y: number } {
  return { x: (sx - viewport.width / 2) / scale + cam.centerX, y: (sy - viewport.height / 2) / scale + cam.centerY }
}

/**
 * How far the view may reach past the venue's edge, as a fraction of the viewport on each side:
 * the margin zoom 1 leaves (FIT_PADDING), so the edge seats can be brought to the same place a fit
 * shows them, and no further.
 */
export const EDGE_MARGIN = (1 - FIT_PADDING) / 2

/**
 * Keeps the view on the venue, so the map can never be panned or zoomed away and lost. On each
 * axis the visible span may pass the venue's edge by EDGE_MARGIN of the viewport at most; an axis
 * whose span is wider than the venue with its margins (zoom 1, or the narrow side of the drawing)
 * stays centred. Bounding the centre alone let a zoom near an edge, or a tap-zoom around a point in
 * the empty band above the drawing (a phone shows that band first), leave half the view or more
 * outside the venue: an empty map.
 */
export function clampCenter(cam: CameraState, bounds: Bounds, viewport: Viewport): CameraState {
  const scale = cameraScale(cam, bounds, viewport)
  return {
    zoom: cam.zoom,
    centerX: clampAxis(cam.centerX, bounds[0], bounds[2], viewport.width / scale),
    centerY: clampAxis(cam.centerY, bounds[1], bounds[3], viewport.height / scale),
  }
}

/** A centre on one axis whose visible `span` (drawing units) keeps within [min, max] and its margin. */
function clampAxis(center: number, min: number, max: number, span: number): number {
  const inset = span * (0.5 - EDGE_MARGIN)
  const lo = min + inset
  const hi = max - inset
  if (!(lo < hi)) return (min + max) / 2
  return Math.min(hi, Math.max(lo, center))
}

/**
 * Zoom to `zoom` (clamped) keeping the world point under screen point (`sx`, `sy`) fixed.
 * Without an anchor, zooms around the viewport centre.
 */
export function zoomAround(
  cam: CameraState,
  bounds: Bounds,
  viewport: Viewport,
  zoom: number,
  anchor?: { x: number; y: number },
  range: { min: number; max: number } = { min: MIN_ZOOM, max: MAX_ZOOM },
): CameraState {
  const next = clampZoom(zoom, range.min, range.max)
  const base = fitScale(bounds, viewport)
  const ax = anchor?.x ?? viewport.width / 2
  const ay = anchor?.y ?? viewport.height / 2
  const world = screenToWorld(cam, base * cam.zoom, viewport, ax, ay)
  const scale = base * next
  return {
    zoom: next,
    centerX: world.x - (ax - viewport.width / 2) / scale,
    centerY: world.y - (ay - viewport.height / 2) / scale,
  }
}

/** Move the view by a screen-space delta (CSS pixels): dragging right moves the map right. */
export function panBy(cam: CameraState, bounds: Bounds, viewport: Viewport, dx: number, dy: number): CameraState {
  const scale = cameraScale(cam, bounds, viewport)
  return clampCenter({ zoom: cam.zoom, centerX: cam.centerX - dx / scale, centerY: cam.centerY - dy / scale }, bounds, viewport)
}

/** The visible world rectangle, for culling and index queries. */
export function visibleWorldRect(cam: CameraState, bounds: Bounds, viewport: Viewport): [number, number, number, number] {
  const scale = cameraScale(cam, bounds, viewport)
  const hw = viewport.width / 2 / scale
  const hh = viewport.height / 2 / scale
  return [cam.centerX - hw, cam.centerY - hh, cam.centerX + hw, cam.centerY + hh]
}

/** The scale label the spec shows beside the zoom buttons ("2x", "1.5x"). */
export function zoomLabel(zoom: number): string {
  const rounded = zoom >= 10 ? Math.round(zoom) : Math.round(zoom * 10) / 10
  return `${rounded}x`
}
