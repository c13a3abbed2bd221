import type { Page } from 'playwright-core'
import { SELECTED_COLOR } from '../../src/engine/render/colors'

/**
 * Reading the seat map back in the seat-map e2e files: which seat is where, and which colours the
 * renderer drew there (read back from the next drawn frame, or from a real screenshot).
 */

/** Half-size (CSS px) of the block sampled around a point: inside even the smallest detail-zoom seat. */
export const SAMPLE_HALF_PX = 2
/** Per-channel slack when matching a rendered colour (antialiasing, 8-bit blending). */
export const COLOR_TOLERANCE = 8

export const rgbOf = (color: number): number[] => [(color >> 16) & 0xff, (color >> 8) & 0xff, color & 0xff]
export const isColor = (px: number[], rgb: number[]): boolean => px.every((v, k) => Math.abs(v - rgb[k]) <= COLOR_TOLERANCE)
const SELECTED_RGB = rgbOf(SELECTED_COLOR)
export const isSelectedColor = (px: number[]): boolean => isColor(px, SELECTED_RGB)

/** The free-able seat drawn nearest the view centre (single seats are on screen at detail zoom). */
export function seatNearCenter(page: Page): Promise<number> {
  return page.evaluate(() => {
    const e = window.__seatmap!.engine!
    const c = document.querySelector('.seatmap-canvas canvas') as HTMLCanvasElement
    const cx = c.clientWidth / 2
    const cy = c.clientHeight / 2
    let best = -1
    let bestD = Infinity
    for (let i = 0; i < e.getVenue()!.seats.count; i++) {
      const p = e.seatToScreen(i)!
      const d = Math.hypot(p.x - cx, p.y - cy)
      if (d < bestD) [best, bestD] = [i, d]
    }
    return best
  })
}

/** Where the engine draws seat `i` (CSS px) and which seat its hit-test finds there. */
export function hitAtSeat(page: Page, i: number) {
  return page.evaluate((i) => {
    const e = window.__seatmap!.engine!
    const p = e.seatToScreen(i)!
    return { x: p.x, y: p.y, at: e.seatAt(p.x, p.y) }
  }, i)
}

/**
 * The rendered pixels (RGB) of a small block around CSS point (x, y), read back from the next
 * frame the renderer draws (in the worker or on the page), at backing-store coordinates (CSS ×
 * devicePixelRatio).
 */
export async function renderedBlock(page: Page, x: number, y: number, half = SAMPLE_HALF_PX): Promise<number[][]> {
  const d = await page.evaluate(async ({ x, y, half }) => {
    const e = window.__seatmap!.engine!
    const dpr = devicePixelRatio
    const size = Math.max(1, Math.round(2 * half * dpr))
    const read = e.readPixels(Math.round((x - half) * dpr), Math.round((y - half) * dpr), size, size)
    // Re-apply the same camera: the engine renders the next frame.
    const cam = e.getCamera()
    e.centerOn(cam.centerX, cam.centerY)
    return Array.from(await read)
  }, { x, y, half })
  const px: number[][] = []
  for (let k = 0; k < d.length; k += 4) px.push([d[k], d[k + 1], d[k + 2]])
  return px
}

/**
 * The pixels (RGB) of a block around CSS point (x, y) as the page shows them: a real screenshot
 * of the window (what the compositor put on screen, whichever thread drew it), decoded in the page.
 */
export async function screenBlock(page: Page, x: number, y: number): Promise<number[][]> {
  const half = SAMPLE_HALF_PX
  const png = await page.screenshot({ clip: { x: x - half, y: y - half, width: 2 * half, height: 2 * half } })
  const d = await page.evaluate(async (b64) => {
    const img = new Image()
    img.src = `data:image/png;base64,${b64}`
    await img.decode()
    const c = document.createElement('canvas')
    c.width = img.width
    c.height = img.height
    const g = c.getContext('2d')!
    g.drawImage(img, 0, 0)
    return Array.from(g.getImageData(0, 0, c.width, c.height).data)
  }, png.toString('base64'))
  const px: number[][] = []
  for (let k = 0; k < d.length; k += 4) px.push([d[k], d[k + 1], d[k + 2]])
  return px
}

/**
 * A point inside seat `i`, below its centre, clear of its seat number (drawn over the centre once
 * the camera rests, in white): 70 % of the way from the centre to the seat's lower edge, found by
 * hit-testing downwards. CSS px.
 */
export function spotInSeat(page: Page, i: number): Promise<{ x: number; y: number }> {
  return page.evaluate((i) => {
    const e = window.__seatmap!.engine!
    const c = e.seatToScreen(i)!
    let d = 0
    while (d < 200 && e.seatAt(c.x, c.y + d + 0.25) === i) d += 0.25
    return { x: c.x, y: c.y + d * 0.7 }
  }, i)
}
