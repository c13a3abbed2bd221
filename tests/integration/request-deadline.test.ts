import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import type { Db } from '../../src/server/db/connect'
import { startTestServer, type TestServer } from '../support/server'
import { DEADLINE_MS, HOLD_LOCK_MS, LOCK_TIMEOUT_MS, pause, untilSettled } from './gate-rig'
import { lockRig, seatRowIds } from './lock-rig'
import { orderBody, seedOrderFixtures, type Fixtures, type OrderAnswer } from './order-fixtures'
import { loadScheme, schemeOrderBody, seatChange, visitor, type CartAnswer, type SchemeFx } from './scheme-helpers'

/**
 * The side transaction lets its lock go once the claim has answered, or after HOLD_LOCK_MS (past
 * the deadline, well under the lock timeout) when the claim waits on the lock instead, as
 * gate-rig.ts whileLocked does; the claim left running has then decided once untilSettled sees
 * no transaction of the server's open. Holding always 2.5 s and then sleeping 1.5 s made each
 * case 4 s where the busy answer comes at the 1.5 s deadline.
 */
function releaseAtAnswer(answer: Promise<unknown>, release: () => Promise<unknown>): Promise<unknown> {
  const answered = answer.then(
    () => {},
    () => {},
  )
  return Promise.race([answered, pause(HOLD_LOCK_MS)]).then(release)
}

/** Live holds of a session's seat (row id), whatever their state. */
async function liveHolds(db: Db, calendarId: number, seatRowId: number): Promise<number> {
  const rows = await db.selectFrom('seat_holds').select('id').where('calendar_id', '=', calendarId).where('seat_id', '=', seatRowId).where('released_at', 'is', null).execute()
  return rows.length
}

/** Order lines of a session (any status). */
async function orderLines(db: Db, calendarId: number): Promise<number> {
  return (await db.selectFrom('order_lines').select('id').where('calendar_id', '=', calendarId).execute()).length
}

/** A busy answer, at the deadline or later but before `before` ms. */
function expectBusy(res: { status: number; body: { errorCode?: string } }, took: number, before: number): void {
  expect(res.status).toBe(503)
  expect(res.body.errorCode).toBe(ErrorCode.LIMIT)
  expect(took).toBeGreaterThanOrEqual(DEADLINE_MS - 50)
  expect(took).toBeLessThan(before)
}

/**
 * Issue 18.3 / audit: a busy answer changes nothing. The request deadline answers 503 "busy, try
 * again" while the handler's claim still waits on a lock; the lock is then freed and the claim
 * finishes. It must roll back (plugins/request-deadline.ts, domain/orders/commit-gate.ts), else
 * the visitor who was told "try again" holds or has ordered the seats, and a retry orders twice.
 */
describe('a busy answer from the request deadline changes nothing (PostgreSQL)', () => {
  let server: TestServer
  let fx: SchemeFx
  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: { REQUEST_DEADLINE_MS: String(DEADLINE_MS), DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } })
    fx = await loadScheme(await visitor(server.url))
  })
  afterAll(async () => {
    await server?.close()
  })

  const freeSeats = () => fx.map.seat_numbers.filter((s) => s.status === 'free').map((s) => s.seat_id)

  // The hold commits inside its one statement, so the deadline waits for that statement (bounded
  // by the lock timeout), which refuses to commit past the deadline: busy once the lock frees.
  it('a seat hold (the one-statement claim) past its deadline answers busy once its lock frees, holding nothing', async () => {
    const seat = freeSeats()[0]
    const [rowId] = await seatRowIds(server, fx.calendarId, [seat])
    const buyer = await visitor(server.url)
    const rig = await lockRig(server)
    try {
      await rig.freezeSeats(fx.calendarId, [rowId])
      const started = Date.now()
      const answer = buyer.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seat)] })
      const release = releaseAtAnswer(answer, () => rig.release())
      const res = await answer
      expectBusy(res, Date.now() - started, LOCK_TIMEOUT_MS)
      await release
      await untilSettled(rig.monitor)
      expect((await buyer.post<CartAnswer>('/api/cart/list', { calendar_id: fx.calendarId })).body.items).toEqual([])
      expect(await liveHolds(server.db, fx.calendarId, rowId)).toBe(0)
    } finally {
      await rig.release()
      await rig.end()
    }
    // The seat is free: trying again, as the answer said, holds it once.
    const again = await buyer.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seat)] })
    expect(again.status).toBe(200)
    expect(again.body.items.map((i) => i.seat_id)).toEqual([seat])
  }, 30_000)

  it('a seat-map order (a claim transaction) answered busy orders nothing once its lock frees', async () => {
    const seat = freeSeats()[1]
    const [rowId] = await seatRowIds(server, fx.calendarId, [seat])
    const buyer = await visitor(server.url)
    const body = await schemeOrderBody(buyer, fx, [seat])
    const linesBefore = await orderLines(server.db, fx.calendarId)
    const rig = await lockRig(server)
    try {
      await rig.freezeSeats(fx.calendarId, [rowId])
      const started = Date.now()
      const answer = buyer.post<OrderAnswer>('/api/order/create-scheme', body)
      const release = releaseAtAnswer(answer, () => rig.release())
      const res = await answer
      // The deadline answered while the claim waited on its lock.
      expectBusy(res, Date.now() - started, HOLD_LOCK_MS)
      await release
      await untilSettled(rig.monitor)
      expect(await orderLines(server.db, fx.calendarId)).toBe(linesBefore)
      expect(await liveHolds(server.db, fx.calendarId, rowId)).toBe(0)
    } finally {
      await rig.release()
      await rig.end()
    }
  }, 30_000)
})

describe('a general-admission order answered busy by the deadline orders nothing (PostgreSQL)', () => {
  let server: TestServer
  let fx: Fixtures
  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: { DEMO_DATA: '0', REQUEST_DEADLINE_MS: String(DEADLINE_MS), DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } })
    fx = await seedOrderFixtures(server.db)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('the claim locks the session after the busy answer and rolls back', async () => {
    const { calendarId } = fx.basic
    const config = server.config.database
    if (config.kind !== 'postgres') throw new Error('postgres only')
    const holder = new pg.Client({ connectionString: config.url })
    await holder.connect()
    const buyer = await visitor(server.url)
    try {
      // The session's claim lock (orders/claim.ts lockCalendars), held by another transaction.
      await holder.query('begin')
      await holder.query('select id from calendars where id = $1 for update', [calendarId])
      const started = Date.now()
      const answer = buyer.post<OrderAnswer>('/api/order/create', orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }]))
      const release = releaseAtAnswer(answer, () => holder.query('rollback'))
      const res = await answer
      // The deadline answered while the claim waited on its lock.
      expectBusy(res, Date.now() - started, HOLD_LOCK_MS)
      await release
      await untilSettled(holder)
      expect(await orderLines(server.db, calendarId)).toBe(0)
    } finally {
      await holder.query('rollback').catch(() => {})
      await holder.end()
    }
  }, 30_000)
})
