import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXTRAS_TEXTS } from '../src/app/admin/catalogue/extrasTexts'
import { WAITING_CONSOLE_TEXTS } from '../src/app/admin/waitingTexts'
import { LANGS } from '../src/contract/lang'
import { listReturnLines } from '../src/server/domain/returns/repository'
import { saveRoom } from '../src/server/domain/waiting/waiting.repository'
import { visitor } from '../tests/integration/order-fixtures'
import { decide, pathOf, startPay } from '../tests/integration/payment-fixtures'
import { signInConsole, startConsoleApp, type ConsoleAccount } from './support/console'
import { createWalkOrder } from './support/orders'
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, runAxe, seriousViolations, type AppHarness } from './support/app'
import { aside } from '../src/app/i18n/punctuation'

/**
 * A venue in Almaty (VENUE_TIME_ZONE=Asia/Almaty, UTC+5 all year) run from a browser in New York
 * (UTC-4 in May, UTC-5 in winter): the console's date-time inputs show and save Almaty's wall
 * clock, named beside them, and the return page names the deadline's zone as Almaty's offset.
 * The expectations are written with Almaty's fixed offset, not through the app's own conversion,
 * so a console that used the browser's clock or a page that kept Moscow's GMT+03:00 fails them.
 */
const VENUE_ZONE = 'Asia/Almaty'
const ALMATY_OFFSET = '+05:00'
const ALMATY_OFFSET_MS = 5 * 3600 * 1000
const BROWSER_ZONE = 'America/New_York'
const EMAIL = 'zone-manager@example.org'
const PASSWORD = 'a manager password'
const MANAGER: ConsoleAccount = { email: EMAIL, password: PASSWORD, role: 'manager' }

/** An Almaty wall-clock 'YYYY-MM-DDTHH:MM' as the instant it is there. */
const almaty = (wall: string) => Date.parse(`${wall}:00${ALMATY_OFFSET}`)

/** Errors of a console page but the sign-in screen's own question, `me` before the sign-in (401: signed out). */
const consoleErrors = (errors: string[]) => errors.filter((e) => !e.includes('status of 401'))

const axeClean = async (page: Page, where: string) => {
  const serious = seriousViolations(await runAxe(page))
  expect(serious, `${where}: ${serious.join('\n')}`).toEqual([])
}

describe('a venue in Almaty, seen from a browser in New York', () => {
  let app: AppHarness
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    app = await startConsoleApp([MANAGER], { ownPort: true, env: { VENUE_TIME_ZONE: VENUE_ZONE } })
  }, 240_000)
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined)
    await app?.close()
  })

  /** A page in a browser whose own clock is New York's; checked, so the test cannot pass by running in the venue's zone. */
  async function openInNewYork(pathname: string, viewport = DESKTOP_VIEWPORT): Promise<{ page: Page; errors: string[] }> {
    const isPhone = viewport.width < 600
    const context = await app.browser.newContext({ viewport, isMobile: isPhone, hasTouch: isPhone, deviceScaleFactor: 1, timezoneId: BROWSER_ZONE })
    contexts.push(context)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`)
    })
    await page.goto(new URL(pathname, app.baseUrl).toString(), { waitUntil: 'domcontentloaded' })
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE)
    return { page, errors }
  }

  async function walkSessionId(): Promise<number> {
    const row = await app.server.db
      .selectFrom('calendars')
      .innerJoin('events', 'events.id', 'calendars.event_id')
      .select('calendars.id')
      .where('events.name_ru', '=', 'Прогулка по старому городу')
      .orderBy('calendars.id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  it("shows and saves the waiting room's on-sale moment on Almaty's clock, named in every language", async () => {
    const calendarId = await walkSessionId()
    // 10:00 in Almaty is 01:00 in New York (EDT) that day: the browser's clock would show 01:00.
    await saveRoom(app.server.db, calendarId, { enabled: 0, opens_at: almaty('2030-05-01T10:00'), admit_per_minute: 30, auto_per_minute: null }, Date.now())
    const { page, errors } = await openInNewYork('/admin')
    await signInConsole(page, EMAIL, PASSWORD, 'en')
    await page.goto(new URL(`/admin/sessions/${calendarId}/waiting-room`, app.baseUrl).toString())
    const input = page.getByLabel('On-sale moment (venue time, Asia/Almaty)')
    await expect.poll(() => input.inputValue()).toBe('2030-05-01T10:00')
    await axeClean(page, 'waiting room, en')

    // 23:30 in Almaty is 18:30 UTC, 14:30 in New York: saved as Almaty's, shown again as typed.
    await input.fill('2030-06-01T23:30')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => page.locator('p[role="status"].adm-note').innerText()).toBe('Saved')
    const row = await app.server.db.selectFrom('waiting_rooms').select('opens_at').where('calendar_id', '=', calendarId).executeTakeFirstOrThrow()
    expect(Number(row.opens_at)).toBe(almaty('2030-06-01T23:30'))
    expect(await input.inputValue()).toBe('2030-06-01T23:30')

    // Each language names the zone beside the input (the words before it are the screen's own).
    const named = { ru: 'время площадки, Asia/Almaty', en: 'venue time, Asia/Almaty', kz: 'алаң уақыты, Asia/Almaty', ch: '場館時間，Asia/Almaty' }
    for (const lang of LANGS) {
      await page.locator('.adm-lang select').selectOption(lang)
      const label = page.getByLabel(`${WAITING_CONSOLE_TEXTS[lang].opensAt}${aside(lang, named[lang])}`, { exact: true })
      await expect.poll(() => label.inputValue(), { message: lang }).toBe('2030-06-01T23:30')
    }
    expect(consoleErrors(errors)).toEqual([])
  })

  it("creates a promo code valid from a moment on Almaty's clock, on a phone", async () => {
    const { page, errors } = await openInNewYork('/admin', PHONE_VIEWPORT)
    await signInConsole(page, EMAIL, PASSWORD, 'en')
    await page.goto(new URL('/admin/extras/promos', app.baseUrl).toString())
    await page.getByRole('heading', { name: 'Promo codes', level: 1 }).waitFor()
    await page.getByLabel('Code', { exact: true }).fill('almaty30')
    await page.getByLabel('Discount, %').fill('10')
    // 00:30 on 1 December in Almaty is still 30 November in UTC and in New York.
    await page.getByLabel('Valid from (venue time, Asia/Almaty)').fill('2030-12-01T00:30')
    await page.getByLabel('Valid until (venue time, Asia/Almaty)').fill('2030-12-31T23:00')
    await page.getByLabel('Valid until (venue time, Asia/Almaty)').press('Enter')
    await page.getByRole('cell', { name: 'ALMATY30', exact: true }).waitFor()
    const row = await app.server.db.selectFrom('promo_codes').select(['valid_from', 'valid_to']).where('code', '=', 'ALMATY30').executeTakeFirstOrThrow()
    expect([Number(row.valid_from), Number(row.valid_to)]).toEqual([almaty('2030-12-01T00:30'), almaty('2030-12-31T23:00')])
    // The list shows the end on the same clock, written as the console's other moments are.
    await page.getByRole('cell', { name: '31.12.2030 23:00:00', exact: true }).waitFor()
    await page.getByRole('button', { name: 'Edit: ALMATY30' }).click()
    expect(await page.getByLabel('Valid from (venue time, Asia/Almaty)').inputValue()).toBe('2030-12-01T00:30')
    await axeClean(page, 'promo codes on a phone')
    // Chinese writes a moment's date year first (formatMoment), as the console's audit and orders do.
    await page.goto(new URL('/admin/extras/promos?lang=ch', app.baseUrl).toString())
    await page.getByRole('heading', { name: EXTRAS_TEXTS.ch.promos, level: 1 }).waitFor()
    await page.getByRole('cell', { name: '2030-12-31 23:00:00', exact: true }).waitFor()
    expect(consoleErrors(errors)).toEqual([])
  })

  it("writes the console's moments on Almaty's clock: the audit log's sign-in", async () => {
    const { page, errors } = await openInNewYork('/admin')
    await signInConsole(page, EMAIL, PASSWORD, 'en')
    const signIn = await app.server.db.selectFrom('audit_log').select('created_at').where('actor', '=', EMAIL).where('action', '=', 'sign-in').orderBy('id', 'desc').executeTakeFirstOrThrow()
    // 'dd.mm.yyyy hh:mm:ss' by Almaty's fixed offset (New York's clock is ten or nine hours behind it).
    const [day, time] = new Date(Number(signIn.created_at) + ALMATY_OFFSET_MS).toISOString().slice(0, 19).split('T')
    const [y, m, d] = day.split('-')
    await page.goto(new URL('/admin/audit', app.baseUrl).toString())
    await page.getByRole('cell', { name: `${d}.${m}.${y} ${time}`, exact: true }).first().waitFor()
    expect(consoleErrors(errors)).toEqual([])
  })

  it("tells a waiting visitor the on-sale moment on Almaty's clock, with its offset", async () => {
    const organ = await app.server.db.selectFrom('events').select(['id', 'hash_id']).where('name_ru', '=', 'Органная ночь').executeTakeFirstOrThrow()
    const sessions = await app.server.db.selectFrom('calendars').select('id').where('event_id', '=', organ.id).execute()
    for (const s of sessions) await saveRoom(app.server.db, s.id, { enabled: 1, opens_at: almaty('2030-05-01T10:00'), admit_per_minute: 30, auto_per_minute: null }, Date.now())
    const { page, errors } = await openInNewYork(`/scheme/${organ.hash_id}?lang=en`, PHONE_VIEWPORT)
    const opens = page.locator('.waiting__opens')
    await opens.waitFor()
    // New York's clock would say 01:00 that day, without a zone.
    expect(await opens.innerText()).toBe('The sale opens May 1, 2030, 10:00 (GMT+05:00).')
    await axeClean(page, 'waiting page')
    expect(errors).toEqual([])
  })

  it("names the return deadline's zone as Almaty's offset, GMT+05:00", async () => {
    const hash = await createWalkOrder(app, 1)
    const v = await visitor(app.baseUrl, '10.66.0.7')
    const card = await app.server.db.selectFrom('payment_types').select('id').where('protocol_type', '=', 'card').executeTakeFirstOrThrow()
    const start = await startPay(v, hash, card.id)
    expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
    const order = await app.server.db.selectFrom('orders').select('id').where('hash', '=', hash).executeTakeFirstOrThrow()
    const [line] = await listReturnLines(app.server.db, order.id)
    // The deadline's time of day on Almaty's clock, by its fixed offset.
    const hhmm = new Date(Number(line.deadline) + ALMATY_OFFSET_MS).toISOString().slice(11, 16)

    const { page, errors } = await openInNewYork(`/order/return/${hash}?lang=en`, PHONE_VIEWPORT)
    const deadline = page.locator('.return-event__deadline')
    await deadline.waitFor()
    const text = await deadline.innerText()
    expect(text).toMatch(new RegExp(`^Return possible until .*, ${hhmm} \\(GMT\\+05:00\\)`))
    expect(text).not.toContain('GMT+03:00')
    await axeClean(page, 'return page')
    expect(errors).toEqual([])
  })
})
