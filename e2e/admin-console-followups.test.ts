import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_TEXTS } from '../src/app/admin/texts'
import { BOX_TEXTS } from '../src/app/admin/boxoffice/texts'
import { DOOR_CONSOLE_TEXTS } from '../src/app/admin/doorTexts'
import { fillIn } from '../src/app/admin/careTexts'
import { ISSUE_TEXTS } from '../src/app/admin/issueTexts'
import { separatorsOf } from '../src/app/i18n/punctuation'
import { WAITING_CONSOLE_TEXTS } from '../src/app/admin/waitingTexts'
import schemeEn from '../src/app/i18n/locales/scheme.en'
import { LANGS, type Lang } from '../src/contract/lang'
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, type AppHarness } from './support/app'
import { axeClean, openConsole, signInConsole, startConsoleApp, type ConsoleAccount } from './support/console'

/**
 * Follow-ups of the console's reviews, each in real Chromium against the real server (demo data),
 * axe-core on every screen touched; each describe names its screen and what it keeps right.
 */
const PASSWORD = 'a console password'
const MANAGER: ConsoleAccount = { email: 'manager.followups@example.org', password: PASSWORD, role: 'manager' }
const DESK: ConsoleAccount = { email: 'desk.followups@example.org', password: PASSWORD, role: 'boxoffice' }
const ORGAN = { ru: 'Органная ночь', en: 'Organ Night', kz: 'Орган түні', ch: '管風琴之夜' } as const satisfies Record<Lang, string>
const MUSEUM_EN = 'Night at the Museum'
/** The console's own key in localStorage (AdminApp.tsx). */
const LANG_KEY = 'seatwise.admin.lang'

let app: AppHarness

const eventId = async (nameEn: string) => (await app.server.db.selectFrom('events').select('id').where('name_en', '=', nameEn).executeTakeFirstOrThrow()).id
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

beforeAll(async () => {
  app = await startConsoleApp([MANAGER, DESK])
})
afterAll(async () => {
  await app?.close()
})

describe('waiting room for a role that may only read it', () => {
  it('shows the settings read-only with the reason, and no Save', async () => {
    const w = WAITING_CONSOLE_TEXTS.en
    const calendarId = (await app.server.db.selectFrom('calendars').select('id').where('event_id', '=', await eventId(ORGAN.en)).orderBy('id').executeTakeFirstOrThrow()).id
    const { page, context, errors } = await openConsole(app, DESK, { viewport: PHONE_VIEWPORT, lang: 'en' })
    try {
      await page.goto(new URL(`/admin/sessions/${calendarId}/waiting-room`, app.baseUrl).toString())
      await page.getByRole('heading', { level: 1, name: new RegExp(`^${w.link}: ${ORGAN.en}`) }).waitFor()
      await page.getByLabel(w.rate).waitFor()
      expect(await page.getByTestId('waiting-read-only').innerText()).toBe(w.readOnly)
      expect(await page.getByRole('button', { name: w.save }).count()).toBe(0)
      expect(await page.getByLabel(w.enabled).isDisabled()).toBe(true)
      for (const label of [w.opensAt, w.rate, w.auto]) expect(await page.getByLabel(label).isEditable(), label).toBe(false)
      expect(await fitsWidth(page)).toBe(true)
      await axeClean(page, 'waiting room, read-only')
      // The sign-in screen's question (who is signed in?) answers 401 before the sign-in.
      expect(errors.filter((e) => !e.includes('401'))).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe('events list', () => {
  it("names each row's links by their event, in every language", async () => {
    const { page, context } = await openConsole(app, MANAGER, { viewport: DESKTOP_VIEWPORT, lang: 'en' })
    try {
      const id = await eventId(ORGAN.en)
      for (const lang of LANGS) {
        await page.locator('.adm-header .adm-lang select').selectOption(lang)
        const t = ADMIN_TEXTS[lang]
        await page.getByRole('heading', { level: 1, name: t.events }).waitFor()
        const row = page.locator('.adm-list > li', { has: page.locator(`a[href="/admin/events/${id}"]`) })
        const named = (link: string) => row.getByRole('link', { name: fillIn(t.rowLink, { link, event: ORGAN[lang] }), exact: true })
        expect(await named(t.sales).getAttribute('href'), lang).toBe(`/admin/events/${id}/sales`)
        expect(await named(DOOR_CONSOLE_TEXTS[lang].door).getAttribute('href'), lang).toBe(`/admin/events/${id}/door`)
        expect(await named(BOX_TEXTS[lang].link).getAttribute('href'), lang).toMatch(/^\/admin\/boxoffice\//)
        // The words seen are still the link's own: its name begins with them (WCAG 2.5.3, label in name).
        expect(await named(t.sales).innerText()).toBe(t.sales)
        // No link of the list is named only "Sales" / "Box office": each says whose.
        for (const bare of [t.sales, BOX_TEXTS[lang].link, DOOR_CONSOLE_TEXTS[lang].door]) expect(await page.locator('.adm-list').getByRole('link', { name: bare, exact: true }).count(), `${lang} ${bare}`).toBe(0)
      }
      await axeClean(page, 'events list (ch)')
    } finally {
      await context.close()
    }
  })
})

describe('the language chosen on the sign-in screen', () => {
  it('is kept when it is the one shown already (a Russian browser’s), over the operator’s own', async () => {
    const context = await app.browser.newContext({ viewport: DESKTOP_VIEWPORT, deviceScaleFactor: 1, locale: 'ru-RU' })
    try {
      const page = await context.newPage()
      await page.goto(new URL('/admin', app.baseUrl).toString())
      // The manager's account is in English; Russian, the browser's, is what the sign-in screen shows already.
      await page.getByRole('heading', { level: 1, name: ADMIN_TEXTS.ru.signIn }).waitFor()
      await signInConsole(page, MANAGER.email, PASSWORD, 'ru')
      await page.getByRole('heading', { level: 1, name: ADMIN_TEXTS.ru.events }).waitFor()
      expect(await page.evaluate((key) => localStorage.getItem(key), LANG_KEY)).toBe('ru')
      await page.reload()
      await page.getByRole('heading', { level: 1, name: ADMIN_TEXTS.ru.events }).waitFor()
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru')
      await axeClean(page, 'events list (ru, kept)')
    } finally {
      await context.close()
    }
  })
})

describe("the sign-in screen's checks", () => {
  it("says an empty or malformed field in the console's language, not the browser's, on a phone", async () => {
    // The browser speaks English; its own required/type=email bubbles would too, and they stop the
    // submit before the console can say anything.
    const context = await app.browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 1, locale: 'en-US' })
    const logins: string[] = []
    context.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/admin/login') logins.push(r.method())
    })
    try {
      const page = await context.newPage()
      for (const lang of LANGS.filter((l) => l !== 'en')) {
        const t = ADMIN_TEXTS[lang]
        const said = ISSUE_TEXTS[lang]
        await page.goto(new URL(`/admin?lang=${lang}`, app.baseUrl).toString())
        await page.getByRole('heading', { level: 1, name: t.signIn }).waitFor()
        const email = page.getByRole('textbox', { name: t.email })
        const password = page.getByLabel(t.password)
        // The browser's own check would refuse the empty field (Chromium's message is English here).
        expect(await email.evaluate((el: HTMLInputElement) => el.validationMessage)).not.toBe('')

        await page.getByRole('button', { name: t.enter }).click()
        const alert = page.getByRole('alert')
        await expect.poll(() => alert.innerText()).toBe(`${t.email}${separatorsOf(lang)('punct.colon')}${said.required}`)
        expect(await email.getAttribute('aria-invalid')).toBe('true')
        expect(await email.getAttribute('aria-describedby')).toBe(await alert.getAttribute('id'))
        expect(await email.evaluate((el) => el === document.activeElement)).toBe(true)
        await axeClean(page, `sign-in, empty e-mail (${lang})`)

        await email.fill('ivan@')
        await email.press('Enter')
        await expect.poll(() => alert.innerText()).toBe(`${t.email}${separatorsOf(lang)('punct.colon')}${said.email}`)

        await email.fill(MANAGER.email)
        await password.press('Enter')
        await expect.poll(() => alert.innerText()).toBe(`${t.password}${separatorsOf(lang)('punct.colon')}${said.required}`)
        expect(await password.getAttribute('aria-invalid')).toBe('true')
        expect(await email.getAttribute('aria-invalid')).toBeNull()
        expect(await password.evaluate((el) => el === document.activeElement)).toBe(true)
        expect(await fitsWidth(page)).toBe(true)
      }
      // Each refusal was the console's own: nothing was sent.
      expect(logins).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe('box office', () => {
  it("heads the desk's cart as the operator's sale, not the shop's cart, in every language", async () => {
    const { page, context } = await openConsole(app, DESK, { viewport: PHONE_VIEWPORT, lang: 'en' })
    try {
      await page.getByRole('listitem').filter({ hasText: ORGAN.en }).getByRole('link', { name: BOX_TEXTS.en.link }).click()
      await page.getByRole('heading', { name: BOX_TEXTS.en.title, level: 1 }).waitFor()
      for (const lang of LANGS) {
        await page.locator('.adm-header .adm-lang select').selectOption(lang)
        await page.getByRole('heading', { level: 2, name: BOX_TEXTS[lang].cart, exact: true }).waitFor()
      }
      expect(await page.getByRole('heading', { name: schemeEn.scheme.cart }).count()).toBe(0)
      expect(await fitsWidth(page)).toBe(true)
      await axeClean(page, 'box office (ch)')
    } finally {
      await context.close()
    }
  })
})

describe('sales chart', () => {
  it("keeps each day's date on one line on a 390 px phone, in every language", async () => {
    const { page, context } = await openConsole(app, MANAGER, { viewport: PHONE_VIEWPORT, lang: 'en' })
    try {
      // A ticket sold at the general-admission desk: today's bar.
      await page.getByRole('listitem').filter({ hasText: MUSEUM_EN }).getByRole('link', { name: BOX_TEXTS.en.link }).click()
      await page.getByRole('heading', { name: BOX_TEXTS.en.title, level: 1 }).waitFor()
      await page.locator('.adm-inline select').first().selectOption('1')
      await page.getByLabel('Full name', { exact: true }).fill('Chart Buyer')
      await page.getByLabel('Phone', { exact: true }).fill('+79160000042')
      await page.getByRole('button', { name: BOX_TEXTS.en.sell }).click()
      await page.getByTestId('bo-sold').waitFor()
      await page.goto(new URL(`/admin/events/${await eventId(MUSEUM_EN)}/sales`, app.baseUrl).toString())
      const day = page.locator('.adm-chart li > span:first-child').first()
      // One line box per date: a wrapped date has two or more.
      const lines = () =>
        day.evaluate((el) => {
          const range = document.createRange()
          range.selectNodeContents(el)
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
        })
      for (const lang of LANGS) {
        await page.locator('.adm-header .adm-lang select').selectOption(lang)
        await page.getByRole('heading', { level: 1, name: new RegExp(`^${ADMIN_TEXTS[lang].sales}`) }).waitFor()
        expect(await lines(), `${lang}: ${await day.innerText()}`).toBe(1)
        expect(await fitsWidth(page), lang).toBe(true)
      }
      await axeClean(page, 'sales on a phone (ch)')
      // A desktop's row keeps the date whole too.
      await page.setViewportSize(DESKTOP_VIEWPORT)
      await page.locator('.adm-header .adm-lang select').selectOption('ru')
      await page.getByRole('heading', { level: 1, name: new RegExp(`^${ADMIN_TEXTS.ru.sales}`) }).waitFor()
      expect(await lines(), `desktop: ${await day.innerText()}`).toBe(1)
    } finally {
      await context.close()
    }
  })
})
