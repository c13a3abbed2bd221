/**
 * The venue worker's start, apart from the parser client (client.ts), so that the storefront's
 * entry can start one at the first sign of a seat-map route (issue 16.2) without carrying the
 * client's imports (the parser and the compiled decoder, ~80 kB) into the main chunk.
 */
import { startWorkerEarly, type EarlyWorker } from '../workerScript'
import { PREFETCH_MESSAGE } from './prefetch'
// The worker's built URL as a value (Vite's `?worker&url`): the prestart fetches it itself first.
import venueWorkerUrl from './venue.worker.ts?worker&url'

const newVenueWorker = () => new Worker(venueWorkerUrl, { type: 'module' })

/** A worker started ahead of need (prestartVenueWorker), taken by the next parser. */
let spare: EarlyWorker | null = null

/**
 * Starts a venue worker now (its script downloads at high priority and compiles while the page
 * makes its own calls: workerScript.ts), for the next createVenueParser to take. The storefront
 * calls it when the scheme route opens.
 */
export function prestartVenueWorker(): void {
  if (spare !== null || typeof Worker === 'undefined') return
  spare = startWorkerEarly(venueWorkerUrl)
}

/**
 * Asks the prestarted worker (if any) to start downloading these URLs now (prefetch.ts): the
 * compiled venue and statuses, as soon as the entry's early calls know where they are.
 */
export function prefetchIntoSpareVenueWorker(urls: readonly string[]): void {
  if (spare === null) return
  try {
    spare.worker().postMessage({ [PREFETCH_MESSAGE]: urls })
  } catch {
    // No worker could start: the parser falls back to the main thread and fetches itself.
  }
}

/** Lets the prestarted worker go (a waiting room holds the visitor: no map for a while); the next parser starts its own. */
export function releaseSpareVenueWorker(): void {
  const early = spare
  spare = null
  if (early !== null) void early.started.then((worker) => worker.terminate())
}

/** The prestarted worker if there is one, else a new one (may throw where workers cannot start). */
export function takeVenueWorker(): Worker {
  const early = spare
  spare = null
  return early !== null ? early.worker() : newVenueWorker()
}
