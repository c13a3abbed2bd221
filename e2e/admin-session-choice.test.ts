import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fillIn } from '../src/app/admin/careTexts'
import { SESSION_TEXTS } from '../src/app/admin/sessionTexts'
import type { AdminClient } from '../tests/integration/admin-helpers'
import { runAxe, seriousViolations, type AppHarness } from './support/app'
import { consoleApi, openConsole, startConsoleApp, type ConsoleAccount } from './support/console'
import { formatSession } from '../src/contract/rules/dayText'

/**
 * The event editor's forms that act on one of the event's sessions follow its session list: a
 * session deleted in the editor is no longer the one they act on (the select shows another),
 * and a session added is offered at once. In Chromium, by the keyboard where it matters.
 */
const OWNER: ConsoleAccount = { email: 'owner-sessions@example.org', password: 'an owner password', role: 'owner' }
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }
const t = SESSION_TEXTS.en

let app: AppHarness
let api: AdminClient
let refs: Record<string, Row[]>

beforeAll(async () => {
  app = await startConsoleApp([OWNER])
  api = await consoleApi(app, OWNER)
  refs = (await api.get<Record<string, Row[]>>('/api/admin/refs')).body
})
afterAll(async () => {
  await app?.close()
})

/** A general-admission event of the first live section, venue and menu item. */
async function newEvent(name: string): Promise<number> {
  const kind = refs.kinds[0].id
  const menu = refs.menus.find((m) => m.menu_kind_id === kind)!.id
  return (await api.post<{ id: number }>('/api/admin/events', { menu_kind_id: kind, venue_id: refs.venues[0].id, name_ru: name, name_en: name, main_menu_ids: [menu] })).body.id
}

describe('the add-price form after a session is deleted', () => {
  it('adds the row to the session it shows, not to the deleted one', async () => {
    const eventId = await newEvent('Two evenings')
    const [first, second] = [dayIn(20), dayIn(21)]
    const ids = (await api.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day: first, time: '19:00', repeat: { every_days: 1, count: 1 } })).body.ids
    const { page, context } = await openConsole(app, OWNER)
    try {
      await page.goto(new URL(`/admin/events/${eventId}`, app.baseUrl).toString())
      const form = page.getByRole('form', { name: 'Add price' })
      expect(await form.getByLabel('Session').inputValue()).toBe(String(ids[0]))
      expect(await form.getByLabel('Session').locator('option').allInnerTexts()).toEqual([formatSession(first, '19:00', 'en'), formatSession(second, '19:00', 'en')])
      // The first session goes (the form had it chosen).
      await page.getByRole('button', { name: fillIn(t.removeSession, { when: formatSession(first, '19:00', 'en') }) }).click()
      await page.getByRole('alertdialog', { name: t.removeSessionTitle }).getByRole('button', { name: t.confirmRemoveSession }).click()
      await page.getByRole('button', { name: fillIn(t.removeSession, { when: formatSession(first, '19:00', 'en') }) }).waitFor({ state: 'detached' })
      // The select shows the one left, and that is where the row goes.
      expect(await form.getByLabel('Session').inputValue()).toBe(String(ids[1]))
      await form.getByLabel('Price, ₽').fill('900')
      await form.getByLabel('Price, ₽').press('Enter')
      // Saved, or refused (the row sent to the deleted session: "Session … not found").
      await page.getByRole('alert').or(page.getByRole('status').filter({ hasText: /^Saved$/ })).first().waitFor()
      expect(await page.getByRole('alert').allInnerTexts()).toEqual([])
      await page.getByRole('list', { name: `Prices: ${formatSession(second, '19:00', 'en')}` }).getByRole('listitem').first().waitFor()
      const rows = await app.server.db.selectFrom('prices').select(['calendar_id', 'price']).where('calendar_id', 'in', ids).execute()
      expect(rows).toEqual([{ calendar_id: ids[1], price: 90_000 }])
      expect(seriousViolations(await runAxe(page))).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe('the seat-choice rules of a seat-map event that had no session', () => {
  it('offers the session added in the editor at once and saves its rules to it', async () => {
    const drawing = refs.drawings[0]
    const kind = refs.kinds[0].id
    const menu = refs.menus.find((m) => m.menu_kind_id === kind)!.id
    const eventId = (await api.post<{ id: number }>('/api/admin/events', { menu_kind_id: kind, venue_id: drawing.venue_id, scheme: 1, name_ru: 'Новая карта', name_en: 'New map', main_menu_ids: [menu] })).body.id
    const day = dayIn(30)
    const { page, context } = await openConsole(app, OWNER)
    try {
      await page.goto(new URL(`/admin/events/${eventId}`, app.baseUrl).toString())
      const add = page.getByRole('form', { name: 'Add session' })
      await add.getByLabel('Date').fill(day)
      await add.getByLabel('Date').press('Enter')
      await page.getByRole('button', { name: fillIn(t.copySession, { when: formatSession(day, '19:00', 'en') }) }).waitFor()
      const [session] = (await api.get<{ sessions: Row[] }>(`/api/admin/events/${eventId}`)).body.sessions
      // The session's rules are offered without a reload, for the session just added.
      const rules = page.getByRole('form', { name: 'Save session rules' })
      await rules.waitFor()
      expect(await rules.getByRole('combobox', { name: /^Session/ }).inputValue()).toBe(String(session.id))
      // Named by its date as the console's language writes it, as the sessions list names it; not the stored '2026-12-05 19:00'.
      expect(await rules.getByRole('combobox', { name: /^Session/ }).locator('option').allInnerTexts()).toEqual([formatSession(day, '19:00', 'en')])
      expect(await page.locator('ul.adm-list > li').first().innerText()).toContain(formatSession(day, '19:00', 'en'))
      await rules.getByLabel('Hold back wheelchair spaces and companion seats').check()
      await rules.getByRole('button', { name: 'Save session rules' }).press('Enter')
      await page.getByRole('region', { name: 'Seat choice' }).getByRole('status').filter({ hasText: 'Saved' }).waitFor()
      expect((await api.get<{ accessible_hold: boolean }>(`/api/admin/sessions/${session.id}/seating`)).body.accessible_hold).toBe(true)
      expect(seriousViolations(await runAxe(page))).toEqual([])
    } finally {
      await context.close()
    }
  })
})
