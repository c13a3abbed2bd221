import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_TEXTS } from '../src/app/admin/sessionTexts'
import { runAxe, seriousViolations, type AppHarness } from './support/app'
import { consoleApi, openConsole, startConsoleApp, type ConsoleAccount } from './support/console'
import { formatSession } from '../src/contract/rules/dayText'

/**
 * The event editor by the keyboard: a session's or a price row's form, once saved or cancelled,
 * gives the focus back to the Edit button that opened it (also when the saved session moves in
 * the list), so the operator carries on from there instead of from the top of the page.
 */
const OWNER: ConsoleAccount = { email: 'owner-focus@example.org', password: 'an owner password', role: 'owner' }
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }
const t = SESSION_TEXTS.en

let app: AppHarness
let eventId: number

beforeAll(async () => {
  app = await startConsoleApp([OWNER])
  const api = await consoleApi(app, OWNER)
  const refs = (await api.get<Record<string, Row[]>>('/api/admin/refs')).body
  const kind = refs.kinds[0].id
  const menu = refs.menus.find((m) => m.menu_kind_id === kind)!.id
  eventId = (await api.post<{ id: number }>('/api/admin/events', { menu_kind_id: kind, venue_id: refs.venues[0].id, name_ru: 'Фокус', name_en: 'Focus', main_menu_ids: [menu] })).body.id
  const [first] = (await api.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day: dayIn(20), time: '19:00', repeat: { every_days: 1, count: 1 } })).body.ids
  const category = refs.categories.find((c) => c.name_en === 'Adult')!.id
  await api.post(`/api/admin/sessions/${first}/prices`, { client_category_id: category, zone_id: refs.zones.find((z) => z.drawing_id === null)!.id, price: 100_000, quantity: 100 })
})
afterAll(async () => {
  await app?.close()
})

describe('the event editor by the keyboard', () => {
  it('gives the focus back to Edit when a session or price row form is saved or cancelled', async () => {
    const { page, context } = await openConsole(app, OWNER)
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName)
    try {
      await page.goto(new URL(`/admin/events/${eventId}`, app.baseUrl).toString())
      const [from, to] = [dayIn(20), dayIn(22)]
      // The first session moves past the second: its row moves in the list, the focus stays on its Edit.
      await page.getByRole('button', { name: `${t.edit}: ${formatSession(from, '19:00', 'en')}` }).press('Enter')
      const form = page.getByRole('form', { name: `Session ${formatSession(from, '19:00', 'en')}` })
      await form.getByLabel('Date').fill(to)
      await form.getByLabel('Date').press('Enter')
      await page.getByRole('button', { name: `${t.edit}: ${formatSession(to, '19:00', 'en')}` }).waitFor()
      await expect.poll(focused).toBe(`${t.edit}: ${formatSession(to, '19:00', 'en')}`)
      expect(await page.locator('ul.adm-list > li').first().innerText()).toContain(formatSession(dayIn(21), '19:00', 'en'))

      // A price row saved: the focus is on its Edit, named by the row's new price.
      const editPrice = page.getByRole('button', { name: /^Edit price .*Adult/ })
      await editPrice.press('Enter')
      const priceForm = page.getByRole('form', { name: /^Price .*Adult/ })
      await priceForm.getByLabel('Price, ₽').fill('1200')
      await priceForm.getByLabel('Price, ₽').press('Enter')
      await page.getByRole('button', { name: /^Edit price .*₽1,200\.00/ }).waitFor()
      await expect.poll(focused).toMatch(/^Edit price .*Adult · .* · ₽1,200\.00 × 100$/)

      // Cancelled: the same.
      await editPrice.press('Enter')
      await priceForm.getByRole('button', { name: t.cancel }).press('Enter')
      await priceForm.waitFor({ state: 'detached' })
      expect(await focused()).toMatch(/^Edit price .*Adult/)
      await page.getByRole('button', { name: `${t.edit}: ${formatSession(to, '19:00', 'en')}` }).press('Enter')
      await page.getByRole('form', { name: `Session ${formatSession(to, '19:00', 'en')}` }).getByRole('button', { name: t.cancel }).press('Enter')
      expect(await focused()).toBe(`${t.edit}: ${formatSession(to, '19:00', 'en')}`)
      expect(seriousViolations(await runAxe(page))).toEqual([])
    } finally {
      await context.close()
    }
  })
})
