import type { SeatMapEngine } from '../src/engine/SeatMapEngine'

/** What the lab exposes as `window.__seatmap` for e2e tests and the browser benchmark. */
export interface LabHandle {
  renderer: 'engine' | 'svg' | 'drawing' | 'naive'
  seatCount: number
  kind: string
  /** Where the venue came from: the worker, the main-thread fallback, or the synthetic builder. */
  source: string
  /** performance.now() marks: page script start, venue requested, venue parsed and here, first frame with it. */
  timings: { start: number; loadStart: number | null; dataArrived: number | null; firstFrame: number | null }
  engine: SeatMapEngine | null
  /** Seat indices selected through clicks in the lab. */
  selected: number[]
  error: string | null
}

declare global {
  interface Window {
    __seatmap?: LabHandle
    __labTools?: { generateVenue: typeof import('../src/engine/generate').generateVenue; parseVenue: typeof import('../src/engine/parse/parseVenue').parseVenue }
  }
}
