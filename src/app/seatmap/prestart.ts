import { prestartRenderer } from '../../engine/render/spareRenderWorker'
import { prestartVenueWorker } from '../../engine/venueParser/spareWorker'

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
