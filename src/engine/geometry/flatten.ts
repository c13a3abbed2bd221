/** Flattening path curves and arcs into polylines for decorations and outlines. */
import { arcPoint, arcToCenter, type PathSink } from './pathWalk'
import { cubicAt, quadAt } from './pathBBox'

/** Most segments one curve or arc is flattened into, whatever its size. */
export const MAX_CURVE_SEGMENTS = 32

/**
 * Flattens a path into polylines (one per subpath) in local coordinates; `tolerance` is the
 * allowed deviation in the same units. Segment counts use the control polygon length, an upper
 * bound of the curve length, so the result is never coarser than asked (and at most
 * MAX_CURVE_SEGMENTS per curve, which bounds memory for hostile input).
 */
export class FlattenSink implements PathSink {
  readonly polylines: { points: number[]; closed: boolean }[] = []
  private current: { points: number[]; closed: boolean } | null = null
  private x = 0
  private y = 0

  constructor(private readonly tolerance: number) {}

  private segments(length: number): number {
    return Math.max(1, Math.min(MAX_CURVE_SEGMENTS, Math.ceil(Math.sqrt(length / this.tolerance))))
  }

  private push(x: number, y: number): void {
    if (!this.current) {
      this.current = { points: [this.x, this.y], closed: false }
      this.polylines.push(this.current)
    }
    this.current.points.push(x, y)
    this.x = x
    this.y = y
  }

  move(x: number, y: number): void {
    this.current = null
    this.x = x
    this.y = y
  }
  line(x: number, y: number): void {
    this.push(x, y)
  }
  close(): void {
    if (this.current) {
      this.current.closed = true
      const p = this.current.points
      this.x = p[0]
      this.y = p[1]
    }
    this.current = null
  }
  cubic(x1: number, y1: number, x2: number, y2: number, x: number, y: number): void {
    const x0 = this.x
    const y0 = this.y
    const n = this.segments(Math.hypot(x1 - x0, y1 - y0) + Math.hypot(x2 - x1, y2 - y1) + Math.hypot(x - x2, y - y2))
    for (let k = 1; k <= n; k++) {
      const t = k / n
      this.push(cubicAt(x0, x1, x2, x, t), cubicAt(y0, y1, y2, y, t))
    }
  }
  quad(x1: number, y1: number, x: number, y: number): void {
    const x0 = this.x
    const y0 = this.y
    const n = this.segments(Math.hypot(x1 - x0, y1 - y0) + Math.hypot(x - x1, y - y1))
    for (let k = 1; k <= n; k++) {
      const t = k / n
      this.push(quadAt(x0, x1, x, t), quadAt(y0, y1, y, t))
    }
  }
  arc(x0: number, y0: number, rx: number, ry: number, phiDeg: number, large: boolean, sweep: boolean, x: number, y: number): void {
    const a = arcToCenter(x0, y0, rx, ry, phiDeg, large, sweep, x, y)
    if (!a) {
      this.push(x, y)
      return
    }
    const n = this.segments(Math.abs(a.dtheta) * Math.max(a.rx, a.ry))
    for (let k = 1; k < n; k++) {
      const [px, py] = arcPoint(a, a.theta1 + (a.dtheta * k) / n)
      this.push(px, py)
    }
    this.push(x, y)
  }
}
