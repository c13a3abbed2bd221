import type { LodTier } from '../lod/lod'
import { SlicedTask } from '../scheduling/SlicedTask'
import { GEOMETRY_COLUMNS, type GeometryColumn, type RenderCommand, type RenderStats, type RenderVenue, SEAT_COLUMNS, type SeatColumnArray } from './renderProtocol'
import { SceneRenderer, type RendererOptions } from './SceneRenderer'
import { writeSeatColumn } from '../seatColumn'
import { gpuMemoryOf, type GpuMemory } from './gpuMemory'
import { labelFontSources } from './LabelLayer'

/**
 * The renderer's side of the render commands, the same on either thread: it applies the engine's
 * commands to the Pixi scene, builds the seat tiles in the background, and draws a frame when
 * something changed. The main-thread backend calls it directly; the render worker calls it from
 * its message handler and animation frames.
 */

/** The GPU memory count walks the scene; frames report it, so it is refreshed at most this often. */
export const GPU_MEMORY_STATS_MS = 1000

/** Time per task while seat tiles build in the background (well under a 50 ms long task). */
export const SEAT_BUILD_SLICE_MS = 8

type Rect = [number, number, number, number]

export interface PixelRead {
  id: number
  pixels: Uint8Array
}

export class RenderCore {
  readonly scene = new SceneRenderer()
  private venue: RenderVenue | null = null
  private zoneColors: number[] = []
  private tier: LodTier = 'sectors'
  private viewRect: Rect = [0, 0, 0, 0]
  private dirty = true
  private readonly seatBuild: SlicedTask
  private pixelReads: Extract<RenderCommand, { op: 'readPixels' }>[] = []
  private gpuMemory: { at: number; tiles: number; value: GpuMemory } | null = null
  /** When the oldest camera move not drawn yet arrived (performance.now()), for FrameReport.cameraLatencyMs. */
  private cameraSince: number | null = null
  /** Whether the venue's geometry columns are here (see dropGeometry). */
  private hasGeometry = false

  /**
   * @param wake asks the host for a frame (the background seat build finished).
   * @param askGeometry where the host can send the seat geometry again on request (the render
   *   worker: the page keeps the venue), the core lets go of it once the seat tiles are built
   *   (GEOMETRY_COLUMNS, 21 bytes per seat) and asks for it when the tiles must be built again.
   *   Without it (the main-thread backend, whose columns are the engine's own arrays) it keeps them.
   */
  constructor(
    private readonly wake: () => void,
    private readonly askGeometry: (() => void) | null = null,
  ) {
    this.seatBuild = new SlicedTask(SEAT_BUILD_SLICE_MS, () => {
      // Tiles installed after the last camera move have not been culled yet.
      this.scene.seats.cull(this.viewRect)
      this.dropGeometry()
      this.dirty = true
      this.wake()
    })
  }

  /** The tiles are on the GPU: the build's columns go (in place: the seats object is this core's own). */
  private dropGeometry(): void {
    const seats = this.venue?.seats
    if (!seats || !this.askGeometry) return
    for (const c of GEOMETRY_COLUMNS) (seats as Record<GeometryColumn, SeatColumnArray>)[c] = seats[c].slice(0, 0)
    this.hasGeometry = false
  }

  init(canvas: HTMLCanvasElement | OffscreenCanvas, opts: RendererOptions): Promise<void> {
    this.scene.onContextRestored = () => this.rebuildSeats()
    return this.scene.init(canvas, opts)
  }

  /** The seat tiles again from the seat columns (their GPU buffers were lost with the context). */
  private rebuildSeats(): void {
    const v = this.venue
    if (!v) return
    if (!this.hasGeometry) {
      // Let go of already: built when the host's 'seatGeometry' command brings it back.
      this.seatBuild.cancel()
      this.scene.seats.clear()
      this.askGeometry?.()
      return
    }
    this.seatBuild.start(this.scene.seats.beginBuild(v, this.zoneColors))
    if (this.tier === 'sectors') this.seatBuild.runInBackground()
    else this.seatBuild.finish()
    this.dirty = true
    this.wake()
  }

  apply(cmd: RenderCommand): void {
    const scene = this.scene
    switch (cmd.op) {
      case 'venue':
        this.venue = cmd.venue
        this.hasGeometry = true
        this.zoneColors = cmd.zoneColors
        // Sectors and decorations now; seat tiles in slices after the first frame (the
        // zoomed-out view draws sectors), or at once when seats are already needed.
        this.seatBuild.start(scene.setVenue(cmd.venue, cmd.zoneColors))
        if (this.tier === 'sectors') this.seatBuild.runInBackground()
        else this.seatBuild.finish()
        break
      case 'seatGeometry': {
        const seats = this.venue?.seats
        if (!seats || this.hasGeometry || cmd.seats.x.length !== seats.count) break
        Object.assign(seats, cmd.seats)
        this.hasGeometry = true
        this.rebuildSeats()
        break
      }
      case 'tier':
        if (cmd.tier !== 'sectors') this.seatBuild.finish()
        this.tier = cmd.tier
        scene.setTier(cmd.tier)
        break
      case 'camera':
        scene.setCamera(cmd.centerX, cmd.centerY, cmd.scale, cmd.width, cmd.height)
        this.viewRect = cmd.rect
        scene.seats.cull(cmd.rect)
        this.cameraSince ??= performance.now()
        break
      case 'labels':
        scene.setLabels(cmd.labels)
        break
      case 'rings':
        scene.setRings(cmd.hover, cmd.focus, cmd.pxToWorld)
        break
      case 'statuses':
        writeSeatColumn(this.venue?.seats.status, cmd.indices, cmd.statuses)
        scene.seats.markDirty(cmd.indices)
        scene.sectors.markStale()
        break
      case 'zones':
        writeSeatColumn(this.venue?.seats.zone, cmd.indices, cmd.zones)
        scene.seats.markDirty(cmd.indices)
        scene.sectors.markStale()
        break
      case 'zoneColors':
        this.zoneColors = cmd.colors
        scene.seats.markAllDirty()
        scene.sectors.markStale()
        break
      case 'resize':
        scene.resize(cmd.width, cmd.height, cmd.resolution)
        break
      case 'readPixels':
        this.pixelReads.push(cmd)
        break
    }
    this.dirty = true
  }

  /**
   * Uploads what changed and draws when anything did. Pixel reads asked for since the last frame
   * are answered from this frame's drawing buffer (same task: the buffer is not preserved).
   */
  frame(): { rendered: boolean; pixels: PixelRead[]; cameraLatencyMs?: number } {
    const v = this.venue
    if (v) {
      if (this.scene.seats.hasPending) {
        this.scene.seats.flush(v, this.zoneColors)
        this.dirty = true
      }
      if (this.tier === 'sectors' && this.scene.sectors.isStale) {
        this.scene.sectors.rebuild(v, this.zoneColors)
        this.dirty = true
      }
    }
    if (!this.dirty) return { rendered: false, pixels: [] }
    this.scene.render()
    this.dirty = false
    const pixels = this.pixelReads.map((r) => ({ id: r.id, pixels: this.scene.readPixels(r.x, r.y, r.width, r.height) }))
    this.pixelReads = []
    const since = this.cameraSince
    this.cameraSince = null
    return since === null ? { rendered: true, pixels } : { rendered: true, pixels, cameraLatencyMs: performance.now() - since }
  }

  /** Draws now whatever is there (a resize clears the canvas). */
  renderNow(): void {
    this.scene.render()
  }

  stats(): RenderStats {
    const seats = this.scene.seats
    const canvas = this.scene.renderer.canvas
    return {
      tiles: seats.tileCount,
      seatsShown: this.tier === 'sectors' ? 0 : seats.seatsShown,
      labels: this.scene.labels.shown,
      pendingColors: seats.hasPending,
      bufferWidth: canvas.width,
      bufferHeight: canvas.height,
      gpu: this.scene.api,
      gpuClass: this.scene.gpuClass,
      gpuMemory: this.countGpuMemory(canvas.width * canvas.height),
      heldBytes: this.heldBytes(),
    }
  }

  /** Typed arrays this renderer keeps on the CPU (see RenderStats.heldBytes). */
  private heldBytes(): RenderStats['heldBytes'] {
    let seatColumns = 0
    const seats = this.venue?.seats
    if (seats) for (const c of SEAT_COLUMNS) seatColumns += seats[c].byteLength
    return { seatColumns, ...this.scene.seats.heldBytes() }
  }

  /** gpuMemory.ts's count, again when the tiles changed or GPU_MEMORY_STATS_MS passed. */
  private countGpuMemory(pixels: number): GpuMemory {
    const now = performance.now()
    const tiles = this.scene.seats.tileCount
    const last = this.gpuMemory
    if (last && last.tiles === tiles && now - last.at < GPU_MEMORY_STATS_MS) return { ...last.value, drawingBuffer: pixels * 4 }
    const value = gpuMemoryOf(this.scene.stage, pixels, labelFontSources())
    this.gpuMemory = { at: now, tiles, value }
    return value
  }

  destroy(): void {
    this.seatBuild.cancel()
    this.scene.destroy()
  }
}
