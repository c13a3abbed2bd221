import type { Page } from 'playwright-core'

/** Zoom (relative to fit) past the detail threshold, where a click selects instead of zooming. */
export const SELECT_ZOOM = 8

/**
 * Centres the page's map (storefront scheme, console studio or blocks) on the seat with `key` at
 * `zoom`, waits until seats are drawn one by one, and answers the seat's page coordinates and its
 * index in the engine's venue. Reads the engine through the test handle (window.__seatwiseTest).
 */
export async function seatOnPage(page: Page, key: string, zoom = SELECT_ZOOM): Promise<{ x: number; y: number; index: number }> {
  const p = await page.evaluate(({ key, zoom }) => {
    const e = window.__seatwiseTest!.schemeEngine!
    const i = e.indexOfKey(key)
    const v = e.getVenue()!
    e.centerOn(v.seats.x[i], v.seats.y[i], zoom)
    return { ...e.seatToScreen(i)!, index: i }
  }, { key, zoom })
  await page.waitForFunction(() => window.__seatwiseTest!.schemeEngine!.getSnapshot().tier !== 'sectors', null, { timeout: 10_000 })
  const box = (await page.locator('.seatmap-canvas').first().boundingBox())!
  return { x: box.x + p.x, y: box.y + p.y, index: p.index }
}
