import { Container, Graphics } from 'pixi.js'
import { FillMeshBuilder } from './FillMesh'
import type { RenderVenue } from './renderProtocol'

/**
 * Stage, walls and other non-seat shapes from the model's decorations, built once: fills into one
 * solid-colour mesh (see FillMesh for why not Graphics fills), strokes into one Graphics. Text
 * labels are drawn by LabelLayer. The shapes come with only the points that shape them
 * (parse/simplifyDecorations.ts, at the venue's making): each point a stroke holds costs this
 * worker ~200 bytes.
 */

/** Spec 001 §9: stroke width 0.35 times the drawing's attribute. */
export const DECORATION_STROKE_FACTOR = 0.35

export class DecorationLayer {
  readonly container = new Container({ label: 'decorations', eventMode: 'none', interactiveChildren: false })

  build(venue: RenderVenue): void {
    this.container.removeChildren().forEach((c) => c.destroy())
    const d = venue.decorations
    if (d.count === 0) return
    const g = new Graphics()
    const fills = new FillMeshBuilder()
    for (let i = 0; i < d.count; i++) {
      if (d.length[i] < 2) continue
      const start = d.start[i] * 2
      const pts = Array.from(d.points.subarray(start, start + d.length[i] * 2))
      const closed = d.closed[i] === 1
      const len = pts.length / 2
      const fill = d.fill[i]
      const stroke = d.stroke[i]
      if (closed && fill !== 0 && len >= 3) fills.addPolygon(pts, fill >>> 8, (fill & 0xff) / 255)
      if (stroke === 0) continue
      if (closed && len >= 3) g.poly(pts, true)
      else {
        g.moveTo(pts[0], pts[1])
        for (let k = 2; k < pts.length; k += 2) g.lineTo(pts[k], pts[k + 1])
      }
      g.stroke({ color: stroke >>> 8, alpha: (stroke & 0xff) / 255, width: Math.max(1e-3, d.strokeWidth[i] * DECORATION_STROKE_FACTOR) })
    }
    const mesh = fills.build()
    if (mesh) this.container.addChild(mesh)
    this.container.addChild(g)
  }

  destroy(): void {
    this.container.destroy({ children: true })
  }
}
