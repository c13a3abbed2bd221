/**
 * Path bounding boxes with exact extrema: cubic and quadratic roots of the derivative, and the
 * axis extrema of (rotated) elliptical arcs that fall inside the swept angle.
 */
import { arcToCenter, walkPath, type PathSink } from './pathWalk'

type ArcCenter = NonNullable<ReturnType<typeof arcToCenter>>

const TAU = Math.PI * 2

/**
 * ((d % TAU) + TAU) % TAU, the angle d wrapped into [0, TAU], bit for bit. For |d| < TAU (every
 * arc extremum) without the two float remainders (each a call out of JIT code in V8): there
 * d % TAU is d, and d + TAU lies in [0, 2·TAU) where the remainder is the value itself or one
 * exact subtraction (Sterbenz).
 */
export function wrapAngle(d: number): number {
  if (d > -TAU && d < TAU) {
    const y = d + TAU
    if (y < TAU) return y
    if (y < 2 * TAU) return y - TAU
  }
  return ((d % TAU) + TAU) % TAU
}

function angleInSweep(theta: number, theta1: number, dtheta: number): boolean {
  if (dtheta >= 0) return wrapAngle(theta - theta1) <= dtheta
  return wrapAngle(theta1 - theta) <= -dtheta
}

/** Accumulates a path's bounding box with exact extrema of curves and arcs. */
export class BBoxSink implements PathSink {
  minX = Infinity
  minY = Infinity
  maxX = -Infinity
  maxY = -Infinity
  private x = 0
  private y = 0

  add(x: number, y: number): void {
    if (x < this.minX) this.minX = x
    if (x > this.maxX) this.maxX = x
    if (y < this.minY) this.minY = y
    if (y > this.maxY) this.maxY = y
  }

  move(x: number, y: number): void {
    this.add(x, y)
    this.x = x
    this.y = y
  }
  line(x: number, y: number): void {
    this.move(x, y)
  }
  close(): void {}

  cubic(x1: number, y1: number, x2: number, y2: number, x: number, y: number): void {
    const x0 = this.x
    const y0 = this.y
    for (const t of cubicExtrema(x0, x1, x2, x)) this.add(cubicAt(x0, x1, x2, x, t), cubicAt(y0, y1, y2, y, t))
    for (const t of cubicExtrema(y0, y1, y2, y)) this.add(cubicAt(x0, x1, x2, x, t), cubicAt(y0, y1, y2, y, t))
    this.move(x, y)
  }

  quad(x1: number, y1: number, x: number, y: number): void {
    const x0 = this.x
    const y0 = this.y
    for (const t of [quadExtremum(x0, x1, x), quadExtremum(y0, y1, y)])
      if (t > 0 && t < 1) this.add(quadAt(x0, x1, x, t), quadAt(y0, y1, y, t))
    this.move(x, y)
  }

  arc(x0: number, y0: number, rx: number, ry: number, phiDeg: number, large: boolean, sweep: boolean, x: number, y: number): void {
    const a = arcToCenter(x0, y0, rx, ry, phiDeg, large, sweep, x, y)
    if (a) {
      const cos = Math.cos(a.phi)
      const sin = Math.sin(a.phi)
      const tx = Math.atan2(-a.ry * sin, a.rx * cos)
      const ty = Math.atan2(a.ry * cos, a.rx * sin)
      // The axis extrema: four candidate angles, without an array per arc.
      this.addArcPoint(a, cos, sin, tx)
      this.addArcPoint(a, cos, sin, tx + Math.PI)
      this.addArcPoint(a, cos, sin, ty)
      this.addArcPoint(a, cos, sin, ty + Math.PI)
    }
    this.move(x, y)
  }

  /** Adds the arc's point at angle t when the arc sweeps it (arcPoint's formula, cos/sin of phi given). */
  private addArcPoint(a: ArcCenter, cos: number, sin: number, t: number): void {
    if (!angleInSweep(t, a.theta1, a.dtheta)) return
    const ct = Math.cos(t)
    const st = Math.sin(t)
    this.add(a.cx + a.rx * cos * ct - a.ry * sin * st, a.cy + a.rx * sin * ct + a.ry * cos * st)
  }

  get empty(): boolean {
    return this.minX > this.maxX
  }
}

export function cubicAt(p0: number, p1: number, p2: number, p3: number, t: number): number {
  const u = 1 - t
  return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
}

export function quadAt(p0: number, p1: number, p2: number, t: number): number {
  const u = 1 - t
  return u * u * p0 + 2 * u * t * p1 + t * t * p2
}

function quadExtremum(p0: number, p1: number, p2: number): number {
  const den = p0 - 2 * p1 + p2
  return den === 0 ? -1 : (p0 - p1) / den
}

/** Parameters in (0, 1) where the cubic's derivative on one axis is zero. */
function cubicExtrema(p0: number, p1: number, p2: number, p3: number): number[] {
  const a = -p0 + 3 * p1 - 3 * p2 + p3
  const b = 2 * (p0 - 2 * p1 + p2)
  const c = p1 - p0
  const out: number[] = []
  if (Math.abs(a) < 1e-12) {
    if (b !== 0) out.push(-c / b)
  } else {
    const disc = b * b - 4 * a * c
    if (disc >= 0) {
      const s = Math.sqrt(disc)
      out.push((-b + s) / (2 * a), (-b - s) / (2 * a))
    }
  }
  return out.filter((t) => t > 0 && t < 1)
}

/** Bounding box of path data, or null when it has no drawable point. */
export function pathBBox(d: string): [number, number, number, number] | null {
  const sink = new BBoxSink()
  walkPath(d, sink)
  return sink.empty ? null : [sink.minX, sink.minY, sink.maxX, sink.maxY]
}

