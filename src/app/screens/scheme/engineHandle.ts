import type { SeatMapEngine } from '../../../engine/SeatMapEngine'

declare global {
  interface Window {
    /**
     * The scheme view's engine, as the seat-map lab exposes `__seatmap`: browser tests find a
     * seat's screen position through it (a canvas has no DOM per seat). Read-only use.
     */
    __schemeEngine?: SeatMapEngine | null
  }
}

export function exposeEngine(engine: SeatMapEngine | null): void {
  window.__schemeEngine = engine
}
