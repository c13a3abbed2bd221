import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import en from '../src/app/i18n/locales/en'
import ru from '../src/app/i18n/locales/ru'
import { DESKTOP_VIEWPORT, eventHash, openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness } from './support/app'

/**
 * A whole seat-map purchase by keyboard only (issue 20 item 5), in real Chromium against the real
 * server: Tab reaches the map, arrow keys move between seats and the map's live region announces
 * each seat (sector, row, seat, price, status), Enter puts it in the cart, the buyer form is
 * typed and ticked with the keyboard, Enter orders, and the order page opens. No mouse; the
 * engine is only read to wait until the venue is on it. axe on the way.
 */
const MAP_TIMEOUT = 150_000
/** Arrow presses tried to reach a free seat (some of the demo's seats are sold). */
const MAX_STEPS = 30
let app: AppHarness

const hashOf = (titleEn: string) => eventHash(app, titleEn)

async function tabTo(page: Page, selector: string, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`could not reach ${selector} by Tab`)
}

const liveText = (page: Page) => page.locator('.seatmap-live').textContent().then((t) => t ?? '')

beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => {
  await app?.close()
})

describe('seat-map purchase by keyboard only', () => {
  for (const [name, viewport] of [['desktop', DESKTOP_VIEWPORT], ['phone', PHONE_VIEWPORT]] as const) {
    it(`chooses a seat on the map, fills the form and orders, all by keyboard (${name})`, async () => {
      const { page, context } = await openPage(app, `/scheme/${await hashOf('Organ Night')}`, viewport)
      try {
        await page.waitForSelector('.scheme-map[data-phase="ready"]', { timeout: MAP_TIMEOUT })
        await page.waitForFunction(() => window.__seatwiseTest?.schemeEngine?.getSnapshot().hasVenue ?? false, null, { timeout: 60_000 })
        await tabTo(page, '.seatmap-canvas')
        // The map says how to use it before any seat is reached: its description is the help text.
        const helpId = await page.locator('.seatmap-canvas').getAttribute('aria-describedby')
        expect(await page.locator(`[id="${helpId}"]`).textContent()).toMatch(/стрелк/i)

        // Step through seats until one goes into the cart; each step is announced.
        let held = false
        const heard = new Set<string>()
        for (let step = 0; step < MAX_STEPS && !held; step++) {
          const before = await liveText(page)
          await page.keyboard.press('ArrowRight')
          await expect.poll(() => liveText(page)).not.toBe(before)
          const said = await liveText(page)
          heard.add(said)
          expect(said).toMatch(/ряд \S+, место \S+/)
          if (!/свобод/i.test(said)) continue
          const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/cart/update')), page.keyboard.press('Enter')])
          held = res.status() === 200
        }
        expect(held).toBe(true)
        expect(heard.size).toBeGreaterThan(0)
        await page.waitForSelector('.scheme-cart__item')
        expect(seriousViolations(await runAxe(page))).toEqual([])

        // The buyer form, typed.
        for (const [field, text] of [['#buyer-fio', 'Иван Петров'], ['#buyer-phone', '+79161234567'], ['#buyer-email', 'ivan@example.org'], ['#buyer-re_email', 'ivan@example.org']] as const) {
          if ((await page.locator(field).count()) === 0) continue
          await tabTo(page, field)
          await page.keyboard.type(text)
        }
        const boxes = await page.locator('.agreements input[type="checkbox"][required]').evaluateAll((els) => els.map((e) => e.id))
        for (const id of boxes) {
          await tabTo(page, `[id="${id}"]`)
          await page.keyboard.press('Space')
          expect(await page.locator(`#${id}`).isChecked()).toBe(true)
        }
        await tabTo(page, '.order-form__submit')
        const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/order/create-scheme')), page.keyboard.press('Enter')])
        const body = (await response.json()) as { errorCode: string; errorText?: string; hash: string }
        expect(body.errorCode, body.errorText).toBe('0')
        await page.waitForURL(new RegExp(`/order/${body.hash}$`), { timeout: 30_000 })
        await page.locator('.order-summary__number').waitFor()
        expect(seriousViolations(await runAxe(page))).toEqual([])
      } finally {
        await context.close()
      }
    }, 300_000)
  }
})

describe('a language switch on the scheme page', () => {
  it("re-words the focused seat's announcement, its price category included, without loading the map again", async () => {
    const { page, context } = await openPage(app, `/scheme/${await hashOf('Organ Night')}`)
    try {
      await page.waitForSelector('.scheme-map[data-phase="ready"]', { timeout: MAP_TIMEOUT })
      await page.waitForFunction(() => window.__seatwiseTest?.schemeEngine?.getSnapshot().hasVenue ?? false, null, { timeout: 60_000 })
      const mapLoads: string[] = []
      page.on('request', (r) => {
        if (/\/api\/(scheme\/map|venues\/compiled)/.test(r.url())) mapLoads.push(r.url())
      })
      const legend = () => page.locator('.scheme-legend__name').allTextContents()
      const ruNames = await legend()
      await tabTo(page, '.seatmap-canvas')
      const before = await liveText(page)
      await page.keyboard.press('ArrowRight')
      await expect.poll(() => liveText(page)).not.toBe(before)
      const ruSaid = await liveText(page)
      expect(ruSaid).toMatch(/категория/)
      const ruCategory = ruNames.find((name) => ruSaid.includes(`категория ${name}`))
      expect(ruCategory, ruSaid).toBeDefined()

      await page.getByRole('combobox', { name: ru.shell.language }).selectOption('en')
      await expect.poll(legend).not.toEqual(ruNames)
      const enNames = await legend()
      await expect.poll(() => liveText(page)).toMatch(/row .*seat .*category/)
      const enSaid = await liveText(page)
      // The same seat, every word in English: the category is the legend's English name.
      expect(enNames.some((name) => enSaid.includes(`category ${name}`)), enSaid).toBe(true)
      expect(enSaid).not.toContain(ruCategory)
      expect(await page.getByRole('combobox', { name: en.shell.language }).inputValue()).toBe('en')
      expect(mapLoads).toEqual([])
    } finally {
      await context.close()
    }
  }, 300_000)
})
