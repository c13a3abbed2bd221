import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSetting, writeSettings } from '../src/server/domain/settings/repository'
import type { Page } from 'playwright-core'
import { openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness, type OpenedPage } from './support/app'

/**
 * The footer's seller's details (setup's info_client) and the contacts page (info_contact) in
 * the visitor's language, on a 390×844 phone in real Chromium against the real server with the
 * demo data (which seeds them in all four languages); a language without a translation shows the
 * English one, marked lang="en" so a screen reader reads it in English (else the storefront's,
 * marked lang="ru"). The back link's label is the venue's where it wrote one in the page's
 * language, else the shop's own wording. axe-core on each page (rules/setupTexts.ts).
 */
const SEEDED = {
  ru: 'Билеты продаются без регистрации. Вопросы: support@example.org',
  en: 'Tickets are sold without registration. Questions: support@example.org',
  kz: 'Билеттер тіркелусіз сатылады. Сұрақтар: support@example.org',
  ch: '購票無需註冊。如有疑問：support@example.org',
} as const

// One server with the demo data for both: each case that changes the setup puts it back.
let app: AppHarness
beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => app?.close())

let phone: OpenedPage | undefined
/**
 * The file's one phone page at `path`: the first check opens it (openPage), each next one loads
 * its address in it (a full load, as a visitor's link gives, with the browser's cache warm). A
 * context per check cost each a cold load (the app's scripts fetched and compiled anew), most of
 * this file's time. The checks only read, and the page's language is its address's (?lang=, else
 * Russian): nothing a load leaves in the context changes what the next one shows. Closed with the
 * app (startApp's close closes its contexts).
 */
async function phoneAt(path: string): Promise<Page> {
  if (phone === undefined) phone = await openPage(app, path, PHONE_VIEWPORT)
  else await phone.page.goto(new URL(path, app.baseUrl).toString(), { waitUntil: 'domcontentloaded' })
  return phone.page
}

describe("the footer's seller's details", () => {
  async function footerInfo(lang: string): Promise<{ text: string; lang: string | null }> {
    const page = await phoneAt(`/contacts${lang === 'ru' ? '' : `?lang=${lang}`}`)
    const info = page.locator('.site-footer__info')
    await info.waitFor()
    const out = { text: await info.innerText(), lang: await info.getAttribute('lang') }
    const serious = seriousViolations(await runAxe(page))
    expect(serious, `${lang}: ${serious.join('\n')}`).toEqual([])
    return out
  }

  it('shows them in each of the four languages', async () => {
    for (const lang of ['ru', 'en', 'kz', 'ch'] as const) {
      expect(await footerInfo(lang), lang).toEqual({ text: SEEDED[lang], lang: null })
    }
  })

  it('falls back to English, marked as English, where a language has none', async () => {
    const stored = (await readSetting(app.server.db, 'db')) as Record<string, unknown>
    await writeSettings(app.server.db, { db: { ...stored, info_client_kz: '', info_client_ch: '' } })
    try {
      expect(await footerInfo('kz')).toEqual({ text: SEEDED.en, lang: 'en' })
      expect(await footerInfo('ru')).toEqual({ text: SEEDED.ru, lang: null })
    } finally {
      await writeSettings(app.server.db, { db: stored })
    }
  })
})

/** The demo's contacts page (reference.ts DEMO_CONTACTS): the start of each of its two lines per language. */
const CONTACTS = {
  ru: ['ООО «Ситвайз Демо»', 'Москва, ул. Примерная'],
  en: ['Seatwise Demo LLC', '1 Primernaya Street'],
  kz: ['«Ситвайз Демо» ЖШС', 'Мәскеу қ.'],
  ch: ['Seatwise 演示有限責任公司', '莫斯科市示範街'],
} as const
/** The demo's back link label per language, and the shop's own (i18n shell.backToTickets) in Kazakh. */
const BACK = { ch: '返回節目表', en: 'Back to the event listing', ownKz: 'Билет таңдауға оралу' } as const

describe('the contacts page', () => {
  async function contacts(lang: string): Promise<{ text: string; lang: string | null; back: string }> {
    const page = await phoneAt(`/contacts${lang === 'ru' ? '' : `?lang=${lang}`}`)
    const info = page.locator('main .rich-text')
    await info.waitFor()
    const out = { text: await info.innerText(), lang: await info.getAttribute('lang'), back: (await page.locator('.back-link').innerText()).replace(/^←\s*/, '') }
    // One heading names the page: the venue's text does not say 'Contacts' a second time under it.
    const title = await page.locator('main h1').innerText()
    expect(await page.locator('main').getByRole('heading', { name: title, exact: true }).count(), lang).toBe(1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), lang).toBeLessThanOrEqual(PHONE_VIEWPORT.width)
    const serious = seriousViolations(await runAxe(page))
    expect(serious, `${lang}: ${serious.join('\n')}`).toEqual([])
    return out
  }

  it("shows the venue's contacts in each of the four languages, unmarked", async () => {
    for (const lang of ['ru', 'en', 'kz', 'ch'] as const) {
      const page = await contacts(lang)
      expect(page.lang, lang).toBeNull()
      for (const line of CONTACTS[lang]) expect(page.text, lang).toContain(line)
    }
    expect((await contacts('ch')).back).toBe(BACK.ch)
  })

  it('falls back to English marked lang="en", then to the storefront\'s text marked lang="ru"', async () => {
    const stored = (await readSetting(app.server.db, 'db')) as Record<string, unknown>
    try {
      await writeSettings(app.server.db, { db: { ...stored, info_contact_kz: '', info_contact_ch: '', returntoafishaname_kz: '' } })
      const ch = await contacts('ch')
      expect(ch.lang).toBe('en')
      for (const line of CONTACTS.en) expect(ch.text).toContain(line)
      // A label the venue did not write in Kazakh: the shop's own Kazakh wording, not another language's.
      expect((await contacts('kz')).back).toBe(BACK.ownKz)
      expect((await contacts('en')).back).toBe(BACK.en)

      await writeSettings(app.server.db, { db: { ...stored, info_contact_en: '', info_contact_kz: '', info_contact_ch: '' } })
      const kz = await contacts('kz')
      expect(kz.lang).toBe('ru')
      for (const line of CONTACTS.ru) expect(kz.text).toContain(line)
    } finally {
      await writeSettings(app.server.db, { db: stored })
    }
  })
})
