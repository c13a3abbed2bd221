import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LANDING_ELEMENT_ID } from '../src/contract/landing'
import { DESKTOP_VIEWPORT, eventHash, openPage, startApp, waitForListing, type AppHarness } from './support/app'

/**
 * The scheme page's critical path (issue 16), in real Chromium against the real server: the
 * page's HTML carries its first calls' answers (server/plugins/scheme-landing.ts), the entry
 * starts the compiled venue's download with them before the route's code has arrived
 * (src/app/boot/earlyAnswers.ts, prefetch.ts), the app takes those answers instead of asking,
 * and the listing pays for none of it.
 */
const MAP_TIMEOUT = 150_000
let app: AppHarness

beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => {
  await app?.close()
})

const hallHash = () => eventHash(app, 'Organ Night')

describe('the scheme page\'s early calls', () => {
  it('downloads the compiled venue while the route\'s screen code is still held back, and sends none of the calls its HTML answered', async () => {
    const hash = await hallHash()
    const context = await app.browser.newContext({ viewport: DESKTOP_VIEWPORT, deviceScaleFactor: 1 })
    await context.addInitScript(() => {
      window.__seatwiseTest = {}
    })
    const page = await context.newPage()
    const requests: { method: string; path: string }[] = []
    // Page and workers: Chromium reports a dedicated worker's fetches on the context.
    context.on('request', (r) => requests.push({ method: r.method(), path: new URL(r.url()).pathname }))
    // The worker scripts' requests in order, with their kind: the page's own high-priority fetch
    // must come before the worker's request for its script (src/engine/workerScript.ts).
    const workerScripts: string[] = []
    context.on('request', (r) => {
      const name = /\/assets\/(venue|render)\.worker-[^/]+\.js$/.exec(new URL(r.url()).pathname)?.[1]
      if (name !== undefined) workerScripts.push(`${name} ${r.resourceType()}`)
    })
    // The screen's chunk is answered only once the venue worker has asked for the compiled venue:
    // a page that learnt where the map is only from the screen (before issue 16's early calls)
    // never gets there, and the map never shows.
    let venueAsked!: () => void
    const venueRequested = new Promise<void>((resolve) => (venueAsked = resolve))
    context.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/venues/compiled/')) venueAsked()
    })
    let held = 0
    await page.route(/\/assets\/SchemePage-[^/]+\.js$/, async (route) => {
      held++
      await venueRequested
      await route.continue()
    })
    await page.goto(new URL(`/scheme/${hash}`, app.baseUrl).toString(), { waitUntil: 'commit' })
    await page.waitForSelector('.scheme-map[data-phase="ready"]', { timeout: MAP_TIMEOUT })
    await page.waitForFunction(() => window.__seatwiseTest?.schemeEngine?.getSnapshot().hasVenue ?? false, null, { timeout: 60_000 })
    expect(held).toBeGreaterThan(0)
    expect(await page.evaluate(() => window.__seatwiseTest!.schemeEngine!.getVenue()!.seats.count)).toBe(5000)

    // The page's HTML carried the header, sessions, room and map location (server/plugins/
    // scheme-landing.ts): the app took those answers and sent none of those calls; only the
    // token (the visitor's session) went out.
    expect(await page.evaluate((id) => document.getElementById(id) !== null, LANDING_ELEMENT_ID)).toBe(true)
    const count = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path).length
    expect(count('GET', '/api/token')).toBe(1)
    expect(count('POST', '/api/scheme')).toBe(0)
    expect(count('POST', '/api/scheme/sessions')).toBe(0)
    expect(count('POST', '/api/queue/status')).toBe(0)
    expect(count('POST', '/api/scheme/map/compiled')).toBe(0)
    expect(requests.filter((r) => r.path.startsWith('/api/venues/compiled/'))).toHaveLength(1)
    expect(count('GET', '/api/scheme/map/statuses')).toBe(1)
    expect(count('POST', '/api/scheme/map')).toBe(0)
    // The route's chunks were preloaded by the entry (one request each, not one more from the router).
    expect(requests.filter((r) => /\/assets\/SchemePage-[^/]+\.js$/.test(r.path))).toHaveLength(1)
    // Each worker's script: first the page's fetch, then the worker's own request (served by the cache).
    for (const name of ['venue', 'render']) expect(workerScripts.filter((w) => w.startsWith(`${name} `))).toEqual([`${name} fetch`, `${name} script`])
    await context.close()
  })

  it('makes the map\'s WebGL context before the map exists: the map draws on the canvas the page prepared, at its own size', async () => {
    const hash = await hallHash()
    const context = await app.browser.newContext({ viewport: DESKTOP_VIEWPORT, deviceScaleFactor: 1 })
    await context.addInitScript(() => {
      window.__seatwiseTest = {}
      // Every canvas handed to a worker, and whether it was in the document then (src/engine/render/spareRenderWorker.ts).
      const w = window as unknown as { __handed: { connected: boolean; at: number }[] }
      w.__handed = []
      const transfer = HTMLCanvasElement.prototype.transferControlToOffscreen
      HTMLCanvasElement.prototype.transferControlToOffscreen = function (this: HTMLCanvasElement) {
        w.__handed.push({ connected: this.isConnected, at: performance.now() })
        this.dataset.handed = String(w.__handed.length)
        return transfer.call(this)
      }
    })
    const page = await context.newPage()
    await page.goto(new URL(`/scheme/${hash}`, app.baseUrl).toString(), { waitUntil: 'commit' })
    await page.waitForSelector('.scheme-map[data-phase="ready"]', { timeout: MAP_TIMEOUT })
    await page.waitForFunction(() => window.__seatwiseTest?.schemeEngine?.getSnapshot().ready ?? false, null, { timeout: 60_000 })
    const handed = await page.evaluate(() => (window as unknown as { __handed: { connected: boolean; at: number }[] }).__handed)
    // One canvas, handed over while it was in no document: before the map's host existed.
    expect(handed).toHaveLength(1)
    expect(handed[0].connected).toBe(false)
    // That canvas is the map's, and its drawing buffer follows the map's host, not the window it was made for.
    const host = await page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('.scheme-map canvas[data-handed="1"]')
      const box = canvas?.parentElement?.getBoundingClientRect()
      return box ? { width: Math.round(box.width), height: Math.round(box.height) } : null
    })
    expect(host).not.toBeNull()
    expect(host!.height).toBeLessThan(DESKTOP_VIEWPORT.height)
    await page.waitForFunction((h) => {
      const stats = window.__seatwiseTest!.schemeEngine!.getStats()
      return stats.bufferWidth === h.width && stats.bufferHeight === h.height
    }, host!, { timeout: 10_000 })
    await context.close()
  })

  it('sends no early call and starts no seat-map worker on the listing', async () => {
    const opened = await openPage(app, '/', DESKTOP_VIEWPORT)
    const paths: string[] = []
    opened.context.on('request', (r) => paths.push(new URL(r.url()).pathname))
    await waitForListing(opened.page)
    await opened.page.waitForTimeout(500)
    expect(opened.apiRequests.filter((r) => r.path.startsWith('/api/scheme'))).toEqual([])
    expect(paths.filter((p) => /render\.worker|venue\.worker|webworkerAll|SchemePage/.test(p))).toEqual([])
    // The preload list is inert there: no link was added from it.
    expect(await opened.page.evaluate(() => document.querySelectorAll('link[rel="modulepreload"][href*="SchemePage"]').length)).toBe(0)
    await opened.context.close()
  })
})
