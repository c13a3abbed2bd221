import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PHONE_VIEWPORT, type AppHarness } from './support/app'
import { axeClean, openConsole, openSection, startConsoleApp, type ConsoleAccount } from './support/console'
import { latinPunctuationInChinese } from '../tests/support/cjk-punctuation'

/**
 * The console's catalogue, operators, API tokens and audit screens in Chromium (issue 17 item 2):
 * an owner creates and edits rows in the four languages, makes an operator and an API token
 * (which then works as a bearer token), revokes it, and reads the audit log; axe-core on each
 * screen, a phone layout and keyboard use.
 */
const OWNER: ConsoleAccount = { email: 'owner@example.org', password: 'an owner password', role: 'owner' }
/** The new-entry form's name in Kazakh and Chinese (written here, not taken from the texts). */
const NEW_ENTRY = { kz: 'Жаңа жазба', ch: '新項目' }

let app: AppHarness

beforeAll(async () => {
  app = await startConsoleApp([OWNER], { ownPort: true })
})
afterAll(async () => {
  await app?.close()
})

describe('console catalogue screens', () => {
  it('creates and edits a tag in four languages, creates a rules text, makes an operator and an API token, revokes it, and shows it all in the audit log', async () => {
    const { page, context } = await openConsole(app, OWNER, { lang: 'en' })
    await page.getByRole('link', { name: 'Catalogue' }).click()
    await page.getByRole('heading', { name: 'Price categories', level: 1 }).waitFor()
    await axeClean(page, 'categories')

    await page.getByRole('link', { name: 'Tags' }).click()
    await page.getByRole('heading', { name: 'Tags', level: 1 }).waitFor()
    await page.getByLabel('Name (ru)').fill('Джаз')
    await page.getByLabel('Name (en)').fill('Jazz')
    await page.getByLabel('Name (kz)').fill('Джаз kz')
    await page.getByLabel('Name (ch)').fill('爵士')
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByRole('cell', { name: 'Jazz', exact: true }).waitFor()
    const tag = await app.server.db.selectFrom('tags').selectAll().where('name_en', '=', 'Jazz').executeTakeFirstOrThrow()
    expect([tag.name_ru, tag.name_kz, tag.name_ch]).toEqual(['Джаз', 'Джаз kz', '爵士'])
    await page.getByRole('button', { name: 'Edit: Jazz' }).click()
    await page.getByLabel('Name (en)').fill('Jazz and blues')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('cell', { name: 'Jazz and blues', exact: true }).waitFor()
    // The contract's rule, said before sending: a Russian name is required.
    await page.getByLabel('Name (ru)').fill('   ')
    await page.getByRole('button', { name: 'Create' }).click()
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Name (ru): required')
    await axeClean(page, 'tags')

    for (const [link, heading] of [['General-admission zones', 'General-admission zones'], ['Menu items', 'Menu items'], ['Rules and contacts', 'Rules and contacts']]) {
      await page.getByRole('link', { name: link }).click()
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
      await axeClean(page, heading)
    }
    await page.getByLabel('Address (latin letters, digits, hyphen)').fill('house-rules')
    await page.getByLabel('Title (ru)').fill('Правила зала')
    await page.getByLabel('Text (en)').fill('No photos during the show.')
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByRole('cell', { name: 'Правила зала', exact: true }).waitFor()

    await page.getByRole('link', { name: 'Operators' }).click()
    await page.getByRole('heading', { name: 'Operators', level: 1 }).waitFor()
    await page.getByLabel('E-mail').fill('door@example.org')
    await page.getByRole('form', { name: 'New entry' }).getByLabel(/^Role/).selectOption('door')
    // The newcomer's language is the console's (English here) unless picked: it was always Russian.
    expect(await page.getByRole('form', { name: 'New entry' }).getByLabel('Language').inputValue()).toBe('en')
    await page.getByLabel('Password (10 characters or more)').fill('door password 1')
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByRole('cell', { name: 'door@example.org', exact: true }).waitFor()
    expect((await app.server.db.selectFrom('operators').select('lang').where('email', '=', 'door@example.org').executeTakeFirstOrThrow()).lang).toBe('en')
    await axeClean(page, 'operators')

    await page.getByRole('link', { name: 'API tokens' }).click()
    await page.getByRole('heading', { name: 'API tokens', level: 1 }).waitFor()
    await page.getByLabel('Token name').fill('ticket office')
    // A lifetime in days, 90 unless chosen; the list shows when each token ends.
    expect(await page.getByLabel('Valid for, days').inputValue()).toBe('90')
    await page.getByLabel('Valid for, days').fill('30')
    await page.getByRole('button', { name: 'Create' }).click()
    const token = await page.getByTestId('new-token').innerText()
    expect(token).toMatch(/^sw_/)
    await page.getByRole('columnheader', { name: 'Expires' }).waitFor()
    // The new token's row, once the list has it: an end date, not "never".
    const row = page.getByRole('row').filter({ hasText: 'ticket office' }).first()
    await row.waitFor()
    const expires = await row.getByRole('cell').nth(4).innerText()
    expect(expires).toMatch(/\d/)
    expect(expires).not.toMatch(/never/)
    const asToken = () => fetch(`${app.baseUrl}/api/admin/refs`, { headers: { authorization: `Bearer ${token}` } })
    expect((await asToken()).status).toBe(200)
    await axeClean(page, 'tokens')
    await page.getByRole('button', { name: 'Revoke: ticket office' }).click()
    await page.getByRole('cell', { name: 'Revoked', exact: true }).waitFor()
    expect((await asToken()).status).toBe(401)

    await page.getByRole('link', { name: 'Audit log' }).click()
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor()
    // Actions and entities by name in the console's language, the entity's id beside it, not the server's codes.
    await page.getByRole('cell', { name: /^Tag \d+$/ }).first().waitFor()
    await page.getByRole('cell', { name: 'Created', exact: true }).first().waitFor()
    expect(await page.locator('tbody td', { hasText: /^(tag|create|update) / }).count()).toBe(0)
    // The filter offers every entity the server logs, by name; its values stay the codes the API filters on.
    expect(await page.getByLabel('Show').locator('option[value="order"]').innerText()).toBe('Order')
    expect(await page.getByLabel('Show').locator('option[value="checkin_list"]').innerText()).toBe('Check-in list')
    await page.getByLabel('Show').selectOption('api_token')
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2)
    const revoked = await page.locator('tbody tr').first().innerText()
    expect(revoked).toContain('Revoked')
    expect(revoked).toMatch(/API token \d+/)
    expect(revoked).not.toContain('api_token')
    await axeClean(page, 'audit')
    await context.close()
  }, 180_000)

  it('works on a phone in Chinese and Kazakh, by keyboard', async () => {
    const { page, context } = await openConsole(app, OWNER, { viewport: PHONE_VIEWPORT, lang: 'ch' })
    // The console's links are folded behind the header's button on a phone: Enter opens them.
    await page.getByRole('button', { name: '選單：活動' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('link', { name: '目錄' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: '票價類別', level: 1 }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    // Chinese takes full-width brackets beside its words: each language's name field is '名稱（ru）', not '名稱 (ru)'.
    await page.getByRole('textbox', { name: '名稱（ru）', exact: true }).waitFor()
    expect(latinPunctuationInChinese([['categories (ch)', await page.locator('body').innerText()]])).toEqual([])
    await axeClean(page, 'categories on a phone (ch)')
    await page.locator('.adm-lang select').selectOption('kz')
    await page.getByRole('heading', { name: 'Баға санаттары', level: 1 }).waitFor()
    await openSection(page, 'Алаңдар')
    await page.getByRole('heading', { name: 'Алаңдар', level: 1 }).waitFor()
    await axeClean(page, 'venues on a phone (kz)')
    await openSection(page, 'Өзгерістер журналы')
    await page.getByRole('heading', { name: 'Өзгерістер журналы', level: 1 }).waitFor()
    // The log in Kazakh: the tag the first test made is "Тег N", made by "Құру" (create); the filter names entities in Kazakh.
    await page.getByRole('cell', { name: /^Тег \d+$/ }).first().waitFor()
    await page.getByRole('cell', { name: 'Құру', exact: true }).first().waitFor()
    expect(await page.locator('tbody td', { hasText: /^(tag|create|sign-in)\b/ }).count()).toBe(0)
    expect(await page.getByLabel('Көрсету').locator('option[value="order"]').innerText()).toBe('Тапсырыс')
    await axeClean(page, 'audit on a phone (kz)')
    // The new operator's language follows the console's, Kazakh then Chinese, until one is picked.
    await openSection(page, 'Операторлар')
    await page.getByRole('heading', { name: 'Операторлар', level: 1 }).waitFor()
    const newLang = page.getByRole('form', { name: NEW_ENTRY.kz }).getByLabel('Тіл')
    expect(await newLang.inputValue()).toBe('kz')
    await page.locator('.adm-lang select').selectOption('ch')
    await page.getByRole('heading', { name: '操作員', level: 1 }).waitFor()
    expect(await page.getByRole('form', { name: NEW_ENTRY.ch }).getByLabel('語言').inputValue()).toBe('ch')
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    expect(latinPunctuationInChinese([['operators (ch)', await page.locator('body').innerText()]])).toEqual([])
    await axeClean(page, 'operators on a phone (ch)')
    await context.close()
  }, 120_000)
})
