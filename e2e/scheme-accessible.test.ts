import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seatingIndexOf } from '../src/server/domain/seating/load'
import { signedIn } from '../tests/integration/admin-helpers'
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness } from './support/app'

/**
 * Accessible seating on the scheme page (issue 20 item 3), in real Chromium against the real
 * server: an operator paints wheelchair spaces and companion seats in the console studio (the
 * session moves onto the new map version); a visitor sees the seat types in the legend, filters
 * wheelchair spaces by keyboard (the map flies to them, the list names them), the tooltip names
 * the type, and axe finds nothing serious, on desktop and phone.
 */
const MAP_TIMEOUT = 150_000
let app: AppHarness
let hash: string
let spaces: string[]
let companions: string[]

async function waitForMap(page: Page): Promise<void> {
  await page.waitForSelector('.scheme-map[data-phase="ready"]', { timeout: MAP_TIMEOUT })
  await page.waitForFunction(() => (window.__seatwiseTest?.schemeEngine?.getSnapshot().hasVenue ?? false) && (window.__seatwiseTest?.schemeEngine?.getSnapshot().ready ?? false), null, { timeout: 60_000 })
}

beforeAll(async () => {
  app = await startApp()
  const afisha = (await (await fetch(`${app.baseUrl}/api/afisha`)).json()) as { action: { hash_id: string; action_en: string }[] }
  hash = afisha.action.find((a) => a.action_en === 'Organ Night')!.hash_id
  const db = app.server.db
  const event = await db.selectFrom('events').select('id').where('hash_id', '=', hash).executeTakeFirstOrThrow()
  const sessions = await db.selectFrom('calendars').select(['id', 'drawing_id']).where('event_id', '=', event.id).orderBy('starts_at').execute()
  const index = await seatingIndexOf(db, sessions[0].drawing_id!)
  // A long row segment in the middle of the hall: two spaces with a companion each, side by side.
  const mid = Math.floor((index.segStart.length - 1) / 2)
  let s = mid
  while (index.segStart[s + 1] - index.segStart[s] < 6) s++
  const row = Array.from({ length: 6 }, (_, i) => index.keys[index.segStart[s] + i])
  spaces = [row[0], row[3]]
  companions = [row[1], row[4]]
  const manager = await signedIn(app.server, 'manager')
  const edit = await manager.post<{ drawing_id: number }>(`/api/admin/drawings/${sessions[0].drawing_id}/edit`, {
    ops: [
      { op: 'seat-type', type: 'wheelchair', seats: { keys: spaces } },
      { op: 'seat-type', type: 'companion', companion_of: spaces[0], seats: { keys: [companions[0]] } },
      { op: 'seat-type', type: 'companion', companion_of: spaces[1], seats: { keys: [companions[1]] } },
    ],
  })
  if (edit.status !== 200) throw new Error(JSON.stringify(edit.body))
  // Every session of the event onto the painted version (the page opens the nearest one).
  for (const cal of sessions) {
    const moved = await manager.post(`/api/admin/sessions/${cal.id}/map`, { drawing_id: edit.body.drawing_id })
    if (moved.status !== 200) throw new Error(JSON.stringify(moved.body))
  }
})
afterAll(async () => {
  await app?.close()
})

describe('accessible seating on the scheme page', () => {
  for (const [name, viewport] of [['desktop', DESKTOP_VIEWPORT], ['phone', PHONE_VIEWPORT]] as const) {
    it(`filters wheelchair spaces by keyboard; legend and tooltip name the type; axe passes (${name})`, async () => {
      const { page, context } = await openPage(app, `/scheme/${hash}?lang=en`, viewport)
      try {
        await waitForMap(page)
        const legend = page.locator('[data-testid="access-seating"]')
        await legend.waitFor()
        expect(await legend.locator('li[data-access]').evaluateAll((els) => els.map((e) => e.getAttribute('data-access')))).toEqual(['wheelchair', 'companion'])
        const filter = legend.locator('li[data-access="wheelchair"] button')
        expect(await filter.textContent()).toContain('Wheelchair space (2)')
        expect(await filter.getAttribute('aria-pressed')).toBe('false')

        // By keyboard: focus the filter and press Enter.
        await filter.focus()
        await page.keyboard.press('Enter')
        expect(await filter.getAttribute('aria-pressed')).toBe('true')
        const listed = page.locator('[data-testid="access-filtered"] li')
        await expect.poll(() => listed.evaluateAll((els) => els.map((e) => e.getAttribute('data-seat')))).toEqual(spaces)
        expect(await listed.first().textContent()).toContain('Wheelchair space')
        await expect.poll(() => page.locator('.access-seating .best-seats__status').textContent()).toBe('2 seats shown — Wheelchair space')
        // The map flew to the spaces and focused the first.
        await expect.poll(() => page.evaluate(() => window.__seatwiseTest!.schemeEngine!.getSnapshot().focus?.key ?? null)).toBe(spaces[0])
        // A screen reader hears the type with the focused seat, as the tooltip shows it to a mouse.
        await expect.poll(() => page.locator('.seatmap-live').textContent()).toContain('Wheelchair space')

        if (name === 'desktop') {
          // The tooltip of a space names its type.
          await page.locator('.seatmap-canvas').scrollIntoViewIfNeeded()
          const p = await page.evaluate((key) => {
            const e = window.__seatwiseTest!.schemeEngine!
            return e.seatToScreen(e.indexOfKey(key))!
          }, spaces[0])
          const box = (await page.locator('.seatmap-canvas').boundingBox())!
          const at = { x: box.x + p.x, y: box.y + p.y }
          await page.mouse.move(at.x - 40, at.y - 40)
          await page.mouse.move(at.x, at.y, { steps: 4 })
          const note = page.locator('.seatmap-tooltip [data-testid="seat-note"]')
          await note.waitFor({ timeout: 10_000 })
          expect(await note.textContent()).toBe('♿ Wheelchair space')
        }

        expect(seriousViolations(await runAxe(page))).toEqual([])
        // Pressed again: the filter is off and the list goes.
        await filter.focus()
        await page.keyboard.press('Enter')
        expect(await filter.getAttribute('aria-pressed')).toBe('false')
        expect(await listed.count()).toBe(0)
      } finally {
        await context.close()
      }
    })
  }
})
