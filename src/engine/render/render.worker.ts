/**
 * The render worker: draws the seat map with Pixi on an OffscreenCanvas handed over by
 * WorkerRenderBackend, so WebGL context creation, shader compiles and every draw happen off the
 * page's main thread (on software GL each of those is a 50-300 ms block). It applies the engine's
 * command batches as they arrive and draws in its own animation frames.
 */
import { DOMAdapter } from 'pixi.js'
// Pixi's web-worker extensions, in this worker's own chunk: Pixi's renderer init imports them
// dynamically (environment-webworker/webworkerExt), which was one more request, sent only once
// the canvas arrived, right before the first frame: a round trip on the critical path (150 ms
// on the phone profile, issue 16). Imported here, that import resolves from this chunk.
import 'pixi.js/webworker'
import { recordAnimationFrames } from './frameRecorder'
import { RenderCore } from './RenderCore'
import { VenueAssembler } from './venueUpload'
import type { FromRenderWorker, RenderCommand, ToRenderWorker } from './renderProtocol'
import { renderWorkerAdapter } from './workerAdapter'

DOMAdapter.set(renderWorkerAdapter)

/** Frame pacing where a worker has no requestAnimationFrame (60 Hz). */
const FALLBACK_FRAME_MS = 16

const scope = self as unknown as Worker
const post = (m: FromRenderWorker, transfer: Transferable[] = []) => scope.postMessage(m, transfer)
const nextFrame: (cb: () => void) => void = typeof requestAnimationFrame === 'function' ? (cb) => requestAnimationFrame(cb) : (cb) => setTimeout(cb, FALLBACK_FRAME_MS)

let core: RenderCore | null = null
/** Batches that arrived while Pixi was starting. */
let early: { seq: number; commands: RenderCommand[] }[] = []
let lastSeq = -1
let scheduled = false
let recorder: { stop(): Promise<number[]> } | null = null
const venues = new VenueAssembler()

function schedule(): void {
  if (scheduled) return
  scheduled = true
  nextFrame(() => {
    scheduled = false
    draw()
  })
}

function draw(): void {
  if (!core) return
  const { rendered, pixels, cameraLatencyMs } = core.frame()
  post({ type: 'frame', rendered, batch: lastSeq, stats: core.stats(), cameraLatencyMs })
  for (const p of pixels) post({ type: 'pixels', id: p.id, pixels: p.pixels }, [p.pixels.buffer])
}

function applyBatch(seq: number, commands: RenderCommand[]): void {
  for (const c of commands) core!.apply(venues.complete(c))
  lastSeq = seq
}

async function start(m: Extract<ToRenderWorker, { type: 'init' }>): Promise<void> {
  // The page answers 'needGeometry' with the seat geometry (WorkerRenderBackend), so the core
  // may let go of it once the tiles are built.
  const c = new RenderCore(schedule, () => post({ type: 'needGeometry' }))
  try {
    await c.init(m.canvas, { width: m.width, height: m.height, resolution: m.resolution, gpu: m.gpu })
  } catch (e) {
    post({ type: 'failed', message: e instanceof Error ? e.message : String(e) })
    return
  }
  core = c
  for (const b of early) applyBatch(b.seq, b.commands)
  early = []
  post({ type: 'ready' })
  schedule()
}

scope.onmessage = (e: MessageEvent<ToRenderWorker>) => {
  const m = e.data
  switch (m.type) {
    case 'init':
      void start(m)
      break
    case 'batch':
      if (!core) {
        early.push(m)
        break
      }
      applyBatch(m.seq, m.commands)
      // A resize has cleared the canvas: draw in this task, so no blank frame shows.
      if (m.now) draw()
      else schedule()
      break
    case 'venuePart':
      venues.add(m)
      break
    case 'record':
      if (m.on) recorder = recordAnimationFrames()
      else {
        const r = recorder
        recorder = null
        void (r ? r.stop() : Promise.resolve([])).then((intervals) => post({ type: 'recorded', intervals }))
      }
      break
    case 'dispose':
      core?.destroy()
      core = null
      scope.onmessage = null
      close()
      break
  }
}
