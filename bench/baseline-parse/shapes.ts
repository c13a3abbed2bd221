/**
 * Geometry of one SVG shape element from its attributes, in the element's own coordinates:
 * its box (for seats) and its outline flattened to polylines (for decorations and outlines).
 */
import { SeatShape } from '../../src/engine/model'
import { FlattenSink, pathBBox, walkPath } from '../../src/engine/geometry/path'
import { decimalValue } from '../../src/engine/geometry/decimal'
import { getAttr, type ElementInfo } from './rules'

export const SHAPE_TAGS = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon'])

export interface ShapeGeometry {
  kind: SeatShape
  box: [number, number, number, number]
  /** Set for circles and ellipses: centre and radii (exact boxes under any transform). */
  ellipse?: [number, number, number, number]
}

/** Digits a plain decimal may have for decimalValue's exact fast path. */
const SHORT_DECIMAL_DIGITS = 15

/** Whether v is all of [sign] digits [. digits] (or [sign] . digits), with at most SHORT_DECIMAL_DIGITS digits. */
function isShortDecimal(v: string): boolean {
  let i = 0
  const first = v.charCodeAt(0)
  if (first === 43 || first === 45) i++ // + -
  let digits = 0
  let dot = false
  for (; i < v.length; i++) {
    const c = v.charCodeAt(i)
    if (c >= 48 && c <= 57) digits++
    else if (c === 46 && !dot) dot = true
    else return false
  }
  return digits > 0 && digits <= SHORT_DECIMAL_DIGITS
}

/**
 * A length attribute as a number ("12", "12px", "1e3"); NaN when absent or unreadable. Plain
 * decimals ("431", "-12.5": nearly every seat coordinate) skip parseFloat's native call.
 */
export function num(v: string | undefined, fallback = NaN): number {
  if (v === undefined) return fallback
  const n = isShortDecimal(v) ? decimalValue(v, 0, v.length) : parseFloat(v)
  return Number.isFinite(n) ? n : fallback
}

function points(v: string | undefined): number[] {
  if (!v) return []
  const out: number[] = []
  const re = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g
  let m: RegExpExecArray | null
  while ((m = re.exec(v))) out.push(Number(m[0]))
  if (out.length % 2) out.pop()
  return out
}

function boxOf(p: number[]): [number, number, number, number] | null {
  if (p.length < 2) return null
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  for (let i = 0; i < p.length; i += 2) {
    x0 = Math.min(x0, p[i])
    x1 = Math.max(x1, p[i])
    y0 = Math.min(y0, p[i + 1])
    y1 = Math.max(y1, p[i + 1])
  }
  return [x0, y0, x1, y1]
}

export function shapeGeometry(el: ElementInfo): ShapeGeometry | null {
  switch (el.tag) {
    case 'circle': {
      const r = num(getAttr(el, 'r'))
      if (!(r > 0)) return null
      const cx = num(getAttr(el, 'cx'), 0)
      const cy = num(getAttr(el, 'cy'), 0)
      return { kind: SeatShape.Circle, box: [cx - r, cy - r, cx + r, cy + r], ellipse: [cx, cy, r, r] }
    }
    case 'ellipse': {
      const rx = num(getAttr(el, 'rx'))
      const ry = num(getAttr(el, 'ry'))
      if (!(rx > 0 && ry > 0)) return null
      const cx = num(getAttr(el, 'cx'), 0)
      const cy = num(getAttr(el, 'cy'), 0)
      return { kind: SeatShape.Circle, box: [cx - rx, cy - ry, cx + rx, cy + ry], ellipse: [cx, cy, rx, ry] }
    }
    case 'rect': {
      const w = num(getAttr(el, 'width'))
      const h = num(getAttr(el, 'height'))
      if (!(w > 0 && h > 0)) return null
      const x = num(getAttr(el, 'x'), 0)
      const y = num(getAttr(el, 'y'), 0)
      return { kind: SeatShape.Rect, box: [x, y, x + w, y + h] }
    }
    case 'path': {
      const d = getAttr(el, 'd')
      const box = d ? pathBBox(d) : null
      return box ? { kind: SeatShape.Path, box } : null
    }
    case 'line': {
      const box = boxOf([num(getAttr(el, 'x1'), 0), num(getAttr(el, 'y1'), 0), num(getAttr(el, 'x2'), 0), num(getAttr(el, 'y2'), 0)])
      return box ? { kind: SeatShape.Path, box } : null
    }
    case 'polyline':
    case 'polygon': {
      const box = boxOf(points(getAttr(el, 'points')))
      return box ? { kind: SeatShape.Path, box } : null
    }
  }
  return null
}

/** Polylines of a shape's outline in local coordinates; `tolerance` in local units. */
export function shapePolylines(el: ElementInfo, tolerance: number): { points: number[]; closed: boolean }[] {
  switch (el.tag) {
    case 'circle':
    case 'ellipse': {
      const g = shapeGeometry(el)
      if (!g?.ellipse) return []
      const [cx, cy, rx, ry] = g.ellipse
      const sink = new FlattenSink(tolerance)
      sink.move(cx - rx, cy)
      sink.arc(cx - rx, cy, rx, ry, 0, false, false, cx + rx, cy)
      sink.arc(cx + rx, cy, rx, ry, 0, false, false, cx - rx, cy)
      sink.close()
      return sink.polylines
    }
    case 'rect': {
      const g = shapeGeometry(el)
      if (!g) return []
      const [x0, y0, x1, y1] = g.box
      return [{ points: [x0, y0, x1, y0, x1, y1, x0, y1], closed: true }]
    }
    case 'path': {
      const sink = new FlattenSink(tolerance)
      walkPath(getAttr(el, 'd') ?? '', sink)
      return sink.polylines
    }
    case 'line':
      return [{ points: [num(getAttr(el, 'x1'), 0), num(getAttr(el, 'y1'), 0), num(getAttr(el, 'x2'), 0), num(getAttr(el, 'y2'), 0)], closed: false }]
    case 'polyline':
    case 'polygon': {
      const p = points(getAttr(el, 'points'))
      return p.length >= 4 ? [{ points: p, closed: el.tag === 'polygon' }] : []
    }
  }
  return []
}
