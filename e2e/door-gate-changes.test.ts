import type { Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bringToDoor } from '../tests/integration/door-helpers'
import { formatDayTime } from '../src/contract/rules/dayText'
import { startApp, type AppHarness } from './support/app'
import { doorRig, type DoorRig } from './support/door'

/**
 * The door check-in app on a 390 × 844 phone (no camera: the steward types the printed codes)
 * while the console changes the gate under it or the steward changes gates: what the phone
 * scans follows the gate it shows.
 */
describe('door app: gate and session changes', () => {
  let app: AppHarness
  let rig: DoorRig

  beforeAll(async () => {
    app = await startApp({ DEMO_DATA: '0' })
    rig = await doorRig(app, 'door-changes@example.org')
  })
  afterAll(async () => {
    await rig?.close()
    await app?.close()
  })

  it('exits switched off while the phone scans exits: the next scans are entries again', async () => {
    const gateId = await rig.list(rig.fx.basic.calendarId, 'North gate')
    const ticket = await rig.paidTicket(rig.fx.basic)
    const { context, page, errors } = await rig.phone()
    await rig.startAt(page, 'North gate')
    await page.getByRole('radio', { name: 'Exit' }).check()

    // The console switches exits off; the phone's next sync (here: the network coming back) brings it.
    expect((await rig.owner.post(`/api/admin/checkin/lists/${gateId}`, { name: 'North gate', exits: false })).status).toBe(200)
    await context.setOffline(true)
    await page.getByText('Offline: checking against the synced list').waitFor()
    await context.setOffline(false)
    await expect.poll(() => page.getByRole('group', { name: 'Direction' }).count(), { timeout: 30_000 }).toBe(0)

    expect(await rig.typed(page, ticket.code)).toBe('valid')
    expect(await page.getByRole('alertdialog').innerText()).toContain('Valid')
    const scans = await app.server.db.selectFrom('ticket_redemptions').select(['direction', 'result']).where('order_line_id', '=', ticket.lineId).execute()
    expect(scans).toEqual([{ direction: 'in', result: 'valid' }])
    expect(errors).toEqual([])
  })

  it("a gate of another session chosen while the first one's list was still syncing: the late list stays that session's", async () => {
    await bringToDoor(app.server.db, [rig.fx.race.calendarId])
    const first = rig.fx.race.calendarId
    await rig.list(first, 'Race gate')
    await rig.list(rig.fx.basic.calendarId, 'Basic gate')
    const ticket = await rig.paidTicket(rig.fx.basic)
    // Every sync of the first session waits until the test lets it go.
    const held: Route[] = []
    const { context, page, errors } = await rig.phone((p) =>
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
    await page.getByLabel('Session').selectOption(String(rig.fx.basic.calendarId))
    await rig.startAt(page, 'Basic gate')
    await page.getByText(/Tickets in the list: [1-9]\d*,/).waitFor()

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
    expect(await rig.typed(page, ticket.code)).toBe('valid')
    expect(await page.getByRole('alertdialog').innerText()).toContain('Decided offline')
    expect(await page.getByRole('heading', { name: /Basic gate/ }).count()).toBe(1)
    expect(errors).toEqual([])
  })
  it('a scan still unanswered when the steward changes gate: its answer is never shown at the new gate', async () => {
    await rig.list(rig.fx.basic.calendarId, 'West gate')
    await rig.list(rig.fx.basic.calendarId, 'East gate')
    const [early, next] = [await rig.paidTicket(rig.fx.basic), await rig.paidTicket(rig.fx.basic)]
    // The first scan's answer waits until the test lets it go (past the new gate's start, or past the scan's timeout: then the fallback's answer).
    const held: Route[] = []
    const { page, errors } = await rig.phone((p) => p.route('**/api/admin/door/redeem?*', (route) => void (held.length === 0 ? held.push(route) : route.continue())))
    await page.getByLabel('Session').selectOption(String(rig.fx.basic.calendarId))
    await rig.startAt(page, 'West gate')
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
    await rig.startAt(page, 'East gate')
    // The server answers now (a scan at the West gate); where the phone gave up waiting already, its fallback decides.
    await held[0].continue().catch(() => undefined)
    await settled
    // One more round trip of the page's: the late answer has been handled by then.
    await page.evaluate(() => fetch('/api/setup').then((r) => r.ok))
    expect(await seenAnswers()).toEqual([])
    expect(await page.getByRole('alertdialog').count()).toBe(0)

    // The new gate answers its own scans.
    expect(await rig.typed(page, next.code)).toBe('valid')
    expect(await page.getByRole('alertdialog').innerText()).toContain(next.code)
    expect((await seenAnswers()).every((a) => !a.includes(early.code))).toBe(true)
    expect(await page.getByRole('heading', { name: /East gate/ }).count()).toBe(1)
    expect(errors).toEqual([])
  })

  it("an entry whose answer came after the steward changed gate: the rescan's Already used says it was this phone's own unseen scan", async () => {
    await rig.list(rig.fx.basic.calendarId, 'South gate')
    const side = await rig.list(rig.fx.basic.calendarId, 'Side gate')
    const [ticket, other] = [await rig.paidTicket(rig.fx.basic), await rig.paidTicket(rig.fx.basic)]
    // The first scan is held until the steward has pressed 'Change gate'.
    let held: Route | null = null
    const { page, errors } = await rig.phone((p) => p.route('**/api/admin/door/redeem?*', (route) => void (held === null ? (held = route) : route.continue())))
    await page.getByLabel('Session').selectOption(String(rig.fx.basic.calendarId))
    await rig.startAt(page, 'South gate')
    await page.getByLabel('Ticket code').fill(ticket.code)
    await page.getByLabel('Ticket code').press('Enter')
    await expect.poll(() => held !== null).toBe(true)
    const route = held as unknown as Route
    const failed: string[] = []
    page.on('requestfailed', (r) => r === route.request() && failed.push(r.failure()?.errorText ?? 'failed'))
    // The server records the scan at the South gate; its answer reaches the phone after the change, within the scan's wait.
    const response = route.fetch()
    await page.getByRole('button', { name: 'Change gate' }).click()
    await route.fulfill({ response: await response })
    await page.evaluate(() => fetch('/api/setup').then((r) => r.ok))
    expect(failed).toEqual([])
    expect(await app.server.db.selectFrom('ticket_redemptions').select(['gate', 'result']).where('order_line_id', '=', ticket.lineId).execute()).toEqual([{ gate: 'South gate', result: 'valid' }])
    expect(await page.getByRole('alertdialog').count()).toBe(0)

    await rig.startAt(page, 'Side gate')
    expect(await rig.typed(page, ticket.code)).toBe('already_used')
    const answer = await page.getByRole('alertdialog').innerText()
    expect(answer).toContain('South gate')
    expect(answer).toContain("That entry is this phone's own scan: its answer came after the gate was changed and was never shown.")
    await page.getByRole('button', { name: 'Next' }).click()

    // A ticket another device let in: Already used, and nothing more.
    expect((await rig.owner.post('/api/admin/door/redeem', { code: other.code, list_id: side, nonce: 'unseenotherdevice1' })).status).toBe(200)
    expect(await rig.typed(page, other.code)).toBe('already_used')
    expect(await page.getByRole('alertdialog').innerText()).not.toContain("this phone's own scan")
    expect(errors).toEqual([])
  })

  it('focus follows the screens: a keyboard scanner types into the code input once the gate is started; on a touch phone the gate, then the chooser, is read', async () => {
    await rig.list(rig.fx.basic.calendarId, 'Desk gate')
    const ticket = await rig.paidTicket(rig.fx.basic)
    /** The focused element: its tag and its label's text (or its own). */
    const focused = (page: Page) =>
      page.evaluate(() => {
        const a = document.activeElement
        return !a || a === document.body ? 'body' : `${a.tagName}: ${(a.closest('label') ?? a).textContent ?? ''}`
      })

    const desk = await rig.phone(undefined, false)
    await expect.poll(() => focused(desk.page)).toBe('H1: Door check-in')
    await desk.page.getByLabel('Session').selectOption(String(rig.fx.basic.calendarId))
    await rig.startAt(desk.page, 'Desk gate')
    await expect.poll(() => focused(desk.page)).toBe('INPUT: Ticket code')
    await desk.page.keyboard.type(ticket.code)
    await desk.page.keyboard.press('Enter')
    await expect.poll(() => desk.page.getByRole('alertdialog').getAttribute('data-result')).toBe('valid')

    const touch = await rig.phone()
    await touch.page.getByLabel('Session').selectOption(String(rig.fx.basic.calendarId))
    await rig.startAt(touch.page, 'Desk gate')
    await expect.poll(() => focused(touch.page)).toMatch(/^H1: Desk gate/)
    await touch.page.getByRole('button', { name: 'Change gate' }).click()
    await expect.poll(() => focused(touch.page)).toBe('H1: Door check-in')
    expect([...desk.errors, ...touch.errors]).toEqual([])
  })
})
