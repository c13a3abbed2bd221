import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Lang } from '../src/contract/lang'
import { ADMIN_TEXTS } from '../src/app/admin/texts'
import { STUDIO_TEXTS } from '../src/app/admin/studio/texts'
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, openPage, runAxe, seriousViolations, type AppHarness } from './support/app'
import { startConsoleApp, type ConsoleAccount } from './support/console'

/**
 * The studio's import warnings in the console's language. A real drawing whose import warns
 * twice (the Albert Hall: 31 seats drawn without numbers, and one wheelchair space typed in its
 * markup) is uploaded from the browser with the console in Kazakh: the studio lists both warnings
 * in Kazakh, their counts in place, none of the engine's English. The same version opened with
 * the console in Russian on a phone lists them in Russian, with the counts' plural forms ("для 1
 * места", "у 31 места"). The expected sentences are written out here, not read from the wording
 * tables, so a wording that falls back to English or loses a count fails. A drawing the import
 * refuses is said in Kazakh too, on a phone, where the upload was made.
 */
const DRAWING = path.resolve('../shared/venues/real/albert-hall-llandrindod-wells.svg')
const OWNER: ConsoleAccount = { email: 'owner.warnings@example.org', password: 'an owner password', role: 'owner', lang: 'ru' }
const VENUE = 'Albert Hall'
const EXPECTED: Partial<Record<Lang, string[]>> = {
  kz: ['Сызбада 31 орынның нөмірі жоқ: әр қатарда солдан оңға қарай нөмірленді', 'Сызба 1 орынның түрін берді (Мүгедектер арбасына арналған орын: 1)'],
  ru: ['У 31 места в схеме нет номера: места пронумерованы слева направо в каждом ряду', 'Тип места задан схемой для 1 места (Место для кресла-коляски: 1)'],
}
/** A drawing cut off inside a comment, and what a Kazakh operator reads when its import is refused (line 3, column 5). */
const BROKEN_DRAWING = '<svg xmlns="http://www.w3.org/2000/svg">\n  <g>\n    <!-- the stalls'
const BROKEN_KZ = 'Сызбаны оқу мүмкін болмады: <!-- … --> түсініктемесі жабылмаған (3-жол, 5-таңба)'
/** The engine's English for the same warnings (the API's `text`), which the studio must not show. */
const ENGLISH = /have no number in the drawing|typed by the drawing/

let app: AppHarness

beforeAll(async () => {
  app = await startConsoleApp([OWNER], { ownPort: true })
})
afterAll(async () => {
  await app?.close()
})

async function signIn(page: Page, lang: Lang): Promise<void> {
  const t = ADMIN_TEXTS[lang]
  await page.locator('.adm-lang select').selectOption(lang)
  await page.getByLabel(t.email).fill(OWNER.email)
  await page.getByLabel(t.password).fill(OWNER.password)
  await page.getByRole('button', { name: t.enter }).click()
}

/** The list under the report's "Warnings" heading (found by its words in `lang`, as an operator finds it). */
async function warningsShown(page: Page, lang: Lang): Promise<string[]> {
  const list = page.getByRole('heading', { name: STUDIO_TEXTS[lang].warnings, exact: true }).locator('xpath=following-sibling::ul[1]')
  await list.waitFor()
  return (await list.getByRole('listitem').allInnerTexts()).map((t) => t.trim())
}

describe('import warnings in the console language', () => {
  let drawingId = 0

  it('a drawing uploaded with the console in Kazakh: the studio words its warnings in Kazakh', async () => {
    const t = ADMIN_TEXTS.kz
    const s = STUDIO_TEXTS.kz
    const { page, context, errors } = await openPage(app, '/admin', DESKTOP_VIEWPORT)
    await signIn(page, 'kz')
    await page.getByRole('heading', { name: t.events, level: 1 }).waitFor()
    await page.getByRole('link', { name: s.venues }).click()
    await page.getByRole('heading', { name: s.venues, level: 1 }).waitFor()
    await page.getByLabel(`${t.name} (ru)`).fill(VENUE)
    await page.getByLabel(`${t.name} (kz)`).fill(VENUE)
    await page.getByRole('button', { name: s.create }).click()
    const item = page.locator('.adm-list > li', { has: page.getByRole('heading', { name: VENUE }) })
    await item.waitFor()
    await item.getByLabel(s.upload).setInputFiles(DRAWING)
    await page.getByRole('heading', { name: new RegExp(`^${s.studio}: albert-hall-llandrindod-wells`) }).waitFor({ timeout: 60_000 })
    drawingId = Number(new URL(page.url()).pathname.split('/').pop())

    const shown = await warningsShown(page, 'kz')
    expect(shown).toEqual(EXPECTED.kz)
    expect(shown.join('\n')).not.toMatch(ENGLISH)
    // The codes behind them, as the API answers them beside the English text.
    expect(await page.getByTestId('import-warnings').getByRole('listitem').evaluateAll((li) => li.map((e) => e.getAttribute('data-code')))).toEqual(['numbers-inferred', 'seats-typed'])
    expect(seriousViolations(await runAxe(page)), 'studio warnings (kz)').toEqual([])
    expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([])
    await context.close()
  }, 180_000)

  it('the same version with the console in Russian, on a phone: the warnings in Russian, counts in their plural forms', async () => {
    expect(drawingId).toBeGreaterThan(0)
    const { page, context, errors } = await openPage(app, `/admin/drawings/${drawingId}`, PHONE_VIEWPORT)
    await signIn(page, 'ru')
    await page.getByRole('heading', { name: new RegExp(`^${STUDIO_TEXTS.ru.studio}: albert-hall-llandrindod-wells`) }).waitFor({ timeout: 60_000 })
    const shown = await warningsShown(page, 'ru')
    expect(shown).toEqual(EXPECTED.ru)
    expect(shown.join('\n')).not.toMatch(ENGLISH)
    const list = page.getByTestId('import-warnings')
    await list.scrollIntoViewIfNeeded()
    const box = await list.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= PHONE_VIEWPORT.width + 1, 'the list fits the phone\'s width').toBe(true)
    expect(seriousViolations(await runAxe(page)), 'studio warnings (ru, phone)').toEqual([])
    expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([])
    await context.close()
  }, 180_000)

  it('a drawing the import refuses, uploaded on a phone in Kazakh: the venues screen says why in Kazakh, in view', async () => {
    const s = STUDIO_TEXTS.kz
    const { page, context, errors } = await openPage(app, '/admin/venues', PHONE_VIEWPORT)
    await signIn(page, 'kz')
    await page.getByRole('heading', { name: s.venues, level: 1 }).waitFor()
    const item = page.locator('.adm-list > li', { has: page.getByRole('heading', { name: VENUE }) })
    await item.getByLabel(s.upload).setInputFiles({ name: 'broken.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(BROKEN_DRAWING) })
    const note = page.getByRole('alert')
    await expect.poll(() => note.innerText()).toBe(BROKEN_KZ)
    const box = await note.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= PHONE_VIEWPORT.width + 1 && box.y >= 0 && box.y + box.height <= PHONE_VIEWPORT.height, 'the note is in view, within the phone\'s width').toBe(true)
    expect(seriousViolations(await runAxe(page)), 'refused drawing (kz, phone)').toEqual([])
    expect(errors.filter((e) => !/status of (?:400|401)/.test(e))).toEqual([])
    await context.close()
  }, 180_000)
})
