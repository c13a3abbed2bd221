import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { orderViewResponseSchema } from '../../src/contract/entities/orderView'
import { sweepReturnRequests } from '../../src/server/domain/returns/sweep'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { seedPaymentFixtures, type PaymentFx } from './payment-fixtures'
import { nextReturnLink, paidOrder, seedReturnFixtures, startInbox, type Inbox } from './return-helpers'

interface Row { id: number; status_id: number; returnleft: number }
interface Data { rows: Row[]; error_code: string; link_state?: string }
interface Answer { errorCode: string; errorText: string }

/**
 * Counts the statements a Kysely instance runs and the rows they answer (a plugin: the queries
 * still run for real). Counted at their results: a subquery is transformed apart but not sent apart.
 */
class RowsRead implements KyselyPlugin {
  statements = 0
  rows = 0
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.statements++
    this.rows += args.result.rows.length
    return args.result
  }
}

/**
 * A return request nobody confirms must not stay "waiting for confirmation" (60) past its return
 * deadline until its link's 24 h run out: the returns' sweep (domain/returns/sweep.ts) withdraws
 * it as the confirm does when it refuses a late request (request 90, its lines back to 0, no
 * refund). The return page sweeps its order before it reads it; the cluster's leader sweeps every
 * order, so the order page shows it too without anyone opening the return page.
 */
describe.each(TEST_DBS)('return requests past their deadline on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let fx: Fixtures
  let pfx: PaymentFx
  let reasons: number[]

  beforeAll(async () => {
    inbox = await startInbox()
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: 'http://shop.test' } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    reasons = (await seedReturnFixtures(server.db)).reasons
  })
  afterEach(async () => {
    await server.db.deleteFrom('event_return_rules').where('event_id', '=', fx.basic.id).execute()
  })
  afterAll(async () => {
    await server?.close()
    await inbox?.close()
  })

  const data = async (hash: string) => (await (await visitor(server.url)).post<Data>(`/api/order/return/${hash}`, { hash, lang: 'en' })).body
  const create = async (hash: string, ids: number[]) => (await visitor(server.url)).post<Answer>('/api/order/return-create', { hash, lang: 'ru', reason: reasons[0], id: ids })
  const confirm = async (hash: string, hashConf: string) => (await visitor(server.url)).post<Answer>('/api/order/return-confirm', { hash, lang: 'ru', hashConf })
  const requestsOf = (hash: string) =>
    server.db.selectFrom('return_requests as r').innerJoin('orders as o', 'o.id', 'r.order_id').select(['r.status', 'r.confirmed_at']).where('o.hash', '=', hash).orderBy('r.id').execute()
  const view = async (hash: string) => orderViewResponseSchema.parse((await (await visitor(server.url)).post('/api/order/view', { hash, lang: 'ru' })).body)
  const refundCount = async (hash: string) =>
    (await server.db.selectFrom('refunds as r').innerJoin('orders as o', 'o.id', 'r.order_id').select('r.id').where('o.hash', '=', hash).execute()).length

  /** A paid order of two tickets with a return request for its first, made in time; answers the order, its lines and the link. */
  async function requested(): Promise<{ hash: string; ids: number[]; hashConf: string }> {
    const { hash } = await paidOrder(await visitor(server.url), fx, pfx, 2)
    const ids = (await data(hash)).rows.map((r) => r.id)
    const seen = inbox.messages.length
    expect((await create(hash, [ids[0]])).body.errorCode).toBe('0')
    const { hashConf } = await nextReturnLink(inbox, seen, hash)
    expect((await data(hash)).rows.map((r) => r.status_id)).toEqual([60, 0])
    return { hash, ids, hashConf }
  }

  /** The deadline passes before anyone opens the link: the event's rule now closes returns 10 days before its session, 3 days away. */
  const deadlinePasses = () => server.db.insertInto('event_return_rules').values({ event_id: fx.basic.id, close_minutes: 10 * 24 * 60 }).execute()

  it('the return page shows a request past its deadline withdrawn, not waiting, though its link is still valid', async () => {
    const { hash, ids, hashConf } = await requested()
    await deadlinePasses()

    const after = await data(hash)
    expect(after.rows.map((r) => [r.status_id, r.returnleft])).toEqual([[0, 0], [0, 0]])
    // 91: withdrawn at its deadline (90 is a link that ran out).
    expect(await requestsOf(hash)).toEqual([{ status: 91, confirmed_at: null }])
    // The link, opened now, gets the confirm's own refusal of a late request, and no money moves.
    const late = await confirm(hash, hashConf)
    expect(late.status).toBe(409)
    expect(late.body).toEqual({ errorCode: ErrorCode.UNAVAILABLE, errorText: `Время возврата билета ${ids[0]} истекло` })
    expect(await refundCount(hash)).toBe(0)
  })

  it("the leader's sweep withdraws late requests of every order and leaves those in time alone", async () => {
    const late = await requested()
    const stale = await requested()
    await deadlinePasses()
    // The second request's link also ran out, unused: the sweep withdraws it either way.
    const staleOrder = await server.db.selectFrom('orders').select('id').where('hash', '=', stale.hash).executeTakeFirstOrThrow()
    await server.db.updateTable('return_requests').set({ expires_at: Date.now() - 1000 }).where('order_id', '=', staleOrder.id).execute()

    // Nobody opens the return page: the order page still said "waiting" before the sweep.
    expect((await view(late.hash)).main.map((l) => l.return_status)).toEqual([60, 0])
    const swept = await sweepReturnRequests(server.db, Date.now())
    expect(swept).toEqual({ expired: 1, withdrawn: 1 })
    expect((await view(late.hash)).main.map((l) => l.return_status)).toEqual([0, 0])
    expect((await view(stale.hash)).main.map((l) => l.return_status)).toEqual([0, 0])
    expect(await requestsOf(late.hash)).toEqual([{ status: 91, confirmed_at: null }])
    // Past both its link's life and its deadline: it expired first.
    expect(await requestsOf(stale.hash)).toEqual([{ status: 90, confirmed_at: null }])
    // A second sweep finds nothing left to do.
    expect(await sweepReturnRequests(server.db, Date.now())).toEqual({ expired: 0, withdrawn: 0 })

    // Returns open again: an in-time request is left waiting by the sweep and confirms as usual.
    await server.db.deleteFrom('event_return_rules').where('event_id', '=', fx.basic.id).execute()
    const { hash: onTime } = await paidOrder(await visitor(server.url), fx, pfx, 1)
    const ids = (await data(onTime)).rows.map((r) => r.id)
    const seen = inbox.messages.length
    expect((await create(onTime, ids)).body.errorCode).toBe('0')
    const link = await nextReturnLink(inbox, seen, onTime)
    expect(await sweepReturnRequests(server.db, Date.now())).toEqual({ expired: 0, withdrawn: 0 })
    expect((await view(onTime)).main.map((l) => l.return_status)).toEqual([60])
    expect((await confirm(onTime, link.hashConf)).body.errorCode).toBe('0')
    expect(await requestsOf(onTime)).toMatchObject([{ status: 80 }])
  })

  it("tells the link's page what became of its request: waiting, late (withdrawn at its return deadline), expired, confirmed or unknown", async () => {
    const linked = async (hash: string, hashConf: string) => (await (await visitor(server.url)).post<Data>(`/api/order/return/${hash}`, { hash, lang: 'en', hashConf })).body
    const { hash, hashConf } = await requested()
    expect((await data(hash)).link_state).toBeUndefined()
    expect((await linked(hash, hashConf)).link_state).toBe('waiting')
    expect((await linked(hash, 'A'.repeat(32))).link_state).toBe('unknown')

    // Nobody confirmed it before the deadline: the page opened from its link learns it was withdrawn for that.
    await deadlinePasses()
    const late = await linked(hash, hashConf)
    expect(late.link_state).toBe('late')
    expect(late.rows.map((r) => [r.status_id, r.returnleft])).toEqual([[0, 0], [0, 0]])
    expect(await requestsOf(hash)).toEqual([{ status: 91, confirmed_at: null }])
    await server.db.deleteFrom('event_return_rules').where('event_id', '=', fx.basic.id).execute()
    // Returns open again (the rule is gone): the late request stays what it was.
    expect((await linked(hash, hashConf)).link_state).toBe('late')

    // A link that ran out unused is only expired: its tickets may be asked for again.
    const stale = await requested()
    const staleOrder = await server.db.selectFrom('orders').select('id').where('hash', '=', stale.hash).executeTakeFirstOrThrow()
    await server.db.updateTable('return_requests').set({ expires_at: Date.now() - 1000 }).where('order_id', '=', staleOrder.id).execute()
    expect((await linked(stale.hash, stale.hashConf)).link_state).toBe('expired')

    const done = await requested()
    expect((await confirm(done.hash, done.hashConf)).body.errorCode).toBe('0')
    expect((await linked(done.hash, done.hashConf)).link_state).toBe('confirmed')
    // Another order's link is no link of this order.
    expect((await linked(hash, done.hashConf)).link_state).toBe('unknown')
  })

  it("judges the deadline in the database: the sweep reads back only the requests it ends, in a fixed number of statements", async () => {
    await sweepReturnRequests(server.db, Date.now())
    const waiting = [await requested(), await requested(), await requested()]
    // In time: nothing of theirs is read (before, every line of every waiting request was read to judge it in JavaScript).
    const idle = new RowsRead()
    expect(await sweepReturnRequests(server.db.withPlugin(idle), Date.now())).toEqual({ expired: 0, withdrawn: 0 })
    expect(idle.rows).toBe(0)

    // A rule of 30 days, past the 35,791 minutes whose milliseconds overflow an integer product on PostgreSQL.
    await server.db.insertInto('event_return_rules').values({ event_id: fx.basic.id, close_minutes: 30 * 24 * 60 }).execute()
    const busy = new RowsRead()
    const swept = await sweepReturnRequests(server.db.withPlugin(busy), Date.now())
    expect(swept).toEqual({ expired: 0, withdrawn: 3 })
    // The ids of the requests it withdrew (RETURNING), nothing else; one statement per step, however many requests.
    expect(busy.rows).toBe(3)
    expect(busy.statements).toBe(3)
    for (const w of waiting) {
      expect(await requestsOf(w.hash)).toEqual([{ status: 91, confirmed_at: null }])
      expect((await data(w.hash)).rows.map((r) => r.status_id)).toEqual([0, 0])
    }
  })
})
