import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderReturnDataResponse } from '../../src/contract/entities/returns'
import type { OrderViewResponse } from '../../src/contract/entities/orderView'
import { groupByAction, numberTickets } from '../../src/app/screens/order/model/lines'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { addEarlierSession, paidTwoSessionOrder } from './multi-session-fixtures'
import { seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { seedPaymentFixtures, type PaymentFx } from './payment-fixtures'
import { seedReturnFixtures } from './return-helpers'

/**
 * The return page names a ticket by the number the order view shows it with ('Ticket N', the
 * page's numberTickets): in an order of two sessions whose later-added one starts first, the
 * return data lists that session's ticket first, yet its sortnum is its number on the order view.
 */
describe.each(TEST_DBS)('return rows carry the order view\'s ticket numbers on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures
  let pfx: PaymentFx
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    await seedReturnFixtures(server.db)
  })
  afterAll(async () => server?.close())

  it('numbers each row as the order view does, though the rows come in another order', async () => {
    const v = await visitor(server.url)
    const earlier = await addEarlierSession(server.db, fx.basic)
    const hash = await paidTwoSessionOrder(v, fx, pfx, fx.basic, earlier, 2, 1)
    const view = (await v.post<OrderViewResponse>('/api/order/view', { hash, lang: 'en' })).body
    const numbers = numberTickets(groupByAction(view.main, view.service, 'en'))
    const data = (await v.post<OrderReturnDataResponse>(`/api/order/return/${hash}`, { hash, lang: 'en' })).body
    expect(data.error_code).toBe('0')
    expect(data.rows).toHaveLength(3)
    // The earlier session's ticket comes first here, and third on the order view.
    expect(data.rows[0].day).toBe(earlier.day)
    expect(numbers.get(data.rows[0].id)?.n).toBe(3)
    expect(data.rows.map((r) => [r.id, r.sortnum])).toEqual(data.rows.map((r) => [r.id, numbers.get(r.id)?.n]))
  })
})
