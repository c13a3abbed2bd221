/**
 * 2D affine matrices as SVG writes them: [a, b, c, d, e, f] maps (x, y) to
 * (a·x + c·y + e, b·x + d·y + f). Plain number arrays: small, and cheap to copy per element.
 */
export type Matrix = [number, number, number, number, number, number]

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

export function isIdentity(m: Readonly<Matrix>): boolean {
  return m[0] === 1 && m[1] === 0 && m[2] === 0 && m[3] === 1 && m[4] === 0 && m[5] === 0
}

export function applyX(m: Readonly<Matrix>, x: number, y: number): number {
  return m[0] * x + m[2] * y + m[4]
}
export function applyY(m: Readonly<Matrix>, x: number, y: number): number {
  return m[1] * x + m[3] * y + m[5]
}

const DEG = Math.PI / 180

/** Reads the numbers of a transform argument list: separators are commas and/or whitespace. */
function readArgs(text: string): number[] {
  const out: number[] = []
  const re = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g
  let m: RegExpExecArray | null
  while ((m = re.exec(text))) out.push(Number(m[0]))
  return out
}

/**
 * Parses an SVG transform attribute (matrix, translate, scale, rotate with optional centre,
 * skewX, skewY) into one matrix. Unknown or malformed parts are skipped and reported through
 * `onError`, so one bad transform never stops a drawing from loading.
 */
export function parseTransform(text: string, onError?: (message: string) => void): Matrix {
  let result: Matrix = [1, 0, 0, 1, 0, 0]
  const re = /([a-zA-Z]+)\s*\(([^)]*)\)/g
  let match: RegExpExecArray | null
  while ((match = re.exec(text))) {
    const name = match[1]
    const a = readArgs(match[2])
    let t: Matrix | null = null
    switch (name) {
      case 'matrix':
        if (a.length === 6) t = [a[0], a[1], a[2], a[3], a[4], a[5]]
        break
      case 'translate':
        if (a.length >= 1) t = [1, 0, 0, 1, a[0], a[1] ?? 0]
        break
      case 'scale':
        if (a.length >= 1) t = [a[0], 0, 0, a[1] ?? a[0], 0, 0]
        break
      case 'rotate':
        if (a.length >= 1) {
          const c = Math.cos(a[0] * DEG)
          const s = Math.sin(a[0] * DEG)
          t = [c, s, -s, c, 0, 0]
          if (a.length >= 3) t = multiply(multiply([1, 0, 0, 1, a[1], a[2]], t), [1, 0, 0, 1, -a[1], -a[2]])
        }
        break
      case 'skewX':
        if (a.length >= 1) t = [1, 0, Math.tan(a[0] * DEG), 1, 0, 0]
        break
      case 'skewY':
        if (a.length >= 1) t = [1, Math.tan(a[0] * DEG), 0, 1, 0, 0]
        break
    }
    if (!t || !t.every(Number.isFinite)) {
      onError?.(`ignored transform part "${match[0].slice(0, 60)}"`)
      continue
    }
    result = multiply(result, t)
  }
  return result
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
