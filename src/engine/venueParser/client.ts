/**
 * Main-thread side of venue parsing: runs the parse (or the compiled venue's download and decode)
 * in the venue worker when the platform has workers, else (or when the worker fails to start) on
 * the main thread with the same code. After a worker failure it stops trying workers, as
 * excalidraw's subset-main does.
 */
import * as Comlink from 'comlink'
import type { ParseOptions } from '../parse/parseVenue'
import { takeVenueWorker } from './spareWorker'
import { loadCompiledForTransfer, parseForTransfer, type CompiledLoadRequest, type VenueParseResult, type VenueWorkerApi } from './workerApi'

export interface VenueParser {
  parse(svg: string, options?: ParseOptions): Promise<VenueParseResult>
  loadCompiled(request: CompiledLoadRequest): Promise<VenueParseResult>
  dispose(): void
}

export { prestartVenueWorker } from './spareWorker'

export function createVenueParser(): VenueParser {
  let worker: Worker | null = null
  let remote: Comlink.Remote<VenueWorkerApi> | null = null
  let workersBroken = typeof Worker === 'undefined'
  const connect = (): Comlink.Remote<VenueWorkerApi> => {
    if (!remote) {
      worker = takeVenueWorker()
      remote = Comlink.wrap<VenueWorkerApi>(worker)
    }
    return remote
  }
  const inWorker = async (work: (remote: Comlink.Remote<VenueWorkerApi>) => Promise<VenueParseResult>, here: () => Promise<VenueParseResult>) => {
    if (workersBroken) return here()
    try {
      return await work(connect())
    } catch {
      workersBroken = true
      worker?.terminate()
      worker = null
      remote = null
      return here()
    }
  }
  return {
    parse: (svg, options) => inWorker((r) => r.parse(svg, options), () => Promise.resolve(parseForTransfer(svg, options).result)),
    loadCompiled: (request) => inWorker((r) => r.loadCompiled(request), async () => (await loadCompiledForTransfer(request)).result),
    dispose() {
      remote?.[Comlink.releaseProxy]()
      worker?.terminate()
      worker = null
      remote = null
    },
  }
}
