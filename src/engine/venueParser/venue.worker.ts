/**
 * The venue parsing worker: exposes VenueWorkerApi over Comlink and transfers every buffer of
 * the result. Create it with
 *   new Worker(new URL('./venue.worker.ts', import.meta.url), { type: 'module' })
 * or use createVenueParser() (venueParserClient.ts), which falls back to the main thread.
 */
import * as Comlink from 'comlink'
import { prefetchingFetch, prefetchUrls } from './prefetch'
import { loadCompiledForTransfer, parseForTransfer, type VenueWorkerApi } from './workerApi'

const downloads = prefetchingFetch()

// The page's prefetch message (prefetch.ts) is ours, not Comlink's: registered before Comlink's
// listener and stopped there, so Comlink never answers it.
self.addEventListener('message', (event: MessageEvent) => {
  const urls = prefetchUrls(event.data)
  if (urls === null) return
  event.stopImmediatePropagation()
  downloads.prefetch(urls)
})

const api: VenueWorkerApi = {
  async parse(svg, options) {
    const { result, transfer } = parseForTransfer(svg, options)
    return Comlink.transfer(result, transfer)
  },
  async loadCompiled(request) {
    const { result, transfer } = await loadCompiledForTransfer(request, downloads.fetch)
    return Comlink.transfer(result, transfer)
  },
}

Comlink.expose(api)
