import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { startTestServer, type TestServer } from '../support/server'
import { seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { pathOf, paymentRow, placeOrder, seedPaymentFixtures, sendCallback, signed, startPay, type PaymentFx } from './payment-fixtures'

/** The settle lane's longest wait in this test (BUYING_LANE_WAIT_MS): short, so a callback past it answers while the lane is still taken. */
const SHORT_WAIT_MS = 300
/** Long enough that the frozen settlement keeps the lane while the second callback waits past its bound. */
const LOCK_TIMEOUT_MS = 4000
const POLL_MS = 25
const REACH_LOCK_MS = 10_000

/**
 * Issue 18.3, payments/settle-lane.ts: bank callbacks settle at most one per pooled connection
 * of the process at once; the others wait in memory, not in the pool's queue, at most
 * BUYING_LANE_WAIT_MS, then answer "busy, try again" (503, Retry-After) with nothing changed,
 * and the bank sends them again. A pool of one connection gives a lane of one: a settlement
 * frozen on its order's row keeps it, and a second order's callback is answered busy while it
 * waits (without the lane it would wait for the pool's connection and then settle).
 */
describe('the settle lane on PostgreSQL', () => {
  let server: TestServer
  let fx: Fixtures
  let pfx: PaymentFx
  let blocker: pg.Client
  /** pg_stat_activity outside the blocker's transaction (inside it PostgreSQL answers its first snapshot again). */
  let monitor: pg.Client

  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: { DEMO_DATA: '0', DB_POOL_MAX: '1', BUYING_LANE_WAIT_MS: String(SHORT_WAIT_MS), DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    if (server.config.database.kind !== 'postgres') throw new Error('a PostgreSQL test')
    blocker = new pg.Client({ connectionString: server.config.database.url })
    monitor = new pg.Client({ connectionString: server.config.database.url })
    await Promise.all([blocker.connect(), monitor.connect()])
  })
  afterAll(async () => {
    await blocker?.end()
    await monitor?.end()
    await server?.close()
  })

  const lockWaiters = async () => (await monitor.query("select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).rowCount ?? 0

  /** An order with its card payment started: its hash and the payment's public id and amount. */
  async function startedPayment(): Promise<{ hash: string; publicId: string; amount: number }> {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult', 1)
    const publicId = pathOf((await startPay(v, hash, pfx.types.card)).body.bankUrl!).split('/').pop()!
    return { hash, publicId, amount: (await paymentRow(server.db, publicId)).amount }
  }

  it("a callback that waits past the lane's bound answers busy and changes nothing; sent again, it settles", async () => {
    const a = await startedPayment()
    const b = await startedPayment()
    await blocker.query('begin')
    let first: ReturnType<typeof sendCallback> | null = null
    try {
      await blocker.query('select id from orders where hash = $1 for update', [a.hash])
      first = sendCallback(server, signed(server, a.publicId, a.amount, 'approved'))
      const deadline = Date.now() + REACH_LOCK_MS
      while ((await lockWaiters()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS))
      expect(await lockWaiters()).toBe(1)

      const busy = await sendCallback(server, signed(server, b.publicId, b.amount, 'approved'))
      expect(busy.status).toBe(503)
      expect(busy.body.errorCode).toBe(ErrorCode.LIMIT)
      // Read on the monitor's connection: the server's one (DB_POOL_MAX=1) is the frozen settlement's.
      expect((await monitor.query('select status from payments where public_id = $1', [b.publicId])).rows).toEqual([{ status: 'pending' }])
    } finally {
      await blocker.query('rollback')
    }
    expect(await first).toMatchObject({ status: 200, body: { result: 'paid' } })
    expect(await sendCallback(server, signed(server, b.publicId, b.amount, 'approved'))).toMatchObject({ status: 200, body: { result: 'paid' } })
    expect((await paymentRow(server.db, b.publicId)).status).toBe('paid')
  }, 30_000)
})
