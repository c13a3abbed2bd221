import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderViewResponseSchema } from '../../src/contract/entities/orderView'
import { groupByAction, isReturnedLine } from '../../src/app/screens/order/model/lines'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { seedPaymentFixtures, type PaymentFx } from './payment-fixtures'
import { nextReturnLink, paidOrder, seedReturnFixtures, startInbox, type Inbox } from './return-helpers'

/**
 * Returned tickets in the order view (issue 13.3): after 2 of 5 tickets are returned the view
 * marks them (return_status 70), draws no code for them, leaves them out of the group's fee and
 * total, and says how much was refunded.
 */
describe.each(TEST_DBS)('returned tickets in the order view on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let fx: Fixtures
  let pfx: PaymentFx
  let reasons: number[]

  beforeAll(async () => {
    inbox = await startInbox()
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${inbox.port}` } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    reasons = (await seedReturnFixtures(server.db)).reasons
  })
  afterAll(async () => {
    await server?.close()
    await inbox?.close()
  })

  it('marks returned tickets, hides their codes, drops them from the totals and shows the refund', async () => {
    const v = await visitor(server.url)
    const { hash } = await paidOrder(v, fx, pfx, 5)
    const view = async () => orderViewResponseSchema.parse((await v.post('/api/order/view', { hash, lang: 'ru' })).body)
    const before = await view()
    expect(before.main).toHaveLength(5)
    expect(before.refunded).toBe(0)
    // 5 × 1500 ₽ + 5 × 150 ₽ fee.
    expect(groupByAction(before.main, before.service, 'ru')[0]).toMatchObject({ ticketsTotal: 7500, serviceFee: 750, total: 8250 })

    const returned = before.main.slice(0, 2).map((l) => l.id)
    const seen = inbox.messages.length
    const created = await v.post<{ errorCode: string }>('/api/order/return-create', { hash, lang: 'ru', reason: reasons[0], id: returned })
    expect(created.body.errorCode).toBe('0')
    const link = await nextReturnLink(inbox, seen, hash)
    expect((await v.post<{ errorCode: string }>('/api/order/return-confirm', { hash, lang: 'ru', hashConf: link.hashConf })).body.errorCode).toBe('0')

    const after = await view()
    expect(after.main).toHaveLength(5)
    for (const line of after.main) {
      const isGone = returned.includes(line.id)
      expect(line.return_status).toBe(isGone ? 70 : 0)
      expect(isReturnedLine(line)).toBe(isGone)
      expect(line._qrcode === '' && line._barcode === '').toBe(isGone)
    }
    const group = groupByAction(after.main, after.service, 'ru')[0]
    expect(group).toMatchObject({ ticketsTotal: 4500, serviceFee: 450, total: 4950 })
    expect(after.cost).toBe(4950)
    // Two tickets with their fees went back to the card.
    expect(after.refunded).toBe(3300)
  })
})
