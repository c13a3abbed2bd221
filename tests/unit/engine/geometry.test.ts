import { describe, expect, it } from 'vitest'
import { applyX, applyY, decompose, multiply, parseTransform, transformEllipseBox } from '../../../src/engine/geometry/matrix'
import { FlattenSink, pathBBox, walkPath } from '../../../src/engine/geometry/path'
import { convexHull, pointInPolygon } from '../../../src/engine/geometry/hull'

const close = (actual: number[], expected: number[], digits = 6) => expected.forEach((v, i) => expect(actual[i]).toBeCloseTo(v, digits))

describe('transforms', () => {
  it('composes a list left to right (translate then rotate acts as rotate first on the point)', () => {
    const m = parseTransform('translate(10, 20) rotate(90)')
    close([applyX(m, 1, 0), applyY(m, 1, 0)], [10, 21])
  })

  it('rotate(a cx cy) rotates about the centre', () => {
    const m = parseTransform('rotate(180 5 5)')
    close([applyX(m, 0, 0), applyY(m, 0, 0)], [10, 10])
    close([applyX(m, 5, 5), applyY(m, 5, 5)], [5, 5])
  })

  it('reads matrix, scale with one or two arguments, skewX and skewY, commas or spaces', () => {
    close(parseTransform('matrix(1,2,3,4,5,6)'), [1, 2, 3, 4, 5, 6])
    close(parseTransform('scale(2)'), [2, 0, 0, 2, 0, 0])
    close(parseTransform('scale(2 3)'), [2, 0, 0, 3, 0, 0])
    close(parseTransform('skewX(45)'), [1, 0, 1, 1, 0, 0])
    close(parseTransform('skewY(45)'), [1, 1, 0, 1, 0, 0])
    close(parseTransform('translate(-1.5e1)'), [1, 0, 0, 1, -15, 0])
  })

  it('ignores malformed parts and reports them', () => {
    const errors: string[] = []
    const m = parseTransform('translate(5) rotate() bogus(1) scale(2)', (e) => errors.push(e))
    close(m, [2, 0, 0, 2, 5, 0])
    expect(errors.length).toBe(2)
  })

  it('parent · child equals applying the child then the parent', () => {
    const parent = parseTransform('translate(100 0) scale(2)')
    const child = parseTransform('rotate(90)')
    const m = multiply(parent, child)
    // (1, 0) → rotate → (0, 1) → scale → (0, 2) → translate → (100, 2)
    close([applyX(m, 1, 0), applyY(m, 1, 0)], [100, 2])
    expect(decompose(m).rotation).toBeCloseTo(Math.PI / 2)
    expect(decompose(m).sx).toBeCloseTo(2)
  })

  it('an ellipse box under rotation is exact, not the rotated square', () => {
    const box = transformEllipseBox(parseTransform('rotate(45)'), 0, 0, 10, 10)
    close(box, [-10, -10, 10, 10])
  })
})

describe('path bounding boxes', () => {
  it('lines with every command, relative and absolute', () => {
    close(pathBBox('M10 10 L20 20 H30 V5 l-5 -2 h-1 v10 Z')!, [10, 3, 30, 20])
  })

  it('a full circle drawn with two arcs has its true extrema', () => {
    close(pathBBox('M0 0 a10 10 0 1 0 20 0 a10 10 0 1 0 -20 0z')!, [0, -10, 20, 10])
  })

  it('a quarter arc includes only the extremum it sweeps', () => {
    // From (10,0) to (0,10) around (0,0), sweeping through angle 45° only: no extremum beyond the ends.
    close(pathBBox('M10 0 A10 10 0 0 1 0 10')!, [0, 0, 10, 10])
    // The other way round (large arc): passes through (0,-10), (-10,0) …
    close(pathBBox('M10 0 A10 10 0 1 0 0 10')!, [-10, -10, 10, 10])
  })

  it('rotated elliptical arcs use the rotated extrema', () => {
    // Half of an ellipse rx=20 ry=10 rotated 90°: becomes vertical, from (0,-20) to (0,20) via x=+10.
    close(pathBBox('M0 -20 A20 10 90 0 1 0 20')!, [0, -20, 10, 20], 5)
  })

  it('too-small radii are scaled up as SVG says', () => {
    close(pathBBox('M0 0 A1 1 0 0 1 20 0')!, [0, -10, 20, 0], 5)
  })

  it('cubic and quadratic extrema, and the S/T reflections', () => {
    close(pathBBox('M0 0 C0 10 10 10 10 0')!, [0, 0, 10, 7.5])
    close(pathBBox('M0 0 Q5 10 10 0')!, [0, 0, 10, 5])
    close(pathBBox('M0 0 Q5 10 10 0 T20 0')!, [0, -5, 20, 5])
    close(pathBBox('M0 0 C0 10 10 10 10 0 S20 -10 20 0')!, [0, -7.5, 20, 7.5])
  })

  it('compact numbers and arc flags ("a4,4 0 0110,10", "1.5.5", "-2.8e-14")', () => {
    close(pathBBox('M0,0a5,5 0 0110,0')!, [0, -5, 10, 0])
    close(pathBBox('M1.5.5L-2.8e-14 3')!, [0, 0.5, 1.5, 3], 5)
  })

  it('malformed data keeps what was read', () => {
    const segments: string[] = []
    const ok = walkPath('M0 0 L10 10 L oops', {
      move: () => segments.push('M'), line: () => segments.push('L'), cubic: () => {}, quad: () => {}, arc: () => {}, close: () => {},
    })
    expect(ok).toBe(false)
    expect(segments).toEqual(['M', 'L'])
    expect(pathBBox('garbage')).toBeNull()
  })

  it('flattening stays within the box and closes subpaths', () => {
    const sink = new FlattenSink(0.01)
    walkPath('M0 0 a10 10 0 1 0 20 0 a10 10 0 1 0 -20 0z M30 0 h5', sink)
    expect(sink.polylines.length).toBe(2)
    expect(sink.polylines[0].closed).toBe(true)
    const p = sink.polylines[0].points
    for (let k = 0; k < p.length; k += 2) expect(Math.hypot(p[k] - 10, p[k + 1])).toBeCloseTo(10, 5)
  })
})

describe('convex hull', () => {
  it('drops inner points and keeps the corners', () => {
    const hull = convexHull([0, 0, 10, 0, 10, 10, 0, 10, 5, 5, 2, 3])
    expect(hull.length).toBe(8)
    expect(pointInPolygon(hull, 5, 5)).toBe(true)
    expect(pointInPolygon(hull, 11, 5)).toBe(false)
  })
})
