import type { VenueText } from '../interaction/venueText'
import type { LodTier } from '../lod/lod'
import type { VenueData } from '../model'
import type { GpuPreference } from './gpuApi'
import type { RingTarget } from './HighlightLayer'
import { buildLabels, type LabelSpec } from './labelsInView'
import type { RenderBackend, RenderBackendEvents } from './RenderBackend'
import { type RenderCommand, type RenderStats, type RenderVenue, toRenderVenue } from './renderProtocol'
import type { ViewportSize } from './ViewportWatcher'
import { canRenderInWorker, WorkerRenderBackend } from './WorkerRenderBackend'

/**
 * The engine's view of its renderer, on the main thread: it records what changed as commands and
 * hands them over once per frame (`flush`) to a backend in a worker or on this thread. It keeps
 * the little the engine reads back: the tier drawn, the last frame's statistics, and whether a
 * status change is still on its way to the GPU.
 */

/** 'auto': in a worker where the browser can, else on the main thread. */
export type RenderPlacement = 'auto' | 'worker' | 'main'

export interface MapRendererEvents {
  /**
   * A frame was drawn (or found nothing to draw); `venue`: the current venue is in it;
   * `statuses`: every status and zone-colour change made so far was handed over before it;
   * `cameraLatencyMs`: the frame drew a camera move this long after it reached the renderer.
   */
  frame(rendered: boolean, venue: boolean, statuses: boolean, cameraLatencyMs?: number): void
}

export class MapRenderer {
  private backend: RenderBackend | null = null
  private queue: RenderCommand[] = []
  private tier: LodTier = 'sectors'
  private seq = 0
  private appliedSeq = -1
  private venueSeq = Infinity
  private statusSeq = -1
  private lastStats: RenderStats = { tiles: 0, seatsShown: 0, labels: 0, pendingColors: false, bufferWidth: 0, bufferHeight: 0, gpu: 'none', gpuClass: 'unknown', gpuMemory: { buffers: 0, textures: 0, drawingBuffer: 0 }, heldBytes: { seatColumns: 0, tileVertices: 0, tileLookup: 0 } }
  private labelCount = 0
  private nextPixelId = 1
  private readonly pixelWaits = new Map<number, (pixels: Uint8Array) => void>()

  constructor(private readonly events: MapRendererEvents) {}

  /**
   * Starts a backend in `container`. With 'auto', a worker that cannot start (no WebGL2 in
   * workers, a blocked worker script) falls back to the main thread.
   */
  async init(container: HTMLElement, size: ViewportSize, placement: RenderPlacement = 'auto', gpu: GpuPreference = 'auto'): Promise<HTMLCanvasElement> {
    const hooks = this.backendEvents()
    if (placement !== 'main' && canRenderInWorker()) {
      const worker = new WorkerRenderBackend(hooks)
      try {
        const canvas = await worker.init(container, size, gpu)
        this.backend = worker
        return canvas
      } catch (e) {
        if (placement === 'worker') throw e
      }
    }
    // Loaded only when needed: Pixi is then not in the page's start-up script at all when the
    // worker draws (its module evaluation was a 65-240 ms task of the page's first script).
    const { LocalRenderBackend } = await import('./LocalRenderBackend')
    const local = new LocalRenderBackend(hooks)
    const canvas = await local.init(container, size, gpu)
    this.backend = local
    return canvas
  }

  /** Uses a backend that is already running (tests drive the batching through a recording one). */
  attach(make: (events: RenderBackendEvents) => RenderBackend): void {
    this.backend = make(this.backendEvents())
  }

  private backendEvents(): RenderBackendEvents {
    return {
      frame: (r) => {
        this.appliedSeq = r.batch
        this.lastStats = r.stats
        this.events.frame(r.rendered, r.batch >= this.venueSeq, r.batch >= this.statusSeq, r.cameraLatencyMs)
      },
      pixels: (id: number, pixels: Uint8Array) => {
        this.pixelWaits.get(id)?.(pixels)
        this.pixelWaits.delete(id)
      },
    }
  }

  /** Where the map is drawn ('none' before init). */
  get placement(): 'worker' | 'main' | 'none' {
    return this.backend?.kind ?? 'none'
  }

  get currentTier(): LodTier {
    return this.tier
  }

  setTier(tier: LodTier): void {
    this.tier = tier
    this.queue.push({ op: 'tier', tier })
  }

  setVenue(venue: RenderVenue, zoneColors: readonly number[]): void {
    this.labelCount = 0
    this.queue.push({ op: 'venue', venue: toRenderVenue(venue), zoneColors: [...zoneColors] })
    this.venueSeq = this.seq
  }

  setCamera(centerX: number, centerY: number, scale: number, width: number, height: number, rect: [number, number, number, number]): void {
    // Only the latest camera matters within one batch.
    const last = this.queue.length > 0 ? this.queue[this.queue.length - 1] : null
    if (last?.op === 'camera') this.queue.pop()
    this.queue.push({ op: 'camera', centerX, centerY, scale, width, height, rect })
  }

  setLabels(labels: LabelSpec[]): void {
    this.labelCount = labels.length
    this.queue.push({ op: 'labels', labels })
  }

  /** The labels of a view (lod/DetailController's DetailRenderer): decoration labels, plus the numbers of `seatsInView`. */
  showLabels(venue: { data: VenueData; text: VenueText }, tier: LodTier, rect: readonly [number, number, number, number], seatsInView: readonly number[]): void {
    this.setLabels(buildLabels(venue.data, venue.text, tier, rect, seatsInView))
  }

  setRings(hover: RingTarget | null, focus: RingTarget | null, pxToWorld: number): void {
    this.queue.push({ op: 'rings', hover, focus, pxToWorld })
  }

  /** Copies the arguments (the caller may reuse its arrays; a worker backend transfers the copies). */
  setStatuses(indices: ArrayLike<number>, statuses: ArrayLike<number> | number): void {
    this.queue.push({ op: 'statuses', indices: Int32Array.from(indices), statuses: typeof statuses === 'number' ? statuses : Uint8Array.from(statuses) })
    this.statusSeq = this.seq
  }

  /** Seats' zone indexes changed; copies the arguments like setStatuses. */
  setSeatZones(indices: ArrayLike<number>, zones: ArrayLike<number> | number): void {
    this.queue.push({ op: 'zones', indices: Int32Array.from(indices), zones: typeof zones === 'number' ? zones : Uint16Array.from(zones) })
    this.statusSeq = this.seq
  }

  setZoneColors(colors: readonly number[]): void {
    this.queue.push({ op: 'zoneColors', colors: [...colors] })
    this.statusSeq = this.seq
  }

  /** Resizes and draws at once: resizing clears the canvas, and a window being dragged to a new size must not flash blank frames. */
  resize(width: number, height: number, resolution: number): void {
    this.queue.push({ op: 'resize', width, height, resolution })
    this.flush(true)
  }

  /** RGBA pixels (top row first) of a block of the next frame, in device pixels; for tests. */
  readPixels(x: number, y: number, width: number, height: number): Promise<Uint8Array> {
    const id = this.nextPixelId++
    this.queue.push({ op: 'readPixels', id, x: Math.round(x), y: Math.round(y), width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) })
    return new Promise((resolve) => this.pixelWaits.set(id, resolve))
  }

  get hasWork(): boolean {
    return this.queue.length > 0
  }

  /** Hands the batch to the backend; it draws now (main thread) or in its next frame (worker). */
  flush(now = false): void {
    if (!this.backend || this.queue.length === 0) return
    const batch = this.queue
    this.queue = []
    this.backend.submit(this.seq++, batch, now)
  }

  stats(): RenderStats & { labels: number } {
    const queued = this.queue.some((c) => c.op === 'statuses' || c.op === 'zones' || c.op === 'zoneColors')
    return { ...this.lastStats, labels: this.labelCount, pendingColors: queued || this.statusSeq > this.appliedSeq || this.lastStats.pendingColors }
  }

  recordFrames(): { stop(): Promise<number[]> } {
    return this.backend ? this.backend.recordFrames() : { stop: () => Promise.resolve([]) }
  }

  destroy(): void {
    this.backend?.destroy()
    this.backend = null
    this.queue = []
    for (const resolve of this.pixelWaits.values()) resolve(new Uint8Array(0))
    this.pixelWaits.clear()
  }
}
