import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { startTestServer, type TestServer } from '../support/server'
import { lockRig, type LockRig } from './lock-rig'
import { seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { pathOf, paymentRow, placeOrder, seedPaymentFixtures, sendCallback, signed, startPay, type PaymentFx } from './payment-fixtures'

/** The settle lane's longest wait in this test (BUYING_LANE_WAIT_MS): short, so a callback past it answers while the lane is still taken. */
const SHORT_WAIT_MS = 300
/** Long enough that the frozen settlement keeps the lane while the second callback waits past its bound. */
const LOCK_TIMEOUT_MS = 4000

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
  let locks: LockRig

  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: { DEMO_DATA: '0', DB_POOL_MAX: '1', BUYING_LANE_WAIT_MS: String(SHORT_WAIT_MS), DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    locks = await lockRig(server)
  })
  afterAll(async () => {
    await locks?.end()
    await server?.close()
  })

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
    await locks.blocker.query('begin')
    let first: ReturnType<typeof sendCallback> | null = null
    try {
      await locks.blocker.query('select id from orders where hash = $1 for update', [a.hash])
      first = sendCallback(server, signed(server, a.publicId, a.amount, 'approved'))
      expect(await locks.untilLockWaiters(1)).toBe(1)

      const busy = await sendCallback(server, signed(server, b.publicId, b.amount, 'approved'))
      expect(busy.status).toBe(503)
      expect(busy.body.errorCode).toBe(ErrorCode.LIMIT)
      // Read on the monitor's connection: the server's one (DB_POOL_MAX=1) is the frozen settlement's.
      expect((await locks.monitor.query('select status from payments where public_id = $1', [b.publicId])).rows).toEqual([{ status: 'pending' }])
    } finally {
      await locks.release()
    }
    expect(await first).toMatchObject({ status: 200, body: { result: 'paid' } })
    expect(await sendCallback(server, signed(server, b.publicId, b.amount, 'approved'))).toMatchObject({ status: 200, body: { result: 'paid' } })
    expect((await paymentRow(server.db, b.publicId)).status).toBe('paid')
  }, 30_000)
})
