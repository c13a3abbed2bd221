import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXTRAS_TEXTS } from '../src/app/admin/catalogue/extrasTexts'
import { NOTE_TEXTS } from '../src/app/admin/noteTexts'
import type { Lang } from '../src/contract/lang'
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, type AppHarness, type OpenedPage } from './support/app'
import { axeClean, openConsole, startConsoleApp, type ConsoleAccount } from './support/console'

/**
 * Two owners on the console's shop setup at once, in Chromium: A in English on a desktop, B in
 * Russian on a 390×844 phone. The save of a form another save has overtaken is refused (it would
 * put the other one's field back), the screen says so in the operator's language and offers to
 * load the saved setup; loaded again, the first one's change is in the form and the save passes.
 * A save right after one's own needs no reload. axe-core on each refused state.
 */
const A = { email: 'owner-a-stale@example.org', password: 'an owner password', role: 'owner', lang: 'en' } satisfies ConsoleAccount
const B = { email: 'owner-b-stale@example.org', password: 'an owner password', role: 'owner', lang: 'ru' } satisfies ConsoleAccount
/** A save and the console's read after it, on a busy box. */
const SAVE_WAIT_MS = 10_000

let app: AppHarness

beforeAll(async () => {
  app = await startConsoleApp([A, B], { ownPort: true })
})
afterAll(async () => {
  await app?.close()
})

async function setupOf(operator: typeof A | typeof B, viewport: typeof DESKTOP_VIEWPORT): Promise<OpenedPage> {
  const opened = await openConsole(app, operator, { viewport, lang: operator.lang })
  await opened.page.goto(new URL('/admin/shop-setup', app.baseUrl).toString())
  await opened.page.getByRole('heading', { name: EXTRAS_TEXTS[operator.lang].setup, level: 1 }).waitFor()
  await opened.page.locator('[name="title_en"]').waitFor()
  return opened
}

/** What the shop's setup answers now. */
const stored = async () => (await (await fetch(new URL('/api/setup', app.baseUrl))).json()) as { app: { header_background: string; footer_text_en: string }; title_en: string }
const save = (page: Page, lang: Lang) => page.getByRole('button', { name: EXTRAS_TEXTS[lang].save, exact: true }).first().click()
const saved = (page: Page, lang: Lang) => page.getByRole('status').filter({ hasText: EXTRAS_TEXTS[lang].saved }).waitFor({ timeout: SAVE_WAIT_MS })

/** The refusal says `text`; the reload is offered, and taken by the keyboard brings `field` = `value` into the form, focus on the heading. */
async function refusedThenReloaded(page: Page, lang: Lang, text: string, where: string, field: string, value: string): Promise<void> {
  await expect.poll(() => page.getByRole('alert').innerText(), { timeout: SAVE_WAIT_MS }).toContain(text)
  const reload = page.getByRole('button', { name: NOTE_TEXTS[lang].reloadSetup })
  await reload.waitFor()
  await axeClean(page, where)
  await reload.focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => page.locator(`[name="${field}"]`).inputValue()).toBe(value)
  expect(await page.getByRole('alert').count()).toBe(0)
  expect(await reload.count()).toBe(0)
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('adm-setup-title')
}

describe('shop setup saves from a stale form', () => {
  it("refuses the save that would put back another owner's change, offers the saved setup and then saves, in English and in Russian", async () => {
    const a = await setupOf(A, DESKTOP_VIEWPORT)
    const b = await setupOf(B, PHONE_VIEWPORT)
    const colourBefore = (await stored()).app.header_background

    // B (phone, Russian) changes the English title and saves twice: the second needs no reload.
    await b.page.locator('[name="title_en"]').fill('Title by B')
    await save(b.page, B.lang)
    await saved(b.page, B.lang)
    await b.page.locator('[name="title_en"]').fill('Title by B again')
    await save(b.page, B.lang)
    await expect.poll(async () => (await stored()).title_en, { timeout: SAVE_WAIT_MS }).toBe('Title by B again')

    // A's form still holds the old title: its save of the header colour is refused, nothing changes.
    await a.page.locator('[name="app.header_background"]').fill('#204060')
    await save(a.page, A.lang)
    await refusedThenReloaded(a.page, A.lang, 'The shop appearance was changed since you opened it', 'refused save, desktop, en', 'title_en', 'Title by B again')
    expect((await stored()).app.header_background).toBe(colourBefore)
    // Loaded again, A's change goes in beside B's.
    await a.page.locator('[name="app.header_background"]').fill('#204060')
    await save(a.page, A.lang)
    await saved(a.page, A.lang)
    expect(await stored()).toMatchObject({ title_en: 'Title by B again', app: { header_background: '#204060' } })

    // Now B's form is the stale one: refused in Russian, on the phone.
    await b.page.locator('[name="app.footer_text_en"]').fill('Open daily')
    await save(b.page, B.lang)
    await refusedThenReloaded(b.page, B.lang, 'Оформление магазина изменили с тех пор, как вы открыли его', 'refused save, phone, ru', 'app.header_background', '#204060')
    expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width)
    expect((await stored()).app.footer_text_en).not.toBe('Open daily')
    await b.page.locator('[name="app.footer_text_en"]').fill('Open daily')
    await save(b.page, B.lang)
    await saved(b.page, B.lang)
    expect(await stored()).toMatchObject({ title_en: 'Title by B again', app: { header_background: '#204060', footer_text_en: 'Open daily' } })

    for (const opened of [a, b]) expect(opened.errors.filter((e) => !/status of (401|409)/.test(e))).toEqual([])
    await a.context.close()
    await b.context.close()
  }, 180_000)
})
