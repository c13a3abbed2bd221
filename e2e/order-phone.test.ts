import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { visitor } from '../tests/integration/order-fixtures'
import { decide, pathOf, startPay } from '../tests/integration/payment-fixtures'
import orderRu from '../src/app/i18n/locales/order.ru'
import { freePort, openPage, PHONE_VIEWPORT, startApp, type AppHarness } from './support/app'
import { createWalkOrder } from './support/orders'
import { reviewShot } from './support/shots'

/**
 * The order page on a 390×844 phone, in real Chromium against the real server: a paid order's
 * tickets keep the card's width, and the focus follows order changes made by keyboard (offers
 * added, added services removed) instead of falling to the body with the control that made them.
 */

/** What has the focus: its tag, and its text when short. */
const focused = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName}: ${(document.activeElement?.textContent ?? '').trim().slice(0, 40)}`)

describe('order page on a phone', () => {
  let app: AppHarness

  beforeAll(async () => {
    const port = await freePort()
    app = await startApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` })
  })
  afterAll(async () => {
    await app?.close()
  })

  it("keeps a paid ticket's details the card's width, with 'Open ticket' under them", async () => {
    const hash = await createWalkOrder(app, 2)
    const v = await visitor(app.baseUrl, '10.66.0.1')
    const card = await app.server.db.selectFrom('payment_types').select('id').where('protocol_type', '=', 'card').executeTakeFirstOrThrow()
    const start = await startPay(v, hash, card.id)
    expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
    const { page, context, errors } = await openPage(app, `/order/${hash}`, PHONE_VIEWPORT)
    await page.locator('.ticket-line__open').first().waitFor()
    // The link beside the details squeezed them to a narrow column, where a holder's name broke inside its words.
    const boxes = await page.locator('.ticket-line').evaluateAll((items) => items.map((li) => {
      const [cells, open] = [li.querySelector('.ticket-line__cells')!.getBoundingClientRect(), li.querySelector('.ticket-line__open')!.getBoundingClientRect()]
      return { below: open.top >= cells.bottom, share: cells.width / li.clientWidth }
    }))
    expect(boxes).toHaveLength(2)
    for (const b of boxes) {
      expect(b.below).toBe(true)
      expect(b.share).toBeGreaterThan(0.85)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width)
    await reviewShot(page, { path: '/tmp/order-phone-paid.png', fullPage: true })
    expect(errors).toEqual([])
    await context.close()
  })

  it('by keyboard: added offers take the focus, a removed service gives it to the next one, the last to the offers button', async () => {
    const hash = await createWalkOrder(app, 3)
    const { page, context, errors } = await openPage(app, `/order/${hash}`, PHONE_VIEWPORT)
    const offersButton = page.locator('.order-page__offers')
    await offersButton.focus()
    await page.keyboard.press('Enter')
    const panel = page.locator('dialog.offers-panel')
    await panel.locator('.offer-item').first().waitFor()
    // The first two booklets (their limit), then Add.
    for (let i = 0; i < 2; i++) {
      await page.keyboard.press('Tab')
      await page.keyboard.press('Space')
    }
    await panel.locator('.offers-panel__add').focus()
    await page.keyboard.press('Enter')
    await page.locator('.added-service').nth(1).waitFor()
    // The offers button went with the limit reached; the focus is on the list the offers joined.
    await expect.poll(() => focused(page)).toBe(`H3: ${orderRu.order.added}`)

    await page.locator('.added-service__remove').first().focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('.added-service').count()).toBe(1)
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('added-service__remove'))).toBe(true)

    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('.added-service').count()).toBe(0)
    await expect.poll(() => focused(page)).toBe(`BUTTON: ${orderRu.order['specials-open']}`)
    expect(errors).toEqual([])
    await context.close()
  })
})
