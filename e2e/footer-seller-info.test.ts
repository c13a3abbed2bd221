import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSetting, writeSettings } from '../src/server/domain/settings/repository'
import { openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness } from './support/app'

/**
 * The footer's seller's details (setup's info_client) in the visitor's language, on a 390×844
 * phone in real Chromium against the real server with the demo data (which seeds them in all four
 * languages); a language without a translation shows the English one, marked lang="en" so a
 * screen reader reads it in English. axe-core on each page.
 */
const SEEDED = {
  ru: 'Билеты продаются без регистрации. Вопросы: support@example.org',
  en: 'Tickets are sold without registration. Questions: support@example.org',
  kz: 'Билеттер тіркелусіз сатылады. Сұрақтар: support@example.org',
  ch: '購票無需註冊。如有疑問：support@example.org',
} as const

describe("the footer's seller's details", () => {
  let app: AppHarness
  beforeAll(async () => {
    app = await startApp()
  })
  afterAll(async () => app?.close())

  async function footerInfo(lang: string): Promise<{ text: string; lang: string | null }> {
    const { page, context } = await openPage(app, `/contacts${lang === 'ru' ? '' : `?lang=${lang}`}`, PHONE_VIEWPORT)
    const info = page.locator('.site-footer__info')
    await info.waitFor()
    const out = { text: await info.innerText(), lang: await info.getAttribute('lang') }
    const serious = seriousViolations(await runAxe(page))
    expect(serious, `${lang}: ${serious.join('\n')}`).toEqual([])
    await context.close()
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
