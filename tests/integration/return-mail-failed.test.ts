import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RETURN_STATUS_RETURNABLE } from '../../src/contract/constants'
import { REQUEST_STATUS_EXPIRED } from '../../src/server/domain/returns/constants'
import { retryDueMail } from '../../src/server/mail/retry'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { seedPaymentFixtures, type PaymentFx } from './payment-fixtures'
import { decodeMessage, paidOrder, seedReturnFixtures, startInbox, type Inbox } from './return-helpers'

const silentLog = { info: () => {}, warn: () => {}, error: () => {} }
const DAY_MS = 86_400_000

/** A loopback port nobody listens on: every SMTP attempt to it fails. */
async function deadPort(): Promise<number> {
  const probe = new SMTPServer({ authOptional: true })
  probe.listen(0, '127.0.0.1')
  await once(probe.server, 'listening')
  const port = (probe.server.address() as AddressInfo).port
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

/**
 * A return request whose confirmation e-mail could not be sent is withdrawn at once
 * (returns/create.ts): its e-mail must not reach the buyer later through the mail retry
 * (mail/retry.ts) with the link of a request that can no longer be confirmed. On both databases.
 */
describe.each(TEST_DBS)('the e-mail of a return request withdrawn on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let fx: Fixtures
  let pfx: PaymentFx
  let reasons: number[]

  beforeAll(async () => {
    inbox = await startInbox()
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${await deadPort()}`, PUBLIC_URL: 'http://shop.test' } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    reasons = (await seedReturnFixtures(server.db)).reasons
  })
  afterAll(async () => {
    await server?.close()
    await inbox?.close()
  })

  it('is given up with it: the retry never sends its link once the SMTP server is back', async () => {
    const v = await visitor(server.url)
    const { hash } = await paidOrder(v, fx, pfx, 1)
    const order = await server.db.selectFrom('orders').select('id').where('hash', '=', hash).executeTakeFirstOrThrow()
    const line = await server.db.selectFrom('order_lines').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow()
    const created = await v.post<{ errorCode: string }>('/api/order/return-create', { hash, lang: 'ru', reason: reasons[0], id: [line.id] })
    expect(created.body.errorCode).not.toBe('0')
    const request = await server.db.selectFrom('return_requests').select('status').where('order_id', '=', order.id).executeTakeFirstOrThrow()
    expect(request.status).toBe(REQUEST_STATUS_EXPIRED)
    expect((await server.db.selectFrom('order_lines').select('return_status').where('id', '=', line.id).executeTakeFirstOrThrow()).return_status).toBe(RETURN_STATUS_RETURNABLE)

    // The SMTP server is back: every message still due goes out (the order's tickets e-mail
    // among them), but not the withdrawn request's link.
    const back = { ...server.config, smtpUrl: `smtp://127.0.0.1:${inbox.port}` }
    await retryDueMail(server.db, back, silentLog, Date.now() + DAY_MS)
    const texts = inbox.messages.map(decodeMessage)
    expect(texts.some((t) => t.includes(`/order/${hash}`))).toBe(true)
    expect(texts.filter((t) => t.includes('/order/return/'))).toEqual([])
    const unsent = await server.db.selectFrom('mail_outbox').select(['sent_at', 'failed_at', 'next_attempt_at']).where('order_id', '=', order.id).where('sent_at', 'is', null).execute()
    expect(unsent).toHaveLength(1)
    expect(unsent[0].failed_at).not.toBeNull()
    expect(unsent[0].next_attempt_at).toBeNull()
  })
})
