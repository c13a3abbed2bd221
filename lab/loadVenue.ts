import type { VenueKind } from '../src/engine/generate'
import type { VenueData } from '../src/engine/model'
import type { VenueParseResult } from '../src/engine/venueParser/workerApi'
import { syntheticVenue } from './syntheticVenue'

/**
 * The lab's venue source:
 * - `worker` (default): generate the drawing and parse it in a worker (lab/labVenue.worker.ts);
 *   falls back to `main` when the worker fails;
 * - `main`: the same on the main thread (the app's main-thread fallback path);
 * - `synthetic`: VenueData built directly, no SVG (fast, for quick checks).
 * The generator and parser load on demand: with the worker source the page never evaluates them
 * (their module evaluation was part of a 55-65 ms start-up task in the browser benchmark).
 */
const KINDS: readonly string[] = ['theatre', 'hall', 'arena', 'stadium']
export async function loadVenue(seats: number, kind: string, source: string, keepDrawing = false): Promise<{ venue: VenueData; source: string; drawing?: string }> {
  if (source === 'synthetic' && !keepDrawing) return { venue: syntheticVenue(seats), source }
  const k = KINDS.includes(kind) ? (kind as VenueKind) : 'arena'
  if (source !== 'main' && typeof Worker !== 'undefined') {
    try {
      const { result, drawing } = await inWorker(seats, k, keepDrawing)
      return { venue: unwrap(result), source: 'worker', drawing }
    } catch (e) {
      console.warn('lab worker failed, parsing on the main thread', e)
    }
  }
  const [{ generateVenue }, { parseForTransfer }] = await Promise.all([import('../src/engine/generate'), import('../src/engine/venueParser/workerApi')])
  const svg = generateVenue({ kind: k, seats })
  return { venue: unwrap(parseForTransfer(svg).result), source: 'main', drawing: keepDrawing ? svg : undefined }
}

function unwrap(r: VenueParseResult): VenueData {
  if (r.errorCode !== '0' || !('venue' in r)) throw new Error(`venue parse failed: ${'errorText' in r ? r.errorText : r.errorCode}`)
  return r.venue
}

function inWorker(seats: number, kind: VenueKind, keepDrawing: boolean): Promise<{ result: VenueParseResult; drawing?: string }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./labVenue.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (e: MessageEvent<{ result: VenueParseResult; drawing?: string }>) => {
      worker.terminate()
      resolve(e.data)
    }
    worker.onerror = (e) => {
      worker.terminate()
      reject(new Error(e.message || 'worker error'))
    }
    worker.postMessage({ seats, kind, keepDrawing })
  })
}
