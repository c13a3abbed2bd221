import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP_VIEWPORT, openPage, startApp, type AppHarness } from './support/app'

/**
 * Where the storefront's map comes from (issue 16.2), in real Chromium against the real server:
 * by default the venue worker downloads the compiled drawing and the status bytes (the page never
 * asks for /api/scheme/map); `?mapSource=json` takes the spec's JSON-and-SVG path. Both draw the
 * same seats with the same statuses and labels.
 */
const MAP_TIMEOUT = 150_000
let app: AppHarness

beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => {
  await app?.close()
})

async function hallHash(): Promise<string> {
  const afisha = (await (await fetch(`${app.baseUrl}/api/afisha`)).json()) as { action: { hash_id: string; action_en: string }[] }
  return afisha.action.find((a) => a.action_en === 'Organ Night')!.hash_id
}

/** Requests of the page and of its workers (Chromium reports a dedicated worker's fetches on the context). */
function record(page: Page): string[] {
  const paths: string[] = []
  page.context().on('request', (r) => paths.push(new URL(r.url()).pathname))
  return paths
}

async function shownVenue(page: Page) {
  await page.waitForSelector('.scheme-map[data-phase="ready"]', { timeout: MAP_TIMEOUT })
  await page.waitForFunction(() => window.__seatwiseTest?.schemeEngine?.getSnapshot().hasVenue ?? false, null, { timeout: 60_000 })
  return page.evaluate(() => {
    const e = window.__seatwiseTest!.schemeEngine!
    const v = e.getVenue()!
    const statuses = Array.from(v.seats.status)
    const sample = [0, Math.floor(v.seats.count / 2), v.seats.count - 1].map((i) => e.getSeatInfo(i)!)
    return { count: v.seats.count, statuses, sample: sample.map((s) => ({ key: s.key, row: s.row, number: s.number })) }
  })
}

describe('the scheme page\'s map source', () => {
  it('downloads the compiled venue in the worker by default, and the JSON map with ?mapSource=json, drawing the same', async () => {
    const hash = await hallHash()
    const compiled = await openPage(app, `/scheme/${hash}`, DESKTOP_VIEWPORT)
    const compiledPaths = record(compiled.page)
    const a = await shownVenue(compiled.page)
    expect(a.count).toBe(5000)
    expect(compiled.apiRequests.some((r) => r.path === '/api/scheme/map')).toBe(false)
    expect(compiled.apiRequests.some((r) => r.path === '/api/scheme/map/compiled')).toBe(true)
    const workerFetches = compiledPaths.filter((p) => p.startsWith('/api/venues/compiled/') || p === '/api/scheme/map/statuses')
    expect(new Set(workerFetches.map((p) => p.split('/')[2])).size).toBe(2)

    const json = await openPage(app, `/scheme/${hash}?mapSource=json`, DESKTOP_VIEWPORT)
    const b = await shownVenue(json.page)
    expect(json.apiRequests.some((r) => r.path === '/api/scheme/map')).toBe(true)
    expect(json.apiRequests.some((r) => r.path === '/api/scheme/map/compiled')).toBe(false)
    expect(b.count).toBe(a.count)
    expect(b.sample).toEqual(a.sample)
    expect(b.statuses).toEqual(a.statuses)
    expect(compiled.errors).toEqual([])
    expect(json.errors).toEqual([])
    await compiled.context.close()
    await json.context.close()
  }, 300_000)
})
