/**
 * Arrow-key navigation between seats: from the focused seat, the nearest seat in the pressed
 * direction, preferring seats straight ahead over seats off to the side (so Right walks along a
 * row and Down moves to the next row).
 */

export type Direction = 'left' | 'right' | 'up' | 'down'

/** Sideways distance counts this much more than distance ahead. */
export const SIDEWAYS_PENALTY = 3
/** Candidates must lie within this angle of the direction (tan 60°): no sideways jumps. */
export const DIRECTION_CONE_TAN = Math.tan((60 * Math.PI) / 180)

const DIRS: Record<Direction, [number, number]> = {
  right: [1, 0],
  left: [-1, 0],
  down: [0, 1],
  up: [0, -1],
}

export function directionFromKey(key: string): Direction | null {
  switch (key) {
    case 'ArrowRight':
      return 'right'
    case 'ArrowLeft':
      return 'left'
    case 'ArrowUp':
      return 'up'
    case 'ArrowDown':
      return 'down'
    default:
      return null
  }
}

/**
 * @param candidates seat indices to consider (e.g. from an index box query around `from`)
 * @returns the best seat index, or -1 when none lies in that direction
 */
export function nearestInDirection(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  from: number,
  dir: Direction,
  candidates: Iterable<number>,
  skip?: (index: number) => boolean,
): number {
  const [dx, dy] = DIRS[dir]
  const fx = xs[from]
  const fy = ys[from]
  let best = -1
  let bestScore = Infinity
  for (const i of candidates) {
    if (i === from || skip?.(i)) continue
    const vx = xs[i] - fx
    const vy = ys[i] - fy
    const ahead = vx * dx + vy * dy
    if (ahead <= 1e-6) continue
    const side = Math.abs(vx * dy - vy * dx)
    if (side > ahead * DIRECTION_CONE_TAN) continue
    const score = ahead + side * SIDEWAYS_PENALTY
    if (score < bestScore || (score === bestScore && i < best)) {
      bestScore = score
      best = i
    }
  }
  return best
}
