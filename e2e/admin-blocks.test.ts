import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StudioPlan } from '../src/contract/admin/studio'
import type { AdminClient } from '../tests/integration/admin-helpers'
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, openPage, type AppHarness } from './support/app'
import { axeClean, consoleApi, openConsole, signInConsole, startConsoleApp, type ConsoleAccount } from './support/console'
import { seatOnPage } from './support/seatOnPage'
import { ADMIN_TEXTS } from '../src/app/admin/texts'

/**
 * Blocking seats in the studio and watching it on Sales (issue 17 items 3 and 4), in Chromium:
 * the owner lasso-selects a seat on the WebGL map, blocks a row of a session that is on sale,
 * then the Sales screen's seat map (the storefront's map and live stream) shows the row taken and
 * follows further blocks and unblocks live. axe-core on each screen.
 */
const DRAWING = path.resolve('../shared/venues/real/ub-palace-ulaanbaatar.svg')
const OWNER: ConsoleAccount = { email: 'owner@example.org', password: 'an owner password', role: 'owner' }
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
const MAP_TIMEOUT = 120_000
/** Engine statuses (engine/model SeatStatus): free and sold (a blocked seat shows taken, as in the shop). */
const FREE = 0
const SOLD = 3
type Row = Record<string, unknown> & { id: number }

let app: AppHarness
let api: AdminClient
let drawing: number
let eventId: number
let session: number
let rows: string[][]

async function waitForEngine(page: Page): Promise<void> {
  await page.waitForFunction(() => (window.__seatwiseTest?.schemeEngine?.getSnapshot().hasVenue ?? false) && (window.__seatwiseTest?.schemeEngine?.getSnapshot().ready ?? false), null, { timeout: MAP_TIMEOUT })
}

const engineStatus = (page: Page, key: string) => page.evaluate((k) => {
  const e = window.__seatwiseTest!.schemeEngine!
  return e.getVenue()!.seats.status[e.indexOfKey(k)]
}, key)

beforeAll(async () => {
  app = await startConsoleApp([OWNER], { ownPort: true })
  // The venue, its painted map and an event on sale, through the console's API (the studio e2e
  // covers doing this by hand).
  api = await consoleApi(app, OWNER)
  const venue = (await api.post<{ id: number }>('/api/admin/venues', { name_ru: 'Блоки', name_en: 'Blocks' })).body.id
  const first = (await api.post<{ drawing_id: number }>(`/api/admin/venues/${venue}/drawings`, { name: 'ub-palace', svg: fs.readFileSync(DRAWING, 'utf8') })).body.drawing_id
  const plan = (await api.get<StudioPlan>(`/api/admin/drawings/${first}`)).body
  const bySector = new Map<number, Map<string, string[]>>()
  plan.seats.key.forEach((k, i) => {
    const r = bySector.get(plan.seats.sector[i]) ?? new Map<string, string[]>()
    r.set(plan.seats.row[i], [...(r.get(plan.seats.row[i]) ?? []), k])
    bySector.set(plan.seats.sector[i], r)
  })
  const [sector, sectorRows] = [...bySector].filter(([, r]) => [...r.values()].filter((k) => k.length >= 2).length >= 3).sort((a, b) => [...b[1].values()].flat().length - [...a[1].values()].flat().length)[0]
  rows = [...sectorRows.values()].filter((k) => k.length >= 2)
  drawing = (await api.post<{ drawing_id: number }>(`/api/admin/drawings/${first}/edit`, { ops: [{ op: 'add-zone', name: 'Hall', color: '#2a9d8f' }, { op: 'paint', zone: 'new:0', seats: { sector } }] })).body.drawing_id
  const zone = (await api.get<StudioPlan>(`/api/admin/drawings/${drawing}`)).body.zones.find((z) => z.name === 'Hall')!.id
  const refs = (await api.get<{ kinds: Row[]; menus: Row[]; categories: Row[] }>('/api/admin/refs')).body
  const kind = refs.kinds[0].id
  eventId = (await api.post<{ id: number }>('/api/admin/events', { menu_kind_id: kind, venue_id: venue, scheme: 1, name_ru: 'Блоки', name_en: 'Blocks', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] })).body.id
  session = (await api.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day: dayIn(6), time: '19:00', drawing_id: drawing })).body.ids[0]
  expect((await api.post(`/api/admin/sessions/${session}/prices`, { client_category_id: refs.categories[0].id, zone_id: zone, price: 100000 })).status).toBe(200)
  expect((await api.post(`/api/admin/events/${eventId}/publish`, { published: 1 })).status).toBe(200)
})
afterAll(async () => {
  await app?.close()
})

describe('blocking seats of a session on sale', () => {
  it('lasso-selects on the map, blocks a row of the session, and the Sales map shows blocks live', async () => {
    const { page, context, errors } = await openPage(app, '/admin', DESKTOP_VIEWPORT)
    const notFound: string[] = []
    page.on('response', (r) => r.status() === 404 && notFound.push(new URL(r.url()).pathname))
    await signInConsole(page, OWNER.email, OWNER.password, 'en', 'button')
    await page.goto(new URL(`/admin/drawings/${drawing}`, app.baseUrl).toString())
    // The import's first save edited it in place (no session used it then); the session seals it.
    await page.getByRole('heading', { name: /\(Version 1\)/ }).waitFor()
    await waitForEngine(page)
    const selected = page.getByTestId('selected-count')

    // Lasso: an outline drawn around one seat selects it.
    await page.getByRole('button', { name: 'Lasso select' }).click()
    await page.locator('.adm-studio-map').scrollIntoViewIfNeeded()
    const at = await seatOnPage(page, rows[0][0])
    await page.mouse.move(at.x - 4, at.y - 4)
    await page.mouse.down()
    for (const [dx, dy] of [[4, -4], [4, 4], [-4, 4], [-4, -3]]) await page.mouse.move(at.x + dx, at.y + dy, { steps: 2 })
    await page.mouse.up()
    await expect.poll(() => selected.innerText()).toBe('Seats selected: 1')
    await page.getByRole('button', { name: 'Clear selection' }).click()

    // A row by clicking it (row mode), blocked in the session at once.
    await page.getByRole('radio', { name: 'row' }).check()
    const rowAt = await seatOnPage(page, rows[1][0])
    await page.mouse.click(rowAt.x, rowAt.y)
    await expect.poll(() => selected.innerText()).toBe(`Seats selected: ${rows[1].length}`)
    const blocks = page.getByRole('group', { name: "Block a session's seats (at once, also while it sells)" })
    await blocks.getByRole('button', { name: 'Block selected', exact: true }).click()
    await blocks.getByText(`Done: ${rows[1].length} seats changed`).waitFor()
    await expect.poll(() => blocks.getByTestId('session-blocked').innerText()).toBe(`Blocked in the session: ${rows[1].length}`)
    await axeClean(page, 'studio after blocking')
    const held = await app.server.db.selectFrom('seat_holds').select('seat_id').where('calendar_id', '=', session).where('state', '=', 'blocked').where('released_at', 'is', null).execute()
    expect(held).toHaveLength(rows[1].length)

    // Sales: the session's map shows the row taken, and follows blocks made meanwhile, live.
    await page.goto(new URL(`/admin/events/${eventId}/sales`, app.baseUrl).toString())
    // The heading names the event (the console's tabs and a screen reader tell one event's sales from another's).
    await page.getByRole('heading', { name: 'Sales: Blocks', exact: true }).waitFor()
    await page.getByTestId(`sales-map-${session}`).locator('.scheme-map[data-phase="ready"]').waitFor({ timeout: MAP_TIMEOUT })
    await waitForEngine(page)
    // A map that only shows: its keys' help says nothing of Enter selecting a seat, as the shop's does.
    const map = page.getByTestId(`sales-map-${session}`).getByRole('application')
    expect(await map.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).textContent())).toBe(ADMIN_TEXTS.en.salesMapKeys)
    for (const k of rows[1]) expect(await engineStatus(page, k), k).toBe(SOLD)
    const later = rows[2][0]
    expect(await engineStatus(page, later)).toBe(FREE)
    // The zone's row counts the blocked seats as not for sale (its 4th count column).
    await expect.poll(() => page.locator('tr', { has: page.getByRole('rowheader', { name: 'Hall' }) }).locator('td').nth(3).innerText()).toBe(String(rows[1].length))
    expect((await api.post(`/api/admin/sessions/${session}/blocks`, { blocked: true, seats: { keys: [later] } })).status).toBe(200)
    await expect.poll(() => engineStatus(page, later), { timeout: 15_000 }).toBe(SOLD)
    expect((await api.post(`/api/admin/sessions/${session}/blocks`, { blocked: false, seats: { keys: [later, ...rows[1]] } })).status).toBe(200)
    await expect.poll(() => engineStatus(page, rows[1][0]), { timeout: 15_000 }).toBe(FREE)
    expect(await engineStatus(page, later)).toBe(FREE)
    await axeClean(page, 'sales with the live map')
    // The only failed request: the console's own `me` before sign-in (401: signed out). A
    // studio-made map has its compiled venue, so the Sales maps find it (no 404, no JSON fallback).
    expect(notFound, notFound.join()).toEqual([])
    expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([])
    await context.close()
  }, 300_000)

  it('on a phone (390×844, Kazakh): the studio block and row tools and the Sales map pass axe', async () => {
    const { page, context } = await openConsole(app, OWNER, { viewport: PHONE_VIEWPORT, lang: 'kz', by: 'button' })
    await page.goto(new URL(`/admin/drawings/${drawing}`, app.baseUrl).toString())
    await waitForEngine(page)
    await page.getByRole('group', { name: 'Сеанс орындарын бұғаттау (бірден, сату кезінде де)' }).waitFor()
    await page.getByRole('form', { name: 'Қатарды бөлу' }).waitFor()
    await axeClean(page, 'studio on a phone')
    await page.goto(new URL(`/admin/events/${eventId}/sales`, app.baseUrl).toString())
    await page.getByTestId(`sales-map-${session}`).locator('.scheme-map[data-phase="ready"]').waitFor({ timeout: MAP_TIMEOUT })
    await axeClean(page, 'sales on a phone')
    await context.close()
  }, 300_000)
})
