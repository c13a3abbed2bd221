import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fillIn } from '../src/app/admin/careTexts'
import { ISSUE_TEXTS } from '../src/app/admin/issueTexts'
import { SESSION_TEXTS } from '../src/app/admin/sessionTexts'
import { ADMIN_TEXTS } from '../src/app/admin/texts'
import { formatMoment } from '../src/app/i18n/localeFormat'
import { formatSession } from '../src/contract/rules/dayText'
import { AdminClient } from '../tests/integration/admin-helpers'
import { visitorApi, type AppHarness } from './support/app'
import { axeClean, consoleApi, onConsolePhone, startConsoleApp, type ConsoleAccount } from './support/console'

/**
 * A session's on-sale window set in the console's session form, on a 390×844 phone in Kazakh
 * (onConsolePhone), against the real server and its database: a start in the future makes the
 * badge say "on sale from …" and the event's page, as a visitor's API call gets it, stops
 * offering the session; the start cleared, it is offered again. An end not after the start is
 * refused on "Sale ends" by the form itself (nothing sent), and by the server when the start was
 * saved meanwhile by someone else (the form's start still empty): the database keeps its window.
 * The new-session form has the same two inputs: a session made with a future start is saved with
 * that instant and held back from the start (its badge "on sale from …"); an end before the start
 * is refused there too, on "Sale ends", and no session is made.
 * The venue is in Almaty (UTC+5 all year): the inputs are its wall clock, and the expectations are
 * written with that fixed offset, not with the console's own conversion.
 */
const OWNER: ConsoleAccount = { email: 'owner-window@example.org', password: 'an owner password', role: 'owner' }
const VENUE_ZONE = 'Asia/Almaty'
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
/** An Almaty wall clock 'YYYY-MM-DDTHH:MM' as the instant it is there. */
const almaty = (wall: string) => Date.parse(`${wall}:00+05:00`)
type Row = Record<string, unknown> & { id: number }
const s = SESSION_TEXTS.kz
const LANG = 'kz'
const SESSION_DAY = dayIn(9)
const OTHER_DAY = dayIn(10)
const FROM = `${dayIn(3)}T10:00`
const BEFORE_FROM = `${dayIn(2)}T10:00`
const AFTER_FROM = `${dayIn(5)}T18:00`
/** The day of the session made through the new-session form: no other session is on it. */
const NEW_DAY = dayIn(12)
const NEW_TIME = '20:00'

let app: AppHarness
let eventId: number
let session: number
let hash: string
let api: AdminClient

const windowOf = async () => {
  const r = await app.server.db.selectFrom('calendars').select(['sale_from', 'sale_to']).where('id', '=', session).executeTakeFirstOrThrow()
  return { sale_from: r.sale_from === null ? null : Number(r.sale_from), sale_to: r.sale_to === null ? null : Number(r.sale_to) }
}
/** The event's sessions on NEW_DAY, with their saved window. */
const madeOnNewDay = async () =>
  (await app.server.db.selectFrom('calendars').select(['time', 'sale_from', 'sale_to']).where('event_id', '=', eventId).where('day', '=', NEW_DAY).execute()).map((r) => ({
    time: r.time,
    sale_from: r.sale_from === null ? null : Number(r.sale_from),
    sale_to: r.sale_to === null ? null : Number(r.sale_to),
  }))
/** The days the event's page offers a visitor (POST /api/no-scheme, through the storefront's own client). */
const offeredDays = async () => (await visitorApi(app).call('noScheme', { hash })).calendar.map((c) => c.day)

beforeAll(async () => {
  app = await startConsoleApp([OWNER], { ownPort: true, env: { VENUE_TIME_ZONE: VENUE_ZONE } })
  api = await consoleApi(app, OWNER)
  const refs = (await api.get<Record<string, Row[]>>('/api/admin/refs')).body
  eventId = (await api.post<{ id: number }>('/api/admin/events', { menu_kind_id: refs.kinds[0].id, venue_id: refs.venues[0].id, name_ru: 'Окно продаж', name_en: 'Sale window show', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id] })).body.id
  const ids = (await api.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day: SESSION_DAY, time: '19:00', repeat: { every_days: 1, count: 1 } })).body.ids
  session = ids[0]
  for (const id of ids) await api.post(`/api/admin/sessions/${id}/prices`, { client_category_id: refs.categories[0].id, zone_id: refs.zones.find((z) => z.drawing_id === null)!.id, price: 1000, quantity: 50 })
  expect((await api.post(`/api/admin/events/${eventId}/publish`, { published: 1 })).status).toBe(200)
  hash = (await api.get<{ event: { hash_id: string } }>(`/api/admin/events/${eventId}`)).body.event.hash_id
}, 240_000)
afterAll(async () => {
  await app?.close()
})

describe("a session's on-sale window in the console", () => {
  it('sets a future start (off the storefront), clears it (on sale again), and refuses an end before the start on "Sale ends"', async () => {
    expect(await offeredDays()).toEqual([SESSION_DAY, OTHER_DAY])
    const when = formatSession(SESSION_DAY, '19:00', LANG)
    const posts = (method: string, path: string) => method === 'POST' && path === `/api/admin/sessions/${session}`
    const seen = await onConsolePhone(app, OWNER, posts, async (page: Page) => {
      await page.goto(new URL(`/admin/events/${eventId}`, app.baseUrl).toString())
      const row = page.locator('.adm-list > li', { hasText: when })
      const badge = row.locator('.adm-badge').first()
      const form = page.getByRole('form', { name: fillIn(s.editSession, { when }) })
      const from = form.getByLabel(s.saleFromLabel, { exact: true })
      const to = form.getByLabel(s.saleToLabel, { exact: true })
      const open = async () => {
        await page.getByRole('button', { name: `${s.edit}: ${when}`, exact: true }).click()
        await form.waitFor()
      }
      expect(await badge.innerText()).toBe(s.onSale)

      // A start three days from now: "on sale from" that moment, and the event's page no longer offers the session.
      await open()
      expect(await from.inputValue()).toBe('')
      // Both inputs name the hint (empty: no limit, and whose clock).
      const hint = await page.locator(`#${(await from.getAttribute('aria-describedby'))!}`).innerText()
      expect(hint).toContain(s.saleHint)
      expect(hint).toContain(VENUE_ZONE)
      expect(await to.getAttribute('aria-describedby')).toBe(await from.getAttribute('aria-describedby'))
      // The "active" box sits at the form's left edge with its words beside it on the same line, as
      // the console's other boxes do (it stood stretched, centred, over its words on the phone).
      const active = await boxBesideWords(form.locator('input[name="active"]'))
      expect(active.box.width).toBeLessThan(32)
      expect(active.box.x - active.form.x).toBeLessThan(8)
      expect(active.words.x).toBeGreaterThanOrEqual(active.box.x + active.box.width)
      expect(active.words.y).toBeLessThan(active.box.y + active.box.height)
      expect(active.words.y + active.words.height).toBeGreaterThan(active.box.y)
      await axeClean(page, 'session form with its sale window')
      await from.fill(FROM)
      await form.getByRole('button', { name: ADMIN_TEXTS.kz.save }).click()
      await form.waitFor({ state: 'detached' })
      await expect.poll(() => badge.innerText()).toBe(fillIn(s.saleFrom, { when: formatMoment(almaty(FROM), LANG, VENUE_ZONE) }))
      expect(await windowOf()).toEqual({ sale_from: almaty(FROM), sale_to: null })
      expect(await offeredDays()).toEqual([OTHER_DAY])

      // An end before that start: refused by the form on "Sale ends", in Kazakh, nothing changed (nor sent: `seen` below).
      await open()
      expect(await from.inputValue()).toBe(FROM)
      await to.fill(BEFORE_FROM)
      await form.getByRole('button', { name: ADMIN_TEXTS.kz.save }).click()
      await refusedOn(page, form, 'sale_to', `${s.saleToLabel}: ${ISSUE_TEXTS.kz.keys['start-before-end']}`)
      expect(await windowOf()).toEqual({ sale_from: almaty(FROM), sale_to: null })
      await axeClean(page, "the form's refusal of the sale's end")

      // The start cleared (and the end with it): on sale again, and offered again.
      await to.fill('')
      await from.fill('')
      await form.getByRole('button', { name: ADMIN_TEXTS.kz.save }).click()
      await form.waitFor({ state: 'detached' })
      await expect.poll(() => badge.innerText()).toBe(s.onSale)
      expect(await windowOf()).toEqual({ sale_from: null, sale_to: null })
      expect(await offeredDays()).toEqual([SESSION_DAY, OTHER_DAY])

      // The form opens with no start; meanwhile another operator saves one. An end before it is
      // the server's refusal (the form sends only the end), said on "Sale ends" all the same.
      await open()
      expect((await api.post(`/api/admin/sessions/${session}`, { sale_from: almaty(FROM) })).status).toBe(200)
      await to.fill(BEFORE_FROM)
      await form.getByRole('button', { name: ADMIN_TEXTS.kz.save }).click()
      await refusedOn(page, form, 'sale_to', `${s.saleToLabel}: ${ISSUE_TEXTS.kz.keys['start-before-end']}`)
      expect(await windowOf()).toEqual({ sale_from: almaty(FROM), sale_to: null })
      // The form shows the start it met, as saved, beside the end typed (not an empty start that
      // made the refusal read as nonsense), and the list's badge says that start too.
      await expect.poll(() => from.inputValue()).toBe(FROM)
      expect(await to.inputValue()).toBe(BEFORE_FROM)
      expect(await to.getAttribute('aria-invalid')).toBe('true')
      await expect.poll(() => badge.innerText()).toBe(fillIn(s.saleFrom, { when: formatMoment(almaty(FROM), LANG, VENUE_ZONE) }))
      await axeClean(page, "the server's refusal of the sale's end, with the start saved meanwhile")
      // An end after that start is saved, the start (not the operator's) left as it is.
      await to.fill(AFTER_FROM)
      await form.getByRole('button', { name: ADMIN_TEXTS.kz.save }).click()
      await form.waitFor({ state: 'detached' })
      expect(await windowOf()).toEqual({ sale_from: almaty(FROM), sale_to: almaty(AFTER_FROM) })
    })
    // Saves: the start, the clearing, the refused end, the end after the start; the form's own refusal sent nothing.
    expect(seen).toEqual([`POST /api/admin/sessions/${session} 200`, `POST /api/admin/sessions/${session} 200`, `POST /api/admin/sessions/${session} 400`, `POST /api/admin/sessions/${session} 200`])
  })

  it('makes a session held back from a future start in the new-session form, and refuses an end before the start there (no session made)', async () => {
    const when = formatSession(NEW_DAY, NEW_TIME, LANG)
    const creates = (method: string, path: string) => method === 'POST' && path === `/api/admin/events/${eventId}/sessions`
    const seen = await onConsolePhone(app, OWNER, creates, async (page: Page) => {
      await page.goto(new URL(`/admin/events/${eventId}`, app.baseUrl).toString())
      const form = page.getByRole('form', { name: ADMIN_TEXTS.kz.addSession, exact: true })
      const from = form.getByLabel(s.saleFromLabel, { exact: true })
      const to = form.getByLabel(s.saleToLabel, { exact: true })
      const add = form.getByRole('button', { name: ADMIN_TEXTS.kz.addSession, exact: true })
      await form.locator('[name="day"]').fill(NEW_DAY)
      await form.locator('[name="time"]').fill(NEW_TIME)
      // Both inputs name the form's own hint (an edit form open beside it has another).
      const hintId = (await from.getAttribute('aria-describedby'))!
      expect(await to.getAttribute('aria-describedby')).toBe(hintId)
      const hint = await page.locator(`#${hintId}`).innerText()
      expect(hint).toContain(s.saleHint)
      expect(hint).toContain(VENUE_ZONE)

      // An end before the start: refused by the form on "Sale ends", in Kazakh; no session made (nor sent: `seen` below).
      await from.fill(FROM)
      await to.fill(BEFORE_FROM)
      await add.click()
      await refusedOn(page, form, 'sale_to', `${s.saleToLabel}: ${ISSUE_TEXTS.kz.keys['start-before-end']}`)
      expect(await madeOnNewDay()).toEqual([])
      await axeClean(page, "the new-session form's refusal of the sale's end")

      // The end cleared: the session is made held back until the start, said by its badge.
      await to.fill('')
      await add.click()
      const badge = page.locator('.adm-list > li', { hasText: when }).locator('.adm-badge').first()
      await expect.poll(() => badge.innerText()).toBe(fillIn(s.saleFrom, { when: formatMoment(almaty(FROM), LANG, VENUE_ZONE) }))
      expect(await madeOnNewDay()).toEqual([{ time: NEW_TIME, sale_from: almaty(FROM), sale_to: null }])
      expect(await page.getByRole('alert').count()).toBe(0)
      // Made: the form starts again blank (not the values of the session just made), focus on its day.
      await expect.poll(() => form.locator('[name="day"]').inputValue()).toBe('')
      expect(await form.locator('[name="time"]').inputValue()).toBe('19:00')
      expect(await from.inputValue()).toBe('')
      expect(await to.inputValue()).toBe('')
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('day')
      await axeClean(page, 'the new-session form, blank again after a session is made')
    })
    // One creation: the form's own refusal sent nothing.
    expect(seen).toEqual([`POST /api/admin/events/${eventId}/sessions 200`])
  })
})

/** A checkbox's box, its label's words (the text after it) and its form, as laid out on the page. */
async function boxBesideWords(box: Locator): Promise<Record<'box' | 'words' | 'form', { x: number; y: number; width: number; height: number }>> {
  return box.evaluate((input) => {
    const rect = (r: DOMRect) => ({ x: r.x, y: r.y, width: r.width, height: r.height })
    const range = document.createRange()
    range.selectNodeContents(input.parentElement!)
    range.setStartAfter(input)
    return { box: rect(input.getBoundingClientRect()), words: rect(range.getBoundingClientRect()), form: rect(input.closest('form')!.getBoundingClientRect()) }
  })
}

/** `name` is `form`'s refused control: aria-invalid, described by the alert (saying `text`) and the hint, and focused. */
async function refusedOn(page: Page, form: Locator, name: string, text: string): Promise<void> {
  const alert = page.getByRole('alert')
  await expect.poll(() => alert.innerText()).toBe(text)
  const control = form.locator(`[name="${name}"]`)
  expect(await control.getAttribute('aria-invalid')).toBe('true')
  expect((await control.getAttribute('aria-describedby'))!.split(' ')).toContain(await alert.getAttribute('id'))
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(name)
}
