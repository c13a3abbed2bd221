import { BitmapText, Buffer, BufferUsage, Container, Geometry, Graphics, Mesh, RenderTexture, type Renderer, type Shader } from 'pixi.js'
import { FillMeshBuilder } from './FillMesh'
import { ensureFont, LABEL_FONT, LABEL_FONT_RASTER_PX } from './LabelLayer'
import { createSeatShader } from './seatShader'

/**
 * Compiles the map's GL programs (and rasterises the label font) before the venue arrives, one
 * per task, so no first frame has to: on software GL (SwiftShader) linking one program blocks the
 * main thread for 30-60 ms, and the first frame after the data used to pay for all of them at
 * once (a 120 ms task in the 1M-seat load profile). Each step draws one tiny object into a small
 * texture, never the canvas: a map already shown (a small venue loads fast) must not be wiped.
 */

/** Side of the off-screen target the warm-up draws into, in pixels. */
export const WARM_UP_TARGET_PX = 4

/** Pause between two warm-up steps, so each lands in its own task. */
export const WARM_UP_GAP_MS = 0

type Step = () => Container

const steps: Step[] = [
  () => {
    const fills = new FillMeshBuilder()
    fills.addPolygon([0, 0, 1, 0, 0, 1], 0xffffff)
    return fills.build() as Container
  },
  () => {
    const geometry = new Geometry({
      attributes: {
        aPosition: { buffer: new Buffer({ data: new Float32Array([0, 0, 1, 0, 1, 1, 0, 1]), usage: BufferUsage.VERTEX }), format: 'float32x2' },
        aColor: { buffer: new Buffer({ data: new Uint32Array(4).fill(0xffffffff), usage: BufferUsage.VERTEX }), format: 'unorm8x4' },
      },
      indexBuffer: new Buffer({ data: new Uint16Array([0, 1, 2, 0, 2, 3]), usage: BufferUsage.INDEX }),
    })
    return new Mesh<Geometry, Shader>({ geometry, shader: createSeatShader(true) })
  },
  () => new Graphics().moveTo(0, 0).lineTo(1, 1).stroke({ color: 0, width: 1, pixelLine: true }),
  // Large Graphics (sector outlines, decoration strokes) skip the batcher and use Pixi's own
  // 'graphics' program: warm that one too.
  () => {
    const g = new Graphics()
    g.context.batchMode = 'no-batch'
    return g.moveTo(0, 0).lineTo(1, 1).stroke({ color: 0, width: 1, pixelLine: true })
  },
  () => {
    ensureFont()
    return new BitmapText({ text: '0123456789', style: { fontFamily: LABEL_FONT, fontSize: LABEL_FONT_RASTER_PX } })
  },
]

/** Runs the warm-up steps in separate tasks; resolves when done or when `cancelled()` turns true. */
export async function warmUp(renderer: Renderer, cancelled: () => boolean): Promise<void> {
  const target = RenderTexture.create({ width: WARM_UP_TARGET_PX, height: WARM_UP_TARGET_PX })
  try {
    for (const step of steps) {
      await new Promise((r) => setTimeout(r, WARM_UP_GAP_MS))
      if (cancelled()) return
      const stage = new Container()
      stage.addChild(step())
      renderer.render({ container: stage, target })
      stage.destroy({ children: true })
    }
  } finally {
    // After a cancel the renderer may be gone: the texture's GPU side went with it.
    if (!cancelled()) target.destroy(true)
  }
}
