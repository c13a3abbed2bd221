import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupSchema } from '../src/contract/entities/setup'
import { parseLanguageList, type Lang } from '../src/contract/lang'
import ch from '../src/app/i18n/locales/ch'
import en from '../src/app/i18n/locales/en'
import kz from '../src/app/i18n/locales/kz'
import ru from '../src/app/i18n/locales/ru'
import type { Page } from 'playwright-core'
import { latinPunctuationInChinese } from '../tests/support/cjk-punctuation'
import { DESKTOP_VIEWPORT, eventHash, openPage, PHONE_VIEWPORT, queryParam, runAxe, seriousViolations, startApp, waitForListing, waitForShell, type AppHarness } from './support/app'
import { createWalkOrder } from './support/orders'
import { reviewShot } from './support/shots'

const TEXTS = { ru, en, kz, ch }
const HTML_LANG: Record<Lang, string> = { ru: 'ru', en: 'en', kz: 'kk', ch: 'zh-Hant' }

/** Every line a visitor reads or hears on the page: its text, the names and hints of its elements, its title. */
function pageTexts(page: Page, where: string): Promise<[string, string][]> {
  return page.evaluate((w) => {
    const said = [...document.querySelectorAll('[aria-label],[title],[alt],[placeholder],[data-label]')]
      .flatMap((e) => ['aria-label', 'title', 'alt', 'placeholder', 'data-label'].map((a) => e.getAttribute(a) ?? ''))
    return [...document.body.innerText.split('\n'), ...said, document.title].filter((x) => x.trim() !== '').map((x): [string, string] => [w, x])
  }, where)
}

/** Switching the language changes the texts and the lang query parameter (omitted for ru). */
describe('language switch', () => {
  let app: AppHarness
  let offered: Lang[]

  beforeAll(async () => {
    app = await startApp()
    const setup = setupSchema.parse(await (await fetch(new URL('/api/setup', app.baseUrl))).json())
    offered = parseLanguageList(setup.db.languages)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('goes ru → en → kz → ch → ru through the selector', async () => {
    expect(offered).toEqual(expect.arrayContaining(['ru', 'en', 'kz', 'ch']))
    const { page, context, errors } = await openPage(app, '/')
    await waitForListing(page)
    let current: Lang = 'ru'
    expect(await page.locator('h1').innerText()).toBe(ru.titles.afisha)
    expect(queryParam(page, 'lang')).toBeNull()

    for (const lang of ['en', 'kz', 'ch', 'ru'] as const) {
      // The selector is found by its label, which is itself translated.
      await page.getByRole('combobox', { name: TEXTS[current].shell.language }).selectOption(lang)
      current = lang
      await page.waitForFunction((text) => document.querySelector('h1')?.textContent === text, TEXTS[lang].titles.afisha)
      expect(queryParam(page, 'lang')).toBe(lang === 'ru' ? null : lang)
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(HTML_LANG[lang])
      // The header's link waits for its own render; the title is set in an effect after it (useTitle).
      await page.getByRole('link', { name: TEXTS[lang].shell.contacts, exact: true }).first().waitFor()
      await expect.poll(() => page.title()).toContain(TEXTS[lang].titles.afisha)
      await waitForListing(page)
    }
    expect(errors).toEqual([])
    await context.close()
  })

  it("stays Russian for a browser that prefers English once the visitor picks Русский, after a reload and on the next visit", async () => {
    // The storefront's language is the address's ?lang alone (SessionSync, resolveLang): no stored
    // choice and no browser language, so the browser's English never replaces an explicit Russian.
    const context = await app.browser.newContext({ locale: 'en-US' })
    try {
      const page = await context.newPage()
      await page.goto(new URL('/', app.baseUrl).toString())
      await waitForListing(page)
      expect(await page.evaluate(() => navigator.language)).toBe('en-US')
      expect(await page.locator('h1').innerText()).toBe(ru.titles.afisha)
      const select = () => page.getByRole('combobox', { name: ru.shell.language })
      // Russian chosen again while it shows, then English and back to Russian.
      await select().selectOption('ru')
      await select().selectOption('en')
      await page.waitForFunction((text) => document.querySelector('h1')?.textContent === text, en.titles.afisha)
      await page.getByRole('combobox', { name: en.shell.language }).selectOption('ru')
      await page.waitForFunction((text) => document.querySelector('h1')?.textContent === text, ru.titles.afisha)
      await page.reload()
      await waitForListing(page)
      expect(await page.locator('h1').innerText()).toBe(ru.titles.afisha)
      await page.goto(new URL('/', app.baseUrl).toString())
      await waitForListing(page)
      expect(await page.locator('h1').innerText()).toBe(ru.titles.afisha)
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru')
    } finally {
      await context.close()
    }
  })

  it('writes Chinese pages with full-width punctuation (listing, event page, order page; phone and desktop) and names the contacts page alike in the header and the footer', async () => {
    const order = await createWalkOrder(app, 2)
    const walk = await eventHash(app, 'Old Town Walk')
    const cases = [['listing', '/?lang=ch', PHONE_VIEWPORT], ['listing', '/?lang=ch', DESKTOP_VIEWPORT], ['event', `/event/${walk}?lang=ch`, PHONE_VIEWPORT], ['order', `/order/${order}?lang=ch`, PHONE_VIEWPORT]] as const
    for (const [name, path, viewport] of cases) {
      const { page, context, errors } = await openPage(app, path, viewport)
      if (name === 'listing') await waitForListing(page)
      else if (name === 'event') await page.locator('.event-header__place').waitFor()
      else await page.locator('.ticket-group').first().waitFor()
      await waitForShell(page)
      // Every card's dates open, so their day-and-times lines are read too.
      if (name === 'listing') for (const more of await page.locator('.event-card__dates-toggle').all()) await more.click().catch(() => {})
      const where = `${name} ${viewport.width}px`
      await reviewShot(page, { path: `/tmp/ch-punctuation-${name}-${viewport.width}.png`, fullPage: name !== 'listing' })
      expect(latinPunctuationInChinese(await pageTexts(page, where))).toEqual([])
      // The contacts page has one name: the header's link, the footer's (setup's, the demo's here) and the console's field.
      const header = await page.locator('header.site-header a[href^="/contacts"]').innerText()
      expect(header, where).toBe(ch.shell.contacts)
      expect(await page.locator('footer.site-footer a[href^="/contacts"]').innerText(), where).toBe(header)
      if (viewport === PHONE_VIEWPORT) expect(seriousViolations(await runAxe(page)), where).toEqual([])
      expect(errors, where).toEqual([])
      await context.close()
    }
  })

  it('keeps lang and sub=1 on in-app links and drops a language setup does not offer', async () => {
    const { page, context } = await openPage(app, '/?lang=en&sub=1')
    await waitForListing(page)
    const contacts = page.getByRole('link', { name: en.shell.contacts, exact: true }).first()
    expect(await contacts.getAttribute('href')).toBe('/contacts?lang=en&sub=1')
    await contacts.click()
    await page.waitForSelector('#contacts-title')
    expect(new URL(page.url()).search).toBe('?lang=en&sub=1')
    await context.close()

    const unknown = await openPage(app, '/?lang=de')
    await waitForListing(unknown.page)
    await unknown.page.waitForFunction(() => !new URL(location.href).searchParams.has('lang'))
    expect(await unknown.page.locator('h1').innerText()).toBe(ru.titles.afisha)
    await unknown.context.close()
  })
})
