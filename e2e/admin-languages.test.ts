import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Lang } from '../src/contract/lang'
import { ADMIN_TEXTS } from '../src/app/admin/texts'
import { STUDIO_TEXTS } from '../src/app/admin/studio/texts'
import { aside, bracketed, joinParts, labelled, separatorsOf } from '../src/app/i18n/punctuation'
import { DESKTOP_VIEWPORT, openPage, waitForListing, type AppHarness } from './support/app'
import { axeClean, createOperators, openConsole, startConsoleApp, type ConsoleAccount } from './support/console'
import { formatMoney } from '../src/contract/rules/moneyText'
import { formatSession } from '../src/contract/rules/dayText'

/**
 * Issue 17's "Done when" in the other three languages: the path that e2e/admin-studio.test.ts
 * walks in English (where a visitor also buys a seat), here in Russian, Kazakh and Chinese. An
 * owner signs in with the console in that language, creates a venue, uploads a real drawing
 * from the browser, paints a price zone by a range of rows in the map studio and saves the map,
 * creates a seat-map event with a session and a price on it, publishes it, and the storefront's
 * listing in that language shows it. Every control is found by its text in that language (the
 * console's own text tables), so a screen that falls back to another language fails here.
 */
const DRAWING = path.resolve('../shared/venues/real/ub-palace-ulaanbaatar.svg')
const PASSWORD = 'an owner password'
const OWNER: ConsoleAccount = { email: 'owner.languages@example.org', password: PASSWORD, role: 'owner', lang: 'ru' }
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
const MAP_TIMEOUT = 120_000
/** The studio's heading for a first draft: "Studio: name (version 1, draft)", full-width in Chinese. */
const draftNote = (lang: Lang) => bracketed(lang, joinParts(separatorsOf(lang), [`${STUDIO_TEXTS[lang].version} 1`, STUDIO_TEXTS[lang].draft]))
/** The draft's note follows the drawing's name as StudioScreen puts it: after a space in Latin brackets, with none in full-width ones. */
const studioTitle = (lang: Lang, name: string) => labelled(separatorsOf(lang), STUDIO_TEXTS[lang].studio, `${name}${lang === 'ch' ? '' : ' '}${draftNote(lang)}`)

let app: AppHarness

beforeAll(async () => {
  app = await startConsoleApp([OWNER], { ownPort: true })
})
afterAll(async () => {
  await app?.close()
})

async function waitForEngine(page: Page): Promise<void> {
  await page.waitForFunction(() => (window.__seatwiseTest?.schemeEngine?.getSnapshot().hasVenue ?? false) && (window.__seatwiseTest?.schemeEngine?.getSnapshot().ready ?? false), null, { timeout: MAP_TIMEOUT })
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe("the console's language on a browser that never chose one", () => {
  it("is the operator's own after sign-in, kept on reload; a choice on the sign-in screen wins", async () => {
    const email = 'kz.operator@example.org'
    await createOperators(app, { email, name: 'Оператор', role: 'manager', password: PASSWORD, lang: 'kz' })
    const signIn = async (page: Page) => {
      await page.locator('input[name="email"]').fill(email)
      await page.locator('input[name="password"]').fill(PASSWORD)
      await page.keyboard.press('Enter')
    }
    {
      // A fresh browser context: nothing saved. The sign-in screen is in the browser's language (en-US here).
      const { page, context, errors } = await openPage(app, '/admin')
      await page.locator('#adm-signin-title').waitFor()
      expect(await page.locator('.adm-lang select').inputValue()).toBe('en')
      await signIn(page)
      await page.getByRole('heading', { name: ADMIN_TEXTS.kz.events, level: 1 }).waitFor()
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('kk')
      await page.reload()
      await page.getByRole('heading', { name: ADMIN_TEXTS.kz.events, level: 1 }).waitFor()
      expect(errors.filter((e) => !e.includes('401'))).toEqual([])
      await context.close()
    }
    {
      // Chosen on the sign-in screen (the one shown already): the operator's own language does not override it.
      const { page, context } = await openPage(app, '/admin')
      await page.locator('#adm-signin-title').waitFor()
      await page.locator('.adm-lang select').selectOption('en')
      await signIn(page)
      await page.getByRole('heading', { name: ADMIN_TEXTS.en.events, level: 1 }).waitFor()
      await context.close()
    }
  })
})

describe('a venue and its event put on sale from the browser, in each language', () => {
  const cases: [Lang, number][] = [
    ['ru', 4],
    ['kz', 5],
    ['ch', 6],
  ]
  it.each(cases)('in %s', async (lang, days) => {
    const t = ADMIN_TEXTS[lang]
    const s = STUDIO_TEXTS[lang]
    const venue = `Зал ${lang}`
    const zone = `Партер ${lang}`
    const names: Record<Lang, string> = { ru: `Премьера (ru) ${lang}`, en: `Premiere (en) ${lang}`, kz: `Премьера (қаз) ${lang}`, ch: `首演（中）${lang}` }
    const { page, context, errors } = await openConsole(app, OWNER, { viewport: DESKTOP_VIEWPORT, lang, by: 'button' })
    await page.getByRole('heading', { name: t.events, level: 1 }).waitFor()

    // Venues: a new venue, and its drawing uploaded from the browser into the map studio.
    await page.getByRole('link', { name: s.venues }).click()
    await page.getByRole('heading', { name: s.venues, level: 1 }).waitFor()
    await page.getByLabel(`${t.name}${aside(lang, 'ru')}`).fill(venue)
    await page.getByLabel(`${t.name}${aside(lang, lang)}`).fill(venue)
    await page.getByRole('button', { name: s.create }).click()
    const item = page.locator('.adm-list > li', { has: page.getByRole('heading', { name: venue }) })
    await item.waitFor()
    await axeClean(page, `venues (${lang})`)
    await item.getByLabel(s.upload).setInputFiles(DRAWING)
    // The import is a draft until a session takes it: the heading says so, and a save edits it in place.
    await page.getByRole('heading', { name: new RegExp(escape(studioTitle(lang, 'ub-palace-ulaanbaatar'))) }).waitFor({ timeout: 60_000 })
    const first = Number(new URL(page.url()).pathname.split('/').pop())
    await waitForEngine(page)
    const seats = await app.server.db.selectFrom('seats as s').innerJoin('sectors as c', 'c.id', 's.sector_id').select(['s.seat_key', 's.row_label', 'c.sector_index']).where('s.drawing_id', '=', first).execute()
    const report = page.getByTestId('import-report')
    expect(await report.locator('div', { hasText: s.seats }).first().locator('dd').innerText()).toBe(String(seats.length))

    // One price zone painted onto the first numbered row of the biggest sector, saved into version 1 (a draft).
    const bySector = new Map<number, typeof seats>()
    for (const seat of seats) bySector.set(seat.sector_index, [...(bySector.get(seat.sector_index) ?? []), seat])
    const [sector, sectorSeats] = [...bySector.entries()].sort((a, b) => b[1].length - a[1].length)[0]
    const row = sectorSeats.map((x) => x.row_label).filter((r) => /^\d+$/.test(r)).sort((a, b) => Number(a) - Number(b))[0]
    const inRow = sectorSeats.filter((x) => x.row_label === row).length
    await page.getByLabel(s.zoneName).fill(zone)
    await page.getByRole('button', { name: s.addZone, exact: true }).click()
    const range = page.getByRole('form', { name: s.range })
    await range.getByLabel(s.sector).selectOption(String(sector))
    await range.getByLabel(s.fromRow).fill(row)
    await range.getByLabel(s.toRow).fill(row)
    await range.getByRole('button', { name: s.selectRange }).click()
    await expect.poll(() => page.getByTestId('selected-count').innerText()).toBe(`${s.selected}${separatorsOf(lang)('punct.colon')}${inRow}`)
    const box = page.getByTestId('paint-box')
    await box.getByLabel(s.paintKind).selectOption({ label: s.kindZone })
    // In some languages the zone select's label is also one of the kinds: the one listing the zone.
    await box.getByLabel(s.paintInto).filter({ has: page.locator('option', { hasText: zone }) }).selectOption({ label: `${zone} *` })
    await box.getByRole('button', { name: s.preview }).click()
    await box.getByTestId('paint-preview').waitFor()
    await box.getByRole('button', { name: s.apply }).click()
    await axeClean(page, `studio (${lang})`)
    await page.getByRole('button', { name: s.saveDraft }).click()
    // Saved in place: still version 1, a draft, revision 1.
    await page.getByRole('status').filter({ hasText: s.savedDraft.replace('{version}', '1').replace('{revision}', '1') }).waitFor()
    await page.getByRole('heading', { name: new RegExp(escape(draftNote(lang))) }).waitFor()
    const second = Number(new URL(page.url()).pathname.split('/').pop())
    const painted = await app.server.db.selectFrom('seats as s').innerJoin('zones as z', 'z.id', 's.zone_id').select('s.seat_key').where('s.drawing_id', '=', second).where('z.name_ru', '=', zone).execute()
    expect(painted).toHaveLength(inRow)

    // A seat-map event on that map: a session, a price in the zone, published.
    await page.getByRole('link', { name: t.events }).click()
    await page.getByRole('link', { name: t.newEvent }).click()
    for (const l of ['ru', 'en', 'kz', 'ch'] as const) await page.getByLabel(`${t.name}${aside(lang, l)}`).fill(names[l])
    await page.getByLabel(t.venue).selectOption({ label: venue })
    await page.getByLabel(t.seatMap).check()
    await page.getByRole('button', { name: t.save }).click()
    await page.getByRole('heading', { name: names[lang] }).waitFor()
    const eventId = Number(new URL(page.url()).pathname.split('/').pop())
    const day = dayIn(days)
    await page.getByLabel(t.day).fill(day)
    await page.getByLabel(t.time).fill('19:30')
    await page.getByRole('button', { name: t.addSession }).click()
    await page.locator('.adm-list li', { hasText: formatSession(day, '19:30', lang) }).waitFor()
    await page.locator('select[name="session"]').selectOption({ index: 0 })
    await page.locator('select[name="zone"]').selectOption({ label: zone })
    await page.locator('input[name="price"]').fill('1200')
    await page.getByRole('button', { name: t.addPrice }).click()
    await page.locator('.adm-list > li', { hasText: formatMoney(1200, lang, 'RUB') }).waitFor()
    await page.getByRole('button', { name: t.publish }).click()
    await page.getByRole('button', { name: t.withdraw }).waitFor()
    await axeClean(page, `event (${lang})`)
    const sessions = await app.server.db.selectFrom('calendars').select('drawing_id').where('event_id', '=', eventId).execute()
    expect(sessions).toEqual([{ drawing_id: second }])
    expect(errors.filter((e) => !e.includes('status of 401') && !e.includes('status of 404'))).toEqual([])
    await context.close()

    // The storefront's listing in that language shows it, under its name in that language.
    const visitor = await openPage(app, lang === 'ru' ? '/' : `/?lang=${lang}`, DESKTOP_VIEWPORT)
    await waitForListing(visitor.page)
    await visitor.page.locator('.event-card', { hasText: names[lang] }).first().waitFor({ timeout: 30_000 })
    await visitor.context.close()
  }, 300_000)
})
