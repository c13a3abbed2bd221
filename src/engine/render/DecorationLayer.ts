import { Container, Graphics } from 'pixi.js'
import { simplifyClosed, simplifyOpen } from '../geometry/simplify'
import { FillMeshBuilder } from './FillMesh'
import type { RenderVenue } from './renderProtocol'

/**
 * Stage, walls and other non-seat shapes from the model's decorations, built once: fills into one
 * solid-colour mesh (see FillMesh for why not Graphics fills), strokes into one Graphics. Text
 * labels are drawn by LabelLayer.
 */

/** Spec 001 §9: stroke width 0.35 times the drawing's attribute. */
export const DECORATION_STROKE_FACTOR = 0.35

/**
 * Shapes are drawn with the points that lie farther than this share of the venue's diagonal from
 * the segment between their kept neighbours: ~0.3 px on a 1280-px screen at the maximum zoom (24×).
 * Each point a Graphics stroke holds costs the render worker ~140 bytes of JS heap and ~70 of
 * ArrayBuffers (its path, the built stroke's vertex arrays and their batch copy); the generated
 * 1M-seat stadium's block outlines, drawn through every seat of their first and last rows, fall
 * from 35,268 points to 4,492: 6.4 MB less (storefront benchmark, 2026-12-06, session 57).
 */
export const DECORATION_TOLERANCE = 1 / 100_000

export class DecorationLayer {
  readonly container = new Container({ label: 'decorations', eventMode: 'none', interactiveChildren: false })

  build(venue: RenderVenue): void {
    this.container.removeChildren().forEach((c) => c.destroy())
    const d = venue.decorations
    if (d.count === 0) return
    const g = new Graphics()
    const fills = new FillMeshBuilder()
    const diagonal = Math.hypot(venue.bbox[2] - venue.bbox[0], venue.bbox[3] - venue.bbox[1])
    // No extent (an empty bbox is ±Infinity): the shapes as drawn.
    const tolerance = Number.isFinite(diagonal) ? diagonal * DECORATION_TOLERANCE : 0
    for (let i = 0; i < d.count; i++) {
      if (d.length[i] < 2) continue
      const start = d.start[i] * 2
      const drawn = Array.from(d.points.subarray(start, start + d.length[i] * 2))
      const closed = d.closed[i] === 1
      const pts = closed ? simplifyClosed(drawn, tolerance, true) : simplifyOpen(drawn, tolerance)
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
