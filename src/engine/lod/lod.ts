/**
 * Levels of detail as pure functions of the camera (maplibre covering_tiles style): the renderer
 * asks which tier to draw and never decides by itself.
 *
 * - `sectors`: zoomed out below the detail threshold. Sectors are filled outlines tinted by the
 *   share of seats still free; single seats would be sub-pixel noise at this scale and cost
 *   vertex work for nothing.
 * - `seats`: past the threshold, every seat in view as its own shape, coloured by zone and status.
 * - `numbers`: seats plus their numbers, only once a seat is large enough on screen for a digit to
 *   be legible, and only for seats in view (culled through the spatial index) and at most
 *   MAX_SEAT_LABELS of them, so labels never dominate the frame.
 */

/** Spec 001 §9: detail switch threshold, default 500 percent (zoom 5 relative to fit). */
export const DEFAULT_DETAIL_THRESHOLD_PERCENT = 500
/** Spec 001 §9: the threshold metadata may set is capped at "max zoom 2000" percent. */
export const MAX_DETAIL_THRESHOLD_PERCENT = 2000
/** Below 100 % the threshold would make sectors never show; treat as 100 %. */
export const MIN_DETAIL_THRESHOLD_PERCENT = 100
/**
 * Below this many CSS pixels a seat is a speck: the sector shapes stay even past the zoom
 * threshold. On a 1M-seat stadium seats reach it only well past 500 %, and drawing hundreds of
 * thousands of specks costs the most vertex work for no legible detail.
 */
export const MIN_SEAT_PX = 3
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
 * @param zoom camera zoom relative to fit-to-view
 * @param threshold from `detailThreshold()`
 * @param seatScreenPx typical seat size on screen at this zoom (CSS pixels)
 */
export function lodTier(zoom: number, threshold: number, seatScreenPx: number): LodTier {
  if (zoom < threshold || seatScreenPx < MIN_SEAT_PX) return 'sectors'
  return seatScreenPx >= LABEL_MIN_SEAT_PX ? 'numbers' : 'seats'
}

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
