/**
 * The decorations as the engine keeps and draws them: each shape with only the points that shape
 * it. Runs once where a venue is made (VenueBuilder.finish: the server's import and compile, the
 * JSON path's venue worker), so the compiled venue carries the kept points and neither the venue
 * worker's decode nor the render worker does this work again.
 */
import { simplifyClosed, simplifyOpen } from '../geometry/simplify'
import type { VenueDecorations } from '../model'

/**
 * Shapes keep the points that lie farther than this share of the venue's diagonal from the
 * segment between their kept neighbours: ~0.3 px on a 1280-px screen at the maximum zoom (24×).
 * Each point a Graphics stroke holds costs the render worker ~140 bytes of JS heap and ~70 of
 * ArrayBuffers (its path, the built stroke's vertex arrays and their batch copy); the generated
 * 1M-seat stadium's block outlines, drawn through every seat of their first and last rows, fall
 * from 35,268 points to 4,492: 6.4 MB less (storefront benchmark, 2026-12-06, session 57).
 */
export const DECORATION_TOLERANCE = 1 / 100_000

/**
 * `d` with each shape's points simplified at DECORATION_TOLERANCE of `bbox`'s diagonal (closed
 * shapes measured to the segment, so a spike keeps its tip; open lines keep their ends). A venue
 * with no extent (an empty or ±Infinity box) keeps its shapes as drawn; labels and colours are
 * untouched. Costs one pass over the points (10-20 ms for the 1M stadium's 35,268 in Node).
 */
export function simplifyDecorations(d: VenueDecorations, bbox: readonly [number, number, number, number]): VenueDecorations {
  const diagonal = Math.hypot(bbox[2] - bbox[0], bbox[3] - bbox[1])
  if (d.count === 0 || !Number.isFinite(diagonal) || !(diagonal > 0)) return d
  const tolerance = diagonal * DECORATION_TOLERANCE
  const start = new Uint32Array(d.count)
  const length = new Uint32Array(d.count)
  const kept: number[] = []
  for (let i = 0; i < d.count; i++) {
    const from = d.start[i] * 2
    const drawn = Array.from(d.points.subarray(from, from + d.length[i] * 2))
    const pts = d.length[i] < 2 ? drawn : d.closed[i] === 1 ? simplifyClosed(drawn, tolerance, true) : simplifyOpen(drawn, tolerance)
    start[i] = kept.length / 2
    length[i] = pts.length / 2
    for (const v of pts) kept.push(v)
  }
  return { ...d, start, length, points: Float32Array.from(kept) }
}
