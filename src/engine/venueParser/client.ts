/**
 * Main-thread side of venue parsing: runs the parse (or the compiled venue's download and decode)
 * in the venue worker when the platform has workers, else (or when the worker fails to start) on
 * the main thread with the same code. After a worker failure it stops trying workers, as
 * excalidraw's subset-main does.
 */
import * as Comlink from 'comlink'
import type { ParseOptions } from '../parse/parseVenue'
import { loadCompiledForTransfer, parseForTransfer, type CompiledLoadRequest, type VenueParseResult, type VenueWorkerApi } from './workerApi'

export interface VenueParser {
  parse(svg: string, options?: ParseOptions): Promise<VenueParseResult>
  loadCompiled(request: CompiledLoadRequest): Promise<VenueParseResult>
  dispose(): void
}

const newWorker = () => new Worker(new URL('./venue.worker.ts', import.meta.url), { type: 'module' })

/** A worker started ahead of need (prestartVenueWorker), taken by the next parser. */
let spare: Worker | null = null

/**
 * Starts a venue worker now (its module loads and compiles while the page makes its own calls),
 * for the next createVenueParser to take. The storefront calls it when the scheme route opens.
 */
export function prestartVenueWorker(): void {
  if (spare !== null || typeof Worker === 'undefined') return
  try {
    spare = newWorker()
  } catch {
    spare = null
  }
}

export function createVenueParser(): VenueParser {
  let worker: Worker | null = null
  let remote: Comlink.Remote<VenueWorkerApi> | null = null
  let workersBroken = typeof Worker === 'undefined'
  const connect = (): Comlink.Remote<VenueWorkerApi> => {
    if (!remote) {
      worker = spare ?? newWorker()
      spare = null
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
