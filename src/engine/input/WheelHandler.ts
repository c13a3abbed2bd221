import type { InputDelta, Point } from './types'

/**
 * Wheel and trackpad zoom (after maplibre scroll_zoom.ts): wheel events only accumulate; the
 * zoom is taken once per animation frame so a fast wheel never queues more than one camera
 * change per frame, and the cursor stays the zoom anchor.
 */

/** Pixels of wheel delta for one doubling of zoom (maplibre's wheelZoomRate is 1/450). */
export const WHEEL_PX_PER_ZOOM_LEVEL = 450
/** Trackpad pinch sends ctrlKey wheel events with small deltas; maplibre zooms those 4.5× faster. */
export const TRACKPAD_PX_PER_ZOOM_LEVEL = 100
/** DOM_DELTA_LINE events report lines; maplibre multiplies by 40 to get pixels. */
export const WHEEL_LINE_HEIGHT_PX = 40
/** DOM_DELTA_PAGE: one page of scroll. */
export const WHEEL_PAGE_HEIGHT_PX = 800
/** Cap per frame (log2): one notch of a coarse wheel never jumps more than ×2 in a frame. */
export const MAX_WHEEL_ZOOM_PER_FRAME = 1
/** Spec 001 §9: wheel debounce 200 ms; expensive re-detailing waits for this much quiet. */
export const WHEEL_DEBOUNCE_MS = 200

export class WheelHandler {
  private accumulated = 0
  private around: Point | null = null
  private lastEventAt = -Infinity

  /** Record one wheel event (deltaY in its own mode) at `point` (container CSS pixels). */
  onWheel(deltaY: number, deltaMode: number, ctrlKey: boolean, point: Point, now: number): void {
    let px = deltaY
    if (deltaMode === 1) px *= WHEEL_LINE_HEIGHT_PX
    else if (deltaMode === 2) px *= WHEEL_PAGE_HEIGHT_PX
    const rate = ctrlKey ? TRACKPAD_PX_PER_ZOOM_LEVEL : WHEEL_PX_PER_ZOOM_LEVEL
    this.accumulated += -px / rate
    this.around = point
    this.lastEventAt = now
  }

  /** Take this frame's zoom; leftover beyond the per-frame cap carries to the next frame. */
  renderFrame(): InputDelta | null {
    if (this.accumulated === 0 || !this.around) return null
    const step = Math.max(-MAX_WHEEL_ZOOM_PER_FRAME, Math.min(MAX_WHEEL_ZOOM_PER_FRAME, this.accumulated))
    this.accumulated -= step
    if (Math.abs(this.accumulated) < 1e-6) this.accumulated = 0
    return { zoomDelta: step, around: this.around, needsFrame: this.accumulated !== 0 }
  }

  /** True while wheel events came in during the last WHEEL_DEBOUNCE_MS. */
  isActive(now: number): boolean {
    return now - this.lastEventAt < WHEEL_DEBOUNCE_MS
  }

  reset(): void {
    this.accumulated = 0
    this.around = null
  }
}
