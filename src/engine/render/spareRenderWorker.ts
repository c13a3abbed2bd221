/**
 * The render worker's start, apart from WorkerRenderBackend, so that the storefront's entry can
 * start one at the first sign of a seat-map route (issue 16.2) with only this small module in
 * the main chunk. Pixi itself stays in the worker (or, without workers, in its own chunk).
 */
import { startWorkerEarly, type EarlyWorker } from '../workerScript'
// The worker's built URL as a value (Vite's `?worker&url`): the prestart fetches it itself first.
import renderWorkerUrl from './render.worker.ts?worker&url'

/** Whether this browser can run the renderer in a worker (OffscreenCanvas that a worker can draw WebGL into). */
export function canRenderInWorker(): boolean {
  return typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof HTMLCanvasElement !== 'undefined' && 'transferControlToOffscreen' in HTMLCanvasElement.prototype
}

const newRenderWorker = () => new Worker(renderWorkerUrl, { type: 'module' })

/** A render worker started ahead of need (prestartRenderer), taken by the next backend. */
let spareWorker: EarlyWorker | null = null

/**
 * Starts the renderer's code ahead of the map (issue 16.2): where the map will draw in a worker,
 * a render worker now, so Pixi's module loads and evaluates there while the page makes its API
 * calls; elsewhere Pixi's chunk for the page. The WebGL context and the shaders follow when the
 * map's canvas exists (they need it), still in parallel with the map's download.
 */
export function prestartRenderer(): void {
  if (canRenderInWorker()) {
    // Its script downloads at high priority; the worker starts as the response begins (workerScript.ts).
    if (spareWorker === null) spareWorker = startWorkerEarly(renderWorkerUrl)
  } else if (typeof document !== 'undefined') {
    void import('./LocalRenderBackend').catch(() => undefined)
  }
}

/** The prestarted render worker if there is one, else a new one. */
export function takeRenderWorker(): Worker {
  const early = spareWorker
  spareWorker = null
  return early !== null ? early.worker() : newRenderWorker()
}
