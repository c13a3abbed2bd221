/**
 * What an input handler returns (maplibre HandlerResult): deltas in screen space, never camera
 * state. Handlers interpret DOM events; the InputManager merges their results and applies them
 * to the camera once per animation frame.
 */
export interface Point {
  x: number
  y: number
}

export interface InputDelta {
  /** Screen-space pan in CSS pixels. */
  panDelta?: Point
  /** Zoom change in log2 units (+1 doubles the zoom). */
  zoomDelta?: number
  /** Screen point (CSS pixels, relative to the container) the zoom keeps fixed. */
  around?: Point
  /** Set by handlers whose motion continues without events (inertia, wheel easing). */
  needsFrame?: boolean
}

/** Merge deltas collected in one frame: pans add up, zooms add up, the last anchor wins. */
export function mergeDeltas(deltas: readonly InputDelta[]): InputDelta {
  let px = 0
  let py = 0
  let zoom = 0
  let around: Point | undefined
  let hasPan = false
  let needsFrame = false
  for (const d of deltas) {
    if (d.panDelta) {
      px += d.panDelta.x
      py += d.panDelta.y
      hasPan = true
    }
    if (d.zoomDelta) zoom += d.zoomDelta
    if (d.around) around = d.around
    if (d.needsFrame) needsFrame = true
  }
  const out: InputDelta = {}
  if (hasPan) out.panDelta = { x: px, y: py }
  if (zoom !== 0) out.zoomDelta = zoom
  if (around) out.around = around
  if (needsFrame) out.needsFrame = true
  return out
}
