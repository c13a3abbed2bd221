import type { GpuPreference } from './gpuApi'
import type { ViewportSize } from './ViewportWatcher'
import type { FrameReport, RenderCommand } from './renderProtocol'

/**
 * Where the map is drawn: on the main thread (LocalRenderBackend) or in a worker on an
 * OffscreenCanvas (WorkerRenderBackend). Both take the engine's command batches and report each
 * frame they draw; MapRenderer sits in front and batches the commands.
 */
export interface RenderBackendEvents {
  frame(report: FrameReport): void
  pixels(id: number, pixels: Uint8Array): void
}

export interface RenderBackend {
  readonly kind: 'main' | 'worker'
  /** Puts a canvas into `container` and starts the renderer on it with the GPU API `gpu` asks for (gpuApi.ts); rejects when it cannot. */
  init(container: HTMLElement, size: ViewportSize, gpu: GpuPreference): Promise<HTMLCanvasElement>
  /**
   * Hands over one batch (numbered `seq`, increasing). `now`: draw in this task rather than at
   * the next animation frame (a resize has cleared the canvas).
   */
  submit(seq: number, commands: RenderCommand[], now: boolean): void
  /** Records the intervals between animation frames of the thread that draws, until `stop`. */
  recordFrames(): { stop(): Promise<number[]> }
  destroy(): void
}
