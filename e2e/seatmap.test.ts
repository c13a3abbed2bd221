import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOUBLE_TAP_MS } from '../src/engine/interaction/states'
import { gotoLab, startLab } from './seatmap-support/labPage'
import type { StaticServer } from './seatmap-support/staticServer'

/**
 * The seat map in real Chromium (software WebGL): a 100,000-seat venue from the lab page,
 * wheel zoom, a two-finger pinch on a phone viewport, click-to-select and keyboard navigation.
 * Every assertion reads engine state through window.__seatmap or the DOM, never timings.
 */
const SEATS = 100_000

let server: StaticServer
let browser: Browser

async function openLab(page: Page, query = `seats=${SEATS}`): Promise<void> {
  await gotoLab(page, server, query)
}

const snap = (page: Page) => page.evaluate(() => window.__seatmap!.engine!.getSnapshot())
const camera = (page: Page) => page.evaluate(() => ({ ...window.__seatmap!.engine!.getCamera() }))

beforeAll(async () => {
  ;({ server, browser } = await startLab())
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('seat map (100k seats)', () => {
  it('loads, zooms with the wheel around the cursor, selects a seat by click and navigates by keyboard', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await openLab(page)
    expect(await page.evaluate(() => window.__seatmap!.engine!.getVenue()!.seats.count)).toBe(SEATS)
    expect((await snap(page)).zoom).toBe(1)

    // Wheel: zoom in towards the cursor; the drawing point under it stays under it.
    const cursor = { x: 400, y: 300 }
    await page.mouse.move(cursor.x, cursor.y)
    const before = await camera(page)
    for (let k = 0; k < 4; k++) await page.mouse.wheel(0, -200)
    await page.waitForFunction(() => window.__seatmap!.engine!.getSnapshot().zoom > 2.5, null, { timeout: 10_000 })
    const after = await camera(page)
    expect(after.zoom).toBeGreaterThan(before.zoom)
    // The camera centre moved towards the cursor (which is left of and above the view centre).
    expect(after.centerX).toBeLessThan(before.centerX)
    expect(after.centerY).toBeLessThan(before.centerY)
    await expect.poll(() => page.locator('.seatmap-scale').textContent()).toMatch(/^\d+(\.\d)?x$/)

    // Below the detail threshold a click zooms in first and selects nothing.
    const target = 12_345
    let pos = await page.evaluate((i) => window.__seatmap!.engine!.seatToScreen(i)!, target)
    const inView = pos.x > 0 && pos.x < 1280 && pos.y > 0 && pos.y < 800
    if (!inView) {
      await page.evaluate((i) => {
        const e = window.__seatmap!.engine!
        const v = e.getVenue()!
        e.centerOn(v.seats.x[i], v.seats.y[i], 3)
      }, target)
      pos = await page.evaluate((i) => window.__seatmap!.engine!.seatToScreen(i)!, target)
    }
    await page.mouse.click(pos.x, pos.y)
    await page.waitForFunction(() => window.__seatmap!.engine!.getSnapshot().zoom >= 5, null, { timeout: 10_000 })
    expect(await page.evaluate(() => window.__seatmap!.selected)).toEqual([])
    // Past the threshold the same click selects the seat (the lab toggles it via setStatuses),
    // once the double-tap window is over: a second click inside it would be a double-tap zoom.
    await page.waitForTimeout(2 * DOUBLE_TAP_MS)
    await page.evaluate((i) => window.__seatmap!.engine!.getVenue()!.seats.status[i] = 0, target)
    pos = await page.evaluate((i) => window.__seatmap!.engine!.seatToScreen(i)!, target)
    await page.mouse.click(pos.x, pos.y)
    await page.waitForFunction((i) => window.__seatmap!.selected.includes(i), target, { timeout: 10_000 })
    expect(await page.evaluate((i) => window.__seatmap!.engine!.getVenue()!.seats.status[i], target)).toBe(1)
    expect((await snap(page)).popover?.seat.index).toBe(target)
    // A second click toggles it back.
    await page.mouse.click(pos.x, pos.y)
    await page.waitForFunction((i) => !window.__seatmap!.selected.includes(i), target, { timeout: 10_000 })

    // Keyboard: Tab into the map, arrows move the focused seat, the live region announces it.
    await page.locator('.seatmap-canvas').focus()
    await page.keyboard.press('ArrowRight')
    await page.waitForFunction(() => window.__seatmap!.engine!.getSnapshot().focus != null, null, { timeout: 10_000 })
    const first = (await snap(page)).focus!.index
    const live = page.locator('.seatmap-live')
    const text1 = await live.textContent()
    expect(text1).toMatch(/Sector .+, row .+, seat .+/)
    await page.keyboard.press('ArrowRight')
    await page.waitForFunction((f) => window.__seatmap!.engine!.getSnapshot().focus?.index !== f, first, { timeout: 10_000 })
    const second = (await snap(page)).focus!.index
    const text2 = await live.textContent()
    expect(text2).not.toBe(text1)
    await page.keyboard.press('ArrowDown')
    await page.waitForFunction((f) => window.__seatmap!.engine!.getSnapshot().focus?.index !== f, second, { timeout: 10_000 })
    // Enter toggles the focused seat.
    const third = (await snap(page)).focus!.index
    await page.evaluate((i) => window.__seatmap!.engine!.getVenue()!.seats.status[i] = 0, third)
    await page.keyboard.press('Enter')
    await page.waitForFunction((i) => window.__seatmap!.selected.includes(i), third, { timeout: 10_000 })

    // A status change of 10,000 seats is applied whole in the first frame drawn after it reached
    // the renderer (in its worker or on the page): no second frame is needed for the rest.
    const flushed = await page.evaluate(async () => {
      const e = window.__seatmap!.engine!
      const rev = e.getSnapshot().statusRevision
      const ids = Array.from({ length: 10_000 }, (_, k) => k * 7)
      e.setStatuses(ids, 3)
      const pendingBefore = e.getStats().pendingColors
      // Frames drawn from earlier batches (rings, labels) may still be reported first.
      await new Promise<void>((r) => {
        const off = e.on('frame', ({ rendered, statuses }) => {
          if (!rendered || !statuses) return
          off()
          r()
        })
      })
      const v = e.getVenue()!
      return { pendingBefore, pendingAfter: e.getStats().pendingColors, sold: ids.every((i) => v.seats.status[i] === 3), rev: e.getSnapshot().statusRevision - rev }
    })
    expect(flushed).toEqual({ pendingBefore: true, pendingAfter: false, sold: true, rev: 1 })

    // The list view: sections → rows → seats, rendered from engine data.
    await page.getByRole('button', { name: 'Seat list' }).click()
    const list = page.locator('.seatmap-list')
    await list.locator('details > summary').first().click()
    await list.locator('details details > summary').first().click()
    await expect.poll(() => list.locator('li button').count()).toBeGreaterThan(0)
    expect(await list.locator('li button').first().textContent()).toMatch(/^Seat .+, (Free|Selected|Held|Sold|Unavailable|Filtered out)$/)
    // Sections, rows and seats are targets a finger can hit (WCAG 2.2: 24 px at the least).
    const heights = await list.locator('summary, li button').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height))
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(24)
    await page.close()
  })

  it('pinches with two fingers on a phone viewport without scrolling or zooming the page', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 })
    const page = await context.newPage()
    await openLab(page)
    const cdp = await page.context().newCDPSession(page)
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number; id: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p) => ({ x: p.x, y: p.y, id: p.id, radiusX: 2, radiusY: 2, force: 1 })) })
    const before = await camera(page)
    const cx = 195
    const cy = 420
    await touch('touchStart', [{ x: cx - 40, y: cy, id: 1 }, { x: cx + 40, y: cy, id: 2 }])
    for (let k = 1; k <= 10; k++) {
      await touch('touchMove', [{ x: cx - 40 - k * 12, y: cy, id: 1 }, { x: cx + 40 + k * 12, y: cy, id: 2 }])
    }
    await touch('touchEnd', [])
    await page.waitForFunction((z) => window.__seatmap!.engine!.getCamera().zoom > z * 2, before.zoom, { timeout: 10_000 })
    const after = await camera(page)
    // Fingers spread from 80 px to 320 px: log2(4) = 2 doublings.
    expect(after.zoom).toBeGreaterThan(before.zoom * 3)
    expect(after.zoom).toBeLessThan(before.zoom * 5)
    const pageState = await page.evaluate(() => ({ scrollY: window.scrollY, scale: window.visualViewport?.scale ?? 1 }))
    expect(pageState).toEqual({ scrollY: 0, scale: 1 })

    // One-finger drag pans the map.
    const mid = await camera(page)
    await touch('touchStart', [{ x: 200, y: 400, id: 3 }])
    for (let k = 1; k <= 8; k++) await touch('touchMove', [{ x: 200 + k * 10, y: 400 + k * 5, id: 3 }])
    await touch('touchEnd', [])
    await page.waitForFunction((x) => window.__seatmap!.engine!.getCamera().centerX < x, mid.centerX, { timeout: 10_000 })
    await context.close()
  })
})
