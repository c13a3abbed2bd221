import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ru from '../src/app/i18n/locales/ru'
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness } from './support/app'

/**
 * "Best N seats" on the scheme page (issue 20), by keyboard only, in real Chromium against the
 * real server: the held seats land in the cart, the map marks them as the visitor's, the outcome
 * is announced in a status region, "Show others" swaps the block, and axe finds nothing serious.
 */
const MAP_TIMEOUT = 150_000
let app: AppHarness

async function hashOf(titleEn: string): Promise<string> {
  const afisha = (await (await fetch(`${app.baseUrl}/api/afisha`)).json()) as { action: { hash_id: string; action_en: string }[] }
  const event = afisha.action.find((a) => a.action_en === titleEn)
  if (!event) throw new Error(`demo event ${titleEn} missing`)
  return event.hash_id
}

async function waitForMap(page: Page): Promise<void> {
  await page.waitForSelector('.scheme-map[data-phase="ready"]', { timeout: MAP_TIMEOUT })
  await page.waitForFunction(() => (window.__seatwiseTest?.schemeEngine?.getSnapshot().hasVenue ?? false) && (window.__seatwiseTest?.schemeEngine?.getSnapshot().ready ?? false), null, { timeout: 60_000 })
}

const cartSeats = (page: Page) => page.locator('.scheme-cart__item').evaluateAll((els) => els.map((e) => e.getAttribute('data-seat')!))

/** Tabs forward until the focused element matches `selector` (at most `max` presses). */
async function tabTo(page: Page, selector: string, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`could not reach ${selector} by Tab`)
}

beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => {
  await app?.close()
})

describe('best seats control', () => {
  for (const [name, viewport] of [['desktop', DESKTOP_VIEWPORT], ['phone', PHONE_VIEWPORT]] as const) {
    it(`holds the best 3 seats by keyboard, shows others, and passes axe (${name})`, async () => {
      const hash = await hashOf('Organ Night')
      const { page, context } = await openPage(app, `/scheme/${hash}`, viewport)
      try {
        await waitForMap(page)
        // Quantity by keyboard: focus the select and step to 3.
        await tabTo(page, '.best-seats select')
        await page.locator('.best-seats select').first().selectOption('3')
        await tabTo(page, '.best-seats button[type="submit"]')
        const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/cart/best')), page.keyboard.press('Enter')])
        const body = (await response.json()) as { errorCode?: string; chosen: string[]; together: boolean }
        expect(body.errorCode ?? '0').toBe('0')
        expect(body.chosen).toHaveLength(3)
        await expect.poll(() => cartSeats(page)).toEqual(expect.arrayContaining(body.chosen))
        expect(await cartSeats(page)).toHaveLength(3)
        await expect.poll(() => page.locator('.best-seats__status').textContent()).toMatch(/ряд|row/i)
        // The map marks them as the visitor's (Selected = 1).
        await expect
          .poll(() => page.evaluate((keys) => {
            const e = window.__seatwiseTest!.schemeEngine!
            const v = e.getVenue()!
            const out: number[] = []
            for (let i = 0; i < v.seats.count; i++) if (keys.includes(e.getSeatInfo(i)!.key)) out.push(v.seats.status[i])
            return out
          }, body.chosen))
          .toEqual([1, 1, 1])

        // The map flew to the block: single seats show, the first chosen seat has the focus and
        // every chosen seat is on screen.
        await expect.poll(() => page.evaluate(() => window.__seatwiseTest!.schemeEngine!.getSnapshot().focus?.key ?? null)).toBe(body.chosen[0])
        const view = await page.evaluate((keys) => {
          const e = window.__seatwiseTest!.schemeEngine!
          const c = document.querySelector('.scheme-map canvas')!.getBoundingClientRect()
          return { tier: e.getSnapshot().tier, onScreen: keys.map((k) => e.seatToScreen(e.indexOfKey(k))!).every((p) => p.x >= 0 && p.y >= 0 && p.x <= c.width && p.y <= c.height) }
        }, body.chosen)
        expect(view).toEqual({ tier: expect.not.stringMatching(/^sectors$/), onScreen: true })

        // Show others: a new block, the first given back.
        await tabTo(page, '.best-seats button[type="button"]')
        const [next] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/cart/best')), page.keyboard.press('Enter')])
        const other = (await next.json()) as { chosen: string[] }
        expect(other.chosen).toHaveLength(3)
        expect(other.chosen.some((k) => body.chosen.includes(k))).toBe(false)
        await expect.poll(async () => (await cartSeats(page)).sort()).toEqual([...other.chosen].sort())

        expect(seriousViolations(await runAxe(page))).toEqual([])

        // The outcome follows a language switch like every other text of the page.
        if (name === 'desktop') {
          const status = page.locator('.best-seats__status')
          expect(await status.textContent()).toMatch(/[\u0400-\u04ff]/)
          await page.getByRole('combobox', { name: ru.shell.language }).selectOption('en')
          await expect.poll(() => status.textContent()).toMatch(/row/)
          expect(await status.textContent()).not.toMatch(/[\u0400-\u04ff]/)
        }
      } finally {
        await context.close()
      }
    })
  }
})
