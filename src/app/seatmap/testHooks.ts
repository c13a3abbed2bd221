import type { SeatMapEngine } from '../../engine/SeatMapEngine'

/**
 * Browser tests reach the page's engine here (a canvas has no DOM per seat). Nothing is exposed
 * unless a test created `window.__seatwiseTest` before the page loaded (e2e/support/app.ts does,
 * with an init script): production pages have no such global and the app never creates one.
 */
export interface SeatwiseTestHooks {
  /** The seat-map engine of the scheme view, while one is mounted. */
  schemeEngine?: SeatMapEngine | null
}

declare global {
  interface Window {
    __seatwiseTest?: SeatwiseTestHooks
  }
}

export function offerEngineToTests(engine: SeatMapEngine | null): void {
  if (typeof window === 'undefined' || window.__seatwiseTest === undefined) return
  window.__seatwiseTest.schemeEngine = engine
}
