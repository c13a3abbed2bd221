import type { Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedIn, type AdminClient } from '../tests/integration/admin-helpers'
import { bringToDoor, nonce, viewLines } from '../tests/integration/door-helpers'
import { seedOrderFixtures, visitor, type Fixtures } from '../tests/integration/order-fixtures'
import { decide, pathOf, placeOrder, seedPaymentFixtures, startPay, type PaymentFx } from '../tests/integration/payment-fixtures'
import { LANGS, type Lang } from '../src/contract/lang'
import { formatDayTime } from '../src/contract/rules/dayText'
import { PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness } from './support/app'
import { createOperators, openConsole, type ConsoleAccount } from './support/console'
import { reviewShot } from './support/shots'

/**
 * The console's door screen (lists and live counts per gate) on a 390 × 844 phone: an event of
 * two sessions, one ticket of the first let in. Switching the session shows nothing of the first
 * one's (counts, lists, a refusal) while the second's answers are on their way.
 */
const OWNER: ConsoleAccount = { email: 'door-console-owner@example.org', password: 'an owner password 123', role: 'owner' }
/** The door screen on a phone (Chinese), for a look. */
const DOOR_SCREENSHOT = '/tmp/door-console-phone.png'
/**
 * What the sign-in explanation names in each language (written here, not taken from the texts):
 * the door role (and the manager and owner, who may use the app too), the Operators and API
 * tokens sections where the owner makes accounts and tokens.
 */
const SIGN_IN_WORDS: Record<Lang, string[]> = {
  ru: ['«контролёр»', '«менеджер»', '«владелец»', '«Операторы»', '«Ключи API»'],
  en: ['"door"', '"manager"', '"owner"', '"Operators"', '"API tokens"'],
  kz: ['«бақылаушы»', '«менеджер»', '«иесі»', '«Операторлар»', '«API кілттері»'],
  ch: ['「驗票員」', '「經理」', '「擁有者」', '「操作員」', '「API 權杖」'],
}

describe('console door screen', () => {
  let app: AppHarness
  let fx: Fixtures
  let pfx: PaymentFx
  let owner: AdminClient
  let secondId: number

  beforeAll(async () => {
    app = await startApp({ DEMO_DATA: '0' })
    fx = await seedOrderFixtures(app.server.db)
    pfx = await seedPaymentFixtures(app.server.db)
    // A second session of the same event, two days after the first.
    const first = await app.server.db.selectFrom('calendars').selectAll().where('id', '=', fx.basic.calendarId).executeTakeFirstOrThrow()
    const { id: _id, ...copy } = first
    const second = await app.server.db
      .insertInto('calendars')
      .values({ ...copy, day: '2099-01-02', starts_at: Number(first.starts_at) + 2 * 86_400_000 })
      .returning('id')
      .executeTakeFirstOrThrow()
    secondId = second.id
    // Priced as the first, so its new list offers the same categories.
    for (const { id: _p, ...price } of await app.server.db.selectFrom('prices').selectAll().where('calendar_id', '=', first.id).execute()) {
      await app.server.db.insertInto('prices').values({ ...price, calendar_id: secondId }).execute()
    }
    await bringToDoor(app.server.db, [fx.basic.calendarId])
    await createOperators(app, OWNER)
    owner = await signedIn(app.server, 'owner')
    const gate = await owner.post<{ id: number }>('/api/admin/checkin/lists', { calendar_id: fx.basic.calendarId, name: 'First gate' })
    expect(gate.status).toBe(200)
    expect((await owner.post('/api/admin/checkin/lists', { calendar_id: secondId, name: 'Second gate' })).status).toBe(200)
    // One paid ticket of the first session, let in at its gate.
    const v = await visitor(app.baseUrl)
    const hash = await placeOrder(v, fx, fx.basic, 'adult', 1)
    const start = await startPay(v, hash, pfx.types.card)
    expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
    const [line] = await viewLines(v, hash)
    const scanned = await owner.post<{ result: string }>('/api/admin/door/redeem', { code: line.ticketcode, list_id: gate.body.id, nonce: nonce() })
    expect(scanned.body.result).toBe('valid')
  })
  afterAll(async () => {
    await app?.close()
  })

  it('switching the session clears the counts, lists and refusal of the one before at once, then shows its own', async () => {
    const { page, errors } = await openConsole(app, OWNER, { viewport: PHONE_VIEWPORT })
    await page.goto(`${app.baseUrl}/admin/events/${fx.basic.id}/door`)
    const totals = page.getByTestId('door-totals')
    await expect.poll(() => totals.innerText()).toMatch(/Inside\s+1\s+Tickets for the session\s+1/)
    await page.getByRole('row', { name: /First gate/ }).first().waitFor()
    // Sessions named by their date as the console's language writes it; the way back named too (not a bare arrow).
    const first = await app.server.db.selectFrom('calendars').select(['day', 'time']).where('id', '=', fx.basic.calendarId).executeTakeFirstOrThrow()
    expect(await page.getByLabel('Session').locator(`option[value="${fx.basic.calendarId}"]`).innerText()).toBe(formatDayTime(`${first.day} ${first.time}`, 'en'))
    await page.getByRole('link', { name: 'Back to the event' }).waitFor()

    // A refusal on the first session: a gate name of spaces only (the server trims it to nothing).
    await page.getByLabel('Gate name').fill('   ')
    await page.getByRole('button', { name: 'Add list' }).click()
    const refusal = page.getByRole('alert')
    await refusal.waitFor()
    // A category ticked for the first session's new list.
    await page.getByRole('checkbox', { name: 'adult' }).check()

    // The second session's counts are held on their way: until they come, nothing of the first's shows.
    const held: Route[] = []
    await page.route('**/api/admin/checkin/counts?*', (route) => {
      if (new URL(route.request().url()).searchParams.get('calendar_id') === String(secondId)) held.push(route)
      else void route.continue()
    })
    await page.getByLabel('Session').selectOption(String(secondId))
    await page.getByRole('row', { name: /Second gate/ }).first().waitFor()
    await expect.poll(() => held.length).toBeGreaterThan(0)
    expect(await totals.count()).toBe(0)
    expect(await page.getByRole('row', { name: /First gate/ }).count()).toBe(0)
    expect(await refusal.count()).toBe(0)
    expect(await page.getByRole('checkbox', { name: 'adult' }).isChecked()).toBe(false)

    for (const route of held.splice(0)) await route.continue()
    await page.unroute('**/api/admin/checkin/counts?*')
    await expect.poll(() => totals.innerText()).toMatch(/Inside\s+0\s+Tickets for the session\s+0/)
    expect(await page.getByRole('region', { name: 'At the doors now' }).innerText()).toContain('None yet')
    expect(await refusal.count()).toBe(0)
    expect(seriousViolations(await runAxe(page))).toEqual([])
    // (The refused save logs its 400 as a console error; no script failed.)
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([])
  })

  it('the door app opens in the operator\'s language: by the door screen\'s link in Kazakh, and signed in with no language chosen in theirs (English), not Russian', async () => {
    const { page, context, errors } = await openConsole(app, OWNER, { viewport: PHONE_VIEWPORT, lang: 'kz' })
    await page.goto(`${app.baseUrl}/admin/events/${fx.basic.id}/door`)
    // The screen says how a steward gets in, as the server lets them (an operator account of a
    // role with door.scan, or an API token), naming the roles and the console's sections as the
    // console does; in every language, on the phone, axe clean. It said nothing of it.
    for (const lang of LANGS) {
      await page.locator('.adm-header .adm-lang select').selectOption(lang)
      const how = page.getByTestId('door-signin-how')
      await expect.poll(() => how.count(), { message: lang }).toBe(1)
      const text = await how.innerText()
      for (const word of SIGN_IN_WORDS[lang]) expect(text, lang).toContain(word)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${lang}: the page scrolls sideways`).toBeLessThanOrEqual(PHONE_VIEWPORT.width)
      expect(seriousViolations(await runAxe(page)), lang).toEqual([])
    }
    await reviewShot(page, { path: DOOR_SCREENSHOT, fullPage: true })
    await page.locator('.adm-header .adm-lang select').selectOption('kz')
    // The steward's app is a link of the screen (it was a bare '/door' in the hint), in the console's language.
    await page.getByRole('link', { name: 'Кіруді бақылауды ашу' }).click()
    await page.getByRole('heading', { name: 'Кіруді бақылау' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('kk')
    expect(await page.getByLabel('Тіл').inputValue()).toBe('kz')
    expect(seriousViolations(await runAxe(page))).toEqual([])

    // Another phone of the same operator (account language English): nothing chosen on it, so /door speaks English.
    const other = await app.browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 1, serviceWorkers: 'block' })
    try {
      const phone = await other.newPage()
      await phone.goto(`${app.baseUrl}/door`)
      // Signed in on the door's own form, no language picked (the form reads Russian until then).
      await phone.locator('#adm-signin-title').waitFor()
      await phone.locator('input[name="email"]').fill(OWNER.email)
      await phone.locator('input[name="password"]').fill(OWNER.password)
      await phone.keyboard.press('Enter')
      await phone.getByRole('heading', { name: 'Door check-in' }).waitFor()
      expect(await phone.getByLabel('Language').inputValue()).toBe('en')
    } finally {
      await other.close()
      await context.close()
    }
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([])
  })
})
