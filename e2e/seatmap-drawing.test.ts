import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_ZOOM } from '../src/engine/camera/Camera'
import { MAX_SEATS_DRAWN } from '../src/engine/lod/lod'
import { SeatShape, SeatStatus } from '../src/engine/model'
import { BACKGROUND_COLOR } from '../src/engine/render/colors'
import type { GpuApi } from '../src/engine/render/gpuApi'
import type { GpuMemory } from '../src/engine/render/gpuMemory'
import { MAX_SEATS_PER_TILE, VERTS_PER_SEAT } from '../src/engine/render/seatTiles'
import { launchChromium, WEBGPU_ARGS } from './support/browser'
import { gotoLab, startLab } from './seatmap-support/labPage'
import { isColor, isSelectedColor, renderedBlock, rgbOf, spotInSeat } from './seatmap-support/mapProbe'
import type { StaticServer } from './seatmap-support/staticServer'

/**
 * What the renderer puts on screen, in real Chromium: round seats cut round, the same picture
 * through WebGL2 and WebGPU (Chromium offers WebGPU here only behind a flag, on SwiftShader's
 * fallback adapter, so the engine is asked for it explicitly), and seat numbers once the camera
 * rests. Pixels are read back from the frame the renderer draws; waits are conditions, never
 * durations.
 */
const SEATS = 2000
const LAB_QUERY = `seats=${SEATS}&kind=theatre`
const WAIT = { timeout: 15_000 }
/** Zoom for the close-up: seats some 80 px across, numbers shown. */
const CLOSE_UP_ZOOM = Math.min(16, MAX_ZOOM)
/**
 * A round seat's box corner region, as a fraction of its half width and half height along its own
 * axes: at (0.85, 0.85) the point is 1.2 radii from the centre, outside the circle (or ellipse) but
 * inside the box the seat would fill if the shader did not cut it.
 */
const CORNER_FRACTION = 0.85
const BACKGROUND_RGB = rgbOf(BACKGROUND_COLOR)

let server: StaticServer
/** The flags every other e2e file uses (WebGL2 on SwiftShader through ANGLE). */
let browser: Browser
/** The same plus WebGPU (Vulkan on SwiftShader), which also changes what WebGL runs on. */
let gpuBrowser: Browser

beforeAll(async () => {
  ;({ server, browser } = await startLab())
  gpuBrowser = await launchChromium({ args: WEBGPU_ARGS })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await gpuBrowser?.close()
  await server?.close()
})

async function openLab(context: BrowserContext, query: string): Promise<Page> {
  const page = await context.newPage()
  await gotoLab(page, server, `${LAB_QUERY}${query}`)
  return page
}

/** A round seat in the middle of the venue (by index), centred in the view at `zoom`. */
function centreRoundSeat(page: Page, zoom: number): Promise<number> {
  return page.evaluate(({ zoom, circle }) => {
    const e = window.__seatmap!.engine!
    const s = e.getVenue()!.seats
    let i = s.count >> 1
    while (i < s.count && s.shape[i] !== circle) i++
    e.centerOn(s.x[i], s.y[i], zoom)
    return i
  }, { zoom, circle: SeatShape.Circle })
}

/**
 * Where the renderer puts a point given in seat `i`'s own box (fractions of its half width and
 * half height, along the seat's rotated axes), in CSS px; and the seat's half width there.
 */
function pointInSeatBox(page: Page, i: number, fx: number, fy: number): Promise<{ x: number; y: number; halfW: number }> {
  return page.evaluate(({ i, fx, fy }) => {
    const e = window.__seatmap!.engine!
    const s = e.getVenue()!.seats
    // Screen px per drawing unit, from two seats' centres (the camera does not rotate).
    const j = i + 1 < s.count ? i + 1 : i - 1
    const a = e.seatToScreen(i)!
    const b = e.seatToScreen(j)!
    const scale = Math.hypot(b.x - a.x, b.y - a.y) / Math.hypot(s.x[j] - s.x[i], s.y[j] - s.y[i])
    const lx = (fx * s.w[i]) / 2
    const ly = (fy * s.h[i]) / 2
    const [cos, sin] = [Math.cos(s.rotation[i]), Math.sin(s.rotation[i])]
    return { x: a.x + scale * (lx * cos - ly * sin), y: a.y + scale * (lx * sin + ly * cos), halfW: (scale * s.w[i]) / 2 }
  }, { i, fx, fy })
}

/** Waits until the camera has rested and seat numbers are drawn. */
async function waitForNumbers(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const e = window.__seatmap!.engine!
    return e.getSnapshot().tier === 'numbers' && e.getStats().labels > 0
  }, null, WAIT)
}

describe('seat map drawing', () => {
  for (const gpu of ['webgl', 'webgpu'] as const satisfies readonly GpuApi[]) {
    it(`${gpu}: sectors fill the zoomed-out view; a selected round seat is drawn round`, async () => {
      const context = await (gpu === 'webgpu' ? gpuBrowser : browser).newContext({ viewport: { width: 900, height: 700 } })
      const page = await openLab(context, `&gpu=${gpu}`)
      expect(await page.evaluate(() => window.__seatmap!.engine!.getStats().gpu)).toBe(gpu)
      // SwiftShader is a software rasteriser (either API): the seat budget stays the software one.
      expect(await page.evaluate(() => {
        const s = window.__seatmap!.engine!.getStats()
        return [s.gpuClass, s.seatBudget]
      })).toEqual(['software', MAX_SEATS_DRAWN])

      // Zoomed out: sector shapes (the fill mesh) cover the seats' places.
      const overview = await page.evaluate(() => {
        const e = window.__seatmap!.engine!
        return e.seatToScreen(e.getVenue()!.seats.count >> 1)!
      })
      expect((await renderedBlock(page, overview.x, overview.y)).some((px) => !isColor(px, BACKGROUND_RGB))).toBe(true)

      const i = await centreRoundSeat(page, CLOSE_UP_ZOOM)
      // With the numbers drawn: a seat shader whose round flag Pixi's own uniforms overwrote drew
      // squares only once text had been drawn beside the seats.
      await waitForNumbers(page)
      await page.evaluate(({ i, selected }) => window.__seatmap!.engine!.setStatuses([i], selected), { i, selected: SeatStatus.Selected })
      const inside = await spotInSeat(page, i)
      expect((await renderedBlock(page, inside.x, inside.y)).some(isSelectedColor)).toBe(true)
      // Inside the seat's (rotated) box, outside its circle: background, and no hit.
      const corner = await pointInSeatBox(page, i, CORNER_FRACTION, CORNER_FRACTION)
      expect(corner.halfW).toBeGreaterThan(10)
      expect(await page.evaluate(({ x, y }) => window.__seatmap!.engine!.seatAt(x, y), corner)).not.toBe(i)
      expect((await renderedBlock(page, corner.x, corner.y, 1)).every((px) => isColor(px, BACKGROUND_RGB))).toBe(true)
      await context.close()
    })
  }

  it('shows seat numbers once the camera rests, even when frame timestamps trail the clock', async () => {
    const context = await browser.newContext({ viewport: { width: 900, height: 700 } })
    // A frame's timestamp is when the frame began, which can trail performance.now() in the
    // callback; here by 40 ms on every frame, so the frame the quiet timer asks for reads as
    // "not yet quiet" if the engine judges quiet by it (it then never looked again).
    await context.addInitScript(() => {
      const raf = window.requestAnimationFrame.bind(window)
      window.requestAnimationFrame = (cb) => raf((t) => cb(t - 40))
    })
    const page = await openLab(context, '&renderIn=main')
    await centreRoundSeat(page, CLOSE_UP_ZOOM)
    await waitForNumbers(page)
    await context.close()
  })

  it('draws the seat tiles again after the WebGL context is lost and restored (they keep no CPU copy)', async () => {
    const context = await browser.newContext({ viewport: { width: 900, height: 700 } })
    // On the page, where the test can reach the canvas's context (the worker's is out of reach).
    const page = await openLab(context, '&renderIn=main')
    const i = await centreRoundSeat(page, CLOSE_UP_ZOOM)
    await page.evaluate(({ i, selected }) => window.__seatmap!.engine!.setStatuses([i], selected), { i, selected: SeatStatus.Selected })
    const inside = await spotInSeat(page, i)
    await expect.poll(async () => (await renderedBlock(page, inside.x, inside.y)).some(isSelectedColor), WAIT).toBe(true)
    expect((await page.evaluate(() => window.__seatmap!.engine!.getStats().heldBytes)).tileVertices).toBe(0)
    await page.evaluate(async () => {
      const canvas = document.querySelector('canvas')!
      const lose = canvas.getContext('webgl2')!.getExtension('WEBGL_lose_context')!
      const lost = new Promise((resolve) => canvas.addEventListener('webglcontextlost', resolve, { once: true }))
      lose.loseContext()
      await lost
      // Restoring is allowed once the lost event's dispatch is over (Pixi prevented its default).
      await new Promise((resolve) => setTimeout(resolve, 0))
      const restored = new Promise((resolve) => canvas.addEventListener('webglcontextrestored', resolve, { once: true }))
      lose.restoreContext()
      await restored
    })
    // The GPU buffers came back empty: the tiles are built again from the seat columns, with
    // the seat's current status.
    await expect.poll(async () => (await renderedBlock(page, inside.x, inside.y)).some(isSelectedColor), WAIT).toBe(true)
    await context.close()
  })

  it('counts what it hands the GPU: 48 bytes per seat in the seat tiles, the label font once', async () => {
    const context = await browser.newContext({ viewport: { width: 900, height: 700 } })
    const page = await openLab(context, '')
    await centreRoundSeat(page, CLOSE_UP_ZOOM)
    await waitForNumbers(page)
    // Numbers can be drawn while the seat tiles are still being built in slices (a loaded machine:
    // CI read 8904 bytes, the sector fills alone), so wait for stats that have the tiles; the
    // count in the same stats is fresh, since it is taken again whenever the tile count changes.
    // The font is there once labels are.
    const gpu = await page.waitForFunction(() => {
      const s = window.__seatmap!.engine!.getStats()
      const m = s.gpuMemory
      return s.tiles > 0 && m.textures > 0 && m.buffers > 0 ? m : null
    }, null, WAIT).then((h) => h.jsonValue() as Promise<GpuMemory>)
    const seatBytes = SEATS * VERTS_PER_SEAT * (2 * 4 + 4)
    expect(gpu.buffers).toBeGreaterThanOrEqual(seatBytes)
    // On top of the seats: one shared index buffer (2 bytes × 6 per seat slot of a tile) and the sector fills.
    expect(gpu.buffers).toBeLessThan(seatBytes + MAX_SEATS_PER_TILE * 6 * 2 + SEATS * 16)
    const stats = await page.evaluate(() => window.__seatmap!.engine!.getStats())
    expect(gpu.drawingBuffer).toBe(stats.bufferWidth * stats.bufferHeight * 4)
    await context.close()
  })
})
