/**
 * Starts a worker whose script the page downloads itself, at high priority (issue 16: the map's
 * critical path). Chromium fetches a dedicated worker's script at a low priority, and on HTTP/1.1
 * (six connections per host) a low-priority request waits until no higher one is queued: on the
 * scheme page the ~40 route chunks and the early API calls all went first, and the venue and
 * render workers' scripts, asked for at the page's start, arrived 0.5-2.3 s later, after
 * everything else (bench:timeline and bench:trace, 600 seats, desktop, 2026-11-25): the page was
 * ready and waited for its workers.
 *
 * Here the page sends a `fetch` of the script's URL with priority 'high' and creates the worker
 * only once that response has begun: the worker's own request then joins the response in the
 * HTTP cache (hashed assets are immutable) instead of going out at low priority. Created at the
 * same moment, the worker's request reached the cache first (7 ms before the page's, 600 seats,
 * bench:timeline) and the page's high-priority fetch waited behind it. One server request per
 * script either way (e2e/scheme-early-calls). A caller that needs the worker before the response
 * has begun gets it at once. Costs a copy of the script's bytes on the page until collected.
 */

/** The parts of the page's fetch and Worker that startWorkerEarly uses (tests pass recorders). */
export interface WorkerStart {
  fetch(url: string, init: RequestInit): Promise<{ arrayBuffer(): Promise<ArrayBuffer> }>
  newWorker(url: string): Worker
}

const browserStart: WorkerStart = {
  fetch: (url, init) => fetch(url, init),
  newWorker: (url) => new Worker(url, { type: 'module' }),
}

/** A worker being started: `worker()` gives it, creating it now if its script's response has not begun yet (may throw where workers cannot start). */
export interface EarlyWorker {
  worker(): Worker
  /** Settles with the worker once it is created (its script's response began, or `worker()` was called); never where it cannot start. */
  started: Promise<Worker>
}

/** The request options of the page's own fetch of a worker script. */
export const WORKER_SCRIPT_FETCH: RequestInit = { priority: 'high', credentials: 'same-origin' }

/**
 * Sends the high-priority request for the worker's script; the worker (module type, same URL)
 * is created when the response's headers arrive, or when it is asked for, whichever comes first,
 * and `onCreate` sees it then, before the caller does.
 * The body is read to the end so the response completes into the HTTP cache. A failed request
 * still starts the worker, which then asks for its script itself.
 */
export function startWorkerEarly(url: string, start: WorkerStart = browserStart, onCreate: (w: Worker) => void = () => {}): EarlyWorker {
  let created: Worker | null = null
  let announce!: (w: Worker) => void
  const started = new Promise<Worker>((resolve) => (announce = resolve))
  const worker = () => {
    if (created === null) {
      created = start.newWorker(url)
      // Before anyone else can post to it: what the page queued for it goes first (spareWorker.ts).
      onCreate(created)
      announce(created)
    }
    return created
  }
  const createQuietly = () => {
    try {
      worker()
    } catch {
      // Reported to whoever asks for the worker (worker() throws again there).
    }
  }
  start
    .fetch(url, WORKER_SCRIPT_FETCH)
    .then((response) => {
      createQuietly()
      return response.arrayBuffer()
    })
    .catch(createQuietly)
  return { worker, started }
}
