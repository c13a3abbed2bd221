import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { afishaResponseSchema, type AfishaResponse } from '../src/contract/entities/afisha'
import { pickLocalized, type Lang } from '../src/contract/lang'
import { formatDayRange } from '../src/contract/rules/dayText'
import { addDays, monthOf, todayUtc } from '../src/app/afisha/dateRange'
import { playsWithin } from '../src/app/afisha/filters'
import { openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, waitForListing, type AppHarness } from './support/app'

/**
 * The listing's date-range calendar (document 000 §2 and §9; src/app/afisha/CalendarDialog.tsx)
 * on a 390×844 phone, by keyboard, in Kazakh and English: the range is picked in the calendar's
 * own dialog (not the browser's date inputs), the list keeps the events playing inside it, the
 * range survives a reload (kept filters) and "clear dates" gives the whole list back.
 */
let app: AppHarness
let afisha: AfishaResponse
beforeAll(async () => {
  app = await startApp()
  afisha = afishaResponseSchema.parse(await (await fetch(new URL('/api/afisha', app.baseUrl))).json())
})
afterAll(async () => {
  await app?.close()
})

/** The texts the test reads, as each language's resources spell them. */
const TEXTS: Partial<Record<Lang, { search: string; dates: string; anyDates: string; clear: string; done: string }>> = {
  kz: { search: 'Іздеу', dates: 'Күндері', anyDates: 'Кез келген күн', clear: 'Күндерді тазарту', done: 'Дайын' },
  en: { search: 'Search', dates: 'Dates', anyDates: 'Any dates', clear: 'Clear dates', done: 'Done' },
}

/** A touch target's least side (the project's phone rule: about 40 px or more). */
const MIN_TARGET_PX = 40

/** The day the calendar's focus is on. */
const focusedDay = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-day') ?? null)

/** Moves the calendar's focus to `target` with its keys: PageUp/PageDown to the month, then the arrows. */
async function focusDayByKeys(page: Page, target: string): Promise<void> {
  for (let guard = 0; guard < 600; guard++) {
    const day = await focusedDay(page)
    expect(day).not.toBeNull()
    if (day === target) return
    const [from, to] = [monthOf(day!), monthOf(target)]
    const months = (to.year - from.year) * 12 + (to.month - from.month)
    if (months !== 0) await page.keyboard.press(months > 0 ? 'PageDown' : 'PageUp')
    else await page.keyboard.press(day! < target ? 'ArrowRight' : 'ArrowLeft')
  }
  throw new Error(`could not reach ${target}`)
}

/** The calendar menu item's events and a range of two days that keeps some of them, not all. */
function chooseRange(lang: Lang) {
  const item = afisha.main_menu.find((m) => m.showfiltercalendar === 1)
  expect(item).toBeDefined()
  const events = afisha.action
    .filter((e) => e.mainmenu_id === item!.mainmenu_id)
    .map((e) => ({ title: pickLocalized(e, 'action', lang), days: afisha.calendar.filter((c) => c.event_id === e.event_id).map((c) => c.eventday.slice(0, 10)) }))
  const days = [...new Set(events.flatMap((e) => e.days))].sort()
  const titlesIn = (from: string, to: string) => events.filter((e) => playsWithin(e.days, from, to)).map((e) => e.title).sort()
  for (const from of days) {
    for (const to of days.filter((d) => d > from)) {
      const kept = titlesIn(from, to)
      if (kept.length > 0 && kept.length < events.length) return { item: item!, from, to, kept, all: events.map((e) => e.title).sort() }
    }
  }
  throw new Error('the demo data has no range that keeps some of the calendar item\'s events')
}

const titles = async (page: Page) => (await page.locator('.event-card__title').allInnerTexts()).sort()

describe('afisha date-range calendar on a phone', () => {
  for (const lang of ['kz', 'en'] as const) {
    it(`picks a range by keyboard, keeps it after a reload and clears it (${lang})`, async () => {
      const text = TEXTS[lang]!
      const { item, from, to, kept, all } = chooseRange(lang)
      const { page, context, errors } = await openPage(app, `/?id=${item.menukind_id}&sid=${item.mainmenu_id}&lang=${lang}`, PHONE_VIEWPORT)
      try {
        await waitForListing(page)
        await expect.poll(() => titles(page)).toEqual(all)
        const field = page.getByRole('group', { name: text.dates })
        const opener = field.getByRole('button', { name: text.anyDates })
        // No native date inputs are left.
        expect(await page.locator('input[type="date"]').count()).toBe(0)

        // By keyboard: Tab from the search field to the dates button, Enter opens the calendar.
        await page.getByLabel(text.search, { exact: true }).focus()
        await page.keyboard.press('Tab')
        expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true)
        await page.keyboard.press('Enter')
        const dialog = page.getByRole('dialog', { name: text.dates })
        await dialog.waitFor()
        expect(await opener.getAttribute('aria-expanded')).toBe('true')
        expect(await dialog.getAttribute('aria-modal')).toBe('true')
        // The focus starts on today (UTC), in the grid.
        await expect.poll(() => focusedDay(page)).toBe(todayUtc(Date.now()))

        // It fits the phone's screen, and its days are full-size targets.
        const box = (await dialog.boundingBox())!
        expect(box.x).toBeGreaterThanOrEqual(0)
        expect(box.y).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width)
        expect(box.y + box.height).toBeLessThanOrEqual(PHONE_VIEWPORT.height)
        const day = (await dialog.locator('button[data-day]').first().boundingBox())!
        expect(Math.min(day.width, day.height)).toBeGreaterThanOrEqual(MIN_TARGET_PX)

        const serious = seriousViolations(await runAxe(page))
        expect(serious, `open calendar (${lang}):\n${serious.join('\n')}`).toEqual([])

        // The first pick is the start: the dialog stays open, the day pressed.
        await focusDayByKeys(page, from)
        await page.keyboard.press('Enter')
        await expect.poll(() => dialog.locator(`button[data-day="${from}"]`).getAttribute('aria-pressed')).toBe('true')
        expect(await dialog.isVisible()).toBe(true)
        // The second (Space) the end: the dialog closes and the focus is back on the button, which names the range.
        await focusDayByKeys(page, to)
        await page.keyboard.press('Space')
        await dialog.waitFor({ state: 'detached' })
        const named = field.getByRole('button', { name: formatDayRange(from, to, lang) })
        expect(await named.evaluate((el) => el === document.activeElement)).toBe(true)
        await expect.poll(() => titles(page)).toEqual(kept)

        // Kept after a reload.
        await page.reload()
        await waitForListing(page)
        await named.waitFor()
        await expect.poll(() => titles(page)).toEqual(kept)

        // Reopened: the range's days are pressed, the one after it is not; "clear dates" in the
        // calendar clears the range, Escape closes and gives the focus back.
        await named.click()
        await dialog.waitFor()
        await expect.poll(() => focusedDay(page)).toBe(from)
        for (const d of [from, to]) expect(await dialog.locator(`button[data-day="${d}"]`).getAttribute('aria-pressed')).toBe('true')
        const after = dialog.locator(`button[data-day="${addDays(to, 1)}"]`)
        if (await after.count() > 0) expect(await after.getAttribute('aria-pressed')).toBe('false')
        await dialog.getByRole('button', { name: text.clear }).click()
        await expect.poll(() => dialog.locator('button[aria-pressed="true"]').count()).toBe(0)
        await page.keyboard.press('Escape')
        await dialog.waitFor({ state: 'detached' })
        expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true)
        await expect.poll(() => titles(page)).toEqual(all)

        await page.reload()
        await waitForListing(page)
        await opener.waitFor()
        await expect.poll(() => titles(page)).toEqual(all)
        expect(errors).toEqual([])
      } finally {
        await context.close()
      }
    })
  }
})
