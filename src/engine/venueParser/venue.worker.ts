/**
 * The venue parsing worker: exposes VenueWorkerApi over Comlink and transfers every buffer of
 * the result. Create it with
 *   new Worker(new URL('./venue.worker.ts', import.meta.url), { type: 'module' })
 * or use createVenueParser() (venueParserClient.ts), which falls back to the main thread.
 */
import * as Comlink from 'comlink'
import { loadCompiledForTransfer, parseForTransfer, type VenueWorkerApi } from './workerApi'

const api: VenueWorkerApi = {
  async parse(svg, options) {
    const { result, transfer } = parseForTransfer(svg, options)
    return Comlink.transfer(result, transfer)
  },
  async loadCompiled(request) {
    const { result, transfer } = await loadCompiledForTransfer(request)
    return Comlink.transfer(result, transfer)
  },
}

Comlink.expose(api)
