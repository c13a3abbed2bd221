import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOperator } from '../src/server/admin/auth'
import { freePort, openPage, runAxe, seriousViolations, startApp, type AppHarness } from './support/app'

/**
 * Archive and restore in the console's catalogue (issue 17 item 2) in Chromium: a manager archives
 * a tag, its button turns into Restore and the row says "Archived"; the new-event form no longer
 * offers the tag, while an event that already has it still shows it, marked archived. axe-core on
 * each screen.
 */
const EMAIL = 'manager@example.org'
const PASSWORD = 'a manager password'
const TAG = 'Open air'

let app: AppHarness

async function axeClean(page: Page, where: string): Promise<void> {
  expect(seriousViolations(await runAxe(page)), where).toEqual([])
}

beforeAll(async () => {
  const port = await freePort()
  app = await startApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` })
  await createOperator(app.server.db, { email: EMAIL, name: 'Manager', role: 'manager', password: PASSWORD, lang: 'en' }, Date.now())
})
afterAll(async () => {
  await app?.close()
})

describe('console archive', () => {
  it('archives a tag: the button turns to Restore, the new-event form stops offering it, an event that has it shows it marked; restore brings it back', async () => {
    const db = app.server.db
    const tag = await db.insertInto('tags').values({ name_ru: 'На открытом воздухе', name_en: TAG, name_kz: 'Ашық аспан астында', name_ch: '露天', sortnum: 0 }).returning('id').executeTakeFirstOrThrow()
    const event = await db.selectFrom('events').select('id').orderBy('id').executeTakeFirstOrThrow()
    await db.insertInto('event_tags').values({ event_id: event.id, tag_id: tag.id }).execute()

    const { page, context } = await openPage(app, '/admin')
    await page.locator('#adm-signin-title').waitFor()
    await page.locator('.adm-lang select').selectOption('en')
    await page.locator('input[name="email"]').fill(EMAIL)
    await page.locator('input[name="password"]').fill(PASSWORD)
    await page.keyboard.press('Enter')
    await page.locator('#adm-events-title').waitFor()

    // Live: the new-event form offers the tag.
    await page.getByRole('link', { name: 'New event' }).click()
    await page.getByRole('group', { name: 'Tags' }).waitFor()
    await page.getByRole('checkbox', { name: TAG, exact: true }).waitFor()

    await page.goto(`${app.baseUrl}/admin/catalogue/tags`)
    await page.getByRole('heading', { name: 'Tags', level: 1 }).waitFor()
    await page.getByRole('button', { name: `Archive: ${TAG}` }).click()
    await page.getByRole('button', { name: `Restore: ${TAG}` }).waitFor()
    expect(await page.getByRole('button', { name: `Archive: ${TAG}` }).count()).toBe(0)
    await page.getByRole('status').filter({ hasText: `Archived: ${TAG}` }).waitFor()
    expect(await page.getByRole('row').filter({ hasText: TAG }).locator('.adm-badge').innerText()).toBe('Archived')
    expect((await db.selectFrom('tags').select('archived_at').where('id', '=', tag.id).executeTakeFirstOrThrow()).archived_at).not.toBeNull()
    await axeClean(page, 'tags with an archived row')

    // Archived: not offered for a new event…
    await page.goto(`${app.baseUrl}/admin/events/new`)
    await page.getByRole('group', { name: 'Tags' }).waitFor()
    expect(await page.getByRole('group', { name: 'Tags' }).getByRole('checkbox').count()).toBeGreaterThan(0)
    expect(await page.getByRole('checkbox', { name: new RegExp(TAG) }).count()).toBe(0)
    await axeClean(page, 'new event form')
    // …but the event that has it keeps it, marked.
    await page.goto(`${app.baseUrl}/admin/events/${event.id}`)
    const kept = page.getByRole('checkbox', { name: `${TAG} (archived)`, exact: true })
    await kept.waitFor()
    expect(await kept.isChecked()).toBe(true)
    await axeClean(page, 'event form with an archived tag')

    // Restore, by keyboard.
    await page.goto(`${app.baseUrl}/admin/catalogue/tags`)
    await page.getByRole('button', { name: `Restore: ${TAG}` }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: `Archive: ${TAG}` }).waitFor()
    expect(await page.getByRole('row').filter({ hasText: TAG }).locator('.adm-badge').count()).toBe(0)
    expect((await db.selectFrom('tags').select('archived_at').where('id', '=', tag.id).executeTakeFirstOrThrow()).archived_at).toBeNull()
    await page.goto(`${app.baseUrl}/admin/events/new`)
    await page.getByRole('checkbox', { name: TAG, exact: true }).waitFor()
    await context.close()
  }, 180_000)
})
