/// <reference lib="webworker" />
import { generateVenue, type VenueKind } from '../src/engine/generate'
import { parseForTransfer } from '../src/engine/venueParser/workerApi'

/**
 * Lab-only worker: generates the venue drawing and parses it off the main thread, then transfers
 * the VenueData buffers. The app's own worker (src/workers/venue.worker.ts) only parses, since
 * the app fetches drawings; generating here keeps the lab's main thread as free as the app's.
 */
self.onmessage = (e: MessageEvent<{ seats: number; kind: VenueKind; seed?: number; keepDrawing?: boolean }>) => {
  try {
    const t0 = performance.now()
    const svg = generateVenue({ kind: e.data.kind, seats: e.data.seats, seed: e.data.seed })
    const t1 = performance.now()
    const { result, transfer } = parseForTransfer(svg)
    // The drawing baseline needs the text itself (a structured-clone copy; the engine never does).
    ;(self as unknown as Worker).postMessage({ result, generateMs: t1 - t0, svgBytes: svg.length, drawing: e.data.keepDrawing ? svg : undefined }, transfer)
  } catch (error) {
    ;(self as unknown as Worker).postMessage({ result: { errorCode: '-1', errorText: error instanceof Error ? error.message : String(error) } })
  }
}
