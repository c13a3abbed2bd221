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

/**
 * A worker started ahead of need (prestartVenueWorker), taken by the next parser, with the URLs
 * to prefetch that came before it was created: posted the moment it is (startWorkerEarly's
 * onCreate), before the parser's first call. Asking for the worker to post to it would create it
 * before its script's high-priority response has begun, the very thing starting it early avoids
 * (workerScript.ts): with the URLs in the scheme page's HTML (app/boot/earlyAnswers.ts) they come
 * as the entry runs, before that response.
 */
interface Spare {
  early: EarlyWorker
  created: Worker | null
  urls: string[][]
}
let spare: Spare | null = null

/**
 * Starts a venue worker now (its script downloads at high priority and compiles while the page
 * makes its own calls: workerScript.ts), for the next createVenueParser to take. The storefront
 * calls it when the scheme route opens.
 */
export function prestartVenueWorker(): void {
  if (spare !== null || typeof Worker === 'undefined') return
  const box: Omit<Spare, 'early'> = { created: null, urls: [] }
  const early = startWorkerEarly(venueWorkerUrl, undefined, (worker) => {
    box.created = worker
    for (const urls of box.urls) worker.postMessage({ [PREFETCH_MESSAGE]: urls })
    box.urls = []
  })
  spare = Object.assign(box, { early })
}

/**
 * Asks the prestarted worker (if any) to start downloading these URLs now (prefetch.ts): the
 * compiled venue and statuses, as soon as the entry's early calls know where they are.
 */
export function prefetchIntoSpareVenueWorker(urls: readonly string[]): void {
  if (spare === null) return
  if (spare.created === null) spare.urls.push([...urls])
  else spare.created.postMessage({ [PREFETCH_MESSAGE]: urls })
}

/** Lets the prestarted worker go (a waiting room holds the visitor: no map for a while); the next parser starts its own. */
export function releaseSpareVenueWorker(): void {
  const released = spare
  spare = null
  if (released !== null) void released.early.started.then((worker) => worker.terminate())
}

/** The prestarted worker if there is one, else a new one (may throw where workers cannot start). */
export function takeVenueWorker(): Worker {
  const taken = spare
  spare = null
  return taken !== null ? taken.early.worker() : newVenueWorker()
}
