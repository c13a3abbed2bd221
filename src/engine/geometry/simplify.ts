/**
 * Douglas-Peucker simplification of a closed polygon (x, y pairs): drops points closer than
 * `tolerance` to the line through their kept neighbours. Sector outlines of generated and real
 * drawings arrive as finely flattened arcs (~600 points per stadium sector); the zoomed-out tier
 * needs a fraction of that, and every point costs 8 bytes, its triangles and its outline stroke.
 * Iterative (an explicit stack), O(n log n) typical. `toSegment` measures a point's distance to
 * the segment between the kept neighbours instead of their line, so a point where the shape turns
 * back along itself (a spike) stays: drawn strokes need that; sector outlines (bands) do not.
 */
export function simplifyClosed(points: readonly number[], tolerance: number, toSegment = false): number[] {
  const n = points.length / 2
  if (n <= 4 || !(tolerance > 0)) return points.slice()
  // Split the ring at the point farthest from the first, then simplify both chains.
  let far = 0
  let best = -1
  for (let i = 1; i < n; i++) {
    const d = (points[2 * i] - points[0]) ** 2 + (points[2 * i + 1] - points[1]) ** 2
    if (d > best) {
      best = d
      far = i
    }
  }
  const keep = new Uint8Array(n)
  keep[0] = keep[far] = 1
  return kept(points, keep, [0, far, far, n], tolerance, toSegment)
}

/**
 * Douglas-Peucker simplification of an open polyline (x, y pairs): its two ends stay, inner points
 * closer than `tolerance` to the segment between their kept neighbours go.
 */
export function simplifyOpen(points: readonly number[], tolerance: number): number[] {
  const n = points.length / 2
  if (n <= 2 || !(tolerance > 0)) return points.slice()
  const keep = new Uint8Array(n)
  keep[0] = keep[n - 1] = 1
  return kept(points, keep, [0, n - 1], tolerance, true)
}

/**
 * Marks the points each chain `[a, b]` of `stack` (index pairs; b may be n, the ring's first point
 * again) must keep, and returns the kept points in order.
 */
function kept(points: readonly number[], keep: Uint8Array, stack: number[], tolerance: number, toSegment: boolean): number[] {
  const n = keep.length
  const tol2 = tolerance * tolerance
  while (stack.length) {
    const b = stack.pop() as number
    const a = stack.pop() as number
    const ax = points[2 * a]
    const ay = points[2 * a + 1]
    const bi = b % n
    const bx = points[2 * bi]
    const by = points[2 * bi + 1]
    const dx = bx - ax
    const dy = by - ay
    const len2 = dx * dx + dy * dy
    let worst = -1
    let worstD = tol2
    for (let i = a + 1; i < b; i++) {
      const px = points[2 * i] - ax
      const py = points[2 * i + 1] - ay
      // Squared distance to the segment's line, or to the segment itself (to the end point when the segment is a point).
      const t = len2 > 0 ? (px * dx + py * dy) / len2 : 0
      const d = len2 > 0 && !(toSegment && (t < 0 || t > 1)) ? (px * dy - py * dx) ** 2 / len2 : toSegment && t > 1 ? (px - dx) ** 2 + (py - dy) ** 2 : px * px + py * py
      if (d > worstD) {
        worstD = d
        worst = i
      }
    }
    if (worst >= 0) {
      keep[worst] = 1
      stack.push(a, worst, worst, b)
    }
  }
  const out: number[] = []
  for (let i = 0; i < n; i++) if (keep[i]) out.push(points[2 * i], points[2 * i + 1])
  return out
}
