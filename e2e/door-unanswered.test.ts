import type { Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAxe, seriousViolations, startApp, type AppHarness } from './support/app'
import { doorRig, type DoorRig } from './support/door'

const MAYBE_OWN = "That entry may be this phone's own earlier scan, whose answer from the server never arrived in time."

/**
 * The door check-in app on a 390 × 844 phone when a scan's answer never comes within the app's
 * wait (1.5 s): the server may have recorded the scan all the same, and a rescan that finds its
 * entry says so.
 */
describe('door app: scans whose answer never came', () => {
  let app: AppHarness
  let rig: DoorRig

  beforeAll(async () => {
    app = await startApp({ DEMO_DATA: '0' })
    rig = await doorRig(app, 'door-unanswered@example.org')
  })
  afterAll(async () => {
    await rig?.close()
    await app?.close()
  })

  it("an entry recorded after the phone stopped waiting: the rescan's Already used says it may be this phone's own scan; an entry from before it does not", async () => {
    const gate = await rig.list(rig.fx.basic.calendarId, 'Slow gate')
    const [ticket, other] = [await rig.paidTicket(rig.fx.basic), await rig.paidTicket(rig.fx.basic)]
    // Another device let `other` in first.
    expect((await rig.owner.post('/api/admin/door/redeem', { code: other.code, list_id: gate, nonce: 'unansweredother01' })).status).toBe(200)
    // Each code's first scan is held past the phone's wait; later scans pass.
    const held = new Map<string, Route>()
    const { page, errors } = await rig.phone((p) =>
      p.route('**/api/admin/door/redeem?*', (route) => {
        const { code } = route.request().postDataJSON() as { code: string }
        if (held.has(code)) return void route.continue()
        held.set(code, route)
      }),
    )
    await page.getByLabel('Session').selectOption(String(rig.fx.basic.calendarId))
    await rig.startAt(page, 'Slow gate')
    /** Scans a code whose answer is held: the phone decides offline; then the server gets the scan after all. */
    const unanswered = async (code: string) => {
      const shown = await rig.typed(page, code)
      const text = await page.getByRole('alertdialog').innerText()
      expect(text).toContain('Decided offline')
      expect(text).not.toContain("this phone's own")
      await page.getByRole('button', { name: 'Next' }).click()
      // The phone gave up on it; the server records it now (its answer reaches nobody).
      const route = held.get(code)!
      await route.fetch()
      await route.abort().catch(() => undefined)
      return shown
    }

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
})
