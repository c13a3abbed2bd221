import { beforeAll, describe, expect, it } from 'vitest'
import type { Graphics as PixiGraphics } from 'pixi.js'
import type { DecorationLayer as DecorationLayerType } from '../../../src/engine/render/DecorationLayer'
import type { RenderVenue } from '../../../src/engine/render/renderProtocol'
import { strokedDecorations } from './helpers'

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
    layer.build({ bbox: [0, 0, 1000, 1000], decorations: strokedDecorations([{ points: closed, closed: true }, { points: open, closed: false }]) } as unknown as RenderVenue)
    expect(strokedPaths(layer)).toEqual([closed, open])
    layer.destroy()
  })
})
