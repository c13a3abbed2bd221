import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { visitor } from '../tests/integration/order-fixtures'
import { decide, pathOf, startPay } from '../tests/integration/payment-fixtures'
import { freePort, openPage, PHONE_VIEWPORT, startApp, type AppHarness } from './support/app'
import { createWalkOrder } from './support/orders'

/**
 * The order page on a 390×844 phone, in real Chromium against the real server: a paid order's
 * tickets keep the card's width.
 */

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
    await page.screenshot({ path: '/tmp/order-phone-paid.png', fullPage: true })
    expect(errors).toEqual([])
    await context.close()
  })
})
