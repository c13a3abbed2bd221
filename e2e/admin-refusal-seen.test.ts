import type { Page } from 'playwright-core'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOTE_TEXTS } from '../src/app/admin/noteTexts'
import { PHONE_VIEWPORT, runAxe, seriousViolations, type AppHarness } from './support/app'
import { openConsole, startConsoleApp, type ConsoleAccount } from './support/console'

/**
 * A refused save is seen and heard where the operator is, in Chromium on a 390×844 phone: the
 * event editor's Save is far below its note of refusals, and pressing it showed nothing (the note
 * appeared at the top, scrolled away). Now the note comes into view and takes the focus, for the
 * server's refusal (another operator saved first) and for the form's own check (no menu item).
 */
const MANAGER: ConsoleAccount = { email: 'manager@example.org', password: 'a manager password', role: 'manager' }

let app: AppHarness

beforeAll(async () => {
  app = await startConsoleApp([MANAGER], { ownPort: true })
})
afterAll(async () => {
  await app?.close()
})

/** Whether the element is wholly inside the viewport (not scrolled above or below it). */
const inView = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const r = document.querySelector(s)!.getBoundingClientRect()
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth
  }, selector)

/** Scrolls to the form's Save (the heading, and the note under it, leave the screen) and presses it. */
async function saveFromBelow(page: Page) {
  const save = page.getByRole('button', { name: 'Save', exact: true })
  await save.scrollIntoViewIfNeeded()
  // The premise: from Save the top of the editor, where the note appears, is out of sight.
  expect(await inView(page, '#adm-event-title')).toBe(false)
  await save.click()
}

/** The refusal is on screen, is the page's alert and holds the focus (a screen reader reads it). */
async function expectSeen(page: Page, text: string) {
  const alert = page.getByRole('alert')
  await expect.poll(() => alert.innerText()).toContain(text)
  await expect.poll(() => inView(page, '[role="alert"]')).toBe(true)
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert')
  expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(text)
}

describe('a refused save in the event editor on a phone', () => {
  it('brings the refusal into view and focus, for the server and for the form', async () => {
    const db = app.server.db
    const event = await db.selectFrom('events').select(['id']).orderBy('id').executeTakeFirstOrThrow()
    const { page, context } = await openConsole(app, MANAGER, { viewport: PHONE_VIEWPORT })
    await page.goto(`${app.baseUrl}/admin/events/${event.id}`)
    await page.getByLabel('Name (en)').waitFor()

    // Another operator saved meanwhile: the server refuses this form's save as stale.
    await db.updateTable('events').set({ version: sql<number>`version + 1` }).where('id', '=', event.id).execute()
    await saveFromBelow(page)
    await expectSeen(page, 'changed since you opened it')
    expect(seriousViolations(await runAxe(page)), 'refused save on a phone').toEqual([])

    // From the note, Tab reaches its way out: the reload, which still hands focus to the heading.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(NOTE_TEXTS.en.reloadEvent)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('alert').count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('adm-event-title')

    // The form's own check (no menu item chosen) is brought the same way.
    for (const box of await page.locator('input[name="menu"]:checked').all()) await box.uncheck()
    await saveFromBelow(page)
    await expectSeen(page, 'Menu')
    expect(seriousViolations(await runAxe(page)), 'form check on a phone').toEqual([])
    await context.close()
  }, 180_000)
})
