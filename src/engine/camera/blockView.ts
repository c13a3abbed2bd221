import { MAX_ZOOM } from './Camera'

/** Share of the view a block shown by showSeats fills at most (the rest is context around it). */
export const SHOW_SEATS_FILL = 0.5

/** Seat centres and half sizes in drawing units (the venue's `seats` columns). */
export interface SeatBoxes {
  x: ArrayLike<number>
  y: ArrayLike<number>
  w: ArrayLike<number>
  h: ArrayLike<number>
}

/**
 * Where the camera goes to show a block of seats (SeatMapEngine.showSeats, best available's "fly
 * to"): the block's centre, at the zoom where the block fills SHOW_SEATS_FILL of the view, never
 * below the detail zoom there (where single seats show) and never above MAX_ZOOM.
 * @param indices seats of the block, all valid, at least one
 * @param view the drawing rect in view now [x0, y0, x1, y1], seen at `zoom`
 */
export function blockView(seats: SeatBoxes, indices: readonly number[], view: readonly number[], zoom: number, detailZoom: (around: readonly [number, number]) => number): { x: number; y: number; zoom: number } {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const i of indices) {
    x0 = Math.min(x0, seats.x[i] - seats.w[i])
    x1 = Math.max(x1, seats.x[i] + seats.w[i])
    y0 = Math.min(y0, seats.y[i] - seats.h[i])
    y1 = Math.max(y1, seats.y[i] + seats.h[i])
  }
  // The zoom at which the block fills SHOW_SEATS_FILL of the view, never below the detail zoom.
  const fill = Math.min((view[2] - view[0]) / (x1 - x0), (view[3] - view[1]) / (y1 - y0)) * SHOW_SEATS_FILL
  return { x: (x0 + x1) / 2, y: (y0 + y1) / 2, zoom: Math.min(MAX_ZOOM, Math.max(detailZoom([(x0 + x1) / 2, (y0 + y1) / 2]), zoom * fill)) }
}
