import { blockView } from './camera/blockView'
import { type CameraState, ZOOM_BUTTON_FACTOR, zoomLabel } from './camera/Camera'
import { Transform } from './camera/Transform'
import { initialSnapshot, type SeatMapEngineOptions, type SeatMapEvents, type SeatMapSnapshot } from './engineTypes'
import { HIT_SLOP_PX } from './spatial/hitTest'
import type { Point } from './input/types'
import { Emitter } from './interaction/Emitter'
import { MapInput } from './interaction/MapInput'
import { SeatInteraction } from './interaction/SeatInteraction'
import type { SeatInfo } from './interaction/seatInfo'
import { buildSeatList, type SeatListSection } from './interaction/seatList'
import { LoadedVenue } from './LoadedVenue'
import { DetailController } from './lod/DetailController'
import { detailThreshold, type LodTier } from './lod/lod'
import { SeatBudget } from './lod/seatBudget'
import type { VenueData } from './model'
import { MapRenderer } from './render/MapRenderer'
import { venueByteSize } from './parse/transfer'
import type { RenderStats } from './render/renderProtocol'
import { seatKeyId } from './seatKeys'
import { measureViewport, ViewportWatcher, type ViewportSize } from './render/ViewportWatcher'
import { FrameLoop } from './scheduling/FrameLoop'
import { VenueUpdates } from './VenueUpdates'

/**
 * The seat map as one framework-free object (tldraw's Editor facade): it owns the renderer,
 * the camera, input, hit-testing and keyboard access, and talks to the host page only through
 * methods, events and an immutable snapshot for `useSyncExternalStore`. The concerns live in
 * their own objects, each seeing the engine through a narrow host interface:
 *
 * - `Transform` (camera/): camera, bounds and viewport, and the projections between them.
 * - `DetailController` (lod/): which tier is drawn, and the labels in view.
 * - `SeatInteraction` (interaction/): hover, taps, focus, popover and the seat infos shown.
 * - `MapInput` (interaction/): pointer, touch, wheel and inertia as camera deltas, and the keys.
 * - `VenueUpdates`: the page's changes to the loaded venue (statuses, seat zones, zone colours,
 *   names and prices).
 * - `LoadedVenue`: the venue with its text table, seat query and key map.
 * - `MapRenderer` (render/): the drawing, in a worker on an OffscreenCanvas where the browser
 *   can (render.worker.ts), else on this thread; the engine talks to it in command batches.
 *
 * Frame loop (scheduling/FrameLoop.ts): input handlers only record deltas; one animation frame
 * merges them, moves the camera, and hands what changed (camera, statuses, labels, rings) to the
 * renderer as one batch; nothing is sent, and nothing drawn, when nothing changed.
 */

/** Spec 001 §9: map init delay 200 ms (lets the host layout settle before the canvas is sized). */
export const MAP_INIT_DELAY_MS = 200

export { DETAIL_QUIET_MS } from './lod/DetailController'
export type { SeatMapEngineOptions, SeatMapEvents, SeatMapSnapshot } from './engineTypes'

export class SeatMapEngine {
  private readonly events = new Emitter<SeatMapEvents>()
  private readonly renderer = new MapRenderer({
    frame: (rendered, venue, statuses, cameraLatencyMs) => {
      this.measureBudget(cameraLatencyMs)
      if (rendered && venue && this.snapshot.hasVenue && !this.snapshot.drawn) this.update({ drawn: true })
      this.events.emit('frame', { at: performance.now(), rendered, venue, statuses })
    },
  })
  /** This device's seat budget (lod/seatBudget.ts), from the renderer's GPU and its frames. */
  private readonly seatBudget = new SeatBudget()
  private readonly transform = new Transform()
  private readonly input = new MapInput({
    requestFrame: () => this.frames.request(),
    tap: (p, now) => this.seatInteraction.tap(p, now),
    hover: (p) => this.seatInteraction.hoverAt(p),
    keys: {
      focused: () => this.seatInteraction.focused,
      setFocus: (i) => this.setFocus(i),
      seatNearViewCenter: () => this.loaded?.nearestSeat(this.cam.centerX, this.cam.centerY) ?? -1,
      activate: (i) => this.seatInteraction.activate(i),
      zoomIn: () => this.zoomIn(),
      zoomOut: () => this.zoomOut(),
      reset: () => this.reset(),
      escape: () => this.closePopover(),
    },
    seatInDirection: (from, key) => this.loaded?.seatInDirection(from, key) ?? -1,
  })
  private readonly detail: DetailController
  private readonly seatInteraction: SeatInteraction
  private readonly updates: VenueUpdates
  private viewportWatcher: ViewportWatcher | null = null
  private loaded: LoadedVenue | null = null
  private readonly frames = new FrameLoop((now) => this.frame(now), () => this.initialized && !this.disposed)
  private snapshot: SeatMapSnapshot
  private disposed = false
  private initialized = false

  constructor(
    private readonly container: HTMLElement,
    private readonly options: SeatMapEngineOptions = {},
  ) {
    this.snapshot = initialSnapshot()
    const venue = () => this.loaded
    // Every change reaches the renderer as a command, flushed by the next frame.
    const invalidate = () => this.frames.request()
    const requestFrame = () => this.frames.request()
    const renderer = this.renderer
    this.detail = new DetailController({
      renderer,
      camera: this.transform,
      venue,
      statusRevision: () => this.snapshot.statusRevision,
      tierChanged: (tier) => this.update({ tier }),
      invalidate,
      requestFrame,
    }, detailThreshold(options.detailThresholdPercent), () => this.seatBudget.value)
    this.seatInteraction = new SeatInteraction({
      camera: this.transform,
      venue,
      detailZoom: (around) => this.detail.detailZoom(around),
      drawsSeats: () => this.renderer.currentTier !== 'sectors',
      seatAt: (x, y) => this.seatAt(x, y),
      zoomTo: (zoom, around) => this.zoomTo(zoom, around),
      centerOn: (x, y, zoom) => this.centerOn(x, y, zoom),
      setRings: (hover, focus, pxToWorld) => this.renderer.setRings(hover, focus, pxToWorld),
      setCursor: (cursor) => {
        this.container.style.cursor = cursor
      },
      snapshot: () => this.snapshot,
      update: (patch) => this.update(patch),
      emit: (event, payload) => this.events.emit(event, payload),
      invalidate,
      requestFrame,
    }, options)
    this.updates = new VenueUpdates({
      venue: () => this.venue,
      renderer,
      seatInfos: this.seatInteraction,
      seatsChanged: () => this.update({ statusRevision: this.snapshot.statusRevision + 1 }),
      requestFrame,
    })
  }

  async init(): Promise<void> {
    const delay = this.options.initDelayMs ?? MAP_INIT_DELAY_MS
    // A task apart even when no delay is left: the map mounts in a layout effect, inside React's
    // commit, and measuring its host there forced the freshly committed page's layout in that
    // same task (a third of a 102 ms main-thread task at the phone profile's 4x CPU, issue 16's
    // "no task over 50 ms"). What it costs: one timer turn (~1 ms) before the renderer starts.
    await new Promise((r) => setTimeout(r, delay))
    if (this.disposed) return
    const size = measureViewport(this.container)
    this.transform.resize(size.width, size.height)
    const canvas = await this.renderer.init(this.container, size, this.options.renderIn, this.options.gpu)
    if (this.disposed) {
      // Disposed while Pixi was starting (e.g. React StrictMode's mount-unmount-mount).
      this.renderer.destroy()
      return
    }
    canvas.setAttribute('aria-hidden', 'true')
    this.container.style.touchAction = 'none'
    this.input.attach(this.container)
    this.viewportWatcher = new ViewportWatcher(this.container, (size) => this.onResize(size))
    this.initialized = true
    if (this.loaded) this.installVenue(this.loaded)
    this.update({ ready: true })
    this.events.emit('ready', undefined)
    this.frames.request()
  }

  setVenue(venue: VenueData): void {
    this.loaded = new LoadedVenue(venue, this.options.seatQuery)
    this.updates.venueLoaded(venue)
    this.transform.setBounds(venue.bbox)
    this.seatInteraction.reset()
    if (this.initialized) this.installVenue(this.loaded)
  }

  private installVenue(venue: LoadedVenue): void {
    this.renderer.setVenue(venue.data, this.updates.zoneColors)
    this.detail.install()
    this.update({ hasVenue: true, drawn: false, hover: null, focus: null, popover: null, announcement: '' })
    this.applyCamera()
  }

  /** Seat statuses, batched: in the model now, on the GPU next frame (VenueUpdates). */
  setStatuses(indices: ArrayLike<number>, statuses: ArrayLike<number> | number): void {
    this.updates.setStatuses(indices, statuses)
  }

  /** Seats drawn as belonging to other zones, without parsing again (VenueUpdates.setSeatZones). */
  setSeatZones(indices: ArrayLike<number>, zones: ArrayLike<number> | number): void {
    this.updates.setSeatZones(indices, zones)
  }

  /** Zone colours (0xRRGGBB) by zone index, or by zone id. */
  setZoneColors(colors: readonly number[] | Record<string, number>): void {
    this.updates.setZoneColors(colors)
  }

  /** Zone names (the seats' category in tooltips and announcements) by zone id; unknown ids are left. */
  setZoneNames(names: Readonly<Record<string, string>>): void {
    this.updates.setZoneNames(names)
  }

  /** Prices shown in tooltips and announcements, by zone index or zone id. */
  setZonePrices(prices: readonly (number | null)[] | Record<string, number | null>): void {
    this.updates.setZonePrices(prices)
  }

  /** Seat index for a seat key (as the server's seat_id), -1 when unknown. Builds its lookup on first use. */
  indexOfKey(key: string): number {
    return this.loaded ? this.loaded.indexOfKey(key) : -1
  }

  /** The seat key (the server's seat_id) of a seat index, '' when unknown. */
  seatKey(index: number): string {
    const loaded = this.loaded
    return loaded && loaded.has(index) ? loaded.text.get(seatKeyId(loaded.data, index)) : ''
  }

  getSeatInfo(index: number): SeatInfo | null {
    return this.seatInteraction.seatInfo(index)
  }

  /** Sections → rows → seat indices for the list view (computed on demand, O(seats)). */
  getSeatList(): SeatListSection[] {
    return this.loaded ? buildSeatList(this.loaded.data, this.loaded.text) : []
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
    this.transform.fit()
    this.applyCamera()
  }

  /** Zoom (relative to fit) around a screen point, or the view centre. */
  zoomTo(zoom: number, around?: Point): void {
    this.transform.zoomTo(zoom, around)
    this.applyCamera()
  }

  /** Centre the view on a drawing point, optionally at a zoom. */
  centerOn(x: number, y: number, zoom = this.cam.zoom): void {
    this.transform.centerOn(x, y, zoom)
    this.applyCamera()
  }

  setFocus(index: number): void {
    this.seatInteraction.setFocus(index)
  }

  /** The map metadata's detail threshold in percent (null: default 500 %), on a running engine too (lod/DetailController). */
  setDetailThreshold(percent: number | null | undefined): void {
    this.detail.setThresholdPercent(percent)
  }

  /** The aria-live text for a seat, in the page's language (the default is English). */
  setDescribe(describe: (seat: SeatInfo) => string): void {
    this.seatInteraction.setDescribe(describe)
  }

  /**
   * Brings a block of seats into view and focuses its first seat (best available's "fly to"): the
   * view centres on the block at least at the zoom where single seats show, closer when the
   * block is small enough to still fit, and the focus ring marks where it is.
   */
  showSeats(indices: readonly number[]): void {
    const v = this.venue
    const seats = indices.filter((i) => v !== null && i >= 0 && i < v.seats.count)
    if (!v || seats.length === 0) return
    const to = blockView(v.seats, seats, this.transform.visibleRect(), this.cam.zoom, (around) => this.detail.detailZoom(around))
    this.centerOn(to.x, to.y, to.zoom)
    this.seatInteraction.setFocus(seats[0])
  }

  getCamera(): Readonly<CameraState> {
    return this.cam
  }

  /** Screen position of a seat (container CSS pixels), for tests and overlays. */
  seatToScreen(index: number): Point | null {
    const v = this.venue
    if (!v || index < 0 || index >= v.seats.count) return null
    return this.transform.worldToScreen(v.seats.x[index], v.seats.y[index])
  }

  /** Seat under a container point, -1 when none. */
  seatAt(x: number, y: number): number {
    if (!this.loaded) return -1
    const p = this.transform.screenToWorld(x, y)
    return this.loaded.seatAt(p.x, p.y, HIT_SLOP_PX / this.transform.scale())
  }

  closePopover(): void {
    this.seatInteraction.closePopover()
  }

  on<K extends keyof SeatMapEvents>(event: K, cb: (payload: SeatMapEvents[K]) => void): () => void {
    return this.events.on(event, cb)
  }

  /** Same object until something changes: suitable for useSyncExternalStore. */
  getSnapshot = (): SeatMapSnapshot => this.snapshot

  subscribe = (cb: () => void): (() => void) => this.events.on('change', cb)

  /** Renderer statistics for the lab and benchmarks (from the last frame the renderer reported). */
  getStats(): RenderStats & { tier: LodTier; renderIn: 'worker' | 'main' | 'none'; seatBudget: number; venueBytes: number } {
    // venueBytes: the page's copy of the venue (typed arrays, string table, seat index).
    return { ...this.renderer.stats(), tier: this.renderer.currentTier, renderIn: this.renderer.placement, seatBudget: this.seatBudget.value, venueBytes: this.venue ? venueByteSize(this.venue) : 0 }
  }

  /** A frame report: the renderer's GPU class sets the budget, its camera latencies lower it. */
  private measureBudget(cameraLatencyMs: number | undefined): void {
    const stats = this.renderer.stats()
    const changed = this.seatBudget.frameReport(stats.gpuClass, stats.seatsShown, cameraLatencyMs, this.renderer.currentTier !== 'sectors')
    if (changed && !this.disposed) this.detail.budgetChanged()
  }

  /**
   * RGBA pixels (top row first) of a block of the next drawn frame, in device pixels from the
   * canvas's top-left corner: what is really on screen, wherever the renderer runs. For tests.
   */
  readPixels(x: number, y: number, width: number, height: number): Promise<Uint8Array> {
    const pixels = this.renderer.readPixels(x, y, width, height)
    this.frames.request()
    return pixels
  }

  /** Intervals between the animation frames of the thread that draws the map, for benchmarks. */
  recordFrames(): { stop(): Promise<number[]> } {
    return this.renderer.recordFrames()
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    this.frames.cancel()
    this.detail.dispose()
    this.input.dispose()
    this.viewportWatcher?.dispose()
    if (this.initialized) this.renderer.destroy()
    this.events.clear()
  }

  // ---- frame loop -------------------------------------------------------------------------

  private frame(now: number): void {
    const delta = this.input.takeFrame(now)
    if (delta && this.transform.applyDelta(delta)) this.applyCamera()
    if (this.venue) {
      // The clock the quiet timer and the wheel marks use, not the frame's timestamp: that is the
      // frame's start and can be several ms older than this callback, so the frame the quiet
      // timer asked for could still find the camera "not yet quiet", and no later frame came to
      // look again (seat numbers then never appeared after a programmatic zoom).
      const clock = performance.now()
      if (this.detail.isQuiet(clock) && !this.input.wheelActive(clock)) this.detail.redetail()
      this.seatInteraction.frame()
    }
    this.renderer.flush()
    if (delta?.needsFrame || this.input.coasting) this.frames.request()
  }

  /** After every camera change: renderer transform, culling, tier switch, rings and snapshot. */
  private applyCamera(): void {
    const t = this.transform
    this.renderer.setCamera(t.camera.centerX, t.camera.centerY, t.scale(), t.viewport.width, t.viewport.height, t.visibleRect())
    this.detail.cameraMoved()
    this.seatInteraction.updateRings()
    const popover = this.seatInteraction.popoverNow()
    const zoom = t.camera.zoom
    if (zoom !== this.snapshot.zoom || popover) this.update({ zoom, zoomLabel: zoomLabel(zoom), popover })
    this.frames.request()
  }

  private onResize(size: ViewportSize): void {
    this.transform.resize(size.width, size.height)
    this.applyCamera()
    // Sends the camera with it and draws at once (see MapRenderer.resize).
    this.renderer.resize(size.width, size.height, size.resolution)
  }

  private update(patch: Partial<SeatMapSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch }
    this.events.emit('change', this.snapshot)
  }

  /** Shorthands; profiling scripts also read `cam` and `venue` from the browser console. */
  private get cam(): Readonly<CameraState> {
    return this.transform.camera
  }

  private get venue(): VenueData | null {
    return this.loaded?.data ?? null
  }
}
