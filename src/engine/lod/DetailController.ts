import type { CameraView } from '../camera/Transform'
import { MAX_ZOOM } from '../camera/Camera'
import { WHEEL_DEBOUNCE_MS } from '../input/WheelHandler'
import type { LoadedVenue } from '../LoadedVenue'
import { budgetZoom, detailThreshold, detailZoom, labelsFit, type LodTier, lodTier, MAX_SEATS_DRAWN } from './lod'

/**
 * Level-of-detail decisions for the live camera: which tier the renderer draws, when the seat
 * tiles must exist, and which labels are in view. The thresholds themselves are the pure
 * functions in lod.ts; this applies them and decides *when* (at once, or after the camera rests).
 *
 * The seat tiles build in the background after the first frame, since the zoomed-out view draws
 * sectors; the build is finished at once when a zoom crosses the threshold before it ends.
 */

/** Refinements of the zoom that fits the seat budget around a point (detailZoom's `around`). */
const BUDGET_ZOOM_STEPS = 4

/**
 * Re-detailing (seat numbers) waits for this much quiet after any camera move: the spec's wheel
 * debounce (001 §9, 200 ms) applied to every gesture, so the wheel's constant, not a copy of it.
 */
export const DETAIL_QUIET_MS = WHEEL_DEBOUNCE_MS

type Rect = [number, number, number, number]

/** What the level of detail asks of the renderer; it decides, the renderer draws. */
export interface DetailRenderer {
  readonly currentTier: LodTier
  setTier(tier: LodTier): void
  /** Labels for a view: decoration labels, plus the numbers of `seatsInView` (already capped). */
  showLabels(venue: LoadedVenue, tier: LodTier, rect: Rect, seatsInView: readonly number[]): void
}

export interface DetailHost {
  readonly renderer: DetailRenderer
  readonly camera: CameraView
  venue(): LoadedVenue | null
  /** Labels are rebuilt when statuses change (same view, new revision). */
  statusRevision(): number
  /** The drawn tier changed: publish it in the snapshot. */
  tierChanged(tier: LodTier): void
  /** Something drawn changed; render on the next frame. */
  invalidate(): void
  requestFrame(): void
}

export class DetailController {
  private lastCameraChange = -Infinity
  private quietTimer: ReturnType<typeof setTimeout> | null = null
  /** The view the current labels were built for (tier, rectangle, status revision). */
  private labelKey = ''

  private readonly budget: () => number

  /**
   * @param threshold detail threshold as a zoom factor, from `detailThreshold()`
   * @param seatBudget most seats in view drawn one by one: a number (lod.ts; tests pass a small
   *   one) or the device's live budget (seatBudget.ts), read at every decision
   */
  constructor(
    private readonly host: DetailHost,
    private threshold: number,
    seatBudget: number | (() => number) = MAX_SEATS_DRAWN,
  ) {
    this.budget = typeof seatBudget === 'number' ? () => seatBudget : seatBudget
  }

  /** The detail threshold now, as a zoom factor. */
  get detailThreshold(): number {
    return this.threshold
  }

  /**
   * The map metadata's threshold in percent (null: the default), clamped by detailThreshold().
   * The storefront makes its engine before the map answer that carries it arrives, so this may
   * come at any time: the tier the camera now calls for is drawn at once, like a budget change
   * (the tier decision lives here on the page's thread; the renderer, in its worker or not, only
   * gets the tier to draw).
   */
  setThresholdPercent(percent: number | null | undefined): void {
    const threshold = detailThreshold(percent)
    if (threshold === this.threshold) return
    this.threshold = threshold
    this.retier()
  }

  private get seatBudget(): number {
    return this.budget()
  }

  /** A new venue was handed to the renderer: draw the tier the camera calls for. */
  install(): void {
    this.host.renderer.setTier(this.tier())
    this.lastCameraChange = -Infinity
    // The renderer cleared its labels for the new venue: the next quiet frame must set them
    // even when the view and status revision read the same as before.
    this.labelKey = ''
  }

  /**
   * Zoom at which single seats show: the threshold, or more for venues whose seats are still
   * specks, or more again while the view holds more seats than the seat budget (lod.ts): then it
   * is the zoom at which this view's seats would fit it, so a click zooms in first exactly when
   * the sector fills stand in for the seats. With `around` (a drawing point the camera is about
   * to centre on: a focused seat, the best seats), the zoom at which a view centred there fits.
   */
  detailZoom(around?: readonly [number, number]): number {
    const v = this.host.venue()
    const maxHalf = v ? v.maxHalf : 0
    const base = detailZoom(this.threshold, maxHalf * 2 * this.host.camera.fitScale(), MAX_ZOOM)
    if (!v) return base
    if (around) return this.zoomFittingBudget(v, around[0], around[1], base)
    const zoom = this.host.camera.camera.zoom
    if (zoom < base || this.tier() !== 'sectors') return base
    return Math.min(MAX_ZOOM, Math.max(base, budgetZoom(zoom, this.seatsInView(v), this.seatBudget)))
  }

  /** From `zoom` up, the first zoom whose view centred on (x, y) holds at most the seat budget. */
  private zoomFittingBudget(v: LoadedVenue, x: number, y: number, zoom: number): number {
    const { viewport } = this.host.camera
    let z = zoom
    // Each step assumes even density around the point; a few steps settle on uneven ones.
    for (let step = 0; step < BUDGET_ZOOM_STEPS && z < MAX_ZOOM; step++) {
      const scale = this.host.camera.fitScale() * z
      const hw = viewport.width / 2 / scale
      const hh = viewport.height / 2 / scale
      const n = v.density.seatsIn([x - hw, y - hh, x + hw, y + hh])
      if (n <= this.seatBudget) break
      z = Math.min(MAX_ZOOM, budgetZoom(z, n, this.seatBudget))
    }
    return z
  }

  /** The tier the camera calls for now (the renderer may still draw another until `redetail`). */
  tier(): LodTier {
    const v = this.host.venue()
    const seatPx = v && v.seatCount > 0 ? v.maxHalf * 2 * this.host.camera.scale() : 0
    const zoom = this.host.camera.camera.zoom
    // The seat count matters only past the size and zoom thresholds: count only there.
    const byZoom = lodTier(zoom, this.threshold, seatPx)
    if (!v || seatPx === 0 || byZoom === 'sectors') return byZoom
    return lodTier(zoom, this.threshold, seatPx, this.seatsInView(v), this.host.renderer.currentTier !== 'sectors', this.seatBudget)
  }

  /** Seats the view holds (estimate from the venue's density grid). */
  private seatsInView(v: LoadedVenue): number {
    return v.density.seatsIn(this.host.camera.visibleRect())
  }

  /** The camera moved: switch seats on or off now, and restart the quiet period. */
  cameraMoved(): void {
    this.switchSeatsNow()
    this.lastCameraChange = performance.now()
    this.scheduleQuietCheck()
  }

  /** The seat budget changed (seatBudget.ts): draw the tier it now calls for. */
  budgetChanged(): void {
    this.retier()
  }

  /** A rule of the tier changed (budget, threshold), not the camera: seats on or off now, numbers after quiet. */
  private retier(): void {
    this.switchSeatsNow()
    this.scheduleQuietCheck()
    this.host.requestFrame()
  }

  /** Whether the camera has rested long enough for `redetail` (the caller also waits out the wheel). */
  isQuiet(now: number): boolean {
    return now - this.lastCameraChange >= DETAIL_QUIET_MS
  }

  /** The expensive part, run after the camera has been quiet: tier switch and labels in view. */
  redetail(): void {
    const v = this.host.venue()
    if (!v) return
    const { renderer, camera } = this.host
    const tier = this.tier()
    if (tier !== renderer.currentTier) {
      renderer.setTier(tier)
      this.host.tierChanged(tier)
      this.host.invalidate()
    }
    const rect = camera.visibleRect()
    const key = `${tier}|${rect.map((n) => n.toFixed(3)).join(',')}|${this.host.statusRevision()}`
    if (key === this.labelKey) return
    this.labelKey = key
    const inView = tier === 'numbers' ? v.query.search(rect[0], rect[1], rect[2], rect[3]) : []
    renderer.showLabels(v, tier, rect, labelsFit(inView.length) ? inView : [])
    this.host.invalidate()
  }

  dispose(): void {
    if (this.quietTimer) clearTimeout(this.quietTimer)
  }

  /**
   * Sectors and seats are both built, so switching between them costs nothing and happens in the
   * frame that crosses the threshold: a zoom-out never keeps drawing every seat of the venue until
   * the camera rests. Only seat numbers (text layout) wait for the quiet period in `redetail`.
   */
  private switchSeatsNow(): void {
    if (!this.host.venue()) return
    const current = this.host.renderer.currentTier
    const target = this.tier()
    if ((current === 'sectors') === (target === 'sectors')) return
    if (target === 'sectors') {
      this.redetail()
      return
    }
    this.host.renderer.setTier('seats')
    this.host.tierChanged('seats')
  }

  /** Wakes the frame loop once the quiet period has passed, even if nothing else asks for a frame. */
  private scheduleQuietCheck(): void {
    if (this.quietTimer) clearTimeout(this.quietTimer)
    this.quietTimer = setTimeout(() => {
      this.quietTimer = null
      this.host.requestFrame()
    }, DETAIL_QUIET_MS + 1)
  }
}
