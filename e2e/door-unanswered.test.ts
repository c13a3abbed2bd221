import type { Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAxe, seriousViolations, startApp, type AppHarness } from './support/app'
import { doorRig, type DoorRig } from './support/door'

const MAYBE_OWN = "That entry may be this phone's own earlier scan, whose answer from the server never arrived in time."
const MAYBE_OWN_EXIT = "That exit may be this phone's own earlier scan, whose answer from the server never arrived in time."

/**
 * The door check-in app on a 390 × 844 phone when a scan's answer never comes within the app's
 * wait (1.5 s): the server may have recorded the scan all the same, and a rescan that finds its
 * entry says so.
 */
describe('door app: scans whose answer never came', () => {
  let app: AppHarness
  let rig: DoorRig
  let gate: number

  beforeAll(async () => {
    app = await startApp({ DEMO_DATA: '0' })
    rig = await doorRig(app, 'door-unanswered@example.org')
    gate = await rig.list(rig.fx.basic.calendarId, 'Slow gate')
  })
  afterAll(async () => {
    await rig?.close()
    await app?.close()
  })

  /**
   * A phone at the Slow gate whose scans pass, and a step that scans a code with its answer held
   * past the phone's wait: the phone decides offline; then the server gets the scan after all.
   */
  async function slowPhone() {
    let hold = false
    let held: Route | null = null
    const phone = await rig.phone((p) =>
      p.route('**/api/admin/door/redeem?*', (route) => {
        if (!hold) return void route.continue()
        hold = false
        held = route
      }),
    )
    const { page } = phone
    await page.getByLabel('Session').selectOption(String(rig.fx.basic.calendarId))
    await rig.startAt(page, 'Slow gate')
    const unanswered = async (code: string) => {
      hold = true
      const shown = await rig.typed(page, code)
      const text = await page.getByRole('alertdialog').innerText()
      expect(text).toContain('Decided offline')
      expect(text).not.toContain("this phone's own")
      await page.getByRole('button', { name: 'Next' }).click()
      // The phone gave up on it; the server records it now (its answer reaches nobody).
      const route = held as Route | null
      expect(route).not.toBeNull()
      await route!.fetch()
      await route!.abort().catch(() => undefined)
      return shown
    }
    return [phone, unanswered] as const
  }

  it("an entry recorded after the phone stopped waiting: the rescan's Already used says it may be this phone's own scan; an entry from before it does not", async () => {
    const [ticket, other] = [await rig.paidTicket(rig.fx.basic), await rig.paidTicket(rig.fx.basic)]
    // Another device let `other` in first.
    expect((await rig.owner.post('/api/admin/door/redeem', { code: other.code, list_id: gate, nonce: 'unansweredother01' })).status).toBe(200)
    // A minute before this phone's scan (within the clock's slack it may be the phone's own: unseen.ts SENT_CLOCK_SLACK_MS).
    await app.server.db.updateTable('ticket_redemptions').set((eb) => ({ scanned_at: eb('scanned_at', '-', 60_000) })).where('nonce', '=', 'unansweredother01').execute()
    const [{ page, errors }, unanswered] = await slowPhone()

    expect(await unanswered(ticket.code)).toBe('valid')
    const scans = () => app.server.db.selectFrom('ticket_redemptions').select(['gate', 'result']).where('order_line_id', '=', ticket.lineId).execute()
    expect(await scans()).toEqual([{ gate: 'Slow gate', result: 'valid' }])
    expect(await rig.typed(page, ticket.code)).toBe('already_used')
    const answer = await page.getByRole('alertdialog').innerText()
    expect(answer).toContain('Slow gate')
    expect(answer).not.toContain('Decided offline')
    expect(answer).toContain(MAYBE_OWN)
    expect(seriousViolations(await runAxe(page)), 'answer already used, maybe own scan').toEqual([])
    await page.getByRole('button', { name: 'Next' }).click()

    // A ticket let in before this phone's unanswered scan was sent: Already used, and nothing more.
    expect(await unanswered(other.code)).toBe('already_used')
    expect(await rig.typed(page, other.code)).toBe('already_used')
    const before = await page.getByRole('alertdialog').innerText()
    expect(before).not.toContain('Decided offline')
    expect(before).not.toContain("this phone's own")
    expect(errors).toEqual([])
  })

  it("an exit recorded after the phone stopped waiting: the rescan's Not inside names that exit and says it may be this phone's own scan", async () => {
    const ticket = await rig.paidTicket(rig.fx.basic)
    const [{ page, errors }, unanswered] = await slowPhone()
    expect(await rig.typed(page, ticket.code)).toBe('valid')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('radio', { name: 'Exit' }).check()
    expect(await unanswered(ticket.code)).toBe('valid')
    const scans = () => app.server.db.selectFrom('ticket_redemptions').select(['direction', 'result']).where('order_line_id', '=', ticket.lineId).orderBy('id').execute()
    expect(await scans()).toEqual([{ direction: 'in', result: 'valid' }, { direction: 'out', result: 'valid' }])

    expect(await rig.typed(page, ticket.code)).toBe('not_inside')
    const answer = await page.getByRole('alertdialog').innerText()
    expect(answer).toMatch(/Left .+ at “Slow gate”/)
    expect(answer).not.toContain('Decided offline')
    expect(answer).toContain(MAYBE_OWN_EXIT)
    expect(seriousViolations(await runAxe(page)), 'answer not inside, maybe own exit').toEqual([])
    expect(errors).toEqual([])
  })
})
