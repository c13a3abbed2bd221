import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Lang } from '../src/contract/lang'
import { ADMIN_TEXTS } from '../src/app/admin/texts'
import { DOOR_TEXTS } from '../src/app/door/texts'
import { LANG_TAG } from '../src/app/i18n/lang'
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness } from './support/app'
import { reviewShot } from './support/shots'

/**
 * The console's (/admin) and the door app's (/door) sign-in screens open in the browser's language
 * when it is one of ours (ru*, en*, kk*, zh*), in Russian otherwise; a language chosen on the
 * screen, or asked by the address, wins over the browser's. Real server, real Chromium whose
 * context locale sets navigator.languages.
 */
const BROWSERS: readonly [locale: string, lang: Lang][] = [['ru-RU', 'ru'], ['en-US', 'en'], ['kk-KZ', 'kz'], ['zh-CN', 'ch'], ['de-DE', 'ru']]

/** The console on a desktop, the door app (a steward's phone) on a phone, without its service worker. */
const SCREENS = [
  { path: '/admin', viewport: DESKTOP_VIEWPORT },
  { path: '/door', viewport: PHONE_VIEWPORT },
] as const

async function openIn(browser: Browser, locale: string, path: string, viewport: typeof DESKTOP_VIEWPORT, baseUrl: string) {
  const isPhone = viewport.width < 600
  const context = await browser.newContext({ locale, viewport, isMobile: isPhone, hasTouch: isPhone, deviceScaleFactor: 1, serviceWorkers: 'block' })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(new URL(path, baseUrl).toString())
  await page.locator('#adm-signin-title').waitFor()
  return { context, page, errors }
}

/** The screen speaks `lang`: the html lang attribute, the heading, the language switch showing it (and the door's hint). */
async function expectSpeaks(page: Page, path: string, lang: Lang, where: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { message: where }).toBe(LANG_TAG[lang])
  expect(await page.locator('#adm-signin-title').innerText(), where).toBe(ADMIN_TEXTS[lang].signIn)
  expect(await page.locator('.adm-lang select').inputValue(), where).toBe(lang)
  if (path === '/door') expect(await page.getByText(DOOR_TEXTS[lang].signInHint).isVisible(), where).toBe(true)
}

describe("the console's and the door app's sign-in screens open in the browser's language", () => {
  let app: AppHarness

  beforeAll(async () => {
    app = await startApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('ru-RU, en-US, kk-KZ and zh-CN open in ru, en, kz and ch; de-DE (none of ours) in Russian; axe clean', async () => {
    for (const { path, viewport } of SCREENS) {
      for (const [locale, lang] of BROWSERS) {
        const where = `${path} in ${locale}`
        const { context, page, errors } = await openIn(app.browser, locale, path, viewport, app.baseUrl)
        expect(await page.evaluate(() => navigator.languages[0]), where).toBe(locale)
        await expectSpeaks(page, path, lang, where)
        expect(seriousViolations(await runAxe(page)), where).toEqual([])
        await reviewShot(page, { path: `/tmp/signin-lang${path.replace('/', '-')}-${locale}.png` })
        expect(errors, where).toEqual([])
        await context.close()
      }
    }
  })

  it("a language chosen on the screen, or asked by the address, wins over the browser's", async () => {
    for (const { path, viewport } of SCREENS) {
      // Chosen with the switch: kept in this browser and shown again on the next visit.
      const chosen = await openIn(app.browser, 'zh-CN', path, viewport, app.baseUrl)
      await chosen.page.locator('.adm-lang select').selectOption('kz')
      await expectSpeaks(chosen.page, path, 'kz', `${path}: kz chosen in zh-CN`)
      await chosen.page.reload()
      await chosen.page.locator('#adm-signin-title').waitFor()
      await expectSpeaks(chosen.page, path, 'kz', `${path}: kz chosen in zh-CN, reloaded`)
      expect(chosen.errors).toEqual([])
      await chosen.context.close()
      // Asked by the address (a link an operator was sent).
      const asked = await openIn(app.browser, 'en-US', `${path}?lang=ru`, viewport, app.baseUrl)
      await expectSpeaks(asked.page, path, 'ru', `${path}?lang=ru in en-US`)
      expect(asked.errors).toEqual([])
      await asked.context.close()
    }
  })
})
