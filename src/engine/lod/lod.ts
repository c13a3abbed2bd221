/**
 * Levels of detail as pure functions of the camera (maplibre covering_tiles style): the renderer
 * asks which tier to draw and never decides by itself.
 *
 * - `sectors`: zoomed out below the detail threshold. Sectors are filled outlines tinted by the
 *   share of seats still free; single seats would be sub-pixel noise at this scale and cost
 *   vertex work for nothing.
 * - `seats`: past the threshold, every seat in view as its own shape, coloured by zone and status,
 *   once the view holds at most MAX_SEATS_DRAWN seats (the seat budget, below).
 * - `numbers`: seats plus their numbers, only once a seat is large enough on screen for a digit to
 *   be legible, and only for seats in view (culled through the spatial index) and at most
 *   MAX_SEAT_LABELS of them, so labels never dominate the frame.
 */

/** Spec 001 §9: detail switch threshold, default 500 percent (zoom 5 relative to fit). */
export const DEFAULT_DETAIL_THRESHOLD_PERCENT = 500
/**
 * Spec 001 §9: the threshold map metadata may set (a venue's, from the map answer's
 * meta.detail_threshold; SeatMapEngine.setDetailThreshold) is capped at "max zoom 2000" percent.
 * That number is no camera limit here: the camera's range is MIN_ZOOM..MAX_ZOOM (1..24, the same
 * §9 line) on every map; the answer's meta.max_zoom is not stored and stays null.
 */
export const MAX_DETAIL_THRESHOLD_PERCENT = 2000
/** Below 100 % the threshold would make sectors never show; treat as 100 %. */
export const MIN_DETAIL_THRESHOLD_PERCENT = 100
/**
 * Below this many CSS pixels a seat is a speck: the sector shapes stay even past the zoom
 * threshold. On a 1M-seat stadium seats reach it only well past 500 %, and drawing hundreds of
 * thousands of specks costs the most vertex work for no legible detail.
 */
export const MIN_SEAT_PX = 3
/**
 * The seat budget: past the zoom threshold and MIN_SEAT_PX, single seats are drawn only while the
 * view holds at most this many (estimated by lod/seatDensity.ts); above it the sectors' fills,
 * tinted by their free share, stand in for them. Every seat drawn is a quad: 4 vertices, 2
 * triangles and the round cut of its fragments, and on software GL (SwiftShader) that work is
 * per-seat CPU time in the GPU process whatever the seat's size. Measured in the storefront
 * benchmark, desktop 1280×800 (2026-11-26, A/B in bench/README.md): on the 1M stadium the seat
 * tier drew 48-56k seats (p50 48k) and frame p95 was 50 ms; on 60k/100k stadiums it drew 4-24k
 * and p95 stayed at 16.7-33 ms. 20k seats in view keeps a frame's seat work at what the 100k
 * venue already draws; the tiles drawn hold somewhat more (a tile cut by the view's edge is drawn
 * whole). Smaller venues rarely reach it: a 1280×800 view at 500 % of a 100k stadium holds ~15k.
 */
export const MAX_SEATS_DRAWN = 20_000
/**
 * Hysteresis of the budget: seats already drawn stay until the view holds this much more than
 * the budget, so a pan along the boundary does not flip tiers frame by frame.
 */
export const SEAT_BUDGET_HYSTERESIS = 1.15
/** A seat must be at least this many CSS pixels across before its number is drawn. */
export const LABEL_MIN_SEAT_PX = 14
/** Upper bound on seat number labels at once (a full-HD screen of 14 px seats is ~10k; we stop earlier). */
export const MAX_SEAT_LABELS = 2500

export type LodTier = 'sectors' | 'seats' | 'numbers'

/** Detail threshold as a zoom factor, from the map metadata's percent (or the spec default). */
export function detailThreshold(metadataPercent?: number | null): number {
  const p = metadataPercent == null || !Number.isFinite(metadataPercent) ? DEFAULT_DETAIL_THRESHOLD_PERCENT : metadataPercent
  return Math.min(MAX_DETAIL_THRESHOLD_PERCENT, Math.max(MIN_DETAIL_THRESHOLD_PERCENT, p)) / 100
}

/**
 * Whether a view holding `seatsInView` seats is over the seat budget. `drawingSeats`: the seat
 * tier is drawn now (the budget then lets go only past the hysteresis).
 */
export function overSeatBudget(seatsInView: number, drawingSeats: boolean, budget = MAX_SEATS_DRAWN): boolean {
  return seatsInView > (drawingSeats ? budget * SEAT_BUDGET_HYSTERESIS : budget)
}

/**
 * @param zoom camera zoom relative to fit-to-view
 * @param threshold from `detailThreshold()`
 * @param seatScreenPx typical seat size on screen at this zoom (CSS pixels)
 * @param seatsInView seats the view holds (estimate); over the seat budget the sectors stand in
 * @param drawingSeats whether seats are drawn now (the budget's hysteresis)
 * @param budget the seat budget (MAX_SEATS_DRAWN)
 */
export function lodTier(zoom: number, threshold: number, seatScreenPx: number, seatsInView = 0, drawingSeats = false, budget = MAX_SEATS_DRAWN): LodTier {
  if (zoom < threshold || seatScreenPx < MIN_SEAT_PX) return 'sectors'
  if (overSeatBudget(seatsInView, drawingSeats, budget)) return 'sectors'
  return seatScreenPx >= LABEL_MIN_SEAT_PX ? 'numbers' : 'seats'
}

/**
 * The zoom at which a view now holding `seatsInView` seats at `zoom` would fit the budget, if the
 * seats around its centre are as dense as in the view (seats in view fall with the square of the
 * zoom); `zoom` itself when it already fits. A click on the sector fills zooms here (spec 001 §4:
 * a click below the detail level zooms in first), so it lands where seats are drawn.
 */
export function budgetZoom(zoom: number, seatsInView: number, budget = MAX_SEATS_DRAWN): number {
  if (seatsInView <= budget) return zoom
  // A little past the boundary, so the seats show at once rather than at the hysteresis' edge.
  return zoom * Math.sqrt(seatsInView / budget) * BUDGET_ZOOM_MARGIN
}

/** How far past the budget's boundary budgetZoom aims (the density estimate is not exact). */
export const BUDGET_ZOOM_MARGIN = 1.1

/** Whether to draw labels for this many seats in view (above the cap they would be clutter). */
export function labelsFit(seatsInView: number): boolean {
  return seatsInView <= MAX_SEAT_LABELS
}

/**
 * The zoom at which single seats show: the threshold, or more when seats are still specks there.
 * @param seatPxAtZoom1 seat size on screen at zoom 1 (CSS pixels)
 */
export function detailZoom(threshold: number, seatPxAtZoom1: number, maxZoom: number): number {
  const bySize = seatPxAtZoom1 > 0 ? MIN_SEAT_PX / seatPxAtZoom1 : threshold
  return Math.min(maxZoom, Math.max(threshold, bySize))
}

/** Whether a click should zoom in first instead of selecting (spec 001 §4): below the detail zoom. */
export function clickZoomsFirst(zoom: number, detail: number): boolean {
  return zoom < detail - 1e-9
}
