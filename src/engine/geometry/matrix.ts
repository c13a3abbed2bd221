/**
 * 2D affine matrices as SVG writes them: [a, b, c, d, e, f] maps (x, y) to
 * (a·x + c·y + e, b·x + d·y + f). Plain number arrays: small, and cheap to copy per element.
 */
/** Read from SVG transform attributes in transform.ts; exported here too, beside the matrix maths. */
export { parseTransform } from './transform'
import type { Matrix } from './transform'
export type { Matrix }

export const IDENTITY: Readonly<Matrix> = [1, 0, 0, 1, 0, 0]

/** m · n: apply n first, then m (SVG's left-to-right transform lists). */
export function multiply(m: Readonly<Matrix>, n: Readonly<Matrix>): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ]
}

export function invert(m: Readonly<Matrix>): Matrix | null {
  const det = m[0] * m[3] - m[1] * m[2]
  if (det === 0 || !Number.isFinite(det)) return null
  return [
    m[3] / det,
    -m[1] / det,
    -m[2] / det,
    m[0] / det,
    (m[2] * m[5] - m[3] * m[4]) / det,
    (m[1] * m[4] - m[0] * m[5]) / det,
  ]
}

export function applyX(m: Readonly<Matrix>, x: number, y: number): number {
  return m[0] * x + m[2] * y + m[4]
}
export function applyY(m: Readonly<Matrix>, x: number, y: number): number {
  return m[1] * x + m[3] * y + m[5]
}

/** Axis-aligned box of a box's four corners under m: [minX, minY, maxX, maxY]. */
export function transformBox(m: Readonly<Matrix>, x0: number, y0: number, x1: number, y1: number): [number, number, number, number] {
  const cx = (x0 + x1) / 2
  const cy = (y0 + y1) / 2
  const hx = (x1 - x0) / 2
  const hy = (y1 - y0) / 2
  const ex = Math.abs(m[0]) * hx + Math.abs(m[2]) * hy
  const ey = Math.abs(m[1]) * hx + Math.abs(m[3]) * hy
  const wx = applyX(m, cx, cy)
  const wy = applyY(m, cx, cy)
  return [wx - ex, wy - ey, wx + ex, wy + ey]
}

/** Exact axis-aligned box of an axis-aligned ellipse under m (an ellipse stays an ellipse). */
export function transformEllipseBox(m: Readonly<Matrix>, cx: number, cy: number, rx: number, ry: number): [number, number, number, number] {
  const ex = Math.hypot(m[0] * rx, m[2] * ry)
  const ey = Math.hypot(m[1] * rx, m[3] * ry)
  const wx = applyX(m, cx, cy)
  const wy = applyY(m, cx, cy)
  return [wx - ex, wy - ey, wx + ex, wy + ey]
}

/** Rotation (radians) and axis scales of m, ignoring shear: for seat boxes. */
export function decompose(m: Readonly<Matrix>): { rotation: number; sx: number; sy: number } {
  const sx = Math.hypot(m[0], m[1])
  const rotation = Math.atan2(m[1], m[0])
  const det = m[0] * m[3] - m[1] * m[2]
  const sy = sx === 0 ? 0 : Math.abs(det) / sx
  return { rotation, sx, sy }
}
