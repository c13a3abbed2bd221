/**
 * Tuning numbers of best-available and the single-seat (orphan) rule. The spec names none of
 * these; each is our choice.
 */

/** A gap along a row wider than this many times the row's usual seat spacing is an aisle: the row splits there. */
export const AISLE_GAP_FACTOR = 1.6

/** Weight of the distance from the stage centre in the default seat cost (0..1); the rest is row order. */
export const STAGE_DISTANCE_WEIGHT = 0.85
/** Weight of the row's order from the stage within its sector in the default seat cost. */
export const ROW_ORDER_WEIGHT = 1 - STAGE_DISTANCE_WEIGHT

/** Lines from back to front row nearer to parallel than this (determinant, unit vectors) give no stage point. */
export const PARALLEL_LINES_EPSILON = 1e-3

/** Most consecutive rows one best-available block may span when no single row has the seats together. */
export const MAX_BLOCK_ROWS = 4

/** Drawings whose seating index (rows, costs) is kept in memory; each costs ~60 B per seat. */
export const SEATING_CACHE_SIZE = 4

/** How long a cached seating index is trusted before the painted qualities are checked again (ms). */
export const QUALITY_RECHECK_MS = 30_000

/** Attempts of best-available when another visitor takes a chosen seat between the pick and the hold. */
export const BEST_ATTEMPTS = 3
