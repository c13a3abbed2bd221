import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fillIn } from '../src/app/admin/careTexts'
import { SESSION_TEXTS } from '../src/app/admin/sessionTexts'
import { salesExportPath } from '../src/contract/admin/sales-export'
import { formatSession } from '../src/contract/rules/dayText'
import { writeOrder } from '../tests/integration/sold-order'
import type { AppHarness } from './support/app'
import { axeClean, consoleApi, openConsole, startConsoleApp, type ConsoleAccount } from './support/console'

/**
 * Moving a session with sold tickets in the console, in Chromium: the server refuses the edit
 * until it is confirmed (admin/catalogue/session-buyers.ts) and the console opens a modal
 * confirmation with the counts and the consequence. Focus starts on Cancel, Escape cancels and
 * gives focus back to Save, and Confirm sends the edit again with `confirm_buyers`: the session
 * moves and its buyer's notice is queued. axe-core with the dialog open.
 */
const OWNER: ConsoleAccount = { email: 'owner-moves@example.org', password: 'an owner password', role: 'owner' }
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }
const t = SESSION_TEXTS.en

let app: AppHarness
let eventId: number
let session: number

beforeAll(async () => {
  app = await startConsoleApp([OWNER], { ownPort: true })
  const api = await consoleApi(app, OWNER)
  const refs = (await api.get<Record<string, Row[]>>('/api/admin/refs')).body
  eventId = (await api.post<{ id: number }>('/api/admin/events', { menu_kind_id: refs.kinds[0].id, venue_id: refs.venues[0].id, name_ru: 'Перенос', name_en: 'Moved show', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id] })).body.id
  session = (await api.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day: dayIn(9), time: '19:00', capacity: 50 })).body.ids[0]
  await api.post(`/api/admin/sessions/${session}/prices`, { client_category_id: refs.categories[0].id, zone_id: refs.zones.find((z) => z.drawing_id === null)!.id, price: 1000, quantity: 50 })
  await writeOrder(app.server.db, session, { paid: true, quantity: 2 })
  // A box-office sale without an e-mail address: no notice reaches its buyer.
  await writeOrder(app.server.db, session, { paid: true, email: '' })
})
afterAll(async () => {
  await app?.close()
})

describe('moving a session with sold tickets in the console', () => {
  it('asks for confirmation with the counts (keyboard: Escape cancels, focus back on Save), and Confirm moves it', async () => {
    const { page, context } = await openConsole(app, OWNER)
    await page.goto(new URL(`/admin/events/${eventId}`, app.baseUrl).toString())
    await page.getByRole('button', { name: `${t.edit}: ${formatSession(dayIn(9), '19:00', 'en')}` }).click()
    const form = page.getByRole('form', { name: `Session ${formatSession(dayIn(9), '19:00', 'en')}` })
    await form.getByLabel('Time').fill('20:30')
    await form.getByRole('button', { name: 'Save' }).click()

    const dialog = page.getByRole('alertdialog', { name: t.soldTitle })
    await dialog.waitFor()
    expect(await dialog.innerText()).toContain('Tickets sold for this session: 3 (orders: 2). Moving it e-mails every buyer with an e-mail address the new date and time')
    // The order without an address is named, with the session's ticket list (its buyers' phones) linked.
    expect(await dialog.innerText()).toContain(fillIn(t.noEmail, { count: 1 }))
    expect(await dialog.getByRole('link', { name: t.noEmailList }).getAttribute('href')).toBe(salesExportPath(session, 'en'))
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(t.cancel)
    await axeClean(page, 'session move confirmation')
    // Escape changes nothing and gives focus back to Save.
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Save')
    expect((await app.server.db.selectFrom('calendars').select('time').where('id', '=', session).executeTakeFirstOrThrow()).time).toBe('19:00')

    // Save again (Enter on the focused button), Tab to Confirm, Enter.
    await page.keyboard.press('Enter')
    await dialog.waitFor()
    await page.keyboard.press('Tab')
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(t.confirmChange)
    await page.keyboard.press('Enter')
    await page.locator('.adm-list > li', { hasText: formatSession(dayIn(9), '20:30', 'en') }).waitFor()
    await form.waitFor({ state: 'detached' })
    expect(await dialog.count()).toBe(0)
    const mails = await app.server.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('subject', 'like', 'Session moved%').execute()
    expect(mails).toHaveLength(1)
    // The new date in the order's language ("December 11, 2026, 20:30").
    expect(mails[0].text_body).toContain(formatSession(dayIn(9), '20:30', 'en'))
    await context.close()
  })
})
