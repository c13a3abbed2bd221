import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { startTestServer, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { lockRig, seatRowIds } from './lock-rig'
import { orderBody, visitor, type Fixtures } from './order-fixtures'
import { placeOrder, startPaymentShop, startPay, type PaymentFx } from './payment-fixtures'
import { loadScheme, seatChange, type SchemeFx } from './scheme-helpers'

/** The request deadline: short, so it answers while the write still waits on a lock. */
const DEADLINE_MS = 1500
/** Far past the deadline: without the commit gate the write would go on and commit once the lock is free. */
const LOCK_TIMEOUT_MS = 6000
/** The side transaction keeps its lock this long: past the deadline, well under the lock timeout. */
const HOLD_LOCK_MS = 2500
/** Time for the write left running after the busy answer to get its lock and decide. */
const SETTLE_MS = 1500

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A busy answer from the deadline: 503 -9998, before the side transaction let go. */
function expectBusy(res: { status: number; body: { errorCode?: string } }, took: number): void {
  expect(res.status, JSON.stringify(res.body)).toBe(503)
  expect(res.body.errorCode).toBe(ErrorCode.LIMIT)
  expect(took).toBeGreaterThanOrEqual(DEADLINE_MS - 50)
  expect(took).toBeLessThan(HOLD_LOCK_MS)
}

/**
 * Issue 18 leftovers: the writes beside holds and orders commit through the request's commit gate
 * too (domain/orders/commit-gate.ts inGatedTransaction), so their "busy" answer is as true as a
 * claim's: the payment's start, a counter sale (box office) and an order's reserve extension.
 * Each waits on a row another transaction holds; the deadline answers busy; the row is let go, the
 * write goes on and must roll back. PostgreSQL: a lock held by another connection (SQLite's
 * writer waits in the event loop, so the deadline could not answer meanwhile; the gate is the
 * same JavaScript on both).
 */
describe('writes answered busy by the request deadline change nothing (PostgreSQL)', () => {
  let server: TestServer
  let fx: Fixtures
  let pfx: PaymentFx
  let holder: pg.Client
  beforeAll(async () => {
    ;({ server, fx, pfx } = await startPaymentShop('postgres', { REQUEST_DEADLINE_MS: String(DEADLINE_MS), DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) }))
    const config = server.config.database
    if (config.kind !== 'postgres') throw new Error('postgres only')
    holder = new pg.Client({ connectionString: config.url })
    await holder.connect()
  })
  afterAll(async () => {
    await holder?.end()
    await server?.close()
  })

  /** Runs `call` while `lockSql` holds its rows in an open transaction, let go after HOLD_LOCK_MS; answers the call's answer and time. */
  async function whileLocked<T>(lockSql: string, params: unknown[], call: () => Promise<T>): Promise<{ res: T; took: number }> {
    await holder.query('begin')
    try {
      await holder.query(lockSql, params)
      const started = Date.now()
      const answer = call()
      const release = pause(HOLD_LOCK_MS).then(() => holder.query('rollback'))
      const res = await answer
      const took = Date.now() - started
      await release
      await pause(SETTLE_MS)
      return { res, took }
    } finally {
      await holder.query('rollback').catch(() => {})
    }
  }
  const lockOrderRow = 'select id from orders where hash = $1 for update'
  const orderOf = (hash: string) => server.db.selectFrom('orders').select(['id', 'paid', 'reserve_until', 'reserve_extensions']).where('hash', '=', hash).executeTakeFirstOrThrow()

  it('a payment start answered busy writes no payment; trying again starts one', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult')
    const { id } = await orderOf(hash)
    const { res, took } = await whileLocked(lockOrderRow, [hash], () => startPay(v, hash, pfx.types.card))
    expectBusy(res, took)
    expect(await server.db.selectFrom('payments').select('id').where('order_id', '=', id).execute()).toEqual([])
    const again = await startPay(v, hash, pfx.types.card)
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(await server.db.selectFrom('payments').select('status').where('order_id', '=', id).execute()).toEqual([{ status: 'pending' }])
  }, 30_000)

  it('an order extension answered busy moves nothing', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult')
    const before = await orderOf(hash)
    const { res, took } = await whileLocked(lockOrderRow, [hash], () => v.post<{ errorCode: string }>('/api/order/extend', { hash, lang: 'en' }))
    expectBusy(res, took)
    expect(await orderOf(hash)).toEqual(before)
  }, 30_000)

  describe('the box office', () => {
    let desk: AdminClient
    beforeAll(async () => {
      desk = await signedIn(server, 'boxoffice')
    })
    const sale = () => ({ fio: 'Касса', phone: '+79030006677', email: 'desk@example.org', hash: fx.basic.hash, payKind: 'cash', data: orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }]).data })
    const ordersOfSession = async () => (await server.db.selectFrom('order_lines').select('order_id').distinct().where('calendar_id', '=', fx.basic.calendarId).execute()).length

    it('a counter sale answered busy leaves no order, paid or not', async () => {
      const before = await ordersOfSession()
      // The session's claim lock (orders/claim.ts lockCalendars), held by another transaction.
      const { res, took } = await whileLocked('select id from calendars where id = $1 for update', [fx.basic.calendarId], () => desk.post('/api/admin/boxoffice/sell', sale()))
      expectBusy(res, took)
      expect(await ordersOfSession()).toBe(before)
      const again = await desk.post<{ id: number }>('/api/admin/boxoffice/sell', sale())
      expect(again.status, JSON.stringify(again.body)).toBe(200)
      expect(await ordersOfSession()).toBe(before + 1)
    }, 30_000)
  })
})

describe('a reseat answered busy by the request deadline moves nothing (PostgreSQL)', () => {
  let server: TestServer
  let fx: SchemeFx
  let desk: AdminClient
  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: { REQUEST_DEADLINE_MS: String(DEADLINE_MS), DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } })
    fx = await loadScheme(await visitor(server.url))
    desk = await signedIn(server, 'boxoffice')
  })
  afterAll(async () => {
    await server?.close()
  })

  it('the ticket stays on its seat, the other seat stays free', async () => {
    const zone = fx.map.seat_numbers[0].zonelevel_id
    const [from, to] = fx.map.seat_numbers.filter((s) => s.zonelevel_id === zone && s.status === 'free').map((s) => s.seat_id)
    const sale = await desk.post<{ id: number }>('/api/admin/boxoffice/sell', { fio: 'Касса', phone: '+79030006677', email: 'desk@example.org', hash: fx.hash, calendarId: fx.calendarId, payKind: 'cash', tickets: [seatChange(fx, from)] })
    expect(sale.status, JSON.stringify(sale.body)).toBe(200)
    const line = await server.db.selectFrom('order_lines').select(['id', 'seat_id']).where('order_id', '=', sale.body.id).executeTakeFirstOrThrow()
    const [toRow] = await seatRowIds(server, fx.calendarId, [to])
    const rig = await lockRig(server)
    try {
      // A cart hold of the target seat, undecided: the reseat's claim of it waits on that row.
      await rig.freezeSeats(fx.calendarId, [toRow])
      const started = Date.now()
      const answer = desk.post('/api/admin/tickets/reseat', { lineId: line.id, seat: to })
      const release = pause(HOLD_LOCK_MS).then(() => rig.release())
      const res = await answer
      expectBusy(res, Date.now() - started)
      await release
      await pause(SETTLE_MS)
      expect(await server.db.selectFrom('order_lines').select(['id', 'seat_id']).where('id', '=', line.id).executeTakeFirstOrThrow()).toEqual(line)
      expect(await server.db.selectFrom('seat_holds').select('id').where('seat_id', '=', toRow).where('released_at', 'is', null).execute()).toEqual([])
    } finally {
      await rig.release()
      await rig.end()
    }
  }, 30_000)
})
