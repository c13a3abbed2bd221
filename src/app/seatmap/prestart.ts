import { prestartRenderer } from '../../engine/render/WorkerRenderBackend'
import { prestartVenueWorker } from '../../engine/venueParser/client'

/**
 * Starts the seat map's workers as the scheme route opens (issue 16.2), in parallel with the
 * page's own API calls: the venue worker (which downloads and decodes the compiled venue) and the
 * render worker with Pixi. Neither pulls Pixi into the page's bundle: both are worker entries.
 */
export function prestartSeatMap(): void {
  prestartVenueWorker()
  prestartRenderer()
}
