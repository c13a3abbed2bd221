import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOOR_TEXTS } from '../src/app/door/texts'
import { runAxe, seriousViolations, startApp, type AppHarness } from './support/app'
import { doorRig, newerDoorDatabase, type DoorRig } from './support/door'
import { reviewShot } from './support/shots'

/**
 * A scan the server answers *Valid* is also kept on the phone (store.ts rememberScan), so that the
 * phone's own answers without a network know the ticket is in after a reload, until the next sync.
 * Should the phone fail to keep it, the steward is told so beside the server's answer, on a
 * 390 × 844 phone typing the printed code.
 */
describe('door app: a scan answered online that the phone cannot keep', () => {
  let app: AppHarness
  let rig: DoorRig

  beforeAll(async () => {
    app = await startApp({ DEMO_DATA: '0' })
    rig = await doorRig(app, 'door-remember@example.org')
  })
  afterAll(async () => {
    await rig?.close()
    await app?.close()
  })

  it("shows the server's answer and says the phone could not keep it for its checks without a network, and why; no error goes unhandled", async () => {
    const gate = 'Remember gate'
    await rig.list(rig.fx.basic.calendarId, gate)
    const ticket = await rig.paidTicket(rig.fx.basic)
    const { context, page, errors } = await rig.phone()
    await page.getByLabel('Session').selectOption(String(rig.fx.basic.calendarId))
    await rig.startAt(page, gate)
    // Another tab of the origin (a newer app) takes the door database: this tab lets go of it, and
    // keeping the scan fails (VersionError) while the server, reached, answers it.
    const other = await context.newPage()
    await other.goto(`${app.baseUrl}/`)
    await newerDoorDatabase(page, other)
    await page.getByLabel('Ticket code').fill(ticket.code)
    await page.getByLabel('Ticket code').press('Enter')
    await expect.poll(() => page.getByRole('alertdialog').getAttribute('data-result')).toBe('valid')
    const t = DOOR_TEXTS.en
    await page.getByRole('alert').filter({ hasText: t.phoneFault.remember }).waitFor()
    expect(await page.getByRole('alert').filter({ hasText: t.phoneFault.remember }).innerText()).toBe(`${t.phoneFault.remember} ${t.phoneWhy.newerTab}`)
    expect(seriousViolations(await runAxe(page))).toEqual([])
    await reviewShot(page, { path: path.join(os.tmpdir(), 'door-remember-answer.png') })
    // The answer covers the screen; once the steward goes on, the note is there to read.
    await page.getByRole('button', { name: t.next }).click()
    await page.getByRole('alertdialog').waitFor({ state: 'detached' })
    expect(await page.getByRole('alert').filter({ hasText: t.phoneFault.remember }).isVisible()).toBe(true)
    await reviewShot(page, { path: path.join(os.tmpdir(), 'door-remember-note.png') })
    // The server has it all the same.
    const scans = await app.server.db.selectFrom('ticket_redemptions').select(['result', 'offline']).where('order_line_id', '=', ticket.lineId).execute()
    expect(scans.map((s) => [s.result, Number(s.offline)])).toEqual([['valid', 0]])
    expect(errors).toEqual([])
  })
})
