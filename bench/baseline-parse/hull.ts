/**
 * Convex hull (Andrew's monotone chain) of points given as a flat [x0, y0, x1, y1, …] array.
 * O(n log n); callers pre-reduce large point sets (see sectorHullCandidates in the builder).
 */
export function convexHull(points: ArrayLike<number>): number[] {
  const n = Math.floor(points.length / 2)
  if (n <= 2) return Array.from(points)
  const order = Array.from({ length: n }, (_, i) => i)
  order.sort((a, b) => points[2 * a] - points[2 * b] || points[2 * a + 1] - points[2 * b + 1])
  const cross = (o: number, a: number, b: number) =>
    (points[2 * a] - points[2 * o]) * (points[2 * b + 1] - points[2 * o + 1]) -
    (points[2 * a + 1] - points[2 * o + 1]) * (points[2 * b] - points[2 * o])
  const lower: number[] = []
  for (const p of order) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop()
    lower.push(p)
  }
  const upper: number[] = []
  for (let k = order.length - 1; k >= 0; k--) {
    const p = order[k]
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop()
    upper.push(p)
  }
  lower.pop()
  upper.pop()
  const out: number[] = []
  for (const p of lower.concat(upper)) out.push(points[2 * p], points[2 * p + 1])
  return out
}
