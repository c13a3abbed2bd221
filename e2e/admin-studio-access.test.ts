import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importVenueDrawing } from '../src/server/venues/import'
import { openPage, PHONE_VIEWPORT, type AppHarness } from './support/app'
import { axeClean, startConsoleApp, type ConsoleAccount } from './support/console'

/**
 * The studio shows a map version's accessible seat types (issue 20) as the storefront does: the
 * shared legend with a filter per type (pressed: the map flies to those seats and a list names
 * them) and the map's tooltip naming a typed seat's type. The drawing types its seats in its
 * markup (a wheelchair space and its companion), read at import.
 */
const OWNER: ConsoleAccount = { email: 'owner@example.org', password: 'an owner password', role: 'owner' }
const MAP_TIMEOUT = 60_000

const typedSvg = () => {
  const seats: string[] = []
  for (const [r, y] of [['A', 40], ['B', 70]] as const) {
    for (let n = 1; n <= 12; n++) {
      const type = r === 'A' && n === 5 ? ' data-seat-type="wheelchair"' : r === 'A' && n === 6 ? ' data-seat-type="companion"' : ''
      seats.push(`<circle id="${r}-${n}" cx="${n * 24}" cy="${y}" r="9" data-row="${r}" data-seat="${n}"${type}/>`)
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 100">${seats.join('')}</svg>`
}

describe('studio: accessible seat types', () => {
  let app: AppHarness
  let drawingId: number
  beforeAll(async () => {
    app = await startConsoleApp([OWNER], { ownPort: true })
    const venue = await app.server.db.insertInto('venues').values({ name_ru: 'Типы', name_en: 'Types', name_kz: 'Types', name_ch: 'Types' }).returning('id').executeTakeFirstOrThrow()
    drawingId = (await importVenueDrawing(app.server.db, { venueId: venue.id, name: 'typed', svg: typedSvg() })).drawingId
  })
  afterAll(async () => {
    await app?.close()
  })

  async function signIn(page: Page, lang: 'en' | 'kz'): Promise<void> {
    await page.locator('#adm-signin-title').waitFor()
    await page.locator('.adm-lang select').selectOption(lang)
    await page.locator('input[type="email"]').fill(OWNER.email)
    await page.locator('input[type="password"]').fill(OWNER.password)
    await page.locator('form button[type="submit"]').click()
  }

  it('lists the types in the legend, filters them onto the map and names them in the tooltip', async () => {
    const { page, context } = await openPage(app, `/admin/drawings/${drawingId}`)
    await signIn(page, 'en')
    await page.locator('.adm-studio-map[data-phase="ready"]').waitFor({ timeout: MAP_TIMEOUT })
    const types = page.getByTestId('studio-access')
    await types.getByRole('heading', { name: 'Accessible seating' }).waitFor()
    const wheel = types.getByRole('button', { name: /Wheelchair space \(1\)/ })
    await wheel.waitFor()
    await types.getByRole('button', { name: /Companion seat \(1\)/ }).waitFor()
    await page.waitForFunction(() => window.__seatwiseTest?.schemeEngine?.getSnapshot().ready ?? false, null, { timeout: MAP_TIMEOUT })

    await wheel.click()
    expect(await wheel.getAttribute('aria-pressed')).toBe('true')
    const listed = types.getByTestId('access-filtered').getByRole('listitem')
    expect(await listed.count()).toBe(1)
    expect(await listed.first().getAttribute('data-seat')).toBe('A-5')
    await expect.poll(() => types.getByRole('status').innerText()).toContain('Wheelchair space')
    await axeClean(page, 'studio with typed seats')

    // The map flew to the space and focused it; its tooltip names its type, with its icon.
    await expect.poll(() => page.evaluate(() => window.__seatwiseTest!.schemeEngine!.getSnapshot().focus?.key ?? null)).toBe('A-5')
    await page.locator('.seatmap-canvas').scrollIntoViewIfNeeded()
    const p = await page.evaluate(() => {
      const e = window.__seatwiseTest!.schemeEngine!
      return e.seatToScreen(e.indexOfKey('A-5'))!
    })
    const box = (await page.locator('.seatmap-canvas').boundingBox())!
    const at = { x: box.x + p.x, y: box.y + p.y }
    await page.mouse.move(at.x - 40, at.y - 40)
    await page.mouse.move(at.x, at.y, { steps: 4 })
    const note = page.locator('.seatmap-tooltip [data-testid="seat-note"]')
    await note.waitFor({ timeout: 10_000 })
    expect(await note.textContent()).toBe('♿ Wheelchair space')
    await context.close()
  }, 120_000)

  it('speaks the operator language on a phone', async () => {
    const { page, context } = await openPage(app, `/admin/drawings/${drawingId}`, PHONE_VIEWPORT)
    await signIn(page, 'kz')
    const types = page.getByTestId('studio-access')
    await types.getByRole('heading', { name: 'Қолжетімді орындар' }).waitFor({ timeout: MAP_TIMEOUT })
    await types.getByRole('button', { name: /Мүгедектер арбасына арналған орын \(1\)/ }).waitFor()
    // The map's own controls speak the console's language too (they were English in every one).
    await page.locator('.adm-studio-map').getByRole('button', { name: 'Орындар тізімі' }).waitFor()
    await axeClean(page, 'studio with typed seats, phone (kz)')
    await context.close()
  }, 120_000)
})
