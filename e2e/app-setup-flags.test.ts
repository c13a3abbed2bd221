import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupSchema } from '../src/contract/entities/setup'
import { writeSettings } from '../src/server/domain/settings/repository'
import { SETUP_DEFAULTS } from '../src/server/domain/settings/defaults'
import { DESKTOP_VIEWPORT, eventHash, openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, waitForListing, waitForShell, type AppHarness } from './support/app'
import { createWalkOrder } from './support/orders'
import { afterScroll, coveredByScrollTop } from './support/scroll-top'
import { reviewShot } from './support/shots'

/**
 * The shell follows setup: languages offered, header/footer/scroll-top flags, integration mode.
 * Each test changes setup in the real database; the server reads it on every /api/setup.
 */
describe('setup-driven shell', () => {
  let app: AppHarness
  beforeAll(async () => {
    app = await startApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('offers only the languages setup lists and falls back from others', async () => {
    await app.server.db.updateTable('languages').set({ enabled: 0 }).where('code', 'in', ['kz', 'ch']).execute()
    try {
      const { page, context } = await openPage(app, '/?lang=ch')
      await waitForListing(page)
      await page.waitForFunction(() => !new URL(location.href).searchParams.has('lang'))
      expect(await page.locator('h1').innerText()).toBe('Купить билет')
      const options = await page.locator('select.lang-select__control option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))
      expect(options).toEqual(['ru', 'en'])
      await context.close()
    } finally {
      await app.server.db.updateTable('languages').set({ enabled: 1 }).execute()
    }
  })

  it('hides header, footer and scroll-top when their flags are 0', async () => {
    const app0 = setupSchema.parse(await (await fetch(new URL('/api/setup', app.baseUrl))).json()).app
    await writeSettings(app.server.db, { app: { ...app0, header: 0, footer: 0, scroll_top: 0 } })
    try {
      const { page, context } = await openPage(app, '/')
      await waitForListing(page)
      await page.waitForFunction(() => document.querySelector('.afisha') !== null)
      await page.evaluate(() => window.scrollTo(0, 2000))
      // The button answers the scroll's event, which the browser fires with the next frame
      // (ScrollTop.tsx): once the page has answered it, the button would be in if the flag were
      // ignored; counted at once, the 0 could be read before it had looked.
      await afterScroll(page)
      expect(await page.locator('header.site-header').count()).toBe(0)
      expect(await page.locator('footer.site-footer').count()).toBe(0)
      expect(await page.locator('.scroll-top').count()).toBe(0)
      await context.close()
    } finally {
      await writeSettings(app.server.db, { app: app0 })
    }
  })

  it('shows the scroll-to-top button after 400 px and scrolls back up', async () => {
    const { page, context } = await openPage(app, '/')
    await waitForListing(page)
    expect(await page.locator('.scroll-top').count()).toBe(0)
    await page.evaluate(() => window.scrollTo(0, 401))
    await page.locator('.scroll-top').waitFor()
    await page.locator('.scroll-top').click()
    await page.waitForFunction(() => window.scrollY === 0)
    await context.close()
  })

  it('steps aside while the seat map lies under its corner, and comes back once the map has gone by (phone)', async () => {
    const { page, context } = await openPage(app, `/scheme/${await eventHash(app, 'Organ Night')}`, PHONE_VIEWPORT)
    try {
      await page.locator('.scheme-map').waitFor()
      // Wait for the cart's form below the map, which makes the page long enough to scroll past it.
      await page.locator('.scheme-legend').waitFor()
      const { under, past, room } = await page.evaluate(() => {
        const r = document.querySelector('.scheme-map')!.getBoundingClientRect()
        const bottom = r.bottom + window.scrollY
        // `under`: the map's bottom edge 36 px above the screen's, across the button's corner.
        return { under: bottom - window.innerHeight + 36, past: bottom - window.innerHeight + 200, room: document.documentElement.scrollHeight - window.innerHeight }
      })
      expect(under).toBeGreaterThan(400)
      expect(room).toBeGreaterThanOrEqual(past)
      await page.evaluate((y) => window.scrollTo(0, y), past)
      await page.locator('.scroll-top').waitFor()
      await page.evaluate((y) => window.scrollTo(0, y), under)
      await page.locator('.scroll-top').waitFor({ state: 'detached' })
      await page.evaluate((y) => window.scrollTo(0, y), past)
      await page.locator('.scroll-top').waitFor()
    } finally {
      await context.close()
    }
  })

  it("steps aside when the buyer's form opens under its corner without a scroll: a ticket added at the event page's end (phone, Kazakh)", async () => {
    const { page, context, errors } = await openPage(app, `/event/${await eventHash(app, 'The Marriage')}?lang=kz`, PHONE_VIEWPORT)
    try {
      const plus = page.locator('.price-row').first().locator('.quantity__button').nth(1)
      await plus.waitFor()
      // At the page's end, past the threshold, with only the footer under the corner: the button shows.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await page.locator('.scroll-top').waitFor()
      const y = await page.evaluate(() => window.scrollY)
      expect(y).toBeGreaterThan(400)
      // A tap that scrolls nothing (playwright's click would scroll the button into view first):
      // the summary and the buyer's form open above the footer, where the visitor is looking.
      await plus.evaluate((b) => (b as HTMLButtonElement).click())
      await page.locator('form.order-form').waitFor()
      expect(await page.evaluate(() => window.scrollY)).toBe(y)
      await page.locator('.scroll-top').waitFor({ state: 'detached' })
      expect(await coveredByScrollTop(page)).toEqual([])
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('leaves nothing readable or tappable under the scroll-top button at the end of the listing and the order page, footer on or off, phone and desktop', async () => {
    const app0 = setupSchema.parse(await (await fetch(new URL('/api/setup', app.baseUrl))).json()).app
    const order = await createWalkOrder(app, 3)
    const langs = ['ru', 'kz', 'ch', 'en'] as const
    let turn = 0
    try {
      for (const footer of [1, 0]) {
        await writeSettings(app.server.db, { app: { ...app0, footer, scroll_top: 1 } })
        for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
          for (const screen of ['listing', 'order'] as const) {
            const lang = langs[turn++ % langs.length]
            const query = lang === 'ru' ? '' : `?lang=${lang}`
            const { page, context, errors } = await openPage(app, screen === 'listing' ? `/${query}` : `/order/${order}${query}`, viewport)
            if (screen === 'listing') await waitForListing(page)
            else await page.locator('.order-pay').waitFor()
            await waitForShell(page)
            expect(await page.locator('footer.site-footer').count()).toBe(footer)
            await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
            await page.locator('.scroll-top').waitFor()
            const where = `${screen} ${lang} ${viewport.width}px footer=${footer}`
            await reviewShot(page, { path: `/tmp/scroll-top-end-${screen}-${viewport.width}-footer${footer}.png` })
            expect(await coveredByScrollTop(page), where).toEqual([])
            if (viewport === PHONE_VIEWPORT && footer === 0) expect(seriousViolations(await runAxe(page)), where).toEqual([])
            expect(errors, where).toEqual([])
            await context.close()
          }
        }
      }
    } finally {
      await writeSettings(app.server.db, { app: app0 })
    }
  })

  it('in integration mode sends order views to the old-style path with language and hash', async () => {
    await writeSettings(app.server.db, { is_integration: 1 })
    try {
      const { page, context } = await openPage(app, '/order/abc123?lang=en')
      await page.waitForURL((url) => url.pathname === '/en/order/abc123')
      await context.close()
    } finally {
      await writeSettings(app.server.db, { is_integration: SETUP_DEFAULTS.is_integration })
    }
  })

  it('without integration mode the order view stays in the storefront', async () => {
    const { page, context, apiRequests } = await openPage(app, '/order/abc123')
    await page.waitForSelector('main h1')
    await expect.poll(() => apiRequests.some((r) => r.path === '/api/setup')).toBe(true)
    expect(new URL(page.url()).pathname).toBe('/order/abc123')
    expect(await page.locator('#not-found-title').count()).toBe(0)
    await context.close()
  })
})
