// Pixi generates its uniform upload code with new Function unless this is loaded; with it, the
// map runs under a Content-Security-Policy without 'unsafe-eval' (plugins/security-headers.ts).
import 'pixi.js/unsafe-eval'
import { type Buffer, Container, WebGLRenderer, WebGPURenderer } from 'pixi.js'
import { chooseGpuApi, type GpuApi, type GpuPreference } from './gpuApi'
import type { LodTier } from '../lod/lod'
import { DecorationLayer } from './DecorationLayer'
import { HighlightLayer, type RingTarget } from './HighlightLayer'
import { LabelLayer } from './LabelLayer'
import type { LabelSpec } from './labelsInView'
import { SeatLayer } from './SeatLayer'
import { SectorLayer } from './SectorLayer'
import { warmUp } from './warmUp'
import { gpuClassOf } from './gpuClass'
import type { GpuClass } from '../lod/seatBudget'
import { BACKGROUND_COLOR } from './colors'
import type { RenderVenue } from './renderProtocol'

/**
 * Owns the Pixi renderer and the layer stack under one world container (a render group, so
 * camera moves only change its transform). Renders on demand: the engine's frame loop calls
 * `render()` only when something changed, so an idle map costs no GPU time.
 *
 * A renderer made directly, not an Application: Application's renderer detection first
 * creates a throwaway WebGL context to test support, which costs 100-260 ms of main thread on
 * software GL (measured in the 1M-seat load profile), and we need neither its ticker nor its
 * resize plugin. WebGPU where the device has a hardware adapter, else WebGL2 (gpuApi.ts); the
 * seat and fill shaders exist in GLSL ES 3.00 and WGSL.
 */

/**
 * Textures one batch may mix. Pixi's batch shader picks a texture with one branch per unit, 16
 * by default; the map batches only strokes and the label font's page, and on software GL the
 * 16-way shader took 85-136 ms to compile (a main-thread task per batcher) where a 2-way one
 * compiles in a fraction of that. More textures in a batch would only split it, never break it.
 */
export const MAX_BATCH_TEXTURES = 2

export interface RendererOptions {
  resolution: number
  width: number
  height: number
  /** Which GPU API to draw with; default 'auto' (see gpuApi.ts). */
  gpu?: GpuPreference
}

export class SceneRenderer {
  /** Set by init(). */
  renderer!: WebGLRenderer | WebGPURenderer
  readonly stage = new Container({ label: 'stage', eventMode: 'none', interactiveChildren: false })
  readonly world = new Container({ label: 'world', isRenderGroup: true, eventMode: 'none', interactiveChildren: false })
  readonly decorations = new DecorationLayer()
  readonly sectors = new SectorLayer()
  readonly seats = new SeatLayer()
  readonly labels = new LabelLayer()
  readonly highlight = new HighlightLayer()
  private tier: LodTier = 'sectors'
  private destroyed = false
  /** Hardware or software rasteriser (gpuClass.ts), known once init() resolved. */
  gpuClass: GpuClass = 'unknown'
  /** Called when a lost GPU context (or WebGPU device) has been restored: GPU buffers are empty. */
  onContextRestored: (() => void) | null = null

  /** Starts Pixi on `canvas`: a page canvas, or an OffscreenCanvas in the render worker. */
  async init(canvas: HTMLCanvasElement | OffscreenCanvas, opts: RendererOptions): Promise<void> {
    const preference = opts.gpu ?? 'auto'
    const api = await chooseGpuApi(preference)
    try {
      this.renderer = await startRenderer(api, canvas, opts)
    } catch (e) {
      // A WebGPU device that cannot be made fails before the canvas gets a context, so WebGL2
      // can still take it; when it did get one, this second start fails too and reports.
      if (api !== 'webgpu' || preference !== 'auto') throw e
      this.renderer = await startRenderer('webgl', canvas, opts)
    }
    // Before anything is drawn: every batcher reads this when it first builds its shader. WebGL
    // only: the cost it saves is GLSL compile time, and Pixi's WebGPU batcher lays out its bind
    // group for its own texture count, so a lower limit leaves slots unbound ("textureSource3
    // was destroyed") and no frame is ever drawn.
    this.gpuClass = gpuClassOf(this.renderer)
    if (this.renderer instanceof WebGLRenderer) this.renderer.limits.maxBatchableTextures = Math.min(this.renderer.limits.maxBatchableTextures, MAX_BATCH_TEXTURES)
    // Seat tiles go to the GPU as they are installed and keep no CPU copy (SeatLayer).
    const buffers = this.renderer.buffer as { updateBuffer(b: Buffer): unknown }
    this.seats.setUploader((b) => buffers.updateBuffer(b))
    // Pixi re-creates GPU resources after a restore from the data it keeps; the seat tiles have
    // none, so they are built again (contextChange ran once in init, before this listens).
    this.renderer.runners.contextChange.add({ contextChange: () => this.onContextRestored?.() })
    this.world.addChild(this.decorations.container, this.sectors.container, this.sectors.standing, this.seats.container, this.labels.container, this.highlight.container)
    this.stage.addChild(this.world)
    void warmUp(this.renderer, () => this.destroyed)
  }

  /**
   * Builds what the zoomed-out view draws (decorations, sectors) now; returns the step function
   * of the seat tiles' build (see SeatLayer.beginBuild), which the caller runs between frames.
   */
  setVenue(venue: RenderVenue, zoneColors: ArrayLike<number>): (budgetMs: number) => boolean {
    this.decorations.build(venue)
    this.sectors.rebuild(venue, zoneColors)
    this.labels.clear()
    return this.seats.beginBuild(venue, zoneColors)
  }

  setTier(tier: LodTier): void {
    this.tier = tier
    this.sectors.container.visible = tier === 'sectors'
    this.seats.container.visible = tier !== 'sectors'
  }

  get currentTier(): LodTier {
    return this.tier
  }

  get api(): GpuApi {
    return this.renderer instanceof WebGPURenderer ? 'webgpu' : 'webgl'
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
    if (this.renderer.resolution !== resolution) this.renderer.resolution = resolution
    this.renderer.resize(width, height, resolution)
  }

  render(): void {
    this.renderer.render({ container: this.stage })
  }

  /**
   * RGBA rows, top row first, of a block of the last drawn frame (device pixels, top-left
   * origin). Call in the task that drew it: a WebGPU canvas keeps its image only until then.
   */
  readPixels(x: number, y: number, width: number, height: number): Uint8Array {
    const r = this.renderer
    if (r instanceof WebGLRenderer) return readGlPixels(r.gl, x, y, width, height)
    // WebGPU has no synchronous read-back; a 2D canvas copies the frame's image instead.
    const copy = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true })
    if (!copy) throw new Error('no 2D context to read the frame')
    copy.drawImage(r.canvas, -x, -y)
    return new Uint8Array(copy.getImageData(0, 0, width, height).data.buffer)
  }

  destroy(): void {
    this.destroyed = true
    this.seats.destroy()
    this.sectors.destroy()
    this.labels.destroy()
    this.highlight.destroy()
    this.decorations.destroy()
    this.stage.destroy({ children: true })
    this.renderer?.destroy({ removeView: true })
  }
}

function isOffscreen(canvas: HTMLCanvasElement | OffscreenCanvas): canvas is OffscreenCanvas {
  return typeof OffscreenCanvas !== 'undefined' && canvas instanceof OffscreenCanvas
}

function readGlPixels(gl: WebGL2RenderingContext, x: number, y: number, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 4)
  const bound = gl.getParameter(gl.FRAMEBUFFER_BINDING) as WebGLFramebuffer | null
  gl.bindFramebuffer(gl.FRAMEBUFFER, null)
  gl.readPixels(x, gl.drawingBufferHeight - y - height, width, height, gl.RGBA, gl.UNSIGNED_BYTE, out)
  gl.bindFramebuffer(gl.FRAMEBUFFER, bound)
  // GL rows run bottom-up: flip to top-down.
  const row = width * 4
  const flipped = new Uint8Array(out.length)
  for (let r = 0; r < height; r++) flipped.set(out.subarray((height - 1 - r) * row, (height - r) * row), r * row)
  return flipped
}

async function startRenderer(api: GpuApi, canvas: HTMLCanvasElement | OffscreenCanvas, opts: RendererOptions): Promise<WebGLRenderer | WebGPURenderer> {
  const renderer = api === 'webgpu' ? new WebGPURenderer() : new WebGLRenderer()
  await renderer.init({
    canvas: canvas as HTMLCanvasElement,
    width: opts.width,
    height: opts.height,
    resolution: opts.resolution,
    // A page canvas gets its CSS size from the drawing size; an OffscreenCanvas has no style
    // (its page placeholder is sized by the engine's container).
    autoDensity: !isOffscreen(canvas),
    // MSAA off: the seat shader antialiases its own edges, and multisampling a full-screen
    // target costs the most on the software GL (SwiftShader) the benchmarks run on.
    antialias: false,
    background: BACKGROUND_COLOR,
    // The engine hit-tests through its own index; Pixi's event system would walk the scene.
    eventMode: 'none',
    eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
  })
  return renderer
}
