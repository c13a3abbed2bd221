import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedIn, type AdminClient } from '../tests/integration/admin-helpers'
import { bringToDoor, viewLines } from '../tests/integration/door-helpers'
import { seedOrderFixtures, visitor, type EventFx, type Fixtures } from '../tests/integration/order-fixtures'
import { decide, pathOf, placeOrder, seedPaymentFixtures, startPay, type PaymentFx } from '../tests/integration/payment-fixtures'
import { createOperator } from '../src/server/admin/auth'
import { formatDayTime } from '../src/contract/rules/dayText'
import { launchChromium } from './support/browser'
import { PHONE_VIEWPORT, startApp, type AppHarness } from './support/app'

/**
 * The door check-in app on a 390 × 844 phone (no camera: the steward types the printed codes)
 * while the console changes the gate under it or the steward changes gates: what the phone
 * scans follows the gate it shows.
 */
const DOOR_EMAIL = 'door-changes@example.org'
const PASSWORD = 'a door password 123'

describe('door app: gate and session changes', () => {
  let app: AppHarness
  let fx: Fixtures
  let pfx: PaymentFx
  let owner: AdminClient
  const browsers: Browser[] = []

  beforeAll(async () => {
    app = await startApp({ DEMO_DATA: '0' })
    fx = await seedOrderFixtures(app.server.db)
    pfx = await seedPaymentFixtures(app.server.db)
    await bringToDoor(app.server.db, [fx.basic.calendarId])
    await createOperator(app.server.db, { email: DOOR_EMAIL, name: 'Steward', role: 'door', password: PASSWORD, lang: 'en' }, Date.now())
    owner = await signedIn(app.server, 'owner')
  })
  afterAll(async () => {
    for (const b of browsers) await b.close()
    await app?.close()
  })

  async function list(calendarId: number, name: string, exits = true): Promise<number> {
    const made = await owner.post<{ id: number }>('/api/admin/checkin/lists', { calendar_id: calendarId, name, exits })
    expect(made.status).toBe(200)
    return made.body.id
  }

  /** A paid ticket of `ev`: its line id and printed code. */
  async function paidTicket(ev: EventFx): Promise<{ lineId: number; code: string }> {
    const v = await visitor(app.baseUrl)
    const hash = await placeOrder(v, fx, ev, 'adult', 1)
    const start = await startPay(v, hash, pfx.types.card)
    expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
    const [line] = await viewLines(v, hash)
    return { lineId: line.id, code: line.ticketcode }
  }

  /** A steward's phone (or, without touch, a laptop with a keyboard scanner), signed in (English), on the gate chooser; `hold` runs before the app loads. */
  async function phone(hold?: (page: Page) => Promise<unknown>, touch = true) {
    const browser = await launchChromium()
    browsers.push(browser)
    // No service worker: every call of the app passes page.route.
    const context = await browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: touch, hasTouch: touch, deviceScaleFactor: 1, serviceWorkers: 'block' })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await hold?.(page)
    await page.goto(`${app.baseUrl}/door`)
    await page.locator('#adm-signin-title').waitFor()
    await page.getByLabel('Язык').selectOption('en')
    await page.getByLabel('E-mail').fill(DOOR_EMAIL)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByLabel('Session').waitFor()
    return { context, page, errors }
  }

  async function startAt(page: Page, gate: string): Promise<void> {
    await page.getByRole('radio', { name: new RegExp(gate) }).check()
    await page.getByText(/List: \d+ tickets/).waitFor()
    await page.getByRole('button', { name: 'Start checking' }).click()
    await page.getByRole('heading', { name: new RegExp(gate) }).waitFor()
  }

  /** Types a code; answers the answer's result, or the error shown instead of one. */
  async function typed(page: Page, code: string): Promise<string> {
    await page.getByLabel('Ticket code').fill(code)
    await page.getByLabel('Ticket code').press('Enter')
    const shown = page.locator('dialog[role="alertdialog"], .door-scan p[role="alert"]').first()
    await shown.waitFor()
    return (await shown.getAttribute('data-result')) ?? `error: ${await shown.innerText()}`
  }

  it('exits switched off while the phone scans exits: the next scans are entries again', async () => {
    const gateId = await list(fx.basic.calendarId, 'North gate')
    const ticket = await paidTicket(fx.basic)
    const { context, page, errors } = await phone()
    await startAt(page, 'North gate')
    await page.getByRole('radio', { name: 'Exit' }).check()

    // The console switches exits off; the phone's next sync (here: the network coming back) brings it.
    expect((await owner.post(`/api/admin/checkin/lists/${gateId}`, { name: 'North gate', exits: false })).status).toBe(200)
    await context.setOffline(true)
    await page.getByText('Offline: checking against the synced list').waitFor()
    await context.setOffline(false)
    await expect.poll(() => page.getByRole('group', { name: 'Direction' }).count(), { timeout: 30_000 }).toBe(0)

    expect(await typed(page, ticket.code)).toBe('valid')
    expect(await page.getByRole('alertdialog').innerText()).toContain('Valid')
    const scans = await app.server.db.selectFrom('ticket_redemptions').select(['direction', 'result']).where('order_line_id', '=', ticket.lineId).execute()
    expect(scans).toEqual([{ direction: 'in', result: 'valid' }])
    expect(errors).toEqual([])
  })

  it("a gate of another session chosen while the first one's list was still syncing: the late list stays that session's", async () => {
    await bringToDoor(app.server.db, [fx.race.calendarId])
    const first = fx.race.calendarId
    await list(first, 'Race gate')
    await list(fx.basic.calendarId, 'Basic gate')
    const ticket = await paidTicket(fx.basic)
    // Every sync of the first session waits until the test lets it go.
    const held: Route[] = []
    const { context, page, errors } = await phone((p) =>
      p.route('**/api/admin/door/sync?*', (route) => {
        if (new URL(route.request().url()).searchParams.get('calendar_id') === String(first)) held.push(route)
        else void route.continue()
      }),
    )
    await page.getByLabel('Session').selectOption(String(first))
    // The session named by its date as the app's language writes it, not the stored '2026-12-05 11:00'.
    const when = await app.server.db.selectFrom('calendars').select(['day', 'time']).where('id', '=', first).executeTakeFirstOrThrow()
    expect(await page.getByLabel('Session').locator(`option[value="${first}"]`).innerText()).toContain(formatDayTime(`${when.day} ${when.time}`, 'en'))
    await page.getByRole('radio', { name: /Race gate/ }).check()
    // The chooser's sync ahead of time, on its way.
    await page.getByText('The list is not synced yet').waitFor()
    await expect.poll(() => held.length).toBeGreaterThan(0)
    const before = held.length
    await page.getByRole('button', { name: 'Start checking' }).click()
    await page.getByRole('heading', { name: /Race gate/ }).waitFor()
    // The gate's own sync, on its way.
    await expect.poll(() => held.length).toBeGreaterThan(before)
    const gateSyncs = held.slice(before)

    await page.getByRole('button', { name: 'Change gate' }).click()
    await page.getByLabel('Session').selectOption(String(fx.basic.calendarId))
    await startAt(page, 'Basic gate')
    await page.getByText(/List: [1-9]\d* tickets/).waitFor()

    // The first session's syncs come at last: the chooser's fail, the gate's answer, and the device keeps each answer with its session.
    const storedCursor = () =>
      page.evaluate(
        (id) =>
          new Promise<string | null>((resolve, reject) => {
            const open = indexedDB.open('seatwise-door')
            open.onerror = () => reject(open.error)
            open.onsuccess = () => {
              const get = open.result.transaction('sessions').objectStore('sessions').get(id)
              get.onsuccess = () => resolve((get.result as { cursor?: string } | undefined)?.cursor ?? null)
              get.onerror = () => reject(get.error)
            }
          }),
        first,
      )
    for (const route of held.filter((r) => !gateSyncs.includes(r))) await route.abort()
    for (const route of gateSyncs) {
      const response = await route.fetch()
      const { cursor } = (await response.json()) as { cursor: string }
      await route.fulfill({ response })
      await expect.poll(storedCursor).toBe(cursor)
    }

    // Offline, the phone checks the gate it shows against that gate's session's list.
    await context.setOffline(true)
    expect(await typed(page, ticket.code)).toBe('valid')
    expect(await page.getByRole('alertdialog').innerText()).toContain('Decided offline')
    expect(await page.getByRole('heading', { name: /Basic gate/ }).count()).toBe(1)
    expect(errors).toEqual([])
  })
  it('a scan still unanswered when the steward changes gate: its answer is never shown at the new gate', async () => {
    await list(fx.basic.calendarId, 'West gate')
    await list(fx.basic.calendarId, 'East gate')
    const [early, next] = [await paidTicket(fx.basic), await paidTicket(fx.basic)]
    // The first scan's answer waits until the test lets it go (past the new gate's start, or past the scan's timeout: then the fallback's answer).
    const held: Route[] = []
    const { page, errors } = await phone((p) => p.route('**/api/admin/door/redeem?*', (route) => void (held.length === 0 ? held.push(route) : route.continue())))
    await page.getByLabel('Session').selectOption(String(fx.basic.calendarId))
    await startAt(page, 'West gate')
    // Every answer that ever comes on screen, with the code it names.
    await page.evaluate(() => {
      const seen: string[] = []
      Object.assign(window, { seenAnswers: seen })
      new MutationObserver(() => {
        for (const d of document.querySelectorAll('dialog[role="alertdialog"]')) if (!seen.includes(d.textContent ?? '')) seen.push(d.textContent ?? '')
      }).observe(document.body, { childList: true, subtree: true, characterData: true })
    })
    const seenAnswers = () => page.evaluate(() => (window as unknown as { seenAnswers: string[] }).seenAnswers)
    await page.getByLabel('Ticket code').fill(early.code)
    await page.getByLabel('Ticket code').press('Enter')
    await expect.poll(() => held.length).toBe(1)
    const request = held[0].request()
    const settled = new Promise<void>((resolve) => {
      page.on('requestfinished', (r) => r === request && resolve())
      page.on('requestfailed', (r) => r === request && resolve())
    })

    await page.getByRole('button', { name: 'Change gate' }).click()
    await startAt(page, 'East gate')
    // The server answers now (a scan at the West gate); where the phone gave up waiting already, its fallback decides.
    await held[0].continue().catch(() => undefined)
    await settled
    // One more round trip of the page's: the late answer has been handled by then.
    await page.evaluate(() => fetch('/api/setup').then((r) => r.ok))
    expect(await seenAnswers()).toEqual([])
    expect(await page.getByRole('alertdialog').count()).toBe(0)

    // The new gate answers its own scans.
    expect(await typed(page, next.code)).toBe('valid')
    expect(await page.getByRole('alertdialog').innerText()).toContain(next.code)
    expect((await seenAnswers()).every((a) => !a.includes(early.code))).toBe(true)
    expect(await page.getByRole('heading', { name: /East gate/ }).count()).toBe(1)
    expect(errors).toEqual([])
  })

  it('focus follows the screens: a keyboard scanner types into the code input once the gate is started; on a touch phone the gate, then the chooser, is read', async () => {
    await list(fx.basic.calendarId, 'Desk gate')
    const ticket = await paidTicket(fx.basic)
    /** The focused element: its tag and its label's text (or its own). */
    const focused = (page: Page) =>
      page.evaluate(() => {
        const a = document.activeElement
        return !a || a === document.body ? 'body' : `${a.tagName}: ${(a.closest('label') ?? a).textContent ?? ''}`
      })

    const desk = await phone(undefined, false)
    await expect.poll(() => focused(desk.page)).toBe('H1: Door check-in')
    await desk.page.getByLabel('Session').selectOption(String(fx.basic.calendarId))
    await startAt(desk.page, 'Desk gate')
    await expect.poll(() => focused(desk.page)).toBe('INPUT: Ticket code')
    await desk.page.keyboard.type(ticket.code)
    await desk.page.keyboard.press('Enter')
    await expect.poll(() => desk.page.getByRole('alertdialog').getAttribute('data-result')).toBe('valid')

    const touch = await phone()
    await touch.page.getByLabel('Session').selectOption(String(fx.basic.calendarId))
    await startAt(touch.page, 'Desk gate')
    await expect.poll(() => focused(touch.page)).toMatch(/^H1: Desk gate/)
    await touch.page.getByRole('button', { name: 'Change gate' }).click()
    await expect.poll(() => focused(touch.page)).toBe('H1: Door check-in')
    expect([...desk.errors, ...touch.errors]).toEqual([])
  })
})
