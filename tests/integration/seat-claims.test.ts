import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { startTestServer, type TestServer } from '../support/server'
import { loadScheme, schemeOrderBody, seatChange, visitor, type CartAnswer, type SchemeFx } from './scheme-helpers'

const LOCK_TIMEOUT_MS = 500

/**
 * Issue 18.4: numbered-seat claims on PostgreSQL lock the seats they claim, not the session.
 * A transaction that holds the session's claim lock (as a standing-place or general-admission
 * claim does, frozen mid-way) does not stop anyone from holding or ordering seats; a transaction
 * that holds one seat's claim stops only claims of that seat, which answer "busy, try again"
 * after the lock timeout instead of hanging, while other seats go through.
 */
describe('row-level seat claims on PostgreSQL', () => {
  let server: TestServer
  let fx: SchemeFx
  let blocker: pg.Client
  let seats: string[]

  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: { DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } })
    fx = await loadScheme(await visitor(server.url))
    seats = fx.map.seat_numbers.filter((s) => s.status === 'free').slice(0, 6).map((s) => s.seat_id)
    const db = server.config.database
    if (db.kind !== 'postgres') throw new Error('postgres expected')
    blocker = new pg.Client({ connectionString: db.url })
    await blocker.connect()
  })
  afterAll(async () => {
    await blocker?.end()
    await server?.close()
  })

  it('a frozen holder of the session claim lock does not stop seat holds or seat orders', async () => {
    await blocker.query('begin')
    await blocker.query('select id from calendars where id = $1 for no key update', [fx.calendarId])
    try {
      const a = await visitor(server.url)
      const held = await a.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seats[0])] })
      expect(held.status).toBe(200)
      expect(held.body.items.map((i) => i.seat_id)).toEqual([seats[0]])
      const b = await visitor(server.url)
      const order = await b.post<{ errorCode: string; hash?: string }>('/api/order/create-scheme', await schemeOrderBody(b, fx, [seats[1], seats[2]]))
      expect(order.body.errorCode).toBe('0')
    } finally {
      await blocker.query('rollback')
    }
  })

  it('a frozen claim of one seat delays only that seat: busy (503, Retry-After) after the lock timeout; other seats go through', async () => {
    const seatRow = await server.db
      .selectFrom('seats')
      .select('id')
      .where('seat_key', '=', seats[3])
      .where('drawing_id', '=', (await server.db.selectFrom('calendars').select('drawing_id').where('id', '=', fx.calendarId).executeTakeFirstOrThrow()).drawing_id!)
      .executeTakeFirstOrThrow()
    await blocker.query('begin')
    await blocker.query("insert into seat_holds (calendar_id, seat_id, state, created_at, expires_at) values ($1, $2, 'cart', $3, $4)", [
      fx.calendarId,
      seatRow.id,
      Date.now(),
      Date.now() + 60_000,
    ])
    try {
      const c = await visitor(server.url)
      const started = Date.now()
      const [busy, other] = await Promise.all([
        c.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seats[3])] }),
        (async () => {
          const d = await visitor(server.url)
          return d.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seats[4])] })
        })(),
      ])
      expect(busy.status).toBe(503)
      expect(busy.body.errorCode).toBe(ErrorCode.LIMIT)
      expect(Date.now() - started).toBeGreaterThanOrEqual(LOCK_TIMEOUT_MS)
      expect(other.status).toBe(200)
      expect(other.body.items.map((i) => i.seat_id)).toEqual([seats[4]])
    } finally {
      await blocker.query('rollback')
    }
    // Once the frozen claim is gone (rolled back), the seat is free to take.
    const e = await visitor(server.url)
    const got = await e.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seats[3])] })
    expect(got.status).toBe(200)
  })
})
