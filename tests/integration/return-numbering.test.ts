import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderReturnDataResponse } from '../../src/contract/entities/returns'
import type { OrderViewResponse } from '../../src/contract/entities/orderView'
import { groupByAction, numberTickets } from '../../src/app/screens/order/model/lines'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { addEarlierSession, paidTwoSessionOrder } from './multi-session-fixtures'
import { seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { seedPaymentFixtures, type PaymentFx } from './payment-fixtures'
import { decodeMessage, seedReturnFixtures, startInbox, waitForMessages, type Inbox } from './return-helpers'

/**
 * The order view and the return page list an order's tickets in one order, the calendar's (the
 * session that starts first first, orders/ticket-order.repository.ts), and number them alike: in an order of
 * two sessions whose later-added one starts first, both pages list that session's ticket first,
 * as 'Ticket 1' on the order view (the page's numberTickets) and sortnum 1 on the return page;
 * the tickets e-mail lists its links in that order too.
 */
describe.each(TEST_DBS)('order view and return page list tickets in calendar order on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let fx: Fixtures
  let pfx: PaymentFx
  beforeAll(async () => {
    inbox = await startInbox()
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: 'http://shop.test' } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    await seedReturnFixtures(server.db)
  })
  afterAll(async () => {
    await server?.close()
    await inbox?.close()
  })

  it('lists the earlier session first on both pages, its ticket numbered 1', async () => {
    const v = await visitor(server.url)
    // The session added later (the higher calendar id) starts a day before the first one.
    const earlier = await addEarlierSession(server.db, fx.basic)
    expect(earlier.calendarId).toBeGreaterThan(fx.basic.calendarId)
    const before = inbox.messages.length
    const hash = await paidTwoSessionOrder(v, fx, pfx, fx.basic, earlier, 2, 1)

    const view = (await v.post<OrderViewResponse>('/api/order/view', { hash, lang: 'en' })).body
    expect(view.main.map((l) => l.action_group)).toEqual([earlier.calendarId, fx.basic.calendarId, fx.basic.calendarId])
    const groups = groupByAction(view.main, view.service, 'en')
    expect(groups.map((g) => g.day)).toEqual([earlier.day, fx.basic.day])
    const numbers = numberTickets(groups)
    expect(view.main.map((l) => numbers.get(l.id)?.n)).toEqual([1, 2, 3])

    const data = (await v.post<OrderReturnDataResponse>(`/api/order/return/${hash}`, { hash, lang: 'en' })).body
    expect(data.error_code).toBe('0')
    // The same tickets in the same order, each with the order view's number.
    expect(data.rows.map((r) => r.id)).toEqual(view.main.map((l) => l.id))
    expect(data.rows[0].day).toBe(earlier.day)
    expect(data.rows.map((r) => r.sortnum)).toEqual([1, 2, 3])

    // The tickets e-mail links the same tickets in the same order.
    await waitForMessages(inbox, before + 1)
    const mail = decodeMessage(inbox.messages[before])
    const links = [...new Set([...mail.matchAll(/http:\/\/shop\.test\/ticket\/([A-Za-z0-9_-]+)/g)].map((m) => m[1]))]
    expect(links).toEqual(view.main.map((l) => l.tickethash_id))
  })
})
