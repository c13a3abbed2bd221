import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { applyX, applyY, decompose, multiply, parseTransform, transformEllipseBox } from '../../../src/engine/geometry/matrix'
import { FlattenSink, pathBBox, walkPath } from '../../../src/engine/geometry/path'
import { wrapAngle } from '../../../src/engine/geometry/pathBBox'
import { polygonArea, seatBandOutline } from '../../../src/engine/geometry/envelope'

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

  it('reads any text exactly like the regular-expression reader it replaced', () => {
    // The reader before the hand-written one: a part is /([a-zA-Z]+)\s*\(([^)]*)\)/, its numbers
    // /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/ with anything else between them.
    const reference = (text: string): { matrix: number[]; errors: string[] } => {
      const DEG = Math.PI / 180
      const errors: string[] = []
      let result: Parameters<typeof multiply>[0] = [1, 0, 0, 1, 0, 0]
      const re = /([a-zA-Z]+)\s*\(([^)]*)\)/g
      let match: RegExpExecArray | null
      while ((match = re.exec(text))) {
        const a = (match[2].match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? []).map(Number)
        let t: typeof result | null = null
        switch (match[1]) {
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
          errors.push(match[0].slice(0, 60))
          continue
        }
        result = multiply(result, t)
      }
      return { matrix: [...result], errors }
    }
    const names = ['translate', 'rotate', 'scale', 'matrix', 'skewX', 'skewY', 'bogus', 'e', '']
    const argPieces = [' ', ',', '\t', '\u00a0', '-', '+', '.', 'e', 'E', '1', '2', '0', '45', '1e400', '.5', 'x', '(']
    const junk = [' ', ')', '(', ';', '\u00a0', '1', 'x']
    const part = fc.oneof(
      fc.tuple(fc.constantFrom(...names), fc.constantFrom('', ' ', '\n'), fc.array(fc.constantFrom(...argPieces), { maxLength: 14 }), fc.boolean())
        .map(([name, gap, args, closed]) => `${name}${gap}(${args.join('')}${closed ? ')' : ''}`),
      fc.constantFrom(...junk),
    )
    fc.assert(
      fc.property(fc.array(part, { maxLength: 6 }), (parts) => {
        const text = parts.join('')
        const errors: string[] = []
        const matrix = parseTransform(text, (e) => errors.push(e))
        const expected = reference(text)
        expect(matrix).toEqual(expected.matrix)
        expect(errors).toEqual(expected.errors)
      }),
      { numRuns: 2000 },
    )
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

  it('reads every number exactly as Number() reads its text', () => {
    // Numbers are converted without a substring when short; the result must not differ by a bit.
    const written = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
      fc.tuple(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 20 })).map(([v, k]) => v.toFixed(k)),
      fc.tuple(fc.constantFrom('', '+', '-'), fc.stringMatching(/^[0-9]{0,20}$/), fc.constantFrom('', '.'), fc.stringMatching(/^[0-9]{0,20}$/), fc.constantFrom('', 'e5', 'E-3', 'e+0'))
        .map((p) => p.join(''))
        .filter((t) => /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)),
    )
    fc.assert(
      fc.property(fc.array(written, { minLength: 2, maxLength: 12 }), (texts) => {
        const pairs = texts.length - (texts.length % 2)
        const got: number[] = []
        const sink = { move: (x: number, y: number) => got.push(x, y), line: (x: number, y: number) => got.push(x, y), cubic: () => {}, quad: () => {}, arc: () => {}, close: () => {} }
        walkPath(`M${texts.slice(0, pairs).join(' ')}`, sink)
        // + 0: absolute coordinates get the origin 0 added, which turns -0 into 0.
        expect(got).toEqual(texts.slice(0, pairs).map((t) => Number(t) + 0))
      }),
      { numRuns: 3000 },
    )
  })

  it('wraps arc angles exactly as the two remainders did', () => {
    const TAU = Math.PI * 2
    const reference = (d: number) => ((d % TAU) + TAU) % TAU
    // The doubles next to ±TAU, where d + TAU rounds onto a boundary.
    const step = (x: number, by: number) => {
      const view = new DataView(new ArrayBuffer(8))
      view.setFloat64(0, x)
      view.setBigUint64(0, view.getBigUint64(0) + BigInt(by))
      return view.getFloat64(0)
    }
    const near = [1, 2, 3].flatMap((k) => [step(TAU, -k), step(-TAU, -k), step(TAU, k), step(-TAU, k)])
    const special = fc.constantFrom(0, -0, TAU, -TAU, 2 * TAU, -2 * TAU, Math.PI, -Math.PI, 1e-300, -1e-300, Infinity, NaN, ...near)
    fc.assert(
      fc.property(fc.oneof(fc.double({ min: -4 * TAU, max: 4 * TAU }), fc.double(), special), (d) => {
        expect(Object.is(wrapAngle(d), reference(d))).toBe(true)
      }),
      { numRuns: 20_000 },
    )
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

describe('seat band outline', () => {
  // Seats (1 × 1) along `rows` concentric arcs of `span` radians about (0, 0), centred on `facing`.
  const arcSeats = (rows: number, perRow: number, span: number, facing: number) => {
    const x: number[] = []
    const y: number[] = []
    for (let r = 0; r < rows; r++)
      for (let k = 0; k < perRow; k++) {
        const a = facing - span / 2 + (span * k) / (perRow - 1)
        x.push((50 + 2 * r) * Math.cos(a))
        y.push((50 + 2 * r) * Math.sin(a))
      }
    const n = x.length
    const boxes = { x, y, hx: new Array(n).fill(0.5), hy: new Array(n).fill(0.5) }
    const box = [Math.min(...x) - 0.5, Math.min(...y) - 0.5, Math.max(...x) + 0.5, Math.max(...y) + 0.5]
    return { boxes, n, box }
  }
  const inside = (poly: number[], px: number, py: number) => {
    let hit = false
    for (let i = 0, j = poly.length / 2 - 1; i < poly.length / 2; j = i++) {
      const [xi, yi, xj, yj] = [poly[2 * i], poly[2 * i + 1], poly[2 * j], poly[2 * j + 1]]
      if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) hit = !hit
    }
    return hit
  }

  it.each([
    ['bent downwards', Math.PI / 2],
    ['bent upwards', -Math.PI / 2],
    ['bent sideways', 0],
  ])('follows a 2-radian balcony %s instead of filling the segment under its chord', (_, facing) => {
    const { boxes, n, box } = arcSeats(6, 60, 2, facing)
    const members = Array.from({ length: n }, (_, i) => i)
    const band = seatBandOutline(boxes, members, 0, n, box)
    // The band is the arc's ring segment (6 rows × 2 units deep, radius 50 to 61): ~2 × 55.5 × 12,
    // where the convex hull also covers the circular segment under the inner chord (~1.85 times it).
    const ring = 2 * 55.5 * 12
    expect(polygonArea(band)).toBeGreaterThan(ring * 0.9)
    expect(polygonArea(band)).toBeLessThan(ring * 1.3)
    expect(polygonArea(convexHullOf(boxes, n))).toBeGreaterThan(ring * 1.6)
    // The arc's centre side (where the stage is) lies outside; every seat centre inside.
    const c = [40 * Math.cos(facing), 40 * Math.sin(facing)]
    expect(inside(band, c[0], c[1])).toBe(false)
    for (let i = 0; i < n; i++) expect(inside(band, boxes.x[i], boxes.y[i])).toBe(true)
  })

  it('does not notch between the seats of a row: columns are wider than the gaps', () => {
    // Two straight rows of seats 1 wide with 0.8 gaps, the second row offset by half a pitch.
    const x: number[] = []
    const y: number[] = []
    for (let k = 0; k < 40; k++) {
      x.push(k * 1.8, k * 1.8 + 0.9)
      y.push(0, 2)
    }
    const n = x.length
    const boxes = { x, y, hx: new Array(n).fill(0.5), hy: new Array(n).fill(0.5) }
    const box = [-0.5, -0.5, 39 * 1.8 + 1.4, 2.5]
    const band = seatBandOutline(boxes, Array.from({ length: n }, (_, i) => i), 0, n, box)
    // The band is the rows' box less the staggered ends' corners (under 1 %): a column falling
    // between two seats of the first row would take its upper edge from the second row and cut a
    // notch a row deep (with half-seat columns: 18 % of the box).
    expect(polygonArea(band) / ((box[2] - box[0]) * (box[3] - box[1]))).toBeGreaterThan(0.98)
  })

  it('ends a slanted block at its corner seats, not with a cap as tall as its end column', () => {
    // 8 rows of 8 seats (1 × 1, pitch 1.2) turned 35°, as a parterre block beside the centre aisle.
    const x: number[] = []
    const y: number[] = []
    const [c, sn] = [Math.cos(0.61), Math.sin(0.61)]
    for (let r = 0; r < 8; r++)
      for (let k = 0; k < 8; k++) {
        x.push(k * 1.2 * c - r * 1.2 * sn)
        y.push(k * 1.2 * sn + r * 1.2 * c)
      }
    const n = x.length
    const h = 0.5 * (c + sn) // half extent of a turned seat's box
    const boxes = { x, y, hx: new Array(n).fill(h), hy: new Array(n).fill(h) }
    const box = [Math.min(...x) - h, Math.min(...y) - h, Math.max(...x) + h, Math.max(...y) + h]
    const band = seatBandOutline(boxes, Array.from({ length: n }, (_, i) => i), 0, n, box)
    // The block is 9.6 × 9.6 (92.2), its seats' turned boxes reach past it: the band is 121.3.
    // End caps as tall as the end columns, reaching towards the next block, made it 129.5.
    expect(polygonArea(band)).toBeLessThan(9.6 * 9.6 * 1.35)
    for (let i = 0; i < n; i++) expect(inside(band, x[i], y[i])).toBe(true)
  })

  it('gives a single seat its box, and nothing for no seats', () => {
    const boxes = { x: [5], y: [7], hx: [1], hy: [2] }
    expect(polygonArea(seatBandOutline(boxes, [0], 0, 1, [4, 5, 6, 9]))).toBeCloseTo(8)
    expect(seatBandOutline(boxes, [0], 0, 0, [4, 5, 6, 9])).toEqual([])
  })
})

/** Convex hull of seat centres (monotone chain; the outline the band replaced, for comparison). */
function convexHullOf(boxes: { x: number[]; y: number[] }, n: number): number[] {
  const pts = Array.from({ length: n }, (_, i) => [boxes.x[i], boxes.y[i]]).sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const cross = (o: number[], a: number[], b: number[]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
  const half = (list: number[][]) => {
    const out: number[][] = []
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], p) <= 0) out.pop()
      out.push(p)
    }
    out.pop()
    return out
  }
  return [...half(pts), ...half([...pts].reverse())].flat()
}

describe('outline simplification and triangulation', () => {
  it('simplifyClosed drops points within the tolerance of a finely flattened circle, keeps its shape', async () => {
    const { simplifyClosed } = await import('../../../src/engine/geometry/simplify')
    const ring: number[] = []
    for (let k = 0; k < 720; k++) ring.push(100 * Math.cos((k * Math.PI) / 360), 100 * Math.sin((k * Math.PI) / 360))
    const out = simplifyClosed(ring, 0.5)
    expect(out.length / 2).toBeLessThan(60)
    expect(out.length / 2).toBeGreaterThan(8)
    // Every kept point is an original point on the circle; every original point lies within the tolerance of the result's edges.
    for (let i = 0; i < out.length; i += 2) expect(Math.hypot(out[i], out[i + 1])).toBeCloseTo(100, 3)
    const m = out.length / 2
    for (let k = 0; k < ring.length; k += 2) {
      let best = Infinity
      for (let j = 0; j < m; j++) {
        const ax = out[2 * j], ay = out[2 * j + 1], bx = out[(2 * j + 2) % out.length], by = out[(2 * j + 3) % out.length]
        const t = Math.max(0, Math.min(1, ((ring[k] - ax) * (bx - ax) + (ring[k + 1] - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
        best = Math.min(best, Math.hypot(ring[k] - (ax + t * (bx - ax)), ring[k + 1] - (ay + t * (by - ay))))
      }
      expect(best).toBeLessThanOrEqual(0.5 + 1e-9)
    }
    // Small polygons and a zero tolerance come back unchanged.
    expect(simplifyClosed([0, 0, 1, 0, 1, 1, 0, 1], 5)).toEqual([0, 0, 1, 0, 1, 1, 0, 1])
    expect(simplifyClosed(ring, 0)).toEqual(ring)
  })

  it('triangulateOutlines covers each outline with triangles indexing its own points', async () => {
    const { triangulateOutlines } = await import('../../../src/engine/geometry/triangulate')
    // Two squares (areas 4 and 9) and one degenerate outline of 2 points.
    const points = new Float32Array([0, 0, 2, 0, 2, 2, 0, 2, 10, 10, 13, 10, 13, 13, 10, 13, 5, 5, 6, 6])
    const t = triangulateOutlines(points, Uint32Array.from([0, 4, 8]), Uint32Array.from([4, 4, 2]))!
    const area = (s: number) => {
      let a = 0
      for (let k = t.triangleStart[s]; k < t.triangleStart[s] + t.triangleLength[s]; k += 3) {
        const p = [0, 1, 2].map((j) => 4 * s + t.triangles[k + j])
        const [x0, y0, x1, y1, x2, y2] = p.flatMap((i) => [points[2 * i], points[2 * i + 1]])
        a += Math.abs((x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)) / 2
      }
      return a
    }
    expect(area(0)).toBeCloseTo(4)
    expect(area(1)).toBeCloseTo(9)
    expect(t.triangleLength[2]).toBe(0)
    expect(Math.max(...t.triangles)).toBeLessThan(4)
  })
})
