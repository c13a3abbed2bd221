import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StudioPlan } from '../src/contract/admin/studio'
import { generateVenue } from '../src/engine/generate/index'
import { DESKTOP_VIEWPORT, eventHash, openPage, startApp, type AppHarness } from './support/app'
import { consoleApi, createOperators, type ConsoleAccount } from './support/console'

/**
 * Where the storefront's map comes from (issue 16.2), in real Chromium against the real server:
 * by default the venue worker downloads the compiled drawing and the status bytes (the page never
 * asks for /api/scheme/map); `?mapSource=json` takes the spec's JSON-and-SVG path. Both draw the
 * same seats with the same statuses and labels. A map edited in the console's studio takes the
 * compiled path too, drawing its rows: painted zones, renamed rows, deleted seats (issue 17).
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

/** Requests of the page and of its workers (Chromium reports a dedicated worker's fetches on the context). */
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
    const compiledPaths = compiled.paths
    const a = await shownVenue(compiled.page)
    expect(a.count).toBe(5000)
    expect(compiled.apiRequests.some((r) => r.path === '/api/scheme/map')).toBe(false)
    // Where the compiled map lies came with the page's HTML (server/plugins/scheme-landing.ts).
    expect(compiled.apiRequests.some((r) => r.path === '/api/scheme/map/compiled')).toBe(false)
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

const DAY_MS = 86_400_000
/** Engine statuses (engine/model SeatStatus). */
const FREE = 0
const UNAVAILABLE = 4
type Row = Record<string, unknown> & { id: number }

/** A venue put on sale the way an operator does it: imported, edited in the studio, a session on the edited version. */
async function studioHall(): Promise<{ hash: string; drawing: number; painted: string; deleted: string; renamed: string }> {
  const owner: ConsoleAccount = { email: 'studio-owner@example.org', password: 'an owner password', role: 'owner' }
  await createOperators(app, owner)
  const api = await consoleApi(app, owner)
  const venue = (await api.post<{ id: number }>('/api/admin/venues', { name_ru: 'Студия', name_en: 'Studio hall' })).body.id
  const first = (await api.post<{ drawing_id: number }>(`/api/admin/venues/${venue}/drawings`, { name: 'hall', svg: generateVenue({ kind: 'hall', seats: 400, seed: 11 }) })).body.drawing_id
  const plan = (await api.get<StudioPlan>(`/api/admin/drawings/${first}`)).body
  const row0 = plan.seats.row[0]
  const inRow = plan.seats.key.filter((_, i) => plan.seats.sector[i] === 0 && plan.seats.row[i] === row0)
  const deleted = plan.seats.key[plan.seats.sector.indexOf(1)]
  const edit = await api.post<{ drawing_id: number }>(`/api/admin/drawings/${first}/edit`, {
    ops: [
      { op: 'add-zone', name: 'Studio', color: '#e63946' },
      { op: 'paint', zone: 'new:0', seats: { sector: 0 } },
      { op: 'rename-row', sector: 0, row: row0, to: 'Z9' },
      { op: 'delete-seats', seats: { keys: [deleted] } },
    ],
  })
  expect(edit.status, JSON.stringify(edit.body)).toBe(200)
  const drawing = edit.body.drawing_id
  const zone = (await api.get<StudioPlan>(`/api/admin/drawings/${drawing}`)).body.zones.find((z) => z.name === 'Studio')!.id
  const refs = (await api.get<{ kinds: Row[]; menus: Row[]; categories: Row[] }>('/api/admin/refs')).body
  const kind = refs.kinds[0].id
  const event = (await api.post<{ id: number }>('/api/admin/events', { menu_kind_id: kind, venue_id: venue, scheme: 1, name_ru: 'Студия', name_en: 'Studio night', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] })).body.id
  const day = new Date(Date.now() + 6 * DAY_MS).toISOString().slice(0, 10)
  const session = (await api.post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day, time: '19:00', drawing_id: drawing })).body.ids[0]
  expect((await api.post(`/api/admin/sessions/${session}/prices`, { client_category_id: refs.categories[0].id, zone_id: zone, price: 100000 })).status).toBe(200)
  expect((await api.post(`/api/admin/events/${event}/publish`, { published: 1 })).status).toBe(200)
  const hash = (await api.get<{ event: { hash_id: string } }>(`/api/admin/events/${event}`)).body.event.hash_id
  return { hash, drawing, painted: inRow[1], deleted, renamed: inRow[0] }
}

describe('the scheme page of a map edited in the studio', () => {
  it('downloads the compiled venue of the edited version: its seats, zones and labels, not the drawing\'s', async () => {
    const hall = await studioHall()
    const opened = await openPage(app, `/scheme/${hall.hash}`, DESKTOP_VIEWPORT)
    const paths = opened.paths
    await opened.page.waitForSelector('.scheme-map[data-phase="ready"]', { timeout: MAP_TIMEOUT })
    await opened.page.waitForFunction(() => window.__seatwiseTest?.schemeEngine?.getSnapshot().hasVenue ?? false, null, { timeout: 60_000 })
    expect(opened.apiRequests.some((r) => r.path === '/api/scheme/map')).toBe(false)
    expect(paths.some((p) => p.startsWith('/api/venues/compiled/'))).toBe(true)
    const shown = await opened.page.evaluate((h) => {
      const e = window.__seatwiseTest!.schemeEngine!
      const v = e.getVenue()!
      const info = (k: string) => {
        const i = e.indexOfKey(k)
        return i < 0 ? null : { row: e.getSeatInfo(i)!.row, status: v.seats.status[i] }
      }
      return { count: v.seats.count, deleted: e.indexOfKey(h.deleted), painted: info(h.painted), renamed: info(h.renamed), other: v.seats.status[v.seats.count - 1] }
    }, hall)
    const stored = await app.server.db.selectFrom('seats').select('id').where('drawing_id', '=', hall.drawing).execute()
    expect(shown.count).toBe(stored.length)
    expect(shown.deleted).toBe(-1)
    // The painted sector is the priced zone (for sale); the rest has no price (not for sale).
    expect(shown.painted?.status).toBe(FREE)
    expect(shown.renamed).toEqual({ row: 'Z9', status: FREE })
    expect(shown.other).toBe(UNAVAILABLE)
    expect(opened.errors).toEqual([])
    await opened.context.close()
  }, 300_000)
})
