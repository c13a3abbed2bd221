import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderDataResponseSchema } from '../../src/contract/entities/nominal'
import type { OrderViewResponse } from '../../src/contract/entities/orderView'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { addEarlierSession } from './multi-session-fixtures'
import { orderBody, seedOrderFixtures, visitor, type Fixtures, type OrderAnswer } from './order-fixtures'

/** A visitor's name parts the named-ticket page accepts (the fixture's category asks nothing more). */
const HOLDER = { surname: 'Иванова', name: 'Анна' }
/** A surname the page refuses (one letter). */
const BAD_SURNAME = 'И'

/**
 * The named-ticket page lists an order's tickets in the one order every other list of them uses
 * (orders/ticket-order.repository.ts: the session that starts first first), so its card 'Ticket N'
 * is the order view's ticket N, and a refusal of a confirm names the card by that number. The
 * order here has two tickets of a session and then one of a session added later that starts a day
 * earlier: the page listed them as they were added (order line id), the earlier session's ticket
 * last, where the order view, the return page and the e-mails list it first.
 */
describe.each(TEST_DBS)('the named-ticket page numbers tickets in calendar order on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
    fx = await seedOrderFixtures(server.db)
  })
  afterAll(async () => {
    await server?.close()
  })

  it("lists the earlier session's ticket first, as the order view does, and a confirm refusal names it Ticket 1", async () => {
    const v = await visitor(server.url)
    const earlier = await addEarlierSession(server.db, fx.named)
    // The later-starting session's two tickets come first in the order, as a visitor added them.
    const first = orderBody(fx, fx.named, [{ price: fx.named.prices.adult, quantity: 2 }])
    const then = orderBody(fx, earlier, [{ price: earlier.prices.adult, quantity: 1 }])
    const created = await v.post<OrderAnswer>('/api/order/create', { ...first, data: [...(first.data as object[]), ...(then.data as object[])] })
    expect(created.body.errorCode, JSON.stringify(created.body)).toBe('0')
    const hash = created.body.hash!

    const view = (await v.post<OrderViewResponse>('/api/order/view', { hash, lang: 'en' })).body
    expect(view.main.map((l) => l.action_group)).toEqual([earlier.calendarId, fx.named.calendarId, fx.named.calendarId])
    const answer = await v.post('/api/order-data', { hash, lang: 'en' })
    expect(answer.status).toBe(200)
    const data = orderDataResponseSchema.parse(answer.body)
    // The same tickets in the same order: card N is the order view's ticket N.
    expect(data.rows.map((r) => r.id)).toEqual(view.main.map((l) => l.id))
    expect(data.rows.map((r) => r.day)).toEqual([earlier.day, fx.named.day, fx.named.day])

    // Every card filled but the earlier session's ticket: the refusal names that ticket's number.
    const entries = data.rows.map((r) => ({ ...HOLDER, surname: r.id === view.main[0].id ? BAD_SURNAME : HOLDER.surname }))
    const confirm = await v.post<{ errorCode: string; errorText: string }>('/api/confirm-nominal', {
      id: data.rows.map((r) => r.id),
      surname: entries.map((e) => e.surname),
      name: entries.map((e) => e.name),
      middleName: entries.map(() => ''),
      docTypeId: entries.map(() => null),
      docNum: entries.map(() => ''),
      age: entries.map(() => ''),
      date: entries.map(() => ''),
      countryId: entries.map(() => null),
      regionId: entries.map(() => null),
      hash,
      lang: 'en',
      checkboxList: data.checkboxList.map((c) => ({ id: c.id, checked: 1 })),
    })
    expect(confirm.status).toBe(400)
    expect(confirm.body.errorText).toMatch(/^Ticket 1: .*surname/)
  })
})
