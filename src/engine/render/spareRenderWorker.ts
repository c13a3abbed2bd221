/**
 * The render worker's start, apart from WorkerRenderBackend, so that the storefront's entry can
 * start one at the first sign of a seat-map route (issue 16.2) with only this small module in
 * the main chunk. Pixi itself stays in the worker (or, without workers, in its own chunk).
 */
import type { GpuPreference } from './gpuApi'
import type { FromRenderWorker, ToRenderWorker } from './renderProtocol'
import type { ViewportSize } from './ViewportWatcher'
import { startWorkerEarly, type EarlyWorker } from '../workerScript'
// The worker's built URL as a value (Vite's `?worker&url`): the prestart fetches it itself first.
import renderWorkerUrl from './render.worker.ts?worker&url'

/** Whether this browser can run the renderer in a worker (OffscreenCanvas that a worker can draw WebGL into). */
export function canRenderInWorker(): boolean {
  return typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof HTMLCanvasElement !== 'undefined' && 'transferControlToOffscreen' in HTMLCanvasElement.prototype
}

const newRenderWorker = () => new Worker(renderWorkerUrl, { type: 'module' })

/** The GPU choice of a prestarted renderer: the storefront's map asks for none other. */
const PRESTART_GPU: GpuPreference = 'auto'

/**
 * A render worker with its WebGL context already made, on a canvas made for it before the map
 * existed: the map's backend adopts the canvas into its host and resizes it (WorkerRenderBackend).
 * `outcome` settles with the worker's answer to that start ('ready', or its failure).
 */
export interface PreparedRenderer {
  worker: Worker
  canvas: HTMLCanvasElement
  size: ViewportSize
  gpu: GpuPreference
  outcome: Promise<void>
}

/** A render worker started ahead of need (prestartRenderer), taken by the next backend. */
let spareWorker: EarlyWorker | null = null
/** The spare worker once its context is being made on a canvas of its own (prepareContext). */
let prepared: PreparedRenderer | null = null

/**
 * Starts the renderer ahead of the map (issue 16.2): where the map will draw in a worker, a render
 * worker now, so Pixi's module loads and evaluates there while the page makes its API calls, and,
 * once it exists, its WebGL context and shaders on a canvas made now at the window's size (the
 * context needs a canvas, and the map's host does not exist yet: it comes after the page's calls
 * have answered). The map adopts that canvas when it mounts. Elsewhere Pixi's chunk for the page.
 *
 * Why: the context and shaders were made only once the map mounted, and the map waited for them:
 * 100-250 ms after its mount on a desktop with software GL (600 and 60,000 seats, 2026-11-29),
 * on the critical path of every visit. What it costs: a canvas and a GL context the size of the
 * window from the start of the scheme page until the map takes them; a visitor the waiting room
 * holds lets them go (releasePrestartedRenderer).
 */
export function prestartRenderer(): void {
  if (canRenderInWorker()) {
    // Its script downloads at high priority; the worker starts as the response begins (workerScript.ts).
    if (spareWorker === null && prepared === null) {
      const early = startWorkerEarly(renderWorkerUrl)
      spareWorker = early
      void early.started.then((worker) => {
        // Not if a map took it first (takeRenderWorker): its own backend starts it then.
        if (spareWorker !== early) return
        spareWorker = null
        prepared = prepareContext(worker)
      })
    }
  } else if (typeof document !== 'undefined') {
    void import('./LocalRenderBackend').catch(() => undefined)
  }
}

/**
 * Settles with the render worker's answer to its 'init' ('ready', or its failure): listens until
 * then (the caller takes the worker's messages over after). Listening begins before the 'init' is
 * posted, so no answer is missed.
 */
export function renderWorkerStarted(worker: Worker): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    worker.onerror = (e) => reject(new Error(e.message || 'render worker failed to start'))
    worker.onmessage = (e: MessageEvent<FromRenderWorker>) => {
      if (e.data.type === 'ready') resolve()
      else if (e.data.type === 'failed') reject(new Error(e.data.message))
    }
  })
}

/** Sends the worker a canvas of the window's size to start its renderer on. */
function prepareContext(worker: Worker): PreparedRenderer | null {
  if (typeof document === 'undefined' || typeof window === 'undefined') return null
  const size: ViewportSize = { width: Math.max(1, window.innerWidth), height: Math.max(1, window.innerHeight), resolution: window.devicePixelRatio || 1 }
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(size.width * size.resolution)
  canvas.height = Math.round(size.height * size.resolution)
  let offscreen: OffscreenCanvas
  try {
    offscreen = canvas.transferControlToOffscreen()
  } catch {
    return null
  }
  const outcome = renderWorkerStarted(worker)
  // Whoever adopts it hears a failure; until then nobody waits on it.
  outcome.catch(() => {})
  const init: ToRenderWorker = { type: 'init', canvas: offscreen, width: size.width, height: size.height, resolution: size.resolution, gpu: PRESTART_GPU }
  worker.postMessage(init, [offscreen])
  return { worker, canvas, size, gpu: PRESTART_GPU, outcome }
}

/**
 * The prestarted renderer whose context is on its way, for a map that wants `gpu`; null when there
 * is none (or it was made for another choice: then it is let go).
 */
export function takePreparedRenderer(gpu: GpuPreference): PreparedRenderer | null {
  const p = prepared
  prepared = null
  if (p === null) return null
  if (p.gpu === gpu) return p
  p.worker.terminate()
  return null
}

/**
 * Lets the prestarted renderer go: its worker, and with it the window-sized canvas's GL context
 * and Pixi's memory. For a visitor who will not see a map for a while (a waiting room holds him:
 * minutes, on a phone whose GPU memory other tabs want too); a map mounted later starts its own
 * worker (takeRenderWorker), as it does on a page opened off the scheme route.
 */
export function releasePrestartedRenderer(): void {
  const early = spareWorker
  spareWorker = null
  // Not created yet (its script still downloading): ended as soon as it is. Its prestart's own
  // reaction sees it is no longer the spare and makes no context.
  if (early !== null) void early.started.then((worker) => worker.terminate())
  const p = prepared
  prepared = null
  p?.worker.terminate()
}

/** The prestarted render worker if there is one, else a new one. */
export function takeRenderWorker(): Worker {
  const early = spareWorker
  spareWorker = null
  return early !== null ? early.worker() : newRenderWorker()
}
