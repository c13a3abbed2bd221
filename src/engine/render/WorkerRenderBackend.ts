import type { GpuPreference } from './gpuApi'
import type { RenderBackend, RenderBackendEvents } from './RenderBackend'
import { batchTransferables, type FromRenderWorker, geometryOf, type RenderCommand, type ToRenderWorker } from './renderProtocol'
import type { ViewportSize } from './ViewportWatcher'
import { renderWorkerStarted, takePreparedRenderer, takeRenderWorker, type PreparedRenderer } from './spareRenderWorker'
import { type ColumnsCommand, columnsLength, uploadVenue } from './venueUpload'

/**
 * The renderer in a worker (src/workers/render.worker.ts) drawing into the page canvas through
 * transferControlToOffscreen. The main thread keeps the camera, input, hit-testing and labels and
 * only posts small command batches; the worker creates the WebGL context, compiles the shaders,
 * uploads the seat tiles and draws, none of which can then block the page. The venue's seat
 * columns are copied to the worker once, in slices (venueUpload.ts: ~26 bytes per seat).
 */

export { canRenderInWorker, prestartRenderer } from './spareRenderWorker'

export class WorkerRenderBackend implements RenderBackend {
  readonly kind = 'worker'
  private worker: Worker | null = null
  private canvas: HTMLCanvasElement | null = null
  private recordings: ((intervals: number[]) => void)[] = []
  /** Cancels the venue upload in progress (see venueUpload.ts), null when none. */
  private upload: (() => void) | null = null
  private uploads = 0
  private held: { seq: number; commands: RenderCommand[]; now: boolean }[] = []
  /**
   * The last venue command as the engine made it: its columns are the engine's own arrays, so
   * keeping it costs nothing, and the worker's 'needGeometry' is answered from it.
   */
  private venue: Extract<RenderCommand, { op: 'venue' }> | null = null
  private lastSeq = -1

  constructor(private readonly events: RenderBackendEvents) {}

  async init(container: HTMLElement, size: ViewportSize, gpu: GpuPreference): Promise<HTMLCanvasElement> {
    const ready = takePreparedRenderer(gpu)
    if (ready !== null) return this.adopt(ready, container, size)
    const canvas = document.createElement('canvas')
    canvas.width = Math.round(size.width * size.resolution)
    canvas.height = Math.round(size.height * size.resolution)
    this.place(canvas, container)
    const worker = takeRenderWorker()
    this.worker = worker
    try {
      const offscreen = canvas.transferControlToOffscreen()
      const started = renderWorkerStarted(worker)
      this.post({ type: 'init', canvas: offscreen, width: size.width, height: size.height, resolution: size.resolution, gpu }, [offscreen])
      await started
    } catch (e) {
      this.destroy()
      throw e
    }
    this.listen(worker)
    return canvas
  }

  /**
   * Takes a renderer the page started before the map (spareRenderWorker.ts prestartRenderer): its
   * canvas goes into the host, and unless it was made at this size, a resize goes first in the
   * worker's queue. A start that failed fails here, as the worker's own would.
   */
  private async adopt(p: PreparedRenderer, container: HTMLElement, size: ViewportSize): Promise<HTMLCanvasElement> {
    this.place(p.canvas, container)
    this.worker = p.worker
    try {
      await p.outcome
    } catch (e) {
      this.destroy()
      throw e
    }
    this.listen(p.worker)
    if (p.size.width !== size.width || p.size.height !== size.height || p.size.resolution !== size.resolution) {
      this.post({ type: 'batch', seq: this.lastSeq, commands: [{ op: 'resize', width: size.width, height: size.height, resolution: size.resolution }], now: false })
    }
    return p.canvas
  }

  private place(canvas: HTMLCanvasElement, container: HTMLElement): void {
    canvas.style.display = 'block'
    canvas.style.width = '100%'
    canvas.style.height = '100%'
    container.appendChild(canvas)
    this.canvas = canvas
  }

  private listen(worker: Worker): void {
    worker.onerror = null
    worker.onmessage = (e: MessageEvent<FromRenderWorker>) => this.receive(e.data)
  }

  submit(seq: number, commands: RenderCommand[], now: boolean): void {
    // Batches wait while a venue's columns are on their way, so the worker applies them after it.
    if (this.upload) {
      this.held.push({ seq, commands, now })
      return
    }
    this.lastSeq = Math.max(this.lastSeq, seq)
    const v = commands.findIndex((c) => c.op === 'venue' || c.op === 'seatGeometry')
    const venue = commands[v] as ColumnsCommand | undefined
    if (venue?.op === 'venue') this.venue = venue
    if (!venue || columnsLength(venue) === 0) {
      this.postBatch(seq, commands, now)
      return
    }
    this.upload = uploadVenue(venue, ++this.uploads, (m, transfer) => this.post(m, transfer), (light) => {
      this.upload = null
      this.postBatch(seq, commands.map((c, k) => (k === v ? light : c)), now)
      const held = this.held
      this.held = []
      for (const b of held) this.submit(b.seq, b.commands, b.now)
    })
  }

  private postBatch(seq: number, commands: RenderCommand[], now: boolean): void {
    // Status and zone arrays are the backend's own copies (see MapRenderer): move them, don't clone.
    const transfer = batchTransferables(commands)
    this.post({ type: 'batch', seq, commands, now }, transfer)
  }

  recordFrames(): { stop(): Promise<number[]> } {
    this.post({ type: 'record', on: true })
    return {
      stop: () => new Promise<number[]>((resolve) => {
        this.recordings.push(resolve)
        this.post({ type: 'record', on: false })
      }),
    }
  }

  destroy(): void {
    this.upload?.()
    this.upload = null
    this.held = []
    this.venue = null
    if (this.worker) {
      this.post({ type: 'dispose' })
      // Give the worker its dispose message (GL resources freed) before the hard stop.
      const w = this.worker
      setTimeout(() => w.terminate(), 0)
    }
    this.worker = null
    this.canvas?.remove()
    this.canvas = null
    for (const r of this.recordings) r([])
    this.recordings = []
  }

  private post(m: ToRenderWorker, transfer: Transferable[] = []): void {
    this.worker?.postMessage(m, transfer)
  }

  private receive(m: FromRenderWorker): void {
    switch (m.type) {
      case 'frame':
        this.events.frame(m)
        break
      case 'pixels':
        this.events.pixels(m.id, m.pixels)
        break
      case 'recorded':
        this.recordings.shift()?.(m.intervals)
        break
      case 'needGeometry': {
        // Its GPU context came back empty: the seat tiles are built again from these columns.
        const seats = this.venue?.venue.seats
        if (seats) this.submit(this.lastSeq, [{ op: 'seatGeometry', seats: geometryOf(seats) }], false)
        break
      }
    }
  }
}
