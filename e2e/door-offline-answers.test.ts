import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYNC_INTERVAL_MS } from '../src/app/door/model/engine'
import { DOOR_TEXTS } from '../src/app/door/texts'
import { bringToDoor } from '../tests/integration/door-helpers'
import { runAxe, seriousViolations, startApp, type AppHarness } from './support/app'
import { doorRig, newerDoorDatabase, type DoorRig } from './support/door'

/**
 * The door check-in app on a 390 × 844 phone (typed codes) when the server cannot answer and
 * the phone decides on its own list, and what its status line counts.
 */
/** Time for a sync whose answer came to be saved and shown (IndexedDB writes, one render). */
const SYNC_SETTLE_MS = 1_000

describe('door app: answers of its own', () => {
  let app: AppHarness
  let rig: DoorRig

  beforeAll(async () => {
    app = await startApp({ DEMO_DATA: '0' })
    rig = await doorRig(app, 'door-offline@example.org')
  })
  afterAll(async () => {
    await rig?.close()
    await app?.close()
  })

  it('a fault of the server (its database turned read-only) checks the ticket on the phone and queues it; a refusal stays a refusal', async () => {
    const gate = await rig.list(rig.fx.basic.calendarId, 'Fault gate')
    const [first, second] = [await rig.paidTicket(rig.fx.basic), await rig.paidTicket(rig.fx.basic)]
    const { context, page, errors } = await rig.phone()
    const scanStatuses: number[] = []
    page.on('response', (r) => void (r.url().includes('/api/admin/door/redeem?') && scanStatuses.push(r.status())))
    await page.getByLabel('Session').selectOption(String(rig.fx.basic.calendarId))
    await rig.startAt(page, 'Fault gate')

    // The server's own database refuses every write (as a disk remounted read-only does): the scan answers 500.
    await sql`pragma query_only = on`.execute(app.server.db)
    try {
      expect(await rig.typed(page, first.code)).toBe('valid')
    } finally {
      await sql`pragma query_only = off`.execute(app.server.db)
    }
    expect(scanStatuses).toEqual([500])
    expect(await page.getByRole('alertdialog').innerText()).toContain('Decided offline')
    await page.getByText('Waiting to upload: 1').waitFor()
    await page.getByRole('button', { name: 'Next' }).click()

    // The server back, the next sync (here: the network coming back) uploads the scan.
    await context.setOffline(true)
    await context.setOffline(false)
    await expect.poll(() => app.server.db.selectFrom('ticket_redemptions').select(['result', 'offline', 'gate']).where('order_line_id', '=', first.lineId).execute(), { timeout: 30_000 }).toEqual([{ result: 'valid', offline: 1, gate: 'Fault gate' }])
    await expect.poll(() => page.getByText(/Waiting to upload/).count()).toBe(0)

    // The gate archived in the console: the server refuses the scan (4xx), and the phone says so instead of admitting on its own.
    expect((await rig.owner.post(`/api/admin/checkin/lists/${gate}`, { name: 'Fault gate', archived: true })).status).toBe(200)
    expect(await rig.typed(page, second.code)).toMatch(/^error: /)
    expect(scanStatuses.at(-1)).toBe(404)
    expect(await page.getByRole('alertdialog').count()).toBe(0)
    // A sync that works (here: one the browser's 'online' event starts, as after a blip too short
    // to go offline) leaves the refusal on screen until the next scan.
    const refusal = await page.locator('.door-scan p[role="alert"]').innerText()
    const synced = page.waitForResponse((r) => r.url().includes('/api/admin/door/sync?') && r.status() === 200)
    await page.evaluate("window.dispatchEvent(new Event('online'))")
    await synced
    // What is asserted is that nothing takes it away: the sync's save and render take milliseconds.
    await page.waitForTimeout(SYNC_SETTLE_MS)
    expect(await page.locator('.door-scan p[role="alert"]').innerText()).toBe(refusal)
    expect(await page.getByText(/Waiting to upload/).count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('a fault of the server during the sync and the upload keeps the list and the queue and shows the offline state, not an error', async () => {
    await rig.list(rig.fx.basic.calendarId, 'Sync fault gate')
    const ticket = await rig.paidTicket(rig.fx.basic)
    const { context, page, errors } = await rig.phone()
    await page.getByLabel('Session').selectOption(String(rig.fx.basic.calendarId))
    await rig.startAt(page, 'Sync fault gate')
    await context.setOffline(true)
    expect(await rig.typed(page, ticket.code)).toBe('valid')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByText('Waiting to upload: 1').waitFor()

    // The server's database fails every read and write of the scans (a table gone missing): the upload and the sync answer 500.
    await sql`alter table ticket_redemptions rename to ticket_redemptions_away`.execute(app.server.db)
    try {
      const synced = page.waitForResponse((r) => r.url().includes('/api/admin/door/sync?'))
      const uploaded = page.waitForResponse((r) => r.url().includes('/api/admin/door/redeem-batch?'))
      await context.setOffline(false)
      expect([(await uploaded).status(), (await synced).status()]).toEqual([500, 500])
      await page.getByText('Offline: checking against the synced list').waitFor()
    } finally {
      await sql`alter table ticket_redemptions_away rename to ticket_redemptions`.execute(app.server.db)
    }
    expect(await page.locator('.door-scan p[role="alert"]').count()).toBe(0)
    await page.getByText('Waiting to upload: 1').waitFor()
    await page.getByText(/Tickets in the list: [1-9]\d*,/).waitFor()

    // The database back, the next try uploads the scan.
    await context.setOffline(true)
    await context.setOffline(false)
    await expect.poll(() => app.server.db.selectFrom('ticket_redemptions').select(['result', 'offline', 'gate']).where('order_line_id', '=', ticket.lineId).execute(), { timeout: 30_000 }).toEqual([{ result: 'valid', offline: 1, gate: 'Sync fault gate' }])
    await expect.poll(() => page.getByText(/Waiting to upload/).count()).toBe(0)
    await page.getByText('Online', { exact: true }).waitFor()
    expect(errors).toEqual([])
  })

  it('an error shown before a fault of the server gives way to the offline state: the steward reads one state', async () => {
    const gate = await rig.list(rig.fx.basic.calendarId, 'Stale error gate')
    const ticket = await rig.paidTicket(rig.fx.basic)
    // The phone's timers run on Playwright's clock (in real time, until told otherwise), so the
    // test can bring the next periodic sync forward instead of waiting up to SYNC_INTERVAL_MS.
    const { page, errors } = await rig.phone((p) => p.clock.install())
    const syncStatuses: number[] = []
    page.on('response', (r) => void (r.url().includes('/api/admin/door/sync?') && syncStatuses.push(r.status())))
    await page.getByLabel('Session').selectOption(String(rig.fx.basic.calendarId))
    await rig.startAt(page, 'Stale error gate')
    // The gate archived in the console: the server refuses the scan (404) and the phone shows its error.
    expect((await rig.owner.post(`/api/admin/checkin/lists/${gate}`, { name: 'Stale error gate', archived: true })).status).toBe(200)
    expect(await rig.typed(page, ticket.code)).toMatch(/^error: /)
    const synced = syncStatuses.length

    // Then the server's database fails (a table gone missing): the next periodic sync (every
    // SYNC_INTERVAL_MS, its time brought forward here) answers 500.
    await sql`alter table ticket_redemptions rename to ticket_redemptions_away`.execute(app.server.db)
    try {
      await page.clock.fastForward(SYNC_INTERVAL_MS)
      await page.getByText('Offline: checking against the synced list').waitFor({ timeout: 30_000 })
    } finally {
      await sql`alter table ticket_redemptions_away rename to ticket_redemptions`.execute(app.server.db)
    }
    expect(syncStatuses.slice(synced)).toContain(500)
    // The offline state alone: the scan's older error is gone, not shown beside it.
    expect(await page.locator('.door-scan p[role="alert"]').count()).toBe(0)
    expect(errors).toEqual([])
  })

  it("a sync the phone cannot use (an answer it does not understand, its database taken by a newer tab) is said in the steward's language, the technical text folded away", async () => {
    await rig.list(rig.fx.basic.calendarId, 'Words gate')
    const { context, page, errors } = await rig.phone()
    await page.getByLabel('Session').selectOption(String(rig.fx.basic.calendarId))
    await rig.startAt(page, 'Words gate')
    await page.getByLabel('Language').selectOption('kz')
    const kz = DOOR_TEXTS.kz
    const alert = page.locator('.door-scan p[role="alert"]')
    const syncAgain = async () => {
      await context.setOffline(true)
      await context.setOffline(false)
    }

    // The sync answered with a body the app does not understand (a proxy's, an older server's).
    await page.route('**/api/admin/door/sync?**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"lists":"nonsense"}' }))
    await syncAgain()
    await alert.filter({ hasText: kz.failed }).waitFor()
    expect(await alert.innerText()).toBe(kz.failed)
    await page.locator('.door-details summary', { hasText: kz.details }).click()
    expect(await page.locator('.door-details code').innerText()).toContain('ZodError')
    expect(seriousViolations(await runAxe(page))).toEqual([])
    await page.unroute('**/api/admin/door/sync?**')

    // Another tab of the origin (a newer app) takes the door database: the sync's save fails with the browser's VersionError.
    const other = await context.newPage()
    await other.goto(`${app.baseUrl}/`)
    await newerDoorDatabase(page, other)
    await syncAgain()
    const said = `${kz.phoneFault.sync} ${kz.phoneWhy.newerTab}`
    await alert.filter({ hasText: said }).waitFor()
    expect(await alert.innerText()).toBe(said)
    expect(await page.locator('.door-details code').innerText()).not.toContain(said)
    // The list held before stays counted.
    await page.getByText(/Тізімдегі билеттер: \d+,/).waitFor()
    await other.close()
    expect(errors).toEqual([])
  })

  it("offline, a printed code of another session whose list the phone holds is that session's ticket, not unknown", async () => {
    const other = rig.fx.race.calendarId
    await bringToDoor(app.server.db, [other])
    await rig.list(other, 'Race entrance')
    await rig.list(rig.fx.basic.calendarId, 'Main gate')
    const ticket = await rig.paidTicket(rig.fx.race)
    const { context, page, errors } = await rig.phone()
    // The steward looks at the other session first: its list syncs ahead onto the phone.
    await page.getByLabel('Session').selectOption(String(other))
    await page.getByText(/Tickets in the list: [1-9]\d*,/).waitFor()
    await page.getByLabel('Session').selectOption(String(rig.fx.basic.calendarId))
    await rig.startAt(page, 'Main gate')

    await context.setOffline(true)
    await page.getByText('Offline: checking against the synced list').waitFor()
    expect(await rig.typed(page, ticket.code)).toBe('wrong_session')
    const answer = await page.getByRole('alertdialog').innerText()
    expect(answer).toContain('Wrong session')
    expect(answer).toContain(ticket.code)
    expect(answer).toContain('Decided offline')
    await context.setOffline(false)
    expect(errors).toEqual([])
  })

  it("a gate of some tickets counts its own list's tickets, in the chooser and while it scans", async () => {
    const child = rig.fx.basic.prices.child.categoryId
    await rig.list(rig.fx.basic.calendarId, 'Children', { category_ids: [child] })
    await rig.list(rig.fx.basic.calendarId, 'Everyone')
    await rig.paidTicket(rig.fx.basic, 'child')
    await rig.paidTicket(rig.fx.basic)
    const counts = await rig.owner.get<{ tickets: number }>(`/api/admin/checkin/counts?calendar_id=${rig.fx.basic.calendarId}`)
    expect(counts.body.tickets).toBeGreaterThan(1)
    const { page, errors } = await rig.phone()
    await page.getByLabel('Session').selectOption(String(rig.fx.basic.calendarId))
    await page.getByRole('radio', { name: /Everyone/ }).check()
    await page.getByText(`Tickets in the list: ${counts.body.tickets},`, { exact: false }).waitFor()
    await page.getByRole('radio', { name: /Children/ }).check()
    await page.getByText('Tickets in the list: 1,', { exact: false }).waitFor()
    await rig.startAt(page, 'Children')
    await page.getByText('Tickets in the list: 1,', { exact: false }).waitFor()
    expect(errors).toEqual([])
  })
})
