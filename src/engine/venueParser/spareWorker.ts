/**
 * The venue worker's start, apart from the parser client (client.ts), so that the storefront's
 * entry can start one at the first sign of a seat-map route (issue 16.2) without carrying the
 * client's imports (the parser and the compiled decoder, ~80 kB) into the main chunk.
 */
import { PREFETCH_MESSAGE } from './prefetch'

const newVenueWorker = () => new Worker(new URL('./venue.worker.ts', import.meta.url), { type: 'module' })

/** A worker started ahead of need (prestartVenueWorker), taken by the next parser. */
let spare: Worker | null = null

/**
 * Starts a venue worker now (its module loads and compiles while the page makes its own calls),
 * for the next createVenueParser to take. The storefront calls it when the scheme route opens.
 */
export function prestartVenueWorker(): void {
  if (spare !== null || typeof Worker === 'undefined') return
  try {
    spare = newVenueWorker()
  } catch {
    spare = null
  }
}

/**
 * Asks the prestarted worker (if any) to start downloading these URLs now (prefetch.ts): the
 * compiled venue and statuses, as soon as the entry's early calls know where they are.
 */
export function prefetchIntoSpareVenueWorker(urls: readonly string[]): void {
  spare?.postMessage({ [PREFETCH_MESSAGE]: urls })
}

/** The prestarted worker if there is one, else a new one (may throw where workers cannot start). */
export function takeVenueWorker(): Worker {
  const worker = spare ?? newVenueWorker()
  spare = null
  return worker
}
