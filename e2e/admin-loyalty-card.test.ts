import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CARD_TEXTS } from '../src/app/admin/catalogue/cardTexts'
import { EXTRAS_TEXTS } from '../src/app/admin/catalogue/extrasTexts'
import { PHONE_VIEWPORT, type AppHarness } from './support/app'
import { axeClean, openConsole, startConsoleApp, type ConsoleAccount } from './support/console'

/**
 * Blocking a loyalty card from the shop setup screen in Chromium, on a 390 px phone and by the
 * keyboard: the owner finds the demo's card CARD-0001 by its code (an unknown or empty code is
 * said in the form's alert), blocks it (the card shows Blocked, the status says so, the database
 * agrees), unblocks it again; the audit log names both in the operator's words; axe-core on the
 * screen in four languages. A manager sees the section with nothing to press.
 */
const PASSWORD = 'an owner password'
const OWNER: ConsoleAccount = { email: 'owner-cards@example.org', password: PASSWORD, role: 'owner' }
const MANAGER: ConsoleAccount = { email: 'manager-cards@example.org', password: PASSWORD, role: 'manager' }
const CODE = 'CARD-0001'
const t = CARD_TEXTS.en

let app: AppHarness

async function openSetup(page: Page): Promise<void> {
  await page.goto(new URL('/admin/shop-setup', app.baseUrl).toString())
  await page.getByRole('heading', { name: EXTRAS_TEXTS.en.setup, level: 1 }).waitFor()
  await page.getByRole('heading', { name: t.title, level: 2 }).waitFor()
}

const cardRow = () => app.server.db.selectFrom('loyalty_cards').select(['id', 'is_blocked', 'bonus_balance']).where('card_code', '=', CODE).executeTakeFirstOrThrow()

beforeAll(async () => {
  app = await startConsoleApp([OWNER, MANAGER], { ownPort: true })
})
afterAll(async () => {
  await app?.close()
})

describe('blocking a loyalty card on the shop setup screen', () => {
  it('finds CARD-0001 by its code, blocks and unblocks it by the keyboard on a phone, audited', async () => {
    const { page, context, errors } = await openConsole(app, OWNER, { viewport: PHONE_VIEWPORT })
    await openSetup(page)
    const before = await cardRow()
    expect(before.is_blocked).toBe(0)
    const field = page.getByLabel(t.code, { exact: true })
    const alert = page.getByRole('alert')

    // Nothing typed: the contract's complaint, in the form's words; an unknown code: the server's not-found.
    await field.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => alert.innerText()).toBe(`${t.code}: required`)
    await page.keyboard.type('NOPE-1')
    await page.keyboard.press('Enter')
    await expect.poll(() => alert.innerText()).toBe('Loyalty card NOPE-1 not found')

    // Spaces around the code are no part of it.
    await page.keyboard.press('Control+A')
    await page.keyboard.type(`  ${CODE} `)
    await page.keyboard.press('Enter')
    const found = page.getByRole('heading', { name: `Card ${CODE}`, level: 3 })
    await found.waitFor()
    expect(await alert.count()).toBe(0)
    // The card's heading takes the focus; the next Tab is its button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('adm-card-found')
    const facts = page.getByTestId('loyalty-card')
    const text = await facts.innerText()
    for (const part of ['Петрова Анна Сергеевна', String(before.bonus_balance), t.active]) expect(text).toContain(part)
    await page.getByText(t.blockEffect.replace('{n}', '0')).waitFor()
    await axeClean(page, 'card found')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width)

    await page.keyboard.press('Tab')
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(t.block)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('status').innerText()).toBe(`Card ${CODE} blocked`)
    await expect.poll(() => facts.innerText()).toContain(t.blocked)
    expect(await cardRow()).toEqual({ ...before, is_blocked: 1 })
    await page.getByText(t.unblockEffect).waitFor()
    // The same button, now Unblock, keeps the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(t.unblock)
    await axeClean(page, 'card blocked')

    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('status').innerText()).toBe(`Card ${CODE} unblocked`)
    await expect.poll(() => facts.innerText()).toContain(t.active)
    expect(await cardRow()).toEqual(before)
    await page.getByRole('button', { name: t.block, exact: true }).waitFor()
    // The note follows the console's language, as the rest of the screen does.
    await page.locator('.adm-lang select').selectOption('ru')
    await expect.poll(() => page.getByRole('status').innerText()).toBe(CARD_TEXTS.ru.unblockedDone.replace('{code}', CODE))
    await page.locator('.adm-lang select').selectOption('en')

    // The audit log names both in the operator's words.
    await page.goto(new URL('/admin/audit', app.baseUrl).toString())
    await page.getByRole('cell', { name: 'Loyalty card blocked', exact: true }).waitFor()
    await page.getByRole('cell', { name: 'Loyalty card unblocked', exact: true }).waitFor()
    expect(await page.getByRole('cell', { name: `Loyalty card ${before.id}`, exact: true }).count()).toBe(2)
    await axeClean(page, 'audit log with card blocks')

    // The section in the other three languages, found and shown.
    await openSetup(page)
    for (const lang of ['ru', 'kz', 'ch'] as const) {
      const w = CARD_TEXTS[lang]
      await page.locator('.adm-lang select').selectOption(lang)
      await page.getByRole('heading', { name: w.title, level: 2 }).waitFor()
      await page.getByLabel(w.code, { exact: true }).fill(CODE)
      await page.getByRole('button', { name: w.find, exact: true }).click()
      await page.getByRole('heading', { name: w.cardOf.replace('{code}', CODE), level: 3 }).waitFor()
      await page.getByRole('button', { name: w.block, exact: true }).waitFor()
      await axeClean(page, `card section ${lang}`)
    }
    // The one 401 is the console asking who is signed in before the sign-in; the 404 is the unknown code.
    expect(errors.filter((e) => !e.includes('status of 401') && !e.includes('status of 404'))).toEqual([])
    await context.close()
  })

  it('a manager (no settings.manage) sees the section with its field disabled and nothing to press', async () => {
    const { page, context } = await openConsole(app, MANAGER)
    await openSetup(page)
    expect(await page.getByLabel(t.code, { exact: true }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: t.find, exact: true }).count()).toBe(0)
    await page.getByText(t.ownerOnly).waitFor()
    await axeClean(page, 'card section, manager')
    await context.close()
  })
})
