import { beforeAll, describe, expect, it } from 'vitest'
import type { Graphics as PixiGraphics } from 'pixi.js'
import type { VenueDecorations } from '../../../src/engine/model'
import type { DecorationLayer as DecorationLayerType } from '../../../src/engine/render/DecorationLayer'
import type { RenderVenue } from '../../../src/engine/render/renderProtocol'

/**
 * The layer strokes the decorations' points as the venue holds them: they were simplified once
 * where the venue was made (parse/simplifyDecorations.ts, its own test), and the render worker
 * does not pay for that again at every venue load. Pixi's Graphics build their paths in Node;
 * nothing is drawn here.
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
  it('strokes each shape with the points it is given, closed and open', () => {
    // Points a simplification would drop (collinear): the venue kept them, so the layer draws them.
    const closed = [0, 0, 500, 0, 1000, 0, 1000, 500, 0, 500]
    const open = [0, 600, 500, 600, 1000, 600, 400, 600]
    const layer = new DecorationLayer()
    layer.build({ bbox: [0, 0, 1000, 1000], decorations: decorations([{ points: closed, closed: true }, { points: open, closed: false }]) } as unknown as RenderVenue)
    expect(strokedPaths(layer)).toEqual([closed, open])
    layer.destroy()
  })
})
