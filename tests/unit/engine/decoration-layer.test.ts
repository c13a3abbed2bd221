import { beforeAll, describe, expect, it } from 'vitest'
import type { Graphics as PixiGraphics } from 'pixi.js'
import type { VenueDecorations } from '../../../src/engine/model'
import type { DecorationLayer as DecorationLayerType } from '../../../src/engine/render/DecorationLayer'
import type { RenderVenue } from '../../../src/engine/render/renderProtocol'

/**
 * The decorations' strokes hold only the points that shape them (issue 16, memory per seat): each
 * point a Pixi Graphics stroke keeps costs the render worker ~200 bytes, and the generated
 * stadium's block outlines run through every seat of their first and last rows, thousands of
 * points on straight lines. Pixi's Graphics build their paths in Node; nothing is drawn here.
 */

let DecorationLayer: typeof DecorationLayerType
let Graphics: typeof PixiGraphics

beforeAll(async () => {
  // Pixi reads navigator when its modules load; Node 20 has none.
  const g = globalThis as { navigator?: unknown }
  g.navigator ??= { userAgent: 'node' }
  ;({ DecorationLayer } = await import('../../../src/engine/render/DecorationLayer'))
  ;({ Graphics } = await import('pixi.js'))
})

const STROKE = 0xccccccff

/** Decorations from shapes given as point lists; all stroked, none filled. */
function decorations(shapes: { points: number[]; closed: boolean }[]): VenueDecorations {
  const start: number[] = []
  const points: number[] = []
  for (const s of shapes) {
    start.push(points.length / 2)
    points.push(...s.points)
  }
  const n = shapes.length
  return {
    count: n,
    start: Uint32Array.from(start), length: Uint32Array.from(shapes.map((s) => s.points.length / 2)), points: Float32Array.from(points),
    fill: new Uint32Array(n), stroke: new Uint32Array(n).fill(STROKE), strokeWidth: new Float32Array(n).fill(1), closed: Uint8Array.from(shapes.map((s) => (s.closed ? 1 : 0))),
    labelCount: 0, labelX: new Float32Array(0), labelY: new Float32Array(0), labelSize: new Float32Array(0), labelText: new Uint32Array(0),
  }
}

/** The point lists the layer's Graphics strokes, in order. */
function strokedPaths(layer: DecorationLayerType): number[][] {
  const g = layer.container.children.find((c) => c instanceof Graphics) as PixiGraphics
  return g.context.instructions.flatMap((ins) => {
    if (ins.action !== 'stroke') return []
    return ins.data.path.shapePath.shapePrimitives.map((p) => Array.from((p.shape as unknown as { points: number[] }).points))
  })
}

describe('decoration layer', () => {
  it('strokes a block outline drawn through every seat with its corners only, and keeps what shapes a line', () => {
    // A 1000 × 500 block's outline through 1,000 seats of its first and last rows and its rows' ends.
    const outline: number[] = []
    for (let k = 0; k < 500; k++) outline.push(2 * k, 0)
    for (let r = 0; r < 50; r++) outline.push(1000, 10 * r)
    for (let k = 500; k > 0; k--) outline.push(2 * k, 500)
    for (let r = 50; r > 0; r--) outline.push(0, 10 * r)
    // An open line that runs out and comes back along itself (a spike): its tip stays.
    const spike = [0, 600, 500, 600, 1000, 600, 400, 600]
    // A finely flattened half circle of radius 200: it stays round to within the tolerance.
    const arc: number[] = []
    for (let k = 0; k <= 360; k++) arc.push(500 + 200 * Math.cos((k * Math.PI) / 360), 800 + 200 * Math.sin((k * Math.PI) / 360))
    const layer = new DecorationLayer()
    const venue = { bbox: [0, 0, 1000, 1000], decorations: decorations([{ points: outline, closed: true }, { points: spike, closed: false }, { points: arc, closed: false }]) }
    layer.build(venue as unknown as RenderVenue)
    const [block, line, round] = strokedPaths(layer)
    expect(block).toEqual([0, 0, 1000, 0, 1000, 500, 0, 500])
    expect(line).toEqual([0, 600, 1000, 600, 400, 600])
    // Tolerance: 1/100,000 of the 1,414-unit diagonal (0.014 units), which a 200-radius arc keeps
    // most of its points to stay within (a chord of 0.024 rad sags by that much).
    expect(round.length / 2).toBeGreaterThan(130)
    expect(round.length / 2).toBeLessThan(361)
    for (let i = 0; i < round.length; i += 2) expect(Math.hypot(round[i] - 500, round[i + 1] - 800)).toBeCloseTo(200, 3)
    layer.destroy()
  })

  it('strokes a drawing with no extent as it came', () => {
    const layer = new DecorationLayer()
    const line = [0, 0, 1, 0, 2, 0]
    layer.build({ bbox: [Infinity, Infinity, -Infinity, -Infinity], decorations: decorations([{ points: line, closed: false }]) } as unknown as RenderVenue)
    expect(strokedPaths(layer)).toEqual([line])
    layer.destroy()
  })
})
