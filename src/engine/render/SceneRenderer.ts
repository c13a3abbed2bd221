import { Application, Container } from 'pixi.js'
import type { VenueData } from '../model'
import type { LodTier } from '../lod/lod'
import { DecorationLayer } from './DecorationLayer'
import { HighlightLayer, type RingTarget } from './HighlightLayer'
import { LabelLayer, type LabelSpec } from './LabelLayer'
import { SeatLayer } from './SeatLayer'
import { SectorLayer } from './SectorLayer'

/**
 * Owns the Pixi Application and the layer stack under one world container (a render group, so
 * camera moves only change its transform). Renders on demand: the engine's frame loop calls
 * `render()` only when something changed, so an idle map costs no GPU time.
 */

export const BACKGROUND_COLOR = 0xf8fafc

export interface RendererOptions {
  /** 'webgl' by default: the seat shader is GLSL, and WebGL is what the tests exercise. */
  preference?: 'webgl' | 'webgpu'
  resolution: number
  width: number
  height: number
}

export class SceneRenderer {
  readonly app = new Application()
  readonly world = new Container({ label: 'world', isRenderGroup: true, eventMode: 'none', interactiveChildren: false })
  readonly decorations = new DecorationLayer()
  readonly sectors = new SectorLayer()
  readonly seats = new SeatLayer()
  readonly labels = new LabelLayer()
  readonly highlight = new HighlightLayer()
  private tier: LodTier = 'sectors'

  async init(container: HTMLElement, opts: RendererOptions): Promise<HTMLCanvasElement> {
    await this.app.init({
      preference: opts.preference ?? 'webgl',
      width: opts.width,
      height: opts.height,
      resolution: opts.resolution,
      autoDensity: true,
      // MSAA off: the seat shader antialiases its own edges, and multisampling a full-screen
      // target costs the most on the software GL (SwiftShader) the benchmarks run on.
      antialias: false,
      background: BACKGROUND_COLOR,
      autoStart: false,
      sharedTicker: false,
      // The engine hit-tests through its own index; Pixi's event system would walk the scene.
      eventMode: 'none',
      eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
    })
    this.app.ticker.stop()
    this.app.stage.eventMode = 'none'
    this.app.stage.interactiveChildren = false
    this.world.addChild(this.decorations.container, this.sectors.container, this.seats.container, this.labels.container, this.highlight.container)
    this.app.stage.addChild(this.world)
    const canvas = this.app.canvas
    canvas.style.display = 'block'
    canvas.style.width = '100%'
    canvas.style.height = '100%'
    container.appendChild(canvas)
    return canvas
  }

  setVenue(venue: VenueData, zoneColors: ArrayLike<number>): void {
    this.decorations.build(venue)
    this.seats.build(venue, zoneColors)
    this.sectors.rebuild(venue, zoneColors)
    this.labels.clear()
  }

  setTier(tier: LodTier): void {
    this.tier = tier
    this.sectors.container.visible = tier === 'sectors'
    this.seats.container.visible = tier !== 'sectors'
  }

  get currentTier(): LodTier {
    return this.tier
  }

  /** world = (p - center) * scale + viewport / 2 */
  setCamera(centerX: number, centerY: number, scale: number, width: number, height: number): void {
    this.world.scale.set(scale)
    this.world.position.set(width / 2 - centerX * scale, height / 2 - centerY * scale)
  }

  setLabels(labels: readonly LabelSpec[]): void {
    this.labels.set(labels)
  }

  setRings(hover: RingTarget | null, focus: RingTarget | null, pxToWorld: number): void {
    this.highlight.update(hover, focus, pxToWorld)
  }

  resize(width: number, height: number, resolution: number): void {
    if (this.app.renderer.resolution !== resolution) this.app.renderer.resolution = resolution
    this.app.renderer.resize(width, height, resolution)
  }

  render(): void {
    this.app.render()
  }

  destroy(): void {
    this.seats.destroy()
    this.sectors.destroy()
    this.labels.destroy()
    this.highlight.destroy()
    this.decorations.destroy()
    this.app.destroy({ removeView: true }, { children: true })
  }
}
