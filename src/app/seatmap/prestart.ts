import { prestartRenderer, releasePrestartedRenderer } from '../../engine/render/spareRenderWorker'
import { prefetchIntoSpareVenueWorker, prestartVenueWorker, releaseSpareVenueWorker } from '../../engine/venueParser/spareWorker'
import { startSchemeAnswers } from '../boot/earlyAnswers'
import { preloadSchemeChunks } from '../boot/routeChunks'
import { MAP_SOURCE_PARAM } from '../lib/links'
import { SCHEME_PAGE_ROUTE } from '../../contract/landing'

/**
 * Starts the seat map's workers as the scheme route opens (issue 16.2), in parallel with the
 * page's own API calls: the venue worker (which downloads and decodes the compiled venue) and the
 * render worker with Pixi. Neither pulls Pixi into the page's bundle: both are worker entries.
 * The router calls it as the scheme route's lazy chunk starts loading (routes.tsx), so the workers
 * start at the first sign of that route: this module and the two it imports stay in the entry.
 */
export function prestartSeatMap(): void {
  prestartVenueWorker()
  prestartRenderer()
}

/**
 * Lets the prestarted workers go, with the render worker's GL context: the waiting room holds the
 * visitor (WaitingGate), so no map is coming for a while. Nothing happens where none was started.
 */
export function releaseSeatMapPrestart(): void {
  releasePrestartedRenderer()
  releaseSpareVenueWorker()
}

/** Whether the page opened on a scheme URL and no scheme screen has asked when yet (takeSchemeLanding). */
let landed = false

/** The page opened on a scheme URL (the entry, before the app exists). */
export function noteSchemeLanding(): void {
  landed = true
}

/**
 * When the scheme screen the visitor landed on began showing: the navigation (0 on the page's
 * clock), once, for the first scheme screen of a page that opened on a scheme URL; null otherwise
 * (the screen then counts from its own mount). The map's init delay counts from it
 * (SchemeMapController mapInitDelay).
 */
export function takeSchemeLanding(): number | null {
  if (!landed) return null
  landed = false
  return 0
}

/**
 * The entry's call, before its boot stages: on a scheme page the workers start with the page
 * (issue 16.2), so the render worker's ~0.5 MB module downloads and evaluates on another core
 * while the page's own start-up runs, instead of after it (the router's lazy call came only once
 * the eight boot stages had evaluated). Costs two `new Worker` calls on the page, ~1 ms.
 * With them, the route's chunks are preloaded (boot/routeChunks.ts) and the page's first API
 * calls sent (boot/earlyAnswers.ts); once the compiled map's URLs are known the venue worker
 * starts downloading it. Answers whether the page is a scheme page.
 */
export function prestartSeatMapOnSchemePage(location: { pathname: string; search: string }, doc: Document = document): boolean {
  if (!SCHEME_PAGE_ROUTE.test(location.pathname)) return false
  noteSchemeLanding()
  prestartSeatMap()
  // The token's request first: HTTP/1.1 gives the page six connections, and the ~40 chunks
  // preloaded next would otherwise go before it.
  const json = new URLSearchParams(location.search).get(MAP_SOURCE_PARAM) === 'json'
  let sent!: () => void
  const postsSent = new Promise<void>((resolve) => (sent = resolve))
  if (!startSchemeAnswers(location.pathname, location.search, json ? null : (where) => prefetchIntoSpareVenueWorker([where.venueUrl, where.statusesUrl]), sent)) sent()
  // The first chunks now, the rest once those POSTs have left (routeChunks.ts: they queue first).
  preloadSchemeChunks(doc, undefined, postsSent)
  return true
}
