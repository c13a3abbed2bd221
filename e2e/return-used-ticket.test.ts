import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { ticketClaims } from '../src/server/domain/tickets/claims'
import type { TicketKeys } from '../src/server/domain/tickets/keys'
import { signedIn, type AdminClient } from '../tests/integration/admin-helpers'
import { bringToDoor, DOOR_TOKEN, scan, serverKeys, viewLines } from '../tests/integration/door-helpers'
import { visitor, type Fixtures, type Visitor } from '../tests/integration/order-fixtures'
import type { PaymentFx } from '../tests/integration/payment-fixtures'
import { nextReturnLink, paidOrder, type Inbox } from '../tests/integration/return-helpers'
import returnsRu from '../src/app/i18n/locales/returns.ru'
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, runAxe, seriousViolations, type AppHarness } from './support/app'
import { startReturnApp, type ReturnApp } from './support/returns'

/**
 * The return page of an order one of whose tickets was admitted at the door, in Chromium: that
 * ticket's checkbox is disabled and described by why (used at the entrance), the others stay
 * selectable; a link whose request was withdrawn because of that entry, or because order care
 * refunded its tickets, says so (not 'return time expired'). Axe passes, on a desktop and on a
 * 390x844 phone.
 */
describe('the return page of used and refunded tickets', () => {
  let shop: ReturnApp
  let app: AppHarness
  let inbox: Inbox
  let fx: Fixtures
  let pfx: PaymentFx
  let reasons: number[]
  let keys: TicketKeys
  let desk: AdminClient

  beforeAll(async () => {
    shop = await startReturnApp({ DOOR_TOKEN, PUBLIC_URL: 'http://shop.test' })
    ;({ app, inbox, fx, pfx, reasons } = shop)
    keys = await serverKeys(app.server)
    desk = await signedIn(app.server, 'boxoffice')
    // Tomorrow: inside the door's window, and returns still open.
    await bringToDoor(app.server.db, [fx.basic.calendarId])
  })
  afterAll(() => shop?.close())

  /** A paid order of `n` tickets: its visitor, hash, and each ticket's line id and door code. */
  async function paidTickets(n: number) {
    const v = await visitor(app.baseUrl)
    const { hash } = await paidOrder(v, fx, pfx, n)
    const lines = await viewLines(v, hash)
    const rows = await app.server.db.selectFrom('order_lines').select(['id', 'calendar_id', 'seat_id', 'standing_place_id', 'client_category_id']).where('id', 'in', lines.map((l) => l.id)).orderBy('id').execute()
    return { v, hash, tickets: rows.map((r) => ({ lineId: r.id, token: keys.sign(ticketClaims(r)) })) }
  }
  const admit = async (token: string) => expect((await scan(app.server, { code: token, sessionId: fx.basic.calendarId })).result).toBe('valid')
  async function requestLink(v: Visitor, hash: string, ids: number[]): Promise<string> {
    const count = inbox.messages.length
    const res = await v.post<{ errorCode: string }>('/api/order/return-create', { hash, lang: 'en', reason: reasons[0], id: ids })
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ errorCode: '0' })
    return (await nextReturnLink(inbox, count, hash)).hashConf
  }
  /** The accessible description of an element: the text of the elements its aria-describedby names. */
  const description = (page: Page, selector: string) => page.locator(selector).evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim())

  for (const [label, viewport] of [['desktop', DESKTOP_VIEWPORT], ['phone', PHONE_VIEWPORT]] as const) {
    it(`shows a ticket admitted at the door as used, its checkbox disabled with the reason; the other stays selectable (${label}); axe passes`, async () => {
      const { hash, tickets } = await paidTickets(2)
      await admit(tickets[0].token)
      const { page, context, errors } = await openPage(app, `/order/return/${hash}`, viewport)
      const used = page.locator(`#return-row-${tickets[0].lineId}`)
      const other = page.locator(`#return-row-${tickets[1].lineId}`)
      await used.waitFor()
      expect(await used.isDisabled()).toBe(true)
      expect(await used.isChecked()).toBe(false)
      expect(await description(page, `#return-row-${tickets[0].lineId}`)).toBe(returnsRu.returns['status-used'])
      expect(await page.getByText(returnsRu.returns['status-used'], { exact: true }).isVisible()).toBe(true)
      expect(await other.isDisabled()).toBe(false)
      expect(await other.getAttribute('aria-describedby')).toBeNull()
      await other.check()
      expect(await page.locator('.return-footer__summary').textContent()).toContain('1 билет')
      // Nothing of the page is wider than the phone (the used cell wraps inside its card).
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      expect(seriousViolations(await runAxe(page))).toEqual([])
      expect(errors).toEqual([])
      await context.close()
    })
  }

  it('says a link withdrawn because its ticket was used at the entrance is so, not expired; axe passes on a phone', async () => {
    const { v, hash, tickets } = await paidTickets(2)
    const hashConf = await requestLink(v, hash, tickets.map((t) => t.lineId))
    await admit(tickets[1].token)
    // The confirmation is refused and withdraws the request (92).
    expect((await v.post<{ errorCode: string }>('/api/order/return-confirm', { hash, lang: 'en', hashConf })).status).toBe(409)
    const { page, context, errors } = await openPage(app, `/order/return/${hash}?hash_conf=${hashConf}`, PHONE_VIEWPORT)
    const notice = page.locator('.return-notice--used')
    await notice.waitFor()
    expect(await notice.textContent()).toContain(returnsRu.returns['link-used-title'])
    expect(await notice.textContent()).toContain(returnsRu.returns['link-again'])
    expect(await page.getByText(returnsRu.returns.expired, { exact: true }).count()).toBe(0)
    expect(await page.getByText(returnsRu.returns['link-inactive']).count()).toBe(0)
    expect(await page.locator(`#return-row-${tickets[1].lineId}`).isDisabled()).toBe(true)
    expect(await page.locator(`#return-row-${tickets[0].lineId}`).isDisabled()).toBe(false)
    expect(seriousViolations(await runAxe(page))).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('says a link whose tickets order care refunded is refunded, not expired; axe passes on a phone', async () => {
    const { v, hash, tickets } = await paidTickets(1)
    const hashConf = await requestLink(v, hash, [tickets[0].lineId])
    const { id: orderId } = await app.server.db.selectFrom('orders').select('id').where('hash', '=', hash).executeTakeFirstOrThrow()
    expect((await desk.post(`/api/admin/orders/${orderId}/refund`, {})).status).toBe(200)
    const { page, context, errors } = await openPage(app, `/order/return/${hash}?hash_conf=${hashConf}`, PHONE_VIEWPORT)
    const notice = page.locator('.return-notice--refunded')
    await notice.waitFor()
    expect(await notice.textContent()).toContain(returnsRu.returns['link-refunded'])
    expect(await notice.textContent()).not.toContain(returnsRu.returns['link-again'])
    expect(await page.getByText(returnsRu.returns.expired, { exact: true }).count()).toBe(0)
    // Nothing left to ask for: no form.
    expect(await page.locator('.return-footer').count()).toBe(0)
    expect(seriousViolations(await runAxe(page))).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})
