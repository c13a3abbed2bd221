import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedIn, type AdminClient } from '../tests/integration/admin-helpers'
import { bringToDoor, viewLines } from '../tests/integration/door-helpers'
import { seedOrderFixtures, visitor, type EventFx, type Fixtures } from '../tests/integration/order-fixtures'
import { decide, pathOf, placeOrder, seedPaymentFixtures, startPay, type PaymentFx } from '../tests/integration/payment-fixtures'
import { createOperator } from '../src/server/admin/auth'
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

  /** A steward's phone, signed in (English), on the gate chooser. */
  async function phone() {
    const browser = await launchChromium()
    browsers.push(browser)
    const context = await browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 1 })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
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
})
