import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { expectBusy, GATE_ENV, whileLocked } from './gate-rig'
import { seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { seedPaymentFixtures, type PaymentFx } from './payment-fixtures'
import { nextReturnLink, paidOrder, seedReturnFixtures, startInbox, type Inbox } from './return-helpers'

/**
 * A visitor's return request and its confirmation commit through the request's commit gate
 * (domain/orders/commit-gate.ts), as the order page's other writes do (commit-gate-writes): a
 * "busy" answer, given while the order's row is held by another transaction, leaves no request,
 * no refund and no ticket taken out of the order. PostgreSQL: a lock held by another connection.
 */
describe('returns answered busy by the request deadline change nothing (PostgreSQL)', () => {
  let inbox: Inbox
  let server: TestServer
  let fx: Fixtures
  let pfx: PaymentFx
  let reason: number
  let holder: pg.Client
  beforeAll(async () => {
    inbox = await startInbox()
    server = await startTestServer({ db: 'postgres', env: { DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: 'http://shop.test', ...GATE_ENV } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    reason = (await seedReturnFixtures(server.db)).reasons[0]
    const config = server.config.database
    if (config.kind !== 'postgres') throw new Error('postgres only')
    holder = new pg.Client({ connectionString: config.url })
    await holder.connect()
  })
  afterAll(async () => {
    await holder?.end()
    await server?.close()
    await inbox?.close()
  })

  /** Runs `call` while the order's row is held by another transaction (gate-rig.ts whileLocked). */
  const whileOrderLocked = <T>(hash: string, call: () => Promise<T>) => whileLocked(holder, 'select id from orders where hash = $1 for update', [hash], call)
  const busy = ({ res, took }: { res: { status: number; body: Answer }; took: number }) => expectBusy(res, took)
  type Answer = { errorCode: string; errorText: string }
  const create = async (hash: string, ids: number[]) => (await visitor(server.url)).post<Answer>('/api/order/return-create', { hash, lang: 'ru', reason, id: ids })
  const confirm = async (hash: string, hashConf: string) => (await visitor(server.url)).post<Answer>('/api/order/return-confirm', { hash, lang: 'ru', hashConf })
  const linesOf = (hash: string) => server.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select(['l.id', 'l.return_status']).where('o.hash', '=', hash).orderBy('l.id').execute()
  const requestsOf = (hash: string) => server.db.selectFrom('return_requests as r').innerJoin('orders as o', 'o.id', 'r.order_id').select('r.status').where('o.hash', '=', hash).execute()
  const refundsOf = (hash: string) => server.db.selectFrom('refunds as r').innerJoin('orders as o', 'o.id', 'r.order_id').select('r.amount').where('o.hash', '=', hash).execute()

  it('a return request answered busy writes no request and sends no link; trying again does', async () => {
    const { hash } = await paidOrder(await visitor(server.url), fx, pfx, 1)
    const [line] = await linesOf(hash)
    const mailsBefore = inbox.messages.length
    busy(await whileOrderLocked(hash, () => create(hash, [line.id])))
    expect(await requestsOf(hash)).toEqual([])
    expect((await linesOf(hash)).map((l) => l.return_status)).toEqual([0])
    expect(inbox.messages.slice(mailsBefore).some((m) => m.includes('/order/return/'))).toBe(false)
    expect((await create(hash, [line.id])).body.errorCode).toBe('0')
    expect(await requestsOf(hash)).toHaveLength(1)
  })

  it('a return confirmed answered busy refunds nothing and leaves the link usable', async () => {
    const { hash } = await paidOrder(await visitor(server.url), fx, pfx, 1)
    const [line] = await linesOf(hash)
    const from = inbox.messages.length
    expect((await create(hash, [line.id])).body.errorCode).toBe('0')
    const link = await nextReturnLink(inbox, from, hash)
    const [requested, lines] = [await requestsOf(hash), await linesOf(hash)]
    busy(await whileOrderLocked(hash, () => confirm(hash, link.hashConf)))
    expect(await refundsOf(hash)).toEqual([])
    expect(await requestsOf(hash)).toEqual(requested)
    expect(await linesOf(hash)).toEqual(lines)
    expect((await confirm(hash, link.hashConf)).body.errorCode).toBe('0')
    expect(await refundsOf(hash)).toHaveLength(1)
  })
})
