import { SeatStatus } from '../src/engine/model'
import type { SeatMapEngine } from '../src/engine/SeatMapEngine'
import type { GpuPreference } from '../src/engine/render/gpuApi'
import type { RenderPlacement } from '../src/engine/render/MapRenderer'
import { loadVenue } from './loadVenue'
import type { LabHandle } from './types'

/**
 * Seat map lab: ?seats=N&kind=K&renderer=engine|svg|drawing|naive&source=worker|main|synthetic
 * &renderIn=auto|worker|main (where the engine draws)&gpu=auto|webgl|webgpu (with what).
 * Shows the map full-screen and exposes `window.__seatmap` (engine handle and timings) for the
 * e2e tests and the browser benchmark.
 *
 * Order, as in the app: the renderer's code is loaded and mounted first, then the venue is asked
 * for (`timings.loadStart`; the app's scheme screen requests its map once React has rendered it).
 * The benchmark's "while it loads" window starts at that mark; its page window starts at
 * navigation and includes this start-up. This entry is a few kB: React with the engine, and each
 * baseline, arrive by dynamic import, and React renders in a transition (lab/engineView.tsx).
 * `[lab] first frame` / `[lab] error` on the console tell the benchmark when to read the handle,
 * so Playwright injects nothing into the page while it is being measured.
 */
const params = new URLSearchParams(location.search)
const seats = Math.max(1, Number(params.get('seats') ?? 100_000) | 0)
const kind = params.get('kind') ?? 'arena'
const renderer = (params.get('renderer') ?? 'engine') as LabHandle['renderer']
const source = params.get('source') ?? 'worker'
const renderIn = (params.get('renderIn') ?? 'auto') as RenderPlacement
const gpu = (params.get('gpu') ?? 'auto') as GpuPreference
const statusEl = document.getElementById('lab-status') as HTMLElement
const host = document.getElementById('lab') as HTMLElement

const handle: LabHandle = {
  renderer, seatCount: seats, kind, source: '', timings: { start: performance.now(), loadStart: null, dataArrived: null, firstFrame: null }, engine: null, selected: [], error: null,
}
window.__seatmap = handle
// For bench/browser/parse.ts: our parser beside the browser's own DOMParser on the same text.
// Loaded on demand (?tools=1), so the engine's page does not evaluate the generator and parser.
if (params.has('tools')) {
  void Promise.all([import('../src/engine/generate'), import('../src/engine/parse/parseVenue')]).then(([g, p]) => {
    window.__labTools = { generateVenue: g.generateVenue, parseVenue: p.parseVenue }
  })
}

function firstFrame() {
  if (handle.timings.firstFrame == null) {
    handle.timings.firstFrame = performance.now()
    const { loadStart, dataArrived } = handle.timings
    statusEl.textContent = `${renderer} · ${seats} seats · ${handle.source} · data ${Math.round((dataArrived ?? 0) - (loadStart ?? 0))} ms · first frame +${Math.round(handle.timings.firstFrame - (dataArrived ?? 0))} ms`
    console.info('[lab] first frame')
  }
}

function toggle(index: number, engine: SeatMapEngine): void {
  const venue = engine.getVenue()
  if (!venue) return
  const st = venue.seats.status[index]
  if (st !== SeatStatus.Free && st !== SeatStatus.Selected) return
  const next = st === SeatStatus.Free ? SeatStatus.Selected : SeatStatus.Free
  engine.setStatuses([index], next)
  handle.selected = next === SeatStatus.Selected ? [...handle.selected, index] : handle.selected.filter((i) => i !== index)
}

const ENGINE_OPTIONS = { renderIn, gpu }

type Loaded = Awaited<ReturnType<typeof loadVenue>>

/** Loads and mounts the chosen renderer; returns what shows the venue once it is there. */
async function prepareRenderer(): Promise<(loaded: Loaded) => unknown> {
  const afterTwoFrames = () => requestAnimationFrame(() => requestAnimationFrame(firstFrame))
  switch (renderer) {
    case 'engine': {
      // React first, then the engine and its React host: two module evaluations in two tasks
      // (together one 55-65 ms task here).
      await import('react-dom/client')
      await nextTask()
      // The engine starts (and waits its init delay) while the venue is being produced.
      const view = (await import('./engineView')).mountEngineView(host, {
        engineOptions: ENGINE_OPTIONS,
        onSeatClick: toggle,
        onEngine: (engine) => {
          handle.engine = engine
          engine?.on('frame', ({ rendered, venue }) => {
            if (rendered && venue) firstFrame()
          })
        },
      })
      return (loaded) => view.setVenue(loaded.venue)
    }
    case 'svg': {
      const { mountSvgBaseline } = await import('./baselines/svgBaseline')
      return (loaded) => {
        mountSvgBaseline(host, loaded.venue)
        afterTwoFrames()
      }
    }
    case 'drawing': {
      const { mountDrawingBaseline } = await import('./baselines/drawingBaseline')
      return (loaded) => {
        mountDrawingBaseline(host, loaded.venue, loaded.drawing ?? '')
        afterTwoFrames()
      }
    }
    default: {
      // Imported on demand, so the engine's page never loads Pixi on the main thread.
      const { mountNaivePixi } = await import('./baselines/naivePixi')
      return (loaded) => mountNaivePixi(host, loaded.venue, firstFrame)
    }
  }
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

async function main() {
  const show = await prepareRenderer()
  // The request goes out in a task of its own, as the app's does (from an effect after render):
  // the task that evaluated the renderer's code belongs to page start-up, not to the load.
  await nextTask()
  handle.timings.loadStart = performance.now()
  const loaded = await loadVenue(seats, kind, source, renderer === 'drawing')
  handle.source = loaded.source
  handle.timings.dataArrived = performance.now()
  await show(loaded)
}

main().catch((e: unknown) => {
  handle.error = e instanceof Error ? e.message : String(e)
  statusEl.textContent = `error: ${handle.error}`
  console.error(`[lab] error: ${handle.error}`)
})
