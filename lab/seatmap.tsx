import { createRoot } from 'react-dom/client'
import { SeatMapCanvas } from '../src/app/seatmap/SeatMapCanvas'
import { SeatStatus, type VenueData } from '../src/engine/model'
import type { SeatMapEngine } from '../src/engine/SeatMapEngine'
import type { RenderPlacement } from '../src/engine/render/MapRenderer'
import { mountDrawingBaseline } from './baselines/drawingBaseline'
import { mountSvgBaseline } from './baselines/svgBaseline'
import { loadVenue } from './loadVenue'
import type { LabHandle } from './types'

/**
 * Seat map lab: ?seats=N&kind=K&renderer=engine|svg|drawing|naive&source=worker|main|synthetic
 * &renderIn=auto|worker|main (where the engine draws).
 * Shows the map full-screen and exposes `window.__seatmap` (engine handle and timings) for the
 * e2e tests and the browser benchmark.
 */
const params = new URLSearchParams(location.search)
const seats = Math.max(1, Number(params.get('seats') ?? 100_000) | 0)
const kind = params.get('kind') ?? 'arena'
const renderer = (params.get('renderer') ?? 'engine') as LabHandle['renderer']
const source = params.get('source') ?? 'worker'
const renderIn = (params.get('renderIn') ?? 'auto') as RenderPlacement
const statusEl = document.getElementById('lab-status') as HTMLElement
const host = document.getElementById('lab') as HTMLElement

const handle: LabHandle = {
  renderer, seatCount: seats, kind, source: '', timings: { start: performance.now(), dataArrived: null, firstFrame: null }, engine: null, selected: [], error: null,
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
    statusEl.textContent = `${renderer} · ${seats} seats · ${handle.source} · data ${Math.round((handle.timings.dataArrived ?? 0) - handle.timings.start)} ms · first frame +${Math.round(handle.timings.firstFrame - (handle.timings.dataArrived ?? 0))} ms`
  }
}

function toggle(index: number, engine: SeatMapEngine) {
  const venue = engine.getVenue()
  if (!venue) return
  const st = venue.seats.status[index]
  if (st !== SeatStatus.Free && st !== SeatStatus.Selected) return
  const next = st === SeatStatus.Free ? SeatStatus.Selected : SeatStatus.Free
  engine.setStatuses([index], next)
  handle.selected = next === SeatStatus.Selected ? [...handle.selected, index] : handle.selected.filter((i) => i !== index)
}

const ENGINE_OPTIONS = { renderIn }

async function main() {
  const root = renderer === 'engine' ? createRoot(host) : null
  const render = (venue: VenueData | null) =>
    root?.render(
      <SeatMapCanvas
        venue={venue}
        zonePrices={[5000, 3000, 1500]}
        engineOptions={ENGINE_OPTIONS}
        onSeatClick={(seat, engine) => toggle(seat.index, engine)}
        onEngine={(engine) => {
          handle.engine = engine
          engine?.on('frame', ({ rendered, venue }) => {
            if (rendered && venue) firstFrame()
          })
        }}
      />,
    )
  // The engine starts (and waits its init delay) while the venue is being produced.
  render(null)
  const loaded = await loadVenue(seats, kind, source, renderer === 'drawing')
  handle.source = loaded.source
  handle.timings.dataArrived = performance.now()
  if (renderer === 'engine') render(loaded.venue)
  else if (renderer === 'svg' || renderer === 'drawing') {
    if (renderer === 'svg') mountSvgBaseline(host, loaded.venue)
    else mountDrawingBaseline(host, loaded.venue, loaded.drawing ?? '')
    requestAnimationFrame(() => requestAnimationFrame(firstFrame))
  } else {
    // Imported on demand, so the engine's page never loads Pixi on the main thread.
    const { mountNaivePixi } = await import('./baselines/naivePixi')
    await mountNaivePixi(host, loaded.venue, firstFrame)
  }
}

main().catch((e: unknown) => {
  handle.error = e instanceof Error ? e.message : String(e)
  statusEl.textContent = `error: ${handle.error}`
})
