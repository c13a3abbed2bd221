import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOGUE_TEXTS } from '../src/app/admin/catalogue/texts'
import { NOTE_TEXTS } from '../src/app/admin/noteTexts'
import { STUDIO_TEXTS } from '../src/app/admin/studio/texts'
import { ADMIN_TEXTS } from '../src/app/admin/texts'
import { KIND_SUBSCRIPTIONS, KIND_TICKETS } from '../src/contract/constants'
import { LANGS } from '../src/contract/lang'
import { PHONE_VIEWPORT, type AppHarness } from './support/app'
import { axeClean, consoleApi, followLink, openConsole, startConsoleApp, type ConsoleAccount } from './support/console'

/**
 * Console screens an operator audit of a fresh install found wanting, in Chromium: a cancelled
 * seat-map session on Sales (marked, its map not drawn: the compiled map answers 409) and at the
 * door; the event editor with empty catalogue lists (names what to create first and links
 * there); an unknown console address (a not-found screen, not a blank page); the Venues screen
 * on a 390 px phone (no sideways scroll); the console's header on a phone (every link within the
 * screen and the current one marked, the operator, language picker and sign-out one row). axe-core on each.
 */
const AUDITOR: ConsoleAccount = { email: 'auditor@example.org', password: 'an auditor password', role: 'owner', name: 'Auditor' }
const DAY_MS = 86_400_000
/** WCAG 2.2's smallest touch target (2.5.8), in CSS pixels. */
const MIN_TARGET_PX = 24
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }
const n = NOTE_TEXTS.en
const t = ADMIN_TEXTS.en

let app: AppHarness
let eventId: number
let session: number

beforeAll(async () => {
  app = await startConsoleApp([AUDITOR], { ownPort: true })
  const api = await consoleApi(app, AUDITOR)
  const refs = (await api.get<Record<string, Row[]>>('/api/admin/refs')).body
  // A seat-map event on one of the demo's drawings, with one priced session, then cancelled.
  const drawing = refs.drawings.find((d) => refs.zones.some((z) => z.drawing_id === d.id))!
  const zone = refs.zones.find((z) => z.drawing_id === drawing.id)!.id
  const kind = refs.kinds[0].id
  eventId = (await api.post<{ id: number }>('/api/admin/events', { menu_kind_id: kind, venue_id: drawing.venue_id, scheme: 1, name_ru: 'Отменённый', name_en: 'Called off', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] })).body.id
  session = (await api.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day: dayIn(9), time: '19:00', drawing_id: drawing.id })).body.ids[0]
  expect((await api.post(`/api/admin/sessions/${session}/prices`, { client_category_id: refs.categories[0].id, zone_id: zone, price: 100000 })).status).toBe(200)
  const cancel = await api.post(`/api/admin/sessions/${session}/cancel`, { confirm: true })
  expect(cancel.status, JSON.stringify(cancel.body)).toBe(200)
})
afterAll(async () => {
  await app?.close()
})

describe('console screens found wanting by the audit', () => {
  it('marks a cancelled session on Sales and at the door, and draws no map for it', async () => {
    const { page, context } = await openConsole(app, AUDITOR)
    await page.goto(new URL(`/admin/events/${eventId}/sales`, app.baseUrl).toString())
    await page.getByTestId(`sales-cancelled-${session}`).waitFor()
    expect(await page.getByTestId(`sales-cancelled-${session}`).innerText()).toBe(n.cancelled)
    await page.getByText(n.cancelledSales).waitFor()
    expect(await page.getByTestId(`sales-map-${session}`).count()).toBe(0)
    expect(await page.locator('.adm-sales-map').count()).toBe(0)
    await axeClean(page, 'sales of a cancelled session')

    await page.goto(new URL(`/admin/events/${eventId}/door`, app.baseUrl).toString())
    await page.getByTestId('door-cancelled').waitFor()
    expect(await page.getByTestId('door-cancelled').innerText()).toBe(n.cancelledDoor)
    await axeClean(page, 'door of a cancelled session')
    await context.close()
  })

  it('says what to create first when the new event has nothing to pick, and links there', async () => {
    // A real fresh install (no demo data): its sections exist (seed/system.ts), its menu items
    // and venues do not yet.
    const fresh = await startConsoleApp([AUDITOR], { ownPort: true, env: { DEMO_DATA: '0' } })
    try {
      const { page, context } = await openConsole(fresh, AUDITOR)
      await page.goto(new URL('/admin/events/new', fresh.baseUrl).toString())
      const needs = page.getByTestId('event-needs')
      await needs.waitFor()
      expect(await needs.innerText()).toContain(n.emptyBefore)
      const links = await needs.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent, new URL((a as HTMLAnchorElement).href).pathname]))
      expect(links).toEqual([
        [n.emptyMenus, '/admin/catalogue/menus'],
        [n.emptyVenues, '/admin/catalogue/venues'],
      ])
      await axeClean(page, 'new event on an empty catalogue')
      // The subscriptions section (by its id, whatever it is called) says what it does to an event.
      const kind = page.getByRole('combobox', { name: t.kind })
      expect(await page.locator('#adm-kind-subscriptions').count()).toBe(0)
      await kind.selectOption(String(KIND_SUBSCRIPTIONS))
      expect(await page.locator('#adm-kind-subscriptions').innerText()).toBe(n.subscriptionKind)
      expect(await kind.getAttribute('aria-describedby')).toBe('adm-kind-subscriptions')
      await kind.selectOption(String(KIND_TICKETS))
      await page.locator('#adm-kind-subscriptions').waitFor({ state: 'detached' })
      await needs.getByRole('link', { name: n.emptyVenues }).click()
      await page.waitForURL('**/admin/catalogue/venues')
      await context.close()
    } finally {
      await fresh.close()
    }
  })

  it('answers an unknown console address with a not-found screen that leads back', async () => {
    const { page, context } = await openConsole(app, AUDITOR)
    await page.goto(new URL('/admin/catalogue', app.baseUrl).toString())
    await page.getByRole('heading', { name: n.notFound }).waitFor()
    await axeClean(page, 'not found')
    await page.getByRole('link', { name: n.notFoundBack }).click()
    await page.getByRole('heading', { name: t.events }).waitFor()
    // An address in none of the console's sections: no link says it is the one open.
    await followLink(page, '/admin/nowhere')
    await page.getByRole('heading', { name: n.notFound }).waitFor()
    expect(await page.locator('.adm-header nav a[aria-current]').count()).toBe(0)
    await context.close()
  })

  it('keeps the Venues screen within a 390 px phone', async () => {
    const { page, context } = await openConsole(app, AUDITOR, { viewport: PHONE_VIEWPORT })
    await page.goto(new URL('/admin/venues', app.baseUrl).toString())
    await page.locator('#adm-venues-title').waitFor()
    await page.locator('.adm-list').waitFor()
    for (const lang of LANGS) {
      await page.locator('.adm-lang select').selectOption(lang)
      await page.locator('#adm-venues-title').getByText(STUDIO_TEXTS[lang].venues).waitFor()
      // The elements reaching past the screen's right edge, named, so a failure says which.
      const over = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
          .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
      )
      // Against the phone's width: on a mobile viewport window.innerWidth grows with what overflows.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${lang}: ${over.join('; ')}`).toBeLessThanOrEqual(PHONE_VIEWPORT.width)
    }
    await axeClean(page, 'venues on a phone')
    await context.close()
  })

  it("shows every one of the console's links whole on a phone, the current one marked, and the operator, language and sign-out on one row, in every language", async () => {
    const { page, context } = await openConsole(app, AUDITOR, { viewport: PHONE_VIEWPORT })
    const links = page.locator('.adm-header nav a')
    const box = async (selector: string) => (await page.locator(selector).boundingBox())!
    for (const lang of LANGS) {
      await page.locator('.adm-lang select').selectOption(lang)
      await page.locator('#adm-events-title').getByText(ADMIN_TEXTS[lang].events).waitFor()
      // Every link (an owner's eight) within the screen's width, none behind a sideways scroll of
      // the nav (it showed two and a half of them, the rest cut off at the edge), each a target.
      const boxes = await links.evaluateAll((as) => as.map((a) => {
        const r = a.getBoundingClientRect()
        return { text: a.textContent, left: r.left, right: r.right, height: r.height }
      }))
      const seen = `${lang}: ${JSON.stringify(boxes)}`
      expect(boxes.length, seen).toBeGreaterThanOrEqual(8)
      for (const b of boxes) {
        expect(b.left, seen).toBeGreaterThanOrEqual(0)
        expect(b.right, seen).toBeLessThanOrEqual(PHONE_VIEWPORT.width)
        expect(b.height, seen).toBeGreaterThanOrEqual(MIN_TARGET_PX)
      }
      const nav = await page.locator('.adm-header nav').evaluate((e) => [e.scrollWidth, e.clientWidth])
      expect(nav[0], `${lang}: the nav's scroll width over its own`).toBeLessThanOrEqual(nav[1])
      // The events list is the section open: its link, and only it, says so.
      expect(await page.locator('.adm-header nav a[aria-current="page"]').evaluateAll((as) => as.map((a) => a.textContent)), lang).toEqual([ADMIN_TEXTS[lang].events])
      // One row: the operator's line, the picker and sign-out side by side across the operator's
      // middle (they took two rows, and in ch sign-out wrapped to a third), each control a target.
      const [who, picker, signOut] = await Promise.all(['.adm-header .adm-who', '.adm-header .adm-lang select', '.adm-header > button'].map(box))
      const row = `${lang}: operator ${JSON.stringify(who)}, picker ${JSON.stringify(picker)}, sign-out ${JSON.stringify(signOut)}`
      const middle = who.y + who.height / 2
      for (const control of [picker, signOut]) {
        expect(control.y, row).toBeLessThan(middle)
        expect(control.y + control.height, row).toBeGreaterThan(middle)
        expect(Math.min(control.width, control.height), row).toBeGreaterThanOrEqual(MIN_TARGET_PX)
      }
      expect(who.x + who.width, row).toBeLessThanOrEqual(picker.x)
      expect(picker.x + picker.width, row).toBeLessThanOrEqual(signOut.x)
      expect(signOut.x + signOut.width, row).toBeLessThanOrEqual(PHONE_VIEWPORT.width)
      // The operator's line, cut short on the phone, is whole in its text and title; the picker keeps its name.
      const whole = await page.locator('.adm-header .adm-who').evaluate((e) => [e.textContent, e.getAttribute('title')])
      expect(whole[0], lang).toContain(AUDITOR.email)
      expect(whole[1], lang).toBe(whole[0])
      await page.getByRole('combobox', { name: ADMIN_TEXTS[lang].language, exact: true }).waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth), lang).toBeLessThanOrEqual(PHONE_VIEWPORT.width)
      await axeClean(page, `console header on a phone (${lang})`)
    }
    await page.locator('.adm-lang select').selectOption('en')
    // By the keyboard: from the console's name, Tab goes through the links in their order (events,
    // venues, catalogue); the catalogue's, followed with Enter, becomes the current one.
    const catalogue = page.locator('.adm-header nav').getByRole('link', { name: CATALOGUE_TEXTS.en.catalogue, exact: true })
    await page.locator('.adm-brand').focus()
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(CATALOGUE_TEXTS.en.catalogue)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/admin/catalogue/categories')
    await expect.poll(() => catalogue.getAttribute('aria-current')).toBe('page')
    expect(await page.locator('.adm-header nav a[aria-current="page"]').count()).toBe(1)
    // The last link, tapped, is followed and marked.
    await links.last().tap()
    await page.waitForURL((url) => url.pathname === '/admin/orders')
    await expect.poll(() => links.last().getAttribute('aria-current')).toBe('page')
    expect(await page.locator('.adm-header nav a[aria-current="page"]').count()).toBe(1)
    // A screen inside a section marks its section: an event's sales are the events list's.
    await followLink(page, `/admin/events/${eventId}/sales`)
    await page.getByTestId(`sales-cancelled-${session}`).waitFor()
    expect(await page.locator('.adm-header nav a[aria-current="page"]').evaluateAll((as) => as.map((a) => a.textContent))).toEqual([t.events])
    await axeClean(page, 'console header on a phone')
    await context.close()
  })
})
