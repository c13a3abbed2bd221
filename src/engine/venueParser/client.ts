/**
 * Main-thread side of venue parsing: runs the parse in the venue worker when the platform has
 * workers, else (or when the worker fails to start) on the main thread with the same code. After
 * a worker failure it stops trying workers, as excalidraw's subset-main does.
 */
import * as Comlink from 'comlink'
import type { ParseOptions } from '../parse/parseVenue'
import { parseForTransfer, type VenueParseResult, type VenueWorkerApi } from './workerApi'

export interface VenueParser {
  parse(svg: string, options?: ParseOptions): Promise<VenueParseResult>
  dispose(): void
}

export function createVenueParser(): VenueParser {
  let worker: Worker | null = null
  let remote: Comlink.Remote<VenueWorkerApi> | null = null
  let workersBroken = typeof Worker === 'undefined'
  const onMainThread = (svg: string, options?: ParseOptions) => Promise.resolve(parseForTransfer(svg, options).result)
  return {
    async parse(svg, options) {
      if (workersBroken) return onMainThread(svg, options)
      try {
        if (!remote) {
          worker = new Worker(new URL('./venue.worker.ts', import.meta.url), { type: 'module' })
          remote = Comlink.wrap<VenueWorkerApi>(worker)
        }
        return await remote.parse(svg, options)
      } catch {
        workersBroken = true
        worker?.terminate()
        worker = null
        remote = null
        return onMainThread(svg, options)
      }
    },
    dispose() {
      remote?.[Comlink.releaseProxy]()
      worker?.terminate()
      worker = null
      remote = null
    },
  }
}
