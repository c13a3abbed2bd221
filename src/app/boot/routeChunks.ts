/**
 * The scheme route's chunks, fetched from the entry (issue 16: the map's critical path). The
 * route's code is a lazy chunk (routes.tsx): requested only once the entry's eight boot stages had
 * evaluated and the router had matched, then the phone library, then the screen and its imports:
 * two round-trip levels after the boot (150 ms each on the phone profile), while the connection
 * sat idle during the boot. The build lists those chunks in a meta tag of index.html
 * (vite.config.ts, listRouteChunks); on a scheme URL the entry adds a preload link for each, so
 * they download with the boot stages and evaluate, still in their own tasks, when the router asks.
 * Vite's preload helper finds the links (same href) and does not add them again.
 */

/** The meta tag's name; its content is the chunks' paths, space-separated. */
export const SCHEME_CHUNKS_META = 'seatwise-scheme-chunks'

/**
 * Links added per task. Adding a preload link starts its request inside appendChild (~0.7 ms a
 * link on a desktop in a trace, 4x that at the phone profile's CPU): the route's ~31 links in the
 * entry's own task made that task the page's longest (issue 16: no main-thread task over 50 ms).
 * Six, as HTTP/1.1 gives the page six connections: a batch fills them, and the next is added a
 * task later, long before they free up.
 */
export const ROUTE_CHUNK_BATCH = 6

/** Runs `task` in a later task of the page (a timer: the browser's other tasks run before it). */
export type Later = (task: () => void) => void
const nextTask: Later = (task) => void setTimeout(task, 0)

/**
 * How long the chunks after the first batch wait at most for the page's early API calls to leave
 * (`held` below): a server slow to answer the token should not also hold the route's code.
 */
export const ROUTE_CHUNK_HOLD_MAX_MS = 2_000

/**
 * Adds a preload link per chunk the meta tag lists (CSS as a style preload), ROUTE_CHUNK_BATCH
 * per task, the first batch a task after the caller's (the entry's evaluation); answers how many.
 * The batches after the first wait for `held` to settle (at most ROUTE_CHUNK_HOLD_MAX_MS): the
 * entry passes the moment its POSTs for the header and sessions have left (boot/earlyAnswers.ts).
 * Chromium queues requests of equal priority first come, first served on the six HTTP/1.1
 * connections, and those POSTs, sent only once the token had answered, waited 0.5-0.7 s behind
 * ~25 chunk requests on the phone profile (bench:timeline, 2026-11-25); the venue's download
 * waits on them, the chunks do not wait on the venue. Costs the chunks after the first six the
 * token's round trip where the connections would otherwise have been free for them.
 */
export function preloadSchemeChunks(doc: Document, later: Later = nextTask, held?: Promise<unknown>): number {
  const listed = doc.querySelector(`meta[name="${SCHEME_CHUNKS_META}"]`)?.getAttribute('content') ?? ''
  const files = listed.split(/\s+/).filter((f) => f !== '')
  const addFrom = (start: number) => {
    for (const href of files.slice(start, start + ROUTE_CHUNK_BATCH)) addLink(doc, href)
    if (start + ROUTE_CHUNK_BATCH >= files.length) return
    const next = () => later(() => addFrom(start + ROUTE_CHUNK_BATCH))
    if (start === 0 && held !== undefined) {
      let done = false
      const once = () => {
        if (!done) next()
        done = true
      }
      void held.then(once, once)
      setTimeout(once, ROUTE_CHUNK_HOLD_MAX_MS)
    } else next()
  }
  if (files.length > 0) later(() => addFrom(0))
  return files.length
}

function addLink(doc: Document, href: string): void {
  const link = doc.createElement('link')
  const css = href.endsWith('.css')
  link.rel = css ? 'preload' : 'modulepreload'
  if (css) link.as = 'style'
  // As Vite's preload helper asks for them, so the later requests find these in the cache.
  link.crossOrigin = ''
  // Not fetchpriority=low: Chromium holds low-priority requests back while others are in
  // flight, and the router's import then waited up to a second for its own chunk (desktop,
  // 2026-11-25). The early API calls go out before these links are added (seatmap/prestart.ts).
  link.href = href
  doc.head.appendChild(link)
}
