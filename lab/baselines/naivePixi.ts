import { Application, Container, Graphics } from 'pixi.js'
import type { VenueData } from '../../src/engine/model'
import { seatRgba } from '../../src/engine/render/colors'
import { attachPanZoom, fitView } from './panZoom'

/**
 * Baseline (b): a naive Pixi renderer: one Graphics per seat, Pixi's events on every seat (for
 * hover), no levels of detail, no culling, the ticker rendering every frame.
 */
export async function mountNaivePixi(host: HTMLElement, venue: VenueData, onFirstFrame: () => void): Promise<void> {
  const app = new Application()
  const r = host.getBoundingClientRect()
  await app.init({ preference: 'webgl', width: r.width, height: r.height, resolution: devicePixelRatio || 1, autoDensity: true, antialias: true, background: 0xf8fafc })
  host.appendChild(app.canvas)
  const world = new Container()
  const colors = venue.zones.map((z) => z.color)
  const s = venue.seats
  for (let i = 0; i < s.count; i++) {
    const g = new Graphics()
    const color = seatRgba(s.status[i], s.zone[i], colors) >>> 8
    if (s.shape[i] === 1) g.rect(-s.w[i] / 2, -s.h[i] / 2, s.w[i], s.h[i]).fill(color)
    else g.circle(0, 0, s.w[i] / 2).fill(color)
    g.position.set(s.x[i], s.y[i])
    g.eventMode = 'static'
    g.on('pointerover', () => (g.alpha = 0.6)).on('pointerout', () => (g.alpha = 1))
    world.addChild(g)
  }
  app.stage.addChild(world)
  const view = fitView(venue.bbox, r.width, r.height)
  const apply = () => {
    world.position.set(view.x, view.y)
    world.scale.set(view.k)
  }
  apply()
  attachPanZoom(host, view, apply)
  let first = true
  app.ticker.add(() => {
    if (first) {
      first = false
      requestAnimationFrame(onFirstFrame)
    }
  })
}
