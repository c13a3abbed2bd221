import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SeatStatus } from '../src/engine/model'
import { importVenueDrawing } from '../src/server/venues/import'
import { openPage, runAxe, seriousViolations, type AppHarness } from './support/app'
import { startConsoleApp, type ConsoleAccount } from './support/console'
import { seatOnPage as seatOnMap } from './support/seatOnPage'

/**
 * The studio's preview of queued edits on the map (issue 17 item 3), in Chromium: a seat a queued
 * delete removes is drawn faded (the engine's filtered-out look) and a click no longer selects it,
 * its tooltip saying it will be deleted; a queued sector and row rename shows in a seat's tooltip
 * and in the pending-edits list. The map is driven as admin-studio.test.ts drives it: the engine
 * handle (window.__seatwiseTest) centres a seat past the detail zoom, where a click selects.
 */
const OWNER: ConsoleAccount = { email: 'owner@example.org', password: 'an owner password', role: 'owner' }
const MAP_TIMEOUT = 60_000

const svg = () => {
  const seats: string[] = []
  for (const [r, y] of [['A', 40], ['B', 70]] as const) for (let n = 1; n <= 12; n++) seats.push(`<circle id="${r}-${n}" cx="${n * 24}" cy="${y}" r="9" data-row="${r}" data-seat="${n}"/>`)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 100">${seats.join('')}</svg>`
}

/** The seat's page coordinates, the map scrolled back into view first (the panel's forms scroll the page when typed in). */
async function seatOnPage(page: Page, key: string): Promise<{ x: number; y: number }> {
  await page.locator('.adm-studio-map').scrollIntoViewIfNeeded()
  return seatOnMap(page, key)
}

/** Hovers the seat (from aside, in steps, as a pointer does) and answers its tooltip once shown. */
async function tooltipOf(page: Page, key: string) {
  // A click's popover stands in for the tooltip of its seat: closed first.
  const popover = page.locator('.seatmap-popover')
  if (await popover.count()) await popover.getByRole('button').click()
  await popover.waitFor({ state: 'detached' })
  await page.mouse.move(1, 1)
  await page.locator('.seatmap-tooltip').waitFor({ state: 'detached' })
  const at = await seatOnPage(page, key)
  await page.mouse.move(at.x - 30, at.y - 30)
  await page.mouse.move(at.x, at.y, { steps: 4 })
  const tip = page.locator('.seatmap-tooltip')
  await tip.waitFor({ timeout: 10_000 })
  return tip
}

const statusOf = (page: Page, key: string) => page.evaluate((k) => { const e = window.__seatwiseTest!.schemeEngine!; return e.getVenue()!.seats.status[e.indexOfKey(k)] }, key)

describe('studio preview of queued edits', () => {
  let app: AppHarness
  let drawingId: number
  beforeAll(async () => {
    app = await startConsoleApp([OWNER], { ownPort: true })
    const venue = await app.server.db.insertInto('venues').values({ name_ru: 'Превью', name_en: 'Preview', name_kz: 'Preview', name_ch: 'Preview' }).returning('id').executeTakeFirstOrThrow()
    drawingId = (await importVenueDrawing(app.server.db, { venueId: venue.id, name: 'preview', svg: svg() })).drawingId
  })
  afterAll(async () => {
    await app?.close()
  })

  it('draws a queued delete faded and never selects it; a queued rename shows in the tooltip and the pending list', async () => {
    const { page, context } = await openPage(app, `/admin/drawings/${drawingId}`)
    await page.locator('#adm-signin-title').waitFor()
    await page.locator('.adm-lang select').selectOption('en')
    await page.locator('input[type="email"]').fill(OWNER.email)
    await page.locator('input[type="password"]').fill(OWNER.password)
    await page.locator('form button[type="submit"]').click()
    await page.locator('.adm-studio-map[data-phase="ready"]').waitFor({ timeout: MAP_TIMEOUT })
    await page.waitForFunction(() => (window.__seatwiseTest?.schemeEngine?.getSnapshot().ready ?? false) && (window.__seatwiseTest?.schemeEngine?.getSnapshot().hasVenue ?? false), null, { timeout: MAP_TIMEOUT })
    const selected = page.getByTestId('selected-count')
    const pending = page.getByTestId('pending-ops').locator('li')

    // A small box around B-3 selects it (as admin-studio.test.ts selects one seat); queued for
    // deletion, it is drawn faded and the selection is gone.
    const boxAround = async (key: string) => {
      await page.getByRole('button', { name: 'Box select' }).click()
      const at = await seatOnPage(page, key)
      await page.mouse.move(at.x - 4, at.y - 4)
      await page.mouse.down()
      await page.mouse.move(at.x + 4, at.y + 4, { steps: 3 })
      await page.mouse.up()
    }
    await boxAround('B-3')
    await expect.poll(() => selected.innerText()).toBe('Seats selected: 1')
    await page.getByRole('button', { name: 'Delete stray seats' }).click()
    await expect.poll(() => pending.count()).toBe(1)
    await expect.poll(() => selected.innerText()).toBe('Seats selected: 0')
    await expect.poll(() => statusOf(page, 'B-3')).toBe(SeatStatus.FilteredOut)
    // The same box selects nothing now; a click selecting its row takes the row's other seats only.
    await boxAround('B-3')
    await expect.poll(() => page.getByTestId('box-layer').count()).toBe(0)
    expect(await selected.innerText()).toBe('Seats selected: 0')
    await page.getByRole('radio', { name: 'row' }).check()
    const inRow = await seatOnPage(page, 'B-4')
    await page.mouse.click(inRow.x, inRow.y)
    await expect.poll(() => selected.innerText()).toBe('Seats selected: 11')
    expect(await statusOf(page, 'B-4')).toBe(SeatStatus.Selected)
    expect(await statusOf(page, 'B-3')).toBe(SeatStatus.FilteredOut)
    await page.getByRole('radio', { name: 'seat' }).check()
    // Its tooltip says what the save will do.
    expect(await (await tooltipOf(page, 'B-3')).locator('[data-testid="seat-note"]').textContent()).toBe('Deleted (not saved yet)')

    // Renames queued: the tooltip and the pending list use the new names.
    const before = (await (await tooltipOf(page, 'A-2')).locator('dd').allInnerTexts()).slice(0, 3)
    expect(before.slice(1)).toEqual(['A', '2'])
    await page.getByRole('form', { name: 'Rename sector' }).getByLabel('New name').fill('Stalls front')
    await page.getByRole('form', { name: 'Rename sector' }).getByRole('button', { name: 'Rename sector' }).click()
    const renameRow = page.getByRole('form', { name: 'Rename row' })
    await renameRow.getByLabel('Row').fill('A')
    await renameRow.getByLabel('New name').fill('AA')
    await renameRow.getByRole('button', { name: 'Rename row' }).click()
    await expect.poll(() => pending.count()).toBe(3)
    expect((await (await tooltipOf(page, 'A-2')).locator('dd').allInnerTexts()).slice(0, 3)).toEqual(['Stalls front', 'AA', '2'])
    expect(await pending.nth(2).innerText()).toContain('Rename row Stalls front A → AA')
    expect(seriousViolations(await runAxe(page)), 'studio with queued edits').toEqual([])
    await context.close()
  }, 180_000)
})
