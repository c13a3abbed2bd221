import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXTRAS_TEXTS } from '../src/app/admin/catalogue/extrasTexts'
import { CATALOGUE_TEXTS } from '../src/app/admin/catalogue/texts'
import { ISSUE_TEXTS } from '../src/app/admin/issueTexts'
import { PROMO_MIN_LENGTH } from '../src/contract/constants'
import { LANGS } from '../src/contract/lang'
import { createOperator } from '../src/server/admin/auth'
import { PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness } from './support/app'
import { signInConsole } from './support/console'

/**
 * Console forms checked by the contract say a missing field in the console's language, from a
 * browser that speaks another (English): the form is noValidate, so Chromium's own required and
 * type=email bubbles, in the browser's language, no longer stop the submit before the console
 * speaks. On a phone, axe-core on each refusal; nothing is sent.
 */
const EMAIL = 'owner.checks@example.org'
const PASSWORD = 'an owner password'
const PROMO = 'CHECK10'

let app: AppHarness

beforeAll(async () => {
  app = await startApp()
  await createOperator(app.server.db, { email: EMAIL, name: 'Owner', role: 'owner', password: PASSWORD, lang: 'en' }, Date.now())
  await app.server.db.insertInto('promo_codes').values({ code: PROMO, discount_percent: 10, discount_amount: 0, multi_use: 1, max_uses: null, valid_to: null }).execute()
})
afterAll(async () => {
  await app?.close()
})

async function axeClean(page: Page, where: string): Promise<void> {
  expect(seriousViolations(await runAxe(page)), where).toEqual([])
}

describe('console forms checked by the contract', () => {
  it("say an empty required field in the console's language, not the English browser's, on a phone", async () => {
    const context = await app.browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 1, locale: 'en-US' })
    const writes: string[] = []
    context.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (r.method() === 'POST' && /^\/api\/admin\/(tags|operators|promos\/\d+\/copy)$/.test(path)) writes.push(path)
    })
    try {
      const page = await context.newPage()
      await page.goto(new URL('/admin', app.baseUrl).toString())
      await signInConsole(page, EMAIL, PASSWORD, 'kz')
      for (const lang of LANGS.filter((l) => l !== 'en')) {
        const c = CATALOGUE_TEXTS[lang]
        const required = ISSUE_TEXTS[lang].required
        const alert = page.getByRole('alert')

        await page.goto(new URL(`/admin/catalogue/tags?lang=${lang}`, app.baseUrl).toString())
        await page.getByRole('heading', { level: 1, name: c.tags }).waitFor()
        const tagName = page.getByRole('textbox', { name: `${c.name} (ru)`, exact: true })
        expect(await tagName.evaluate((el: HTMLInputElement) => el.validationMessage)).not.toBe('')
        await page.getByRole('button', { name: c.create, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${c.name} (ru): ${required}`)
        await axeClean(page, `tags, empty name (${lang})`)

        await page.goto(new URL(`/admin/operators?lang=${lang}`, app.baseUrl).toString())
        await page.getByRole('heading', { level: 1, name: c.operators }).waitFor()
        await page.getByRole('button', { name: c.create, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${c.email}: ${required}`)
        await page.getByRole('textbox', { name: c.email, exact: true }).fill('new.operator@example.org')
        await page.getByRole('button', { name: c.create, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${c.password}: ${ISSUE_TEXTS[lang].minLength.replace('{n}', '10')}`)
        await axeClean(page, `operators, short password (${lang})`)

        const x = EXTRAS_TEXTS[lang]
        await page.goto(new URL(`/admin/extras/promos?lang=${lang}`, app.baseUrl).toString())
        await page.getByRole('heading', { level: 1, name: x.promos }).waitFor()
        await page.getByRole('button', { name: `${x.copy}: ${PROMO}` }).click()
        await page.getByRole('textbox', { name: x.newCode }).press('Enter')
        await expect.poll(() => alert.innerText()).toBe(`${x.newCode}: ${ISSUE_TEXTS[lang].minLength.replace('{n}', String(PROMO_MIN_LENGTH))}`)
        await axeClean(page, `promo copy, empty code (${lang})`)
      }
      expect(writes).toEqual([])
    } finally {
      await context.close()
    }
  })
})
