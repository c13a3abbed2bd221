import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedIn, type AdminClient } from '../tests/integration/admin-helpers'
import { orderBody, seedOrderFixtures, type Fixtures } from '../tests/integration/order-fixtures'
import { seedReturnFixtures } from '../tests/integration/return-helpers'
import { openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness } from './support/app'

/**
 * Tickets bought at the box office are returned there (returns/policy.ts): their return page, in
 * Chromium, says so in the order's language with a way back to the order, instead of sending
 * the visitor back without a word (any other refusal still goes back to the order, 001 §4).
 */
describe('the return page of a box-office sale', () => {
  let app: AppHarness
  let fx: Fixtures
  let desk: AdminClient
  beforeAll(async () => {
    app = await startApp({ DEMO_DATA: '0' })
    fx = await seedOrderFixtures(app.server.db)
    await seedReturnFixtures(app.server.db)
    desk = await signedIn(app.server, 'boxoffice')
  })
  afterAll(async () => {
    await app?.close()
  })

  it('says the tickets are returned at the box office, with a link back to the order (in the order\'s language, ru; phone); axe passes', async () => {
    const body = orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }])
    const sale = await desk.post<{ hash: string }>('/api/admin/boxoffice/sell', { fio: body.fio, phone: body.phone, email: body.email, lang: 'ru', hash: body.hash, data: body.data, payKind: 'cash' })
    expect(sale.status, JSON.stringify(sale.body)).toBe(200)
    const { page, context, errors } = await openPage(app, `/order/return/${sale.body.hash}`, PHONE_VIEWPORT)
    await page.getByText('Билеты, купленные в кассе, возвращаются в кассе').waitFor()
    // The header's back link carries the same words until the order's number arrives (BackLink.tsx):
    // the page's own link is the one inside main.
    const back = page.getByRole('main').getByRole('link', { name: 'Вернуться к заказу', exact: true })
    expect(await back.getAttribute('href')).toContain(`/order/${sale.body.hash}`)
    expect(seriousViolations(await runAxe(page))).toEqual([])
    await back.click()
    await page.waitForURL(new RegExp(`/order/${sale.body.hash}`))
    expect(errors).toEqual([])
    await context.close()
  })
})
