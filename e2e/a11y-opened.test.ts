import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP_VIEWPORT, eventHash, freePort, openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness } from './support/app'
import { createWalkOrder, payWith } from './support/orders'

/**
 * axe-core (support/app.ts: WCAG 2.0-2.2 A and AA, best practice) with the parts of the
 * storefront that only exist once opened, which the screens' own checks never saw: the QR
 * payment modal, the special-offers panel (desktop side panel and phone drawer) and the scheme
 * page's seat list with a section and a row unfolded. The captcha dialog's checks are in
 * event-captcha.test.ts, where the dialog is opened by the real order guard.
 */
const MAP_TIMEOUT = 150_000
/** The demo's 600-seat theatre play: the smallest map, so the list's rows are few and short. */
const THEATRE_PLAY = 'The Seagull'

let app: AppHarness

beforeAll(async () => {
  // The sandbox bank builds its QR links on PUBLIC_URL.
  const port = await freePort()
  app = await startApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` })
})
afterAll(async () => {
  await app?.close()
})

async function axeClean(page: Page, where: string): Promise<void> {
  const serious = seriousViolations(await runAxe(page))
  expect(serious, `${where}:\n${serious.join('\n')}`).toEqual([])
}

describe('axe with each opened', () => {
  it('the QR payment modal', async () => {
    const hash = await createWalkOrder(app, 1)
    const { page, context, errors } = await openPage(app, `/order/${hash}`)
    try {
      await page.locator('.order-summary__number').waitFor()
      await payWith(page, 'СБП по QR-коду')
      const modal = page.locator('dialog.qr-pay[open]')
      await modal.locator('.qr-pay__image').waitFor()
      await axeClean(page, 'QR payment modal')
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  for (const [name, viewport] of [['desktop', DESKTOP_VIEWPORT], ['phone', PHONE_VIEWPORT]] as const) {
    it(`the special-offers panel (${name})`, async () => {
      const hash = await createWalkOrder(app, 2)
      const { page, context, errors } = await openPage(app, `/order/${hash}`, viewport)
      try {
        const open = page.locator('.order-page__offers')
        await open.waitFor()
        await open.click()
        const panel = page.locator('dialog.offers-panel[open]')
        await panel.locator('.offer-item').first().waitFor()
        await axeClean(page, `offers panel (${name})`)
        // With an item chosen (pressed, Add enabled) as well.
        await panel.locator('.offer-item').first().click()
        expect(await panel.locator('.offer-item').first().getAttribute('aria-pressed')).toBe('true')
        await axeClean(page, `offers panel with a choice (${name})`)
        expect(errors).toEqual([])
      } finally {
        await context.close()
      }
    })
  }

  for (const [name, viewport] of [['desktop', DESKTOP_VIEWPORT], ['phone', PHONE_VIEWPORT]] as const) {
    it(`the scheme page's seat list, a section and a row unfolded (${name})`, async () => {
      const hash = await eventHash(app, THEATRE_PLAY)
      const { page, context } = await openPage(app, `/scheme/${hash}`, viewport)
      try {
        await page.waitForSelector('.scheme-map[data-phase="ready"]', { timeout: MAP_TIMEOUT })
        await page.getByRole('button', { name: 'Список мест' }).click()
        const list = page.locator('.seatmap-list')
        await list.waitFor()
        await axeClean(page, `seat list (${name})`)
        await list.locator('details > summary').first().click()
        const row = list.locator('details details').first()
        await row.locator('summary').click()
        await row.locator('li button').first().waitFor()
        await axeClean(page, `seat list with a row open (${name})`)
      } finally {
        await context.close()
      }
    })
  }
})
