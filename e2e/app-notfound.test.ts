import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPage, startApp, waitForListing, type AppHarness } from './support/app'

/** Unknown paths show the 404 page with a way home. */
describe('404 page', () => {
  let app: AppHarness
  beforeAll(async () => {
    app = await startApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('answers an unknown path with "Page not found" and leads home', async () => {
    const { page, context, errors } = await openPage(app, '/no/such/page?lang=en')
    await page.waitForSelector('#not-found-title')
    expect(await page.locator('h1').innerText()).toBe('Page not found')
    // The title is set in an effect after the screen's render (useTitle): polled, not read once.
    await expect.poll(() => page.title()).toContain('Page not found')
    await page.getByRole('link', { name: 'Go to the main page', exact: true }).click()
    await waitForListing(page)
    const url = new URL(page.url())
    expect(url.pathname).toBe('/')
    expect(url.searchParams.get('lang')).toBe('en')
    expect(await page.locator('h1').innerText()).toBe('Buy a ticket')
    expect(errors).toEqual([])
    await context.close()
  })

  it('sends the older /{lang}/rules form to the purchase terms page', async () => {
    const { page, context } = await openPage(app, '/en/rules')
    await page.waitForSelector('#rules-title')
    const url = new URL(page.url())
    expect(url.pathname).toBe('/rules/purchase-terms')
    expect(url.searchParams.get('lang')).toBe('en')
    await context.close()
  })
})
