import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_ZOOM, MIN_ZOOM, ZOOM_BUTTON_FACTOR } from '../src/engine/camera/Camera'
import { DOUBLE_TAP_MS } from '../src/engine/interaction/states'
import { SeatStatus } from '../src/engine/model'
import { gotoLab, startLab } from './seatmap-support/labPage'
import { hitAtSeat, isSelectedColor, renderedBlock, screenBlock, seatNearCenter, spotInSeat } from './seatmap-support/mapProbe'
import type { StaticServer } from './seatmap-support/staticServer'

/**
 * The seat map's viewport in real Chromium (software WebGL), on small venues so each case is quick:
 * double-tap zoom on a phone, window resizes, and the device pixel ratio (at load and changed at
 * runtime). Every check reads engine state, the canvas or its pixels; waits are conditions on the
 * page (waitForFunction), never durations. Intervals between taps are measured on the page clock.
 */
const SEATS = 5000
const WAIT = { timeout: 15_000 }
/** Screen positions are floats; after a zoom the anchor may drift by rounding only. */
const ANCHOR_TOLERANCE_PX = 0.5
const PHONE = { width: 390, height: 844 }

declare global {
  interface Window {
    /** Page-clock times of pointerups on the map, recorded after the engine's own handler ran. */
    __viewportTest?: { ups: number[] }
  }
}

let server: StaticServer
let browser: Browser

beforeAll(async () => {
  ;({ server, browser } = await startLab())
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

async function openLab(context: BrowserContext, query = ''): Promise<Page> {
  const page = await context.newPage()
  await gotoLab(page, server, `seats=${SEATS}${query}`)
  expect(await page.evaluate(() => window.__seatmap!.engine!.getVenue()!.seats.count)).toBe(SEATS)
  return page
}

const camera = (page: Page) => page.evaluate(() => ({ ...window.__seatmap!.engine!.getCamera() }))

/**
 * CSS size of the map's canvas, its backing store (as the renderer last drew it: the page canvas
 * is a placeholder when a worker draws, so its own width says nothing), and the page's ratio and
 * window size.
 */
function canvasState(page: Page) {
  return page.evaluate(() => {
    const c = document.querySelector('.seatmap-canvas canvas') as HTMLCanvasElement
    const r = c.getBoundingClientRect()
    const st = window.__seatmap!.engine!.getStats()
    return { cssW: r.width, cssH: r.height, backingW: st.bufferWidth, backingH: st.bufferHeight, dpr: devicePixelRatio, innerW: innerWidth, innerH: innerHeight }
  })
}

/** Waits until the canvas fills a `width`×`height` window and its backing store is that size × `dpr`. */
async function waitCanvasFollows(page: Page, width: number, height: number, dpr: number): Promise<void> {
  await page.waitForFunction(({ width, height, dpr }) => {
    const c = document.querySelector('.seatmap-canvas canvas') as HTMLCanvasElement | null
    if (!c || devicePixelRatio !== dpr) return false
    const r = c.getBoundingClientRect()
    const st = window.__seatmap!.engine!.getStats()
    return r.width === width && r.height === height && st.bufferWidth === Math.round(width * dpr) && st.bufferHeight === Math.round(height * dpr)
  }, { width, height, dpr }, WAIT)
  const s = await canvasState(page)
  expect(s).toMatchObject({ cssW: width, cssH: height, backingW: Math.round(width * dpr), backingH: Math.round(height * dpr), dpr, innerW: width, innerH: height })
}

/**
 * Zoom in to the detail zoom the engine's own way: a tap or click below it zooms in first, around
 * the pointer. Aimed at the seat drawn nearest the view centre, so seats stay in view afterwards.
 */
async function zoomToDetail(page: Page, tap: (x: number, y: number) => Promise<void>): Promise<void> {
  const target = await hitAtSeat(page, await seatNearCenter(page))
  await tap(target.x, target.y)
  await page.waitForFunction(() => window.__seatmap!.engine!.getSnapshot().tier !== 'sectors', null, WAIT)
}

/**
 * The full chain at the current size and ratio: centring the view on the seat nearest the centre
 * puts it in the middle of the window, it hit-tests back to itself there, a real click there
 * selects it, and the selected colour is drawn at that spot of the backing store (so canvas
 * pixels, engine coordinates and input coordinates all agree with the window's real size).
 */
async function expectSeatChainAgrees(page: Page, click: (x: number, y: number) => Promise<void>): Promise<void> {
  const i = await seatNearCenter(page)
  await page.evaluate((i) => {
    const e = window.__seatmap!.engine!
    const v = e.getVenue()!
    e.centerOn(v.seats.x[i], v.seats.y[i])
  }, i)
  const hit = await hitAtSeat(page, i)
  const s = await canvasState(page)
  expect(hit.x).toBeCloseTo(s.cssW / 2, 6)
  expect(hit.y).toBeCloseTo(s.cssH / 2, 6)
  expect(hit.at).toBe(i)
  // The lab toggles only free seats; make this one free whatever the generator gave it.
  await page.evaluate(({ i, free }) => window.__seatmap!.engine!.setStatuses([i], free), { i, free: SeatStatus.Free })
  const spot = await spotInSeat(page, i)
  expect((await renderedBlock(page, spot.x, spot.y)).some(isSelectedColor)).toBe(false)
  await click(hit.x, hit.y)
  await page.waitForFunction((i) => window.__seatmap!.selected.includes(i), i, WAIT)
  expect(await page.evaluate((i) => window.__seatmap!.engine!.getVenue()!.seats.status[i], i)).toBe(SeatStatus.Selected)
  expect((await renderedBlock(page, spot.x, spot.y)).some(isSelectedColor)).toBe(true)
  // Leave it free again so the next round starts from the same state.
  await page.evaluate(({ i, free }) => {
    window.__seatmap!.engine!.setStatuses([i], free)
    window.__seatmap!.selected = window.__seatmap!.selected.filter((s) => s !== i)
  }, { i, free: SeatStatus.Free })
}

function expectCameraValid(cam: { centerX: number; centerY: number; zoom: number }, bbox: number[]): void {
  expect(cam.zoom).toBeGreaterThanOrEqual(MIN_ZOOM)
  expect(cam.zoom).toBeLessThanOrEqual(MAX_ZOOM)
  expect(cam.centerX).toBeGreaterThanOrEqual(bbox[0])
  expect(cam.centerX).toBeLessThanOrEqual(bbox[2])
  expect(cam.centerY).toBeGreaterThanOrEqual(bbox[1])
  expect(cam.centerY).toBeLessThanOrEqual(bbox[3])
}

describe('seat map viewport (5k seats)', () => {
  it('double tap on empty map zooms in by the button factor around the tap; two slow taps do not', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true })
    const page = await openLab(context)
    await page.evaluate(() => {
      const rec = (window.__viewportTest = { ups: [] as number[] })
      // Registered after the engine's listener on the same element, so it runs after the engine's tap handling.
      document.querySelector('.seatmap-canvas')!.addEventListener('pointerup', () => rec.ups.push(performance.now()))
    })
    const ups = () => page.evaluate(() => [...window.__viewportTest!.ups])
    const tap = async (x: number, y: number) => {
      const n = (await ups()).length
      await page.touchscreen.tap(x, y)
      await page.waitForFunction((n) => window.__viewportTest!.ups.length > n, n, WAIT)
    }
    /** Lets DOUBLE_TAP_MS pass on the page clock since the last tap, so the next tap starts afresh. */
    const letTapExpire = async () => {
      const last = (await ups()).at(-1) ?? 0
      await page.waitForFunction(({ last, ms }) => performance.now() - last > ms, { last, ms: DOUBLE_TAP_MS }, WAIT)
    }

    await zoomToDetail(page, tap)
    await letTapExpire()

    // An empty spot (no seat within 10 px) away from the view centre (so zooming around it differs from zooming around the centre).
    const spot = await page.evaluate(({ width, height, CLEAR_PX }) => {
      const e = window.__seatmap!.engine!
      for (let r = 60; r < 300; r += 20) {
        for (let a = 0; a < 16; a++) {
          const x = width / 2 + r * Math.cos((a * Math.PI) / 8)
          const y = height / 2 + r * Math.sin((a * Math.PI) / 8)
          const clear = [0, 1, 2, 3, 4, 5, 6, 7].every((b) => e.seatAt(x + CLEAR_PX * Math.cos((b * Math.PI) / 4), y + CLEAR_PX * Math.sin((b * Math.PI) / 4)) < 0)
          if (x > 40 && x < width - 40 && y > 40 && y < height - 40 && e.seatAt(x, y) < 0 && clear) return { x: Math.round(x), y: Math.round(y) }
        }
      }
      return null
    }, { ...PHONE, CLEAR_PX: 10 })
    expect(spot, 'an empty spot on the map').not.toBeNull()
    const p = spot!
    expect(await page.evaluate(({ x, y }) => window.__seatmap!.engine!.seatAt(x, y), p)).toBe(-1)
    // A seat on screen to watch: after a zoom by f around p, its screen point q must become p + f·(q − p).
    const ref = await seatNearCenter(page)
    const before = await camera(page)
    const refBefore = await hitAtSeat(page, ref)
    expect(before.zoom * ZOOM_BUTTON_FACTOR).toBeLessThanOrEqual(MAX_ZOOM)

    // Two quick taps. If the shared machine ever stalls past DOUBLE_TAP_MS between them, they are two
    // single taps on empty map (no zoom) and the pair is tried again; the page clock decides which.
    let gap = Infinity
    for (let attempt = 0; attempt < 3 && gap >= DOUBLE_TAP_MS; attempt++) {
      await tap(p.x, p.y)
      await tap(p.x, p.y)
      const times = await ups()
      gap = times[times.length - 1] - times[times.length - 2]
      if (gap >= DOUBLE_TAP_MS) expect((await camera(page)).zoom).toBe(before.zoom)
    }
    expect(gap).toBeLessThan(DOUBLE_TAP_MS)
    const after = await camera(page)
    expect(after.zoom).toBeCloseTo(before.zoom * ZOOM_BUTTON_FACTOR, 9)
    const refAfter = await hitAtSeat(page, ref)
    expect(Math.abs(refAfter.x - (p.x + ZOOM_BUTTON_FACTOR * (refBefore.x - p.x)))).toBeLessThan(ANCHOR_TOLERANCE_PX)
    expect(Math.abs(refAfter.y - (p.y + ZOOM_BUTTON_FACTOR * (refBefore.y - p.y)))).toBeLessThan(ANCHOR_TOLERANCE_PX)
    // The drawing point under the tap is still under it: the spot stays empty, nothing got selected.
    expect(await page.evaluate(({ x, y }) => window.__seatmap!.engine!.seatAt(x, y), p)).toBe(-1)
    expect(await page.evaluate(() => window.__seatmap!.selected)).toEqual([])
    // The page itself neither zoomed nor scrolled.
    expect(await page.evaluate(() => ({ scrollY, scale: visualViewport?.scale ?? 1 }))).toEqual({ scrollY: 0, scale: 1 })

    // Two taps at the same spot further apart than DOUBLE_TAP_MS (page clock): no zoom.
    await letTapExpire()
    await tap(p.x, p.y)
    await letTapExpire()
    await tap(p.x, p.y)
    const times = await ups()
    expect(times[times.length - 1] - times[times.length - 2]).toBeGreaterThan(DOUBLE_TAP_MS)
    expect(await camera(page)).toEqual(after)
    expect(await hitAtSeat(page, ref)).toEqual(refAfter)
    await context.close()
  })

  it('a double tap while zoomed out zooms in and never selects the seat under the finger', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true })
    const page = await openLab(context)
    await page.evaluate(() => {
      const rec = (window.__viewportTest = { ups: [] as number[] })
      document.querySelector('.seatmap-canvas')!.addEventListener('pointerup', () => rec.ups.push(performance.now()))
    })
    const i = await seatNearCenter(page)
    await page.evaluate(({ i, free }) => window.__seatmap!.engine!.setStatuses([i], free), { i, free: SeatStatus.Free })
    const p = await hitAtSeat(page, i)
    await page.touchscreen.tap(p.x, p.y)
    await page.touchscreen.tap(p.x, p.y)
    await page.waitForFunction(() => window.__viewportTest!.ups.length >= 2, null, WAIT)
    const ups = await page.evaluate(() => window.__viewportTest!.ups)
    expect(ups[1] - ups[0]).toBeLessThan(DOUBLE_TAP_MS)
    expect((await camera(page)).zoom).toBeGreaterThan(1)
    expect(await page.evaluate(() => window.__seatmap!.selected)).toEqual([])
    expect(await page.evaluate(() => window.__seatmap!.engine!.getSnapshot().popover)).toBeNull()
    await context.close()
  })

  it('draws in a worker by default and on the page when asked, with the same result on screen', async () => {
    for (const [query, where] of [['', 'worker'], ['&renderIn=main', 'main']] as const) {
      const context = await browser.newContext({ viewport: { width: 900, height: 700 } })
      const page = await openLab(context, query)
      expect(await page.evaluate(() => window.__seatmap!.engine!.getStats().renderIn)).toBe(where)
      const click = (x: number, y: number) => page.mouse.click(x, y)
      await zoomToDetail(page, click)
      // The next click must not pair with the zooming one into a double click (page clock).
      const zoomedAt = await page.evaluate(() => performance.now())
      await page.waitForFunction(({ t, ms }) => performance.now() - t > ms, { t: zoomedAt, ms: DOUBLE_TAP_MS }, WAIT)
      const i = await seatNearCenter(page)
      const p = await hitAtSeat(page, i)
      expect(p.at).toBe(i)
      await page.evaluate(({ i, free }) => window.__seatmap!.engine!.setStatuses([i], free), { i, free: SeatStatus.Free })
      const spot = await spotInSeat(page, i)
      expect((await renderedBlock(page, spot.x, spot.y)).some(isSelectedColor)).toBe(false)
      await click(p.x, p.y)
      await page.waitForFunction((i) => window.__seatmap!.selected.includes(i), i, WAIT)
      expect((await renderedBlock(page, spot.x, spot.y)).some(isSelectedColor)).toBe(true)
      // And the window shows it: the placeholder canvas presents the worker's frames.
      await expect.poll(async () => (await screenBlock(page, spot.x, spot.y)).some(isSelectedColor), WAIT).toBe(true)
      await context.close()
    }
  })

  it('follows window resizes: backing store, camera and hit-testing stay in step', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await openLab(context)
    const bbox = await page.evaluate(() => [...window.__seatmap!.engine!.getVenue()!.bbox])
    await waitCanvasFollows(page, 1280, 800, 1)
    const click = (x: number, y: number) => page.mouse.click(x, y)
    await zoomToDetail(page, click)
    await expectSeatChainAgrees(page, click)
    let cam = await camera(page)

    // Narrower and taller (aspect flips), then wider than at first.
    for (const size of [{ width: 700, height: 900 }, { width: 1440, height: 640 }]) {
      await page.setViewportSize(size)
      await waitCanvasFollows(page, size.width, size.height, 1)
      // The camera is relative to fit-to-view: a resize keeps its centre and zoom, and it stays valid.
      const now = await camera(page)
      expect(now).toEqual(cam)
      expectCameraValid(now, bbox)
      await expectSeatChainAgrees(page, click)
      cam = await camera(page)
    }
    // Zoom 1 is fit-to-view of the current window: after the resizes every seat is inside it.
    const extent = await page.evaluate(() => {
      const e = window.__seatmap!.engine!
      e.reset()
      let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity]
      for (let i = 0; i < e.getVenue()!.seats.count; i++) {
        const p = e.seatToScreen(i)!
        ;[x0, y0, x1, y1] = [Math.min(x0, p.x), Math.min(y0, p.y), Math.max(x1, p.x), Math.max(y1, p.y)]
      }
      return { x0, y0, x1, y1 }
    })
    expect(extent.x0).toBeGreaterThan(0)
    expect(extent.y0).toBeGreaterThan(0)
    expect(extent.x1).toBeLessThan(1440)
    expect(extent.y1).toBeLessThan(640)
    await context.close()
  })

  it('renders at 2x backing size with deviceScaleFactor 2, hit-testing in CSS pixels, also after a resize', async () => {
    const context = await browser.newContext({ viewport: { width: 800, height: 600 }, deviceScaleFactor: 2 })
    const page = await openLab(context)
    await waitCanvasFollows(page, 800, 600, 2)
    const click = (x: number, y: number) => page.mouse.click(x, y)
    await zoomToDetail(page, click)
    await expectSeatChainAgrees(page, click)
    await page.setViewportSize({ width: 640, height: 720 })
    await waitCanvasFollows(page, 640, 720, 2)
    await expectSeatChainAgrees(page, click)
    await context.close()
  })

  it('follows a devicePixelRatio change at runtime (same CSS size, new ratio)', async () => {
    const size = { width: 800, height: 600 }
    const context = await browser.newContext({ viewport: size })
    const page = await openLab(context)
    await waitCanvasFollows(page, size.width, size.height, 1)
    const click = (x: number, y: number) => page.mouse.click(x, y)
    await zoomToDetail(page, click)
    let cam = await camera(page)
    const cdp = await context.newCDPSession(page)
    let nudge = false
    // 1 → 2 → 3 → 1: each step needs the engine's watcher to have re-armed for the new ratio.
    for (const dpr of [2, 3, 1]) {
      await cdp.send('Emulation.setDeviceMetricsOverride', { ...size, deviceScaleFactor: dpr, mobile: false })
      // Headless Chromium's emulation changes devicePixelRatio without re-evaluating media queries
      // (a real screen change or browser zoom does), so MediaQueryList 'change' would never fire.
      // Toggling an unrelated emulated media feature makes Chromium re-evaluate them; the CSS size
      // does not change, so only the engine's resolution query can notice the new ratio.
      nudge = !nudge
      await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: nudge ? 'reduce' : 'no-preference' }] })
      await waitCanvasFollows(page, size.width, size.height, dpr)
      expect(await camera(page)).toEqual(cam)
      await expectSeatChainAgrees(page, click)
      cam = await camera(page)
    }
    await context.close()
  })
})
