import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_TEXTS } from '../src/app/admin/texts'
import { LANGS } from '../src/contract/lang'
import type { AppHarness } from './support/app'
import { axeClean, openConsole, startConsoleApp, type ConsoleAccount } from './support/console'

/**
 * Archive and restore in the console's catalogue (issue 17 item 2) in Chromium: a manager archives
 * a tag, its button turns into Restore and the row says "Archived"; the new-event form no longer
 * offers the tag, while an event that already has it still shows it, marked archived. axe-core on
 * each screen.
 */
const MANAGER: ConsoleAccount = { email: 'manager@example.org', password: 'a manager password', role: 'manager' }
const TAG = 'Open air'

let app: AppHarness

/** A page of the console with the manager signed in (in English), on the events list. */
const signedInConsole = () => openConsole(app, MANAGER)

beforeAll(async () => {
  app = await startConsoleApp([MANAGER], { ownPort: true })
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

    const { page, context } = await signedInConsole()

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

  it('an event in several menu items, one archived, shows them all checked in every language; saving keeps them all and adds the one checked', async () => {
    const db = app.server.db
    const event = await db.selectFrom('events').select(['id', 'menu_kind_id']).orderBy('id').executeTakeFirstOrThrow()
    const menu = (name: string, archived: boolean) =>
      db
        .insertInto('main_menus')
        .values({ name_ru: `${name} ru`, name_en: name, name_kz: `${name} kz`, name_ch: `${name} ch`, menu_kind_id: event.menu_kind_id, archived_at: archived ? Date.now() : null } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id)
    const [first, second, old, added] = [await menu('Menu one', false), await menu('Menu two', false), await menu('Menu old', true), await menu('Menu added', false)]
    await db.deleteFrom('event_menus').where('event_id', '=', event.id).execute()
    await db.insertInto('event_menus').values([first, second, old].map((m) => ({ event_id: event.id, main_menu_id: m, sub_menu_id: null }))).execute()
    const stored = async () => (await db.selectFrom('event_menus').select('main_menu_id').where('event_id', '=', event.id).orderBy('main_menu_id').execute()).map((r) => r.main_menu_id)

    const { page, context } = await signedInConsole()
    await page.goto(`${app.baseUrl}/admin/events/${event.id}`)
    // In each language the menu items are one named group of checkboxes, the event's three checked.
    for (const lang of LANGS) {
      await page.locator('.adm-lang select').selectOption(lang)
      const group = page.getByRole('group', { name: ADMIN_TEXTS[lang].menus, exact: true })
      await group.waitFor()
      const checked = group.getByRole('checkbox', { checked: true })
      await expect.poll(() => checked.count(), { message: lang }).toBe(3)
      expect((await checked.evaluateAll((els) => els.map((e) => Number((e as HTMLInputElement).value)))).sort((a, b) => a - b), lang).toEqual([first, second, old])
    }
    await page.locator('.adm-lang select').selectOption('en')
    const group = page.getByRole('group', { name: 'Menu items', exact: true })
    expect(await group.getByRole('checkbox', { name: 'Menu old (archived)', exact: true }).isChecked()).toBe(true)
    await axeClean(page, 'event form with several menu items')

    // Keyboard: check one more, save; the archived one and both live ones are kept.
    await group.getByRole('checkbox', { name: 'Menu added', exact: true }).focus()
    await page.keyboard.press('Space')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    expect(await stored()).toEqual([first, second, old, added].sort((a, b) => a - b))
    // Unchecking one drops only that one.
    await group.getByRole('checkbox', { name: 'Menu two', exact: true }).uncheck()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(stored).toEqual([first, old, added].sort((a, b) => a - b))
    await context.close()
  }, 180_000)

  it("the event form shows each menu item's sub-menu in every language; choosing another or none is saved, and a save that does not touch it keeps it", async () => {
    const db = app.server.db
    const placed = await db.selectFrom('event_menus').select(['event_id', 'main_menu_id', 'sub_menu_id']).where('sub_menu_id', 'is not', null).orderBy('event_id').executeTakeFirstOrThrow()
    const main = await db.selectFrom('main_menus').selectAll().where('id', '=', placed.main_menu_id).executeTakeFirstOrThrow()
    const subs = await db.selectFrom('sub_menus').selectAll().where('main_menu_id', '=', placed.main_menu_id).orderBy('sortnum').execute()
    const other = subs.find((x) => x.id !== placed.sub_menu_id)!
    const stored = async () => (await db.selectFrom('event_menus').select('sub_menu_id').where('event_id', '=', placed.event_id).where('main_menu_id', '=', placed.main_menu_id).executeTakeFirstOrThrow()).sub_menu_id

    const { page, context } = await signedInConsole()
    await page.goto(`${app.baseUrl}/admin/events/${placed.event_id}`)
    // The select's label names its menu item (its accessible name also carries the chosen option).
    const picker = page.locator(`select[name="sub_menu_${placed.main_menu_id}"]`)
    for (const lang of LANGS) {
      await page.locator('.adm-lang select').selectOption(lang)
      const name = String(main[`name_${lang}`] || main.name_ru)
      await expect.poll(() => page.locator('label', { has: picker }).innerText(), { message: lang }).toContain(ADMIN_TEXTS[lang].subMenu.replace('{menu}', name))
      expect(await picker.inputValue(), lang).toBe(String(placed.sub_menu_id))
    }
    await page.locator('.adm-lang select').selectOption('en')
    await axeClean(page, 'event form with a sub-menu')

    // Saves, then waits for the form to reload the stored event (a choice made before would be overwritten).
    const save = async (expected: number | null) => {
      const reloaded = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/admin/events/${placed.event_id}`)
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await reloaded
      await expect.poll(stored).toBe(expected)
      await expect.poll(() => picker.inputValue()).toBe(expected === null ? '' : String(expected))
    }

    // Saved without touching it: kept.
    await save(placed.sub_menu_id)
    // Another one, by keyboard focus and selection; then none; then back.
    await picker.focus()
    await picker.selectOption(String(other.id))
    await save(other.id)
    await picker.selectOption({ label: 'No sub-menu' })
    await save(null)
    await picker.selectOption(String(placed.sub_menu_id))
    await save(placed.sub_menu_id)
    await context.close()
  }, 180_000)
})
