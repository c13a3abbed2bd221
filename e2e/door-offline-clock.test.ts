import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOperator } from '../src/server/admin/auth'
import { ticketClaims } from '../src/server/domain/tickets/claims'
import { signedIn, type AdminClient } from '../tests/integration/admin-helpers'
import { nonce, serverKeys } from '../tests/integration/door-helpers'
import { loadScheme, seatChange, visitor, type SchemeFx } from '../tests/integration/scheme-helpers'
import { PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness } from './support/app'

/**
 * The door check-in app offline (issue 19.4) in Chromium on a phone, on the demo's 5,000-seat hall
 * with seats sold at the box office, the steward typing codes as a keyboard scanner does:
 * - a phone whose clock runs an hour behind lets a holder in offline after another gate already
 *   did online: on upload the online entry stands and the phone's is flagged (the app times its
 *   scans by the server's clock heard at its last call);
 * - a seat sold after the phone's last sync, scanned offline, shows its sector, row, seat and
 *   category as an online answer does (the session's places come with the sync).
 */
const DOOR_EMAIL = 'steward@example.org'
const PASSWORD = 'a door password 123'
const BUYER = { fio: 'Иван Петров', phone: '+79161234567', email: 'ivan@example.org' }
/** How far behind the server's the phone's clock runs. */
const BEHIND_MS = 3600_000
/** The session begins within this: the door lists it. */
const STARTS_IN_MS = 3600_000
/** Real time between the other gate's online entry and the phone's offline scan. */
const LATER_MS = 1500

describe('door app offline: clock and places', () => {
  let app: AppHarness
  let fx: SchemeFx
  let owner: AdminClient
  let desk: AdminClient
  let main: number
  let side: number
  let next = 0
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    app = await startApp()
    fx = await loadScheme(await visitor(app.baseUrl))
    await app.server.db.updateTable('calendars').set({ starts_at: Date.now() + STARTS_IN_MS }).where('id', '=', fx.calendarId).execute()
    await createOperator(app.server.db, { email: DOOR_EMAIL, name: 'Steward', role: 'door', password: PASSWORD, lang: 'en' }, Date.now())
    owner = await signedIn(app.server, 'owner')
    desk = await signedIn(app.server, 'boxoffice')
    const list = async (name: string) => (await owner.post<{ id: number }>('/api/admin/checkin/lists', { calendar_id: fx.calendarId, name })).body.id
    main = await list('Main entrance')
    side = await list('Side gate')
  })
  afterAll(async () => {
    for (const c of contexts) await c.close()
    await app?.close()
  })

  /** A seat sold at the box office now: its line, printed code and signed code. */
  async function soldSeat() {
    const key = fx.map.seat_numbers[next++].seat_id
    const sale = await desk.post<{ id: number }>('/api/admin/boxoffice/sell', { ...BUYER, hash: fx.hash, calendarId: fx.calendarId, payKind: 'cash', tickets: [seatChange(fx, key)] })
    expect(sale.status, JSON.stringify(sale.body)).toBe(200)
    const line = await app.server.db.selectFrom('order_lines').select(['id', 'calendar_id', 'seat_id', 'standing_place_id', 'client_category_id', 'ticket_code']).where('order_id', '=', sale.body.id).executeTakeFirstOrThrow()
    return { lineId: line.id, code: line.ticket_code, token: (await serverKeys(app.server)).sign(ticketClaims(line)) }
  }

  /** A phone (its clock `behindMs` behind) signed in, at the main entrance, online and synced. */
  async function phone(behindMs = 0): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await app.browser.newContext({ viewport: PHONE_VIEWPORT, deviceScaleFactor: 1 })
    contexts.push(context)
    // The phone's own clock; it keeps running in real time.
    if (behindMs > 0) await context.clock.install({ time: Date.now() - behindMs })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${app.baseUrl}/door`)
    await page.locator('#adm-signin-title').waitFor()
    await page.locator('.adm-lang select').selectOption('en')
    await page.getByLabel('E-mail').fill(DOOR_EMAIL)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('radio', { name: /Main entrance/ }).check()
    await page.getByText(/Tickets in the list: \d+,/).waitFor()
    await page.getByRole('button', { name: 'Start checking' }).click()
    await page.getByRole('heading', { name: /Main entrance/ }).waitFor()
    await page.getByText('Online', { exact: true }).waitFor()
    return { context, page, errors }
  }

  async function typeCode(page: Page, code: string): Promise<void> {
    const input = page.getByLabel('Ticket code')
    await input.fill(code)
    await input.press('Enter')
  }
  const answer = (page: Page) => page.getByRole('alertdialog')
  const scansOf = (lineId: number) => app.server.db.selectFrom('ticket_redemptions').select(['list_id', 'offline', 'result', 'flagged', 'scanned_at']).where('order_line_id', '=', lineId).orderBy('id').execute()

  it("a phone whose clock runs an hour behind does not win over an entry made before its scan: it is flagged, the other stands", async () => {
    const ticket = await soldSeat()
    const { context, page, errors } = await phone(BEHIND_MS)
    await context.setOffline(true)
    // Another gate lets the holder in online while this phone is offline…
    const door = await signedIn(app.server, 'door')
    const online = await door.post<{ result: string; scannedAt: number }>('/api/admin/door/redeem', { code: ticket.token, list_id: side, nonce: nonce() })
    expect(online.body.result).toBe('valid')
    await new Promise((resolve) => setTimeout(resolve, LATER_MS))
    // …and later the phone, not knowing, lets someone in on the same ticket.
    await typeCode(page, ticket.code)
    await expect.poll(() => answer(page).getAttribute('data-result'), { timeout: 20_000 }).toBe('valid')
    expect(await answer(page).innerText()).toContain('Decided offline')
    await page.getByRole('button', { name: 'Next' }).click()

    await context.setOffline(false)
    await expect.poll(async () => (await scansOf(ticket.lineId)).length, { timeout: 30_000 }).toBe(2)
    const [first, late] = await scansOf(ticket.lineId)
    // The first scan in real time wins: the phone's entry is timed after it by the server's clock.
    expect(first).toMatchObject({ list_id: side, offline: 0, result: 'valid', flagged: 0 })
    expect(late).toMatchObject({ list_id: main, offline: 1, result: 'already_used', flagged: 1 })
    expect(Number(late.scanned_at)).toBeGreaterThan(Number(first.scanned_at))
    await page.getByText(/Flagged on reconciling: 1/).waitFor({ timeout: 30_000 })
    expect(errors).toEqual([])
  })

  it('offline, a seat sold after the last sync shows its sector, row, seat and category as an online answer does', async () => {
    const { context, page, errors } = await phone()
    await context.setOffline(true)
    const ticket = await soldSeat()
    const expected = await app.server.db
      .selectFrom('order_lines as l')
      .innerJoin('seats as s', 's.id', 'l.seat_id')
      .innerJoin('sectors as sec', 'sec.id', 's.sector_id')
      .innerJoin('client_categories as c', 'c.id', 'l.client_category_id')
      .select(['sec.name as sector', 's.row_label as row', 's.number_label as seat', 'c.name_en as category'])
      .where('l.id', '=', ticket.lineId)
      .executeTakeFirstOrThrow()
    // A keyboard QR scanner types the code's text.
    await typeCode(page, ticket.token)
    await expect.poll(() => answer(page).getAttribute('data-result'), { timeout: 20_000 }).toBe('valid')
    const text = await answer(page).innerText()
    expect(text).toContain(`${expected.sector}, row ${expected.row}, seat ${expected.seat} · ${expected.category}`)
    expect(text).toContain('Decided offline')
    expect(seriousViolations(await runAxe(page)), 'offline answer with a place').toEqual([])
    await page.getByRole('button', { name: 'Next' }).click()
    // Back online, the scan is uploaded.
    await context.setOffline(false)
    await expect.poll(async () => (await scansOf(ticket.lineId)).length, { timeout: 30_000 }).toBe(1)
    expect(errors).toEqual([])
  })
})
