import { type Bounds, type CameraState, cameraScale, clampCenter, fitCamera, fitScale, MAX_ZOOM, MIN_ZOOM, panBy, screenToWorld, visibleWorldRect, worldToScreen, ZOOM_BUTTON_FACTOR, zoomAround, zoomLabel } from './camera/Camera'
import { HIT_SLOP_PX, hitTestSeat, maxSeatHalfSize, nearestSeat } from './hit-test/hitTest'
import { SeatGrid, type SeatQuery } from './hit-test/SeatGrid'
import { buildSeatList, type SeatListSection } from './interaction/seatList'
import { SeatIndex } from './spatial/SeatIndex'
import { Inertia } from './input/Inertia'
import { InputManager } from './input/InputManager'
import type { InputDelta, Point } from './input/types'
import { WheelHandler } from './input/WheelHandler'
import { Emitter } from './interaction/Emitter'
import { findSeatInDirection, KeyboardController } from './interaction/KeyboardController'
import { PointerController } from './interaction/PointerController'
import { placePopover, type PopoverPlacement } from './interaction/popover'
import { buildSeatInfo, describeSeat, type SeatInfo } from './interaction/seatInfo'
import { DOUBLE_TAP_MS, DOUBLE_TAP_SLOP_PX } from './interaction/states'
import { InteractionMachine } from './interaction/StateMachine'
import { VenueText } from './interaction/venueText'
import { clickZoomsFirst, detailThreshold, detailZoom, labelsFit, type LodTier, lodTier } from './lod/lod'
import type { VenueData } from './model'
import { initialSnapshot, type SeatMapEngineOptions, type SeatMapEvents, type SeatMapSnapshot } from './engineTypes'
import { buildLabels } from './render/labelsInView'
import { SceneRenderer } from './render/SceneRenderer'
import { measureViewport, ViewportWatcher, type ViewportSize } from './render/ViewportWatcher'

/**
 * The seat map as one framework-free object (tldraw's Editor facade): it owns the renderer,
 * the camera, input, hit-testing and keyboard access, and talks to the host page only through
 * methods, events and an immutable snapshot for `useSyncExternalStore`.
 *
 * Frame loop: input handlers only record deltas; one requestAnimationFrame merges them, moves the
 * camera, flushes batched status changes and renders, and only when something changed.
 */

/** Spec 001 §9: map init delay 200 ms (lets the host layout settle before the canvas is sized). */
export const MAP_INIT_DELAY_MS = 200
/** Spec 001 §9: wheel debounce 200 ms; re-detailing (seat numbers) waits for this quiet. */
export const DETAIL_QUIET_MS = 200
/** Main-thread time per task while seat tiles build in the background (well under a 50 ms long task). */
export const SEAT_BUILD_SLICE_MS = 8

export type { SeatMapEngineOptions, SeatMapEvents, SeatMapSnapshot } from './engineTypes'

export class SeatMapEngine {
  private readonly events = new Emitter<SeatMapEvents>()
  private readonly renderer = new SceneRenderer()
  private readonly wheel = new WheelHandler()
  private readonly inertia = new Inertia()
  private readonly input = new InputManager([this.wheel, this.inertia])
  private readonly machine: InteractionMachine
  private pointer: PointerController | null = null
  private keyboard: KeyboardController | null = null
  private viewportWatcher: ViewportWatcher | null = null
  private venue: VenueData | null = null
  private text: VenueText | null = null
  private query: SeatQuery | null = null
  private maxHalf = 0
  private zoneColors: number[] = []
  private zonePrices: (number | null)[] = []
  private cam: CameraState = { centerX: 0, centerY: 0, zoom: 1 }
  private bounds: Bounds = [0, 0, 1, 1]
  private viewport = { width: 1, height: 1 }
  private readonly threshold: number
  private raf = 0
  private quietTimer: ReturnType<typeof setTimeout> | null = null
  private lastCameraChange = -Infinity
  private needsRender = true
  private hoverPoint: Point | null | undefined = undefined
  private hoverIndex = -1
  private focusIndex = -1
  private popoverIndex = -1
  private lastTap: { x: number; y: number; t: number; hit: boolean } | null = null
  private snapshot: SeatMapSnapshot
  private disposed = false
  private initialized = false
  private keyToIndex: Map<string, number> | null = null
  /** Step function of the seat tiles' background build; null once built. */
  private seatBuild: ((budgetMs: number) => boolean) | null = null
  private seatBuildTimer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly container: HTMLElement,
    private readonly options: SeatMapEngineOptions = {},
  ) {
    this.threshold = detailThreshold(options.detailThresholdPercent)
    this.snapshot = initialSnapshot()
    this.machine = new InteractionMachine({
      pushDelta: (d) => this.push(d),
      tap: (p, type, now) => this.onTap(p, type, now),
      hover: (p) => {
        this.hoverPoint = p
        this.requestFrame()
      },
      dragStart: () => this.inertia.stop(),
      dragMove: (p, now) => this.inertia.record(p, now),
      dragEnd: (now) => {
        if (this.inertia.release(now)) this.requestFrame()
      },
    })
  }

  async init(): Promise<void> {
    const delay = this.options.initDelayMs ?? MAP_INIT_DELAY_MS
    if (delay > 0) await new Promise((r) => setTimeout(r, delay))
    if (this.disposed) return
    const size = measureViewport(this.container)
    this.viewport = { width: size.width, height: size.height }
    const canvas = await this.renderer.init(this.container, size)
    if (this.disposed) {
      // Disposed while Pixi was starting (e.g. React StrictMode's mount-unmount-mount).
      this.renderer.destroy()
      return
    }
    canvas.setAttribute('aria-hidden', 'true')
    this.container.style.touchAction = 'none'
    this.pointer = new PointerController(this.container, this.machine)
    this.container.addEventListener('wheel', this.onWheel, { passive: false })
    this.keyboard = new KeyboardController(this.container, {
      focused: () => this.focusIndex,
      setFocus: (i) => this.setFocus(i),
      seatNearViewCenter: () => this.seatNear(this.cam.centerX, this.cam.centerY),
      activate: (i) => this.events.emit('seatclick', this.info(i)),
      zoomIn: () => this.zoomIn(),
      zoomOut: () => this.zoomOut(),
      reset: () => this.reset(),
      escape: () => this.closePopover(),
    }, (from, key) => (this.venue && this.query ? findSeatInDirection(this.venue.seats, this.query, this.maxHalf, from, key, this.bounds) : -1))
    this.viewportWatcher = new ViewportWatcher(this.container, (size) => this.onResize(size))
    this.initialized = true
    if (this.venue) this.installVenue(this.venue)
    this.update({ ready: true })
    this.events.emit('ready', undefined)
    this.requestFrame()
  }

  setVenue(venue: VenueData): void {
    this.venue = venue
    this.text = new VenueText(venue.strings)
    this.zoneColors = venue.zones.map((z) => z.color)
    this.keyToIndex = null
    this.query = this.options.seatQuery
      ? this.options.seatQuery(venue)
      : venue.seatIndex.byteLength > 0 ? SeatIndex.fromBuffer(venue.seatIndex) : new SeatGrid(venue.seats)
    this.maxHalf = maxSeatHalfSize(venue.seats)
    this.bounds = venue.bbox
    this.cam = fitCamera(this.bounds)
    this.hoverIndex = this.focusIndex = this.popoverIndex = -1
    if (this.initialized) this.installVenue(venue)
  }

  private installVenue(venue: VenueData): void {
    this.cancelSeatBuild()
    this.seatBuild = this.renderer.setVenue(venue, this.zoneColors)
    if (this.tierNow() === 'sectors') this.scheduleSeatBuild()
    else this.finishSeatBuild()
    this.renderer.setTier(this.tierNow())
    this.lastCameraChange = -Infinity
    this.needsRender = true
    this.update({ hasVenue: true, hover: null, focus: null, popover: null, announcement: '' })
    this.applyCamera()
  }

  /** Batched: statuses land in the model now, colours reach the GPU on the next frame. */
  setStatuses(indices: ArrayLike<number>, statuses: ArrayLike<number> | number): void {
    const v = this.venue
    if (!v) return
    const st = v.seats.status
    for (let k = 0; k < indices.length; k++) {
      const i = indices[k]
      if (i >= 0 && i < st.length) st[i] = typeof statuses === 'number' ? statuses : statuses[k]
    }
    this.renderer.seats.markDirty(indices)
    this.renderer.sectors.markStale()
    this.update({ statusRevision: this.snapshot.statusRevision + 1 })
    this.refreshSeatInfos()
    this.requestFrame()
  }

  /** Zone colours (0xRRGGBB) by zone index, or by zone id. */
  setZoneColors(colors: readonly number[] | Record<string, number>): void {
    const v = this.venue
    if (Array.isArray(colors)) this.zoneColors = [...colors]
    else if (v) this.zoneColors = v.zones.map((z, i) => (colors as Record<string, number>)[z.id] ?? this.zoneColors[i] ?? z.color)
    this.renderer.seats.markAllDirty()
    this.renderer.sectors.markStale()
    this.requestFrame()
  }

  /** Prices shown in tooltips and announcements, by zone index or zone id. */
  setZonePrices(prices: readonly (number | null)[] | Record<string, number | null>): void {
    const v = this.venue
    if (Array.isArray(prices)) this.zonePrices = [...prices]
    else if (v) this.zonePrices = v.zones.map((z) => (prices as Record<string, number | null>)[z.id] ?? null)
    this.refreshSeatInfos()
  }

  /** Seat index for a seat key (as the server's seat_id), -1 when unknown. Builds a map once. */
  indexOfKey(key: string): number {
    const v = this.venue
    if (!v || !this.text) return -1
    if (!this.keyToIndex) {
      this.keyToIndex = new Map()
      for (let i = 0; i < v.seats.count; i++) this.keyToIndex.set(this.text.get(v.seats.key[i]), i)
    }
    return this.keyToIndex.get(key) ?? -1
  }

  getSeatInfo(index: number): SeatInfo | null {
    return this.venue && index >= 0 && index < this.venue.seats.count ? this.info(index) : null
  }

  /** Sections → rows → seat indices for the list view (computed on demand, O(seats)). */
  getSeatList(): SeatListSection[] {
    return this.venue && this.text ? buildSeatList(this.venue, this.text) : []
  }

  getVenue(): VenueData | null {
    return this.venue
  }

  zoomIn(): void {
    this.zoomTo(this.cam.zoom * ZOOM_BUTTON_FACTOR)
  }

  zoomOut(): void {
    this.zoomTo(this.cam.zoom / ZOOM_BUTTON_FACTOR)
  }

  reset(): void {
    this.cam = fitCamera(this.bounds)
    this.applyCamera()
  }

  /** Zoom (relative to fit) around a screen point, or the view centre. */
  zoomTo(zoom: number, around?: Point): void {
    this.cam = zoomAround(this.cam, this.bounds, this.viewport, zoom, around)
    this.applyCamera()
  }

  /** Centre the view on a drawing point, optionally at a zoom. */
  centerOn(x: number, y: number, zoom = this.cam.zoom): void {
    this.cam = clampCenter({ centerX: x, centerY: y, zoom: Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)) }, this.bounds)
    this.applyCamera()
  }

  setFocus(index: number): void {
    const v = this.venue
    if (!v || index < 0 || index >= v.seats.count) return
    this.focusIndex = index
    const x = v.seats.x[index]
    const y = v.seats.y[index]
    const rect = visibleWorldRect(this.cam, this.bounds, this.viewport)
    const detail = this.detailZoom()
    if (this.cam.zoom < detail) this.centerOn(x, y, detail)
    else if (x < rect[0] || x > rect[2] || y < rect[1] || y > rect[3]) this.centerOn(x, y)
    const info = this.info(index)
    this.update({ focus: info, announcement: this.describe(info) })
    this.events.emit('focus', info)
    this.updateRings()
    this.needsRender = true
    this.requestFrame()
  }

  getCamera(): Readonly<CameraState> {
    return this.cam
  }

  /** Screen position of a seat (container CSS pixels), for tests and overlays. */
  seatToScreen(index: number): Point | null {
    const v = this.venue
    if (!v || index < 0 || index >= v.seats.count) return null
    return worldToScreen(this.cam, this.scale(), this.viewport, v.seats.x[index], v.seats.y[index])
  }

  /** Seat under a container point, -1 when none. */
  seatAt(x: number, y: number): number {
    const v = this.venue
    if (!v || !this.query) return -1
    const p = screenToWorld(this.cam, this.scale(), this.viewport, x, y)
    return hitTestSeat(v.seats, this.query, this.maxHalf, p.x, p.y, HIT_SLOP_PX / this.scale())
  }

  closePopover(): void {
    this.popoverIndex = -1
    this.update({ popover: null })
  }

  on<K extends keyof SeatMapEvents>(event: K, cb: (payload: SeatMapEvents[K]) => void): () => void {
    return this.events.on(event, cb)
  }

  /** Same object until something changes: suitable for useSyncExternalStore. */
  getSnapshot = (): SeatMapSnapshot => this.snapshot

  subscribe = (cb: () => void): (() => void) => this.events.on('change', cb)

  /** Renderer statistics for the lab and benchmarks. */
  getStats(): { tiles: number; seatsShown: number; tier: LodTier; labels: number; pendingColors: boolean } {
    const seats = this.renderer.seats
    return { tiles: seats.tileCount, seatsShown: this.renderer.currentTier === 'sectors' ? 0 : seats.seatsShown, tier: this.renderer.currentTier, labels: this.renderer.labels.shown, pendingColors: seats.hasPending }
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    cancelAnimationFrame(this.raf)
    if (this.quietTimer) clearTimeout(this.quietTimer)
    this.cancelSeatBuild()
    this.pointer?.dispose()
    this.keyboard?.dispose()
    this.viewportWatcher?.dispose()
    this.container.removeEventListener('wheel', this.onWheel)
    if (this.initialized) this.renderer.destroy()
    this.events.clear()
  }

  // ---- frame loop -------------------------------------------------------------------------

  private requestFrame(): void {
    if (this.raf || this.disposed || !this.initialized) return
    this.raf = requestAnimationFrame((t) => {
      this.raf = 0
      this.frame(t)
    })
  }

  private frame(now: number): void {
    const delta = this.input.takeFrame(now)
    if (delta) this.applyDelta(delta)
    const v = this.venue
    if (v) {
      const quiet = now - this.lastCameraChange >= DETAIL_QUIET_MS && !this.wheel.isActive(now)
      if (quiet) this.redetail()
      if (this.renderer.seats.hasPending) {
        this.renderer.seats.flush(v, this.zoneColors)
        this.needsRender = true
      }
      if (this.renderer.currentTier === 'sectors' && this.renderer.sectors.isStale) {
        this.renderer.sectors.rebuild(v, this.zoneColors)
        this.needsRender = true
      }
      if (this.hoverPoint !== undefined) this.updateHover()
    }
    const rendered = this.needsRender
    if (this.needsRender) {
      this.renderer.render()
      this.needsRender = false
    }
    this.events.emit('frame', { at: now, rendered })
    if (delta?.needsFrame || this.inertia.active) this.requestFrame()
  }

  private onWheel = (e: WheelEvent): void => {
    e.preventDefault()
    const r = this.container.getBoundingClientRect()
    this.wheel.onWheel(e.deltaY, e.deltaMode, e.ctrlKey, { x: e.clientX - r.left, y: e.clientY - r.top }, performance.now())
    this.requestFrame()
  }

  private push(d: InputDelta): void {
    this.input.push(d)
    this.requestFrame()
  }

  /** A frame's pan first, then its zoom around the anchor (see Pinching). */
  private applyDelta(d: InputDelta): void {
    let cam = this.cam
    if (d.panDelta) cam = panBy(cam, this.bounds, this.viewport, d.panDelta.x, d.panDelta.y)
    if (d.zoomDelta) cam = zoomAround(cam, this.bounds, this.viewport, cam.zoom * Math.pow(2, d.zoomDelta), d.around)
    cam = clampCenter(cam, this.bounds)
    if (cam.centerX !== this.cam.centerX || cam.centerY !== this.cam.centerY || cam.zoom !== this.cam.zoom) {
      this.cam = cam
      this.applyCamera()
    }
  }

  private scale(): number {
    return cameraScale(this.cam, this.bounds, this.viewport)
  }

  private applyCamera(): void {
    const s = this.scale()
    this.renderer.setCamera(this.cam.centerX, this.cam.centerY, s, this.viewport.width, this.viewport.height)
    this.renderer.seats.cull(visibleWorldRect(this.cam, this.bounds, this.viewport))
    this.switchSeatsNow()
    this.updateRings()
    this.lastCameraChange = performance.now()
    this.scheduleQuietCheck()
    this.needsRender = true
    const popover = this.popoverIndex >= 0 ? this.popoverFor(this.popoverIndex) : null
    if (this.cam.zoom !== this.snapshot.zoom || popover) this.update({ zoom: this.cam.zoom, zoomLabel: zoomLabel(this.cam.zoom), popover })
    this.requestFrame()
  }

  private scheduleQuietCheck(): void {
    if (this.quietTimer) clearTimeout(this.quietTimer)
    this.quietTimer = setTimeout(() => {
      this.quietTimer = null
      this.requestFrame()
    }, DETAIL_QUIET_MS + 1)
  }

  /** Zoom at which single seats show (threshold, or more for venues whose seats are still specks). */
  private detailZoom(): number {
    return detailZoom(this.threshold, this.maxHalf * 2 * fitScale(this.bounds, this.viewport), MAX_ZOOM)
  }

  private tierNow(): LodTier {
    const v = this.venue
    const seatPx = v && v.seats.count > 0 ? this.maxHalf * 2 * this.scale() : 0
    return lodTier(this.cam.zoom, this.threshold, seatPx)
  }

  /**
   * Sectors and seats are both built, so switching between them costs nothing and happens in the
   * frame that crosses the threshold: a zoom-out never keeps drawing every seat of the venue until
   * the camera rests. Only seat numbers (text layout) wait for the quiet period in `redetail`.
   */
  private switchSeatsNow(): void {
    if (!this.venue) return
    const current = this.renderer.currentTier
    const target = this.tierNow()
    if ((current === 'sectors') === (target === 'sectors')) return
    if (target === 'sectors') {
      this.redetail()
      return
    }
    this.finishSeatBuild()
    this.renderer.setTier('seats')
    this.update({ tier: 'seats' })
  }

  /** The expensive part, run after the camera has been quiet: tier switch and labels in view. */
  private redetail(): void {
    const v = this.venue
    if (!v || !this.text || !this.query) return
    const tier = this.tierNow()
    if (tier !== this.renderer.currentTier) {
      if (tier !== 'sectors') this.finishSeatBuild()
      this.renderer.setTier(tier)
      this.update({ tier })
      this.needsRender = true
    }
    const rect = visibleWorldRect(this.cam, this.bounds, this.viewport)
    const key = `${tier}|${rect.map((n) => n.toFixed(3)).join(',')}|${this.snapshot.statusRevision}`
    if (key === this.labelKey) return
    this.labelKey = key
    const inView = tier === 'numbers' ? this.query.search(rect[0], rect[1], rect[2], rect[3]) : []
    this.renderer.setLabels(buildLabels(v, this.text, tier, rect, labelsFit(inView.length) ? inView : []))
    this.needsRender = true
  }

  private labelKey = ''

  // ---- seat tiles: built in slices after the first frame ------------------------------------

  private scheduleSeatBuild(): void {
    if (!this.seatBuild || this.seatBuildTimer) return
    this.seatBuildTimer = setTimeout(() => {
      this.seatBuildTimer = null
      if (!this.seatBuild || this.disposed) return
      if (this.seatBuild(SEAT_BUILD_SLICE_MS)) this.seatsBuilt()
      else this.scheduleSeatBuild()
    }, 0)
  }

  /** Seats are needed now (zoomed past the threshold before the background build ended). */
  private finishSeatBuild(): void {
    if (!this.seatBuild) return
    this.seatBuild(Infinity)
    this.seatsBuilt()
  }

  private seatsBuilt(): void {
    this.cancelSeatBuild()
    this.renderer.seats.cull(visibleWorldRect(this.cam, this.bounds, this.viewport))
    this.needsRender = true
    this.requestFrame()
  }

  private cancelSeatBuild(): void {
    this.seatBuild = null
    if (this.seatBuildTimer) clearTimeout(this.seatBuildTimer)
    this.seatBuildTimer = null
  }

  private onResize(size: ViewportSize): void {
    this.viewport = { width: size.width, height: size.height }
    this.renderer.resize(size.width, size.height, size.resolution)
    this.applyCamera()
  }

  // ---- seats: hover, tap, focus ----------------------------------------------------------

  private info(i: number): SeatInfo {
    const v = this.venue as VenueData
    const s = this.scale()
    const p = worldToScreen(this.cam, s, this.viewport, v.seats.x[i], v.seats.y[i])
    return buildSeatInfo(v, this.text as VenueText, this.zonePrices, i, { x: p.x, y: p.y, radius: (Math.max(v.seats.w[i], v.seats.h[i]) / 2) * s })
  }

  private describe(info: SeatInfo): string {
    return (this.options.describe ?? describeSeat)(info)
  }

  private popoverFor(i: number): { seat: SeatInfo; placement: PopoverPlacement } {
    const seat = this.info(i)
    const mobile = this.options.mobile ?? (typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches)
    return { seat, placement: placePopover({ anchor: seat.screen, viewport: this.viewport, mobile }) }
  }

  private refreshSeatInfos(): void {
    const focus = this.focusIndex >= 0 ? this.info(this.focusIndex) : null
    this.update({
      hover: this.hoverIndex >= 0 ? this.info(this.hoverIndex) : null,
      focus,
      popover: this.popoverIndex >= 0 ? this.popoverFor(this.popoverIndex) : null,
      announcement: focus ? this.describe(focus) : this.snapshot.announcement,
    })
  }

  private updateHover(): void {
    const p = this.hoverPoint
    this.hoverPoint = undefined
    const idx = p && this.renderer.currentTier !== 'sectors' ? this.seatAt(p.x, p.y) : -1
    if (idx === this.hoverIndex) return
    this.hoverIndex = idx
    const info = idx >= 0 ? this.info(idx) : null
    this.container.style.cursor = idx >= 0 ? 'pointer' : ''
    this.updateRings()
    this.needsRender = true
    this.update({ hover: info })
    this.events.emit('hover', info)
  }

  private onTap(p: Point, _type: string, now: number): void {
    if (!this.venue) return
    const prev = this.lastTap
    if (prev && !prev.hit && now - prev.t < DOUBLE_TAP_MS && Math.hypot(p.x - prev.x, p.y - prev.y) < DOUBLE_TAP_SLOP_PX) {
      this.lastTap = null
      this.zoomTo(this.cam.zoom * ZOOM_BUTTON_FACTOR, p)
      return
    }
    // Spec 001 §4: a click while zoomed out below the threshold zooms in first.
    const detail = this.detailZoom()
    if (clickZoomsFirst(this.cam.zoom, detail)) {
      this.lastTap = { ...p, t: now, hit: true }
      this.zoomTo(detail, p)
      return
    }
    const idx = this.seatAt(p.x, p.y)
    this.lastTap = { ...p, t: now, hit: idx >= 0 }
    if (idx < 0) {
      this.closePopover()
      return
    }
    this.popoverIndex = idx
    this.update({ popover: this.popoverFor(idx) })
    this.events.emit('seatclick', this.info(idx))
  }

  private seatNear(x: number, y: number): number {
    const v = this.venue
    if (!v || !this.query) return -1
    return nearestSeat(v.seats, this.query, this.maxHalf, x, y, Math.max(this.bounds[2] - this.bounds[0], this.bounds[3] - this.bounds[1]))
  }

  private updateRings(): void {
    const v = this.venue
    if (!v) return
    const ring = (i: number) => (i >= 0 ? { x: v.seats.x[i], y: v.seats.y[i], radius: Math.max(v.seats.w[i], v.seats.h[i]) / 2 } : null)
    this.renderer.setRings(ring(this.hoverIndex), ring(this.focusIndex), 1 / this.scale())
  }

  private update(patch: Partial<SeatMapSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch }
    this.events.emit('change', this.snapshot)
  }
}
