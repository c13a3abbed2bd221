import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOTE_TEXTS } from '../src/app/admin/noteTexts'
import { PHONE_VIEWPORT, runAxe, seriousViolations, type AppHarness } from './support/app'
import { openConsole, startConsoleApp, type ConsoleAccount } from './support/console'

/**
 * Two operators in the event editor at once, in Chromium: the second one's save is refused when
 * the first saved after the second opened the form (it would put the first one's name back), the
 * editor says so and offers to load the saved event; loaded again, the save passes. axe-core on
 * the refused state, on a phone.
 */
const MANAGER: ConsoleAccount = { email: 'manager@example.org', password: 'a manager password', role: 'manager' }

let app: AppHarness

async function editorOf(eventId: number) {
  const opened = await openConsole(app, MANAGER, { viewport: PHONE_VIEWPORT })
  const { page } = opened
  await page.goto(`${app.baseUrl}/admin/events/${eventId}`)
  await page.getByLabel('Name (en)').waitFor()
  return opened
}

const nameOf = (page: Page) => page.getByLabel('Name (en)').inputValue()

beforeAll(async () => {
  app = await startConsoleApp([MANAGER], { ownPort: true })
})
afterAll(async () => {
  await app?.close()
})

describe('event editor saves from a stale form', () => {
  it("refuses the save that would put back another operator's change, offers the saved event and then saves", async () => {
    const db = app.server.db
    const event = await db.selectFrom('events').select(['id', 'name_en']).orderBy('id').executeTakeFirstOrThrow()
    const stored = async () => (await db.selectFrom('events').select('name_en').where('id', '=', event.id).executeTakeFirstOrThrow()).name_en
    const a = await editorOf(event.id)
    const b = await editorOf(event.id)
    expect(await nameOf(a.page)).toBe(event.name_en)

    await b.page.getByLabel('Name (en)').fill('Renamed by B')
    await b.page.getByRole('button', { name: 'Save', exact: true }).click()
    await b.page.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    // B saves twice: its own second save is not stale (the answer's version is kept).
    await b.page.getByLabel('Name (en)').fill('Renamed by B again')
    await b.page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(stored).toBe('Renamed by B again')

    // A's form still holds the old name: its save is refused and nothing changes.
    await a.page.getByLabel('Name (en)').fill('Renamed by A')
    await a.page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(() => a.page.getByRole('alert').innerText()).toContain('changed since you opened it')
    expect(await stored()).toBe('Renamed by B again')
    const reload = a.page.getByRole('button', { name: NOTE_TEXTS.en.reloadEvent })
    await reload.waitFor()
    expect(seriousViolations(await runAxe(a.page)), 'refused save').toEqual([])

    // Loaded again by keyboard: B's name is in the form, the alert and the button are gone, focus on the heading.
    await reload.focus()
    await a.page.keyboard.press('Enter')
    await expect.poll(() => nameOf(a.page)).toBe('Renamed by B again')
    expect(await a.page.getByRole('alert').count()).toBe(0)
    expect(await reload.count()).toBe(0)
    expect(await a.page.evaluate(() => document.activeElement?.id)).toBe('adm-event-title')
    await a.page.getByLabel('Name (en)').fill('Renamed by A')
    await a.page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(stored).toBe('Renamed by A')
    await a.context.close()
    await b.context.close()
  }, 180_000)
})
