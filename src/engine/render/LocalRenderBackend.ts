import type { GpuPreference } from './gpuApi'
import type { RenderBackend, RenderBackendEvents } from './RenderBackend'
import { RenderCore } from './RenderCore'
import type { RenderCommand } from './renderProtocol'
import type { ViewportSize } from './ViewportWatcher'
import { recordAnimationFrames } from './frameRecorder'

/**
 * The renderer on the main thread, for browsers that cannot render WebGL2 into an OffscreenCanvas
 * in a worker, and for hosts that ask for it. Batches arrive in the engine's animation frame and
 * are drawn at once.
 */
export class LocalRenderBackend implements RenderBackend {
  readonly kind = 'main'
  private readonly core: RenderCore
  private lastSeq = -1
  private raf = 0
  private destroyed = false

  constructor(private readonly events: RenderBackendEvents) {
    // The background seat build finished: draw the culled tiles in the next animation frame.
    this.core = new RenderCore(() => {
      if (!this.raf && !this.destroyed) this.raf = requestAnimationFrame(() => {
        this.raf = 0
        this.draw()
      })
    })
  }

  async init(container: HTMLElement, size: ViewportSize, gpu: GpuPreference): Promise<HTMLCanvasElement> {
    const canvas = document.createElement('canvas')
    await this.core.init(canvas, { ...size, gpu })
    canvas.style.display = 'block'
    canvas.style.width = '100%'
    canvas.style.height = '100%'
    container.appendChild(canvas)
    return canvas
  }

  submit(seq: number, commands: RenderCommand[]): void {
    for (const c of commands) this.core.apply(c)
    this.lastSeq = seq
    this.draw()
  }

  recordFrames(): { stop(): Promise<number[]> } {
    return recordAnimationFrames()
  }

  destroy(): void {
    this.destroyed = true
    cancelAnimationFrame(this.raf)
    this.core.destroy()
  }

  private draw(): void {
    // Drawn in the task that submitted it, so cameraLatencyMs is only the drawing's CPU time
    // here: the GPU's backlog shows in the page's own animation frames instead.
    const { rendered, pixels, cameraLatencyMs } = this.core.frame()
    this.events.frame({ rendered, batch: this.lastSeq, stats: this.core.stats(), cameraLatencyMs })
    for (const p of pixels) this.events.pixels(p.id, p.pixels)
  }
}
