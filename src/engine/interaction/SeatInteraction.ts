import type { CameraView } from '../camera/Transform'
import { ZOOM_BUTTON_FACTOR } from '../camera/Camera'
import type { SeatMapEvents, SeatMapSnapshot } from '../engineTypes'
import type { Point } from '../input/types'
import type { LoadedVenue } from '../LoadedVenue'
import { clickZoomsFirst } from '../lod/lod'
import type { RingTarget } from '../render/HighlightLayer'
import { placePopover } from './popover'
import { buildSeatInfo, describeSeat, type SeatInfo } from './seatInfo'
import { DOUBLE_TAP_MS, DOUBLE_TAP_SLOP_PX } from './states'

/**
 * What the user is doing with single seats: hover (cursor and ring), taps (double-tap zoom, the
 * spec's click-zooms-first, selecting with a popover), keyboard focus (ring and announcement),
 * and the SeatInfo objects the host page shows for them. Knows the engine only through
 * `SeatInteractionHost`; gestures reach it already interpreted by the InteractionMachine.
 */

export interface SeatInteractionOptions {
  /** Popover placement on phones: above or below only. Default: `(pointer: coarse)`. */
  mobile?: boolean
  /** Announcement text for the aria-live region. Default: `describeSeat` (English). */
  describe?: (seat: SeatInfo) => string
}

export interface SeatInteractionHost {
  readonly camera: CameraView
  venue(): LoadedVenue | null
  /**
   * Zoom at which single seats show; taps below it zoom in instead of selecting. `around`: a
   * drawing point a view is about to be centred on (the seat budget then counts that view).
   */
  detailZoom(around?: readonly [number, number]): number
  /** Whether single seats are drawn (no hover over sector shapes). */
  drawsSeats(): boolean
  /** Seat under a container point, -1 when none. */
  seatAt(x: number, y: number): number
  zoomTo(zoom: number, around?: Point): void
  centerOn(x: number, y: number, zoom?: number): void
  setRings(hover: RingTarget | null, focus: RingTarget | null, pxToWorld: number): void
  setCursor(cursor: string): void
  snapshot(): SeatMapSnapshot
  update(patch: Partial<SeatMapSnapshot>): void
  emit<K extends 'seatclick' | 'hover' | 'focus'>(event: K, payload: SeatMapEvents[K]): void
  /** Something drawn changed; render on the next frame. */
  invalidate(): void
  requestFrame(): void
}

export type PopoverState = NonNullable<SeatMapSnapshot['popover']>

export class SeatInteraction {
  /** Prices shown in seat infos, by zone index. */
  zonePrices: readonly (number | null)[] = []
  /** Latest pointer position to hit-test on the next frame; undefined when none is pending. */
  private hoverPoint: Point | null | undefined = undefined
  private hoverIndex = -1
  private focusIndex = -1
  private popoverIndex = -1
  private lastTap: { x: number; y: number; t: number; hit: boolean } | null = null

  constructor(
    private readonly host: SeatInteractionHost,
    private readonly options: SeatInteractionOptions = {},
  ) {}

  get focused(): number {
    return this.focusIndex
  }

  /** A new venue: no seat is hovered, focused or open any more. */
  reset(): void {
    this.hoverIndex = this.focusIndex = this.popoverIndex = -1
  }

  /** Info for a seat, null when out of range. */
  seatInfo(index: number): SeatInfo | null {
    const v = this.host.venue()
    return v && v.has(index) ? this.info(v, index) : null
  }

  /** Records the pointer; hit-testing waits for the frame (pointer moves outpace frames). */
  hoverAt(p: Point | null): void {
    this.hoverPoint = p
    this.host.requestFrame()
  }

  /** Per frame: hit-tests the pointer recorded since the last frame, if any. */
  frame(): void {
    if (this.hoverPoint !== undefined) this.updateHover()
  }

  tap(p: Point, now: number): void {
    const v = this.host.venue()
    if (!v) return
    const zoom = this.host.camera.camera.zoom
    const prev = this.lastTap
    if (prev && !prev.hit && now - prev.t < DOUBLE_TAP_MS && Math.hypot(p.x - prev.x, p.y - prev.y) < DOUBLE_TAP_SLOP_PX) {
      this.lastTap = null
      this.host.zoomTo(zoom * ZOOM_BUTTON_FACTOR, p)
      return
    }
    // Spec 001 §4: a click while zoomed out below the threshold zooms in first.
    const detail = this.host.detailZoom()
    if (clickZoomsFirst(zoom, detail)) {
      // This tap touched no seat: a quick second one is a double-tap zoom, never a selection
      // of whatever seat now lies under the finger.
      this.lastTap = { ...p, t: now, hit: false }
      this.host.zoomTo(detail, p)
      return
    }
    const idx = this.host.seatAt(p.x, p.y)
    this.lastTap = { ...p, t: now, hit: idx >= 0 }
    if (idx < 0) {
      this.closePopover()
      return
    }
    this.popoverIndex = idx
    this.host.update({ popover: this.popoverFor(v, idx) })
    this.host.emit('seatclick', this.info(v, idx))
  }

  /** Keyboard Enter/Space on a seat: same event as a click, without the popover. */
  activate(index: number): void {
    const v = this.host.venue()
    if (v) this.host.emit('seatclick', this.info(v, index))
  }

  /** Focuses a seat, bringing it into view at a zoom where single seats show. */
  setFocus(index: number): void {
    const v = this.host.venue()
    if (!v || !v.has(index)) return
    this.focusIndex = index
    const x = v.data.seats.x[index]
    const y = v.data.seats.y[index]
    const rect = this.host.camera.visibleRect()
    // The zoom where a view centred on the seat draws seats (the seat budget counts that view).
    const detail = this.host.detailZoom([x, y])
    if (this.host.camera.camera.zoom < detail) this.host.centerOn(x, y, detail)
    else if (x < rect[0] || x > rect[2] || y < rect[1] || y > rect[3]) this.host.centerOn(x, y)
    const info = this.info(v, index)
    this.host.update({ focus: info, announcement: this.describe(info) })
    this.host.emit('focus', info)
    this.updateRings()
    this.host.invalidate()
    this.host.requestFrame()
  }

  closePopover(): void {
    this.popoverIndex = -1
    this.host.update({ popover: null })
  }

  /** The open popover re-placed for the current camera, null when none is open. */
  popoverNow(): PopoverState | null {
    const v = this.host.venue()
    return v && this.popoverIndex >= 0 ? this.popoverFor(v, this.popoverIndex) : null
  }

  /** Seat infos carry statuses, prices and screen positions: rebuild the ones on show. */
  refreshSeatInfos(): void {
    const v = this.host.venue()
    const info = (i: number) => (v && i >= 0 ? this.info(v, i) : null)
    const focus = info(this.focusIndex)
    this.host.update({
      hover: info(this.hoverIndex),
      focus,
      popover: v && this.popoverIndex >= 0 ? this.popoverFor(v, this.popoverIndex) : null,
      announcement: focus ? this.describe(focus) : this.host.snapshot().announcement,
    })
  }

  /** Hover and focus rings follow the seats; their line width stays constant on screen. */
  updateRings(): void {
    const v = this.host.venue()
    if (!v) return
    const s = v.data.seats
    const ring = (i: number) => (i >= 0 ? { x: s.x[i], y: s.y[i], radius: Math.max(s.w[i], s.h[i]) / 2 } : null)
    this.host.setRings(ring(this.hoverIndex), ring(this.focusIndex), 1 / this.host.camera.scale())
  }

  private updateHover(): void {
    const p = this.hoverPoint
    this.hoverPoint = undefined
    const idx = p && this.host.drawsSeats() ? this.host.seatAt(p.x, p.y) : -1
    if (idx === this.hoverIndex) return
    this.hoverIndex = idx
    const v = this.host.venue()
    const info = v && idx >= 0 ? this.info(v, idx) : null
    this.host.setCursor(idx >= 0 ? 'pointer' : '')
    this.updateRings()
    this.host.invalidate()
    this.host.update({ hover: info })
    this.host.emit('hover', info)
  }

  private info(v: LoadedVenue, i: number): SeatInfo {
    const s = v.data.seats
    const p = this.host.camera.worldToScreen(s.x[i], s.y[i])
    const radius = (Math.max(s.w[i], s.h[i]) / 2) * this.host.camera.scale()
    return buildSeatInfo(v.data, v.text, this.zonePrices, i, { x: p.x, y: p.y, radius })
  }

  /** A describer set after construction (the page's language changed) wins over the option. */
  private describer: ((seat: SeatInfo) => string) | null = null

  /** Announces seats in the page's words from now on, and re-says the focused seat in them. */
  setDescribe(describe: (seat: SeatInfo) => string): void {
    this.describer = describe
    const focus = this.host.snapshot().focus
    if (focus) this.host.update({ announcement: describe(focus) })
  }

  private describe(info: SeatInfo): string {
    return (this.describer ?? this.options.describe ?? describeSeat)(info)
  }

  private popoverFor(v: LoadedVenue, i: number): PopoverState {
    const seat = this.info(v, i)
    const mobile = this.options.mobile ?? (typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches)
    return { seat, placement: placePopover({ anchor: seat.screen, viewport: this.host.camera.viewport, mobile }) }
  }
}
