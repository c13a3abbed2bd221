import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freeExpiredOnPg } from '../../src/server/domain/inventory/seat-claims.repository'
import { liveSeatHolds } from '../../src/server/domain/seating/seating.repository'
import { startTestServer, type TestServer } from '../support/server'

/**
 * A hold's cost must not grow with the session's sales (issue 18.4). seatwise_hold_cart_seats
 * (PostgreSQL) is PL/pgSQL: each statement's generic plan is made after a few calls on a
 * connection and kept for the connection's life. Made while the session had few holds, the old
 * `calendar_id = … and seat_id = any(…)` lookups used seat_holds_live_uq with calendar_id alone
 * and read every live hold of the session, three times a hold (migration
 * 2026_11_29_18_sl1_01). This test plans the function on one connection while the session is
 * nearly empty, then sells thousands of its other seats and counts the index entries of
 * seat_holds_live_uq the next hold reads (PostgreSQL's per-transaction statistics: real work,
 * no timing). The old function read over 3 × SOLD of them.
 */
const SOLD = 3000
/** Calls that make PL/pgSQL switch to its generic plans (it plans the first five custom). */
const PLANNING_CALLS = 7
/** Seats in the "row" passed with each hold: the live holds the single-seat warning reads. */
const ROW = 40

describe('a hold on PostgreSQL reads the seats it asks for, not the session', () => {
  let server: TestServer
  let client: pg.Client
  let calendarId: number
  let priceId: number
  let seatIds: number[]
  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres' })
    client = new pg.Client({ connectionString: (server.config.database as { url: string }).url })
    await client.connect()
    const calendar = await client.query<{ id: number; drawing_id: number }>(
      'select c.id, c.drawing_id from calendars c where c.drawing_id is not null order by (select count(*) from seats s where s.drawing_id = c.drawing_id) desc, c.id limit 1',
    )
    calendarId = calendar.rows[0].id
    priceId = (await client.query<{ id: number }>('select id from prices where calendar_id = $1 order by id limit 1', [calendarId])).rows[0].id
    seatIds = (await client.query<{ id: number }>('select id from seats where drawing_id = $1 order by id', [calendar.rows[0].drawing_id])).rows.map((r) => r.id)
    expect(seatIds.length).toBeGreaterThan(SOLD + PLANNING_CALLS + 2 * ROW + 10)
    const now = Date.now()
    await client.query(
      "insert into sessions (id, csrf_token, lang, created_at, last_seen_at, expires_at) select 'flat-' || g, 't', 'ru', $1::bigint, $1::bigint, $1::bigint + 3600000 from generate_series(0, $2::integer) g",
      [now, PLANNING_CALLS + 1],
    )
  })
  afterAll(async () => {
    await client?.end()
    await server?.close()
  })

  /** One hold of `seat` for session flat-`n` with the ROW seats after `rowStart` as its row; answers the outcome. */
  const hold = async (n: number, seat: number, rowStart: number) => {
    const row = seatIds.slice(rowStart, rowStart + ROW)
    const now = Date.now()
    const res = await client.query<{ o_outcome: string }>('select * from seatwise_hold_cart_seats($1, $2, $3, $4, $5, $6::integer[], $7::integer[], $8, $9::integer[])', [
      `flat-${n}`,
      calendarId,
      now,
      600_000,
      10,
      [seat],
      [priceId],
      now + 60_000,
      row,
    ])
    return res.rows[0].o_outcome
  }

  it('still releases an expired cart hold on a seat asked, and leaves a seat under an unpaid order past its reserve to the general path', async () => {
    const seat = seatIds[PLANNING_CALLS + 2 * ROW]
    const other = seatIds[PLANNING_CALLS + 2 * ROW + 1]
    const past = Date.now() - 1000
    const order = (await client.query<{ id: number }>('select id from orders order by id limit 1')).rows[0].id
    await client.query(
      "insert into seat_holds (calendar_id, seat_id, state, created_at, expires_at) values ($1, $2, 'cart', $3, $3)",
      [calendarId, seat, past],
    )
    await client.query("insert into seat_holds (calendar_id, seat_id, order_id, state, created_at, expires_at) values ($1, $2, $3, 'order', $4, $4)", [calendarId, other, order, past])
    expect(await hold(PLANNING_CALLS + 1, seat, 0)).toBe('held')
    const onSeat = await client.query<{ state: string; released: boolean }>('select state, released_at is not null as released from seat_holds where calendar_id = $1 and seat_id = $2 order by id', [calendarId, seat])
    expect(onSeat.rows).toEqual([{ state: 'cart', released: true }, { state: 'cart', released: false }])
    expect(await hold(PLANNING_CALLS + 1, other, 0)).toBe('general')
  })

  it('reads about as many live-hold index entries with thousands of seats sold as with none', async () => {
    for (let i = 0; i < PLANNING_CALLS; i++) expect(await hold(i, seatIds[i], 0)).toBe('held')
    // Sell SOLD seats of the session, away from the row the measured hold passes.
    const sold = seatIds.slice(seatIds.length - SOLD)
    await client.query("insert into seat_holds (calendar_id, seat_id, state, created_at) select $1, s, 'sold', $2 from unnest($3::integer[]) s", [calendarId, Date.now(), sold])
    const rowStart = PLANNING_CALLS + 10
    await client.query('begin')
    try {
      expect(await hold(PLANNING_CALLS, seatIds[rowStart + 5], rowStart)).toBe('held')
      const read = await client.query<{ n: string }>("select pg_stat_get_xact_tuples_returned('seat_holds_live_uq'::regclass) as n")
      const entries = Number(read.rows[0].n)
      // The seat asked (its expired-hold check and the insert's conflict check) and the row's live
      // holds (one: this hold): a handful. Before, over 3 × SOLD.
      expect(entries).toBeLessThan(ROW)
    } finally {
      await client.query('commit')
    }
  })
})

/**
 * The general path's seat lookups (Kysely statements, planned afresh each call) on a session whose
 * holds PostgreSQL's statistics have not seen yet: any session put on sale since seat_holds was
 * last analyzed. `calendar_id = … and seat_id in (…)` alone was planned on calendar_id and filtered
 * every live hold of the session; amongSeats (inventory/seat-range.ts) bounds it by the seat ids'
 * range. Counted as above: the index entries the lookups read.
 */
describe('the general path on PostgreSQL reads the seats it asks for, not the session', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres' })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('frees expired holds on three seats and reads their row with thousands of the session sold since the last analyze', async () => {
    const db = server.db
    const calendar = await db
      .selectFrom('calendars as c')
      .innerJoin('seats as s', 's.drawing_id', 'c.drawing_id')
      .select(['c.id', 'c.drawing_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['c.id', 'c.drawing_id'])
      .orderBy('n', 'desc')
      .orderBy('c.id')
      .executeTakeFirstOrThrow()
    const seatIds = (await db.selectFrom('seats').select('id').where('drawing_id', '=', calendar.drawing_id!).orderBy('id').execute()).map((r) => r.id)
    await sql`analyze seat_holds`.execute(db)
    const sold = seatIds.slice(seatIds.length - SOLD)
    await sql`insert into seat_holds (calendar_id, seat_id, state, created_at) select ${calendar.id}, s, 'sold', ${Date.now()} from unnest(${sold}::integer[]) s`.execute(db)
    const asked = seatIds.slice(100, 103)
    const row = seatIds.slice(90, 90 + ROW)
    const entries = await db.transaction().execute(async (trx) => {
      expect((await freeExpiredOnPg(trx, calendar.id, asked, Date.now())).orderIds).toEqual([])
      expect((await liveSeatHolds(trx, calendar.id, Date.now(), row)).size).toBe(0)
      const read = await sql<{ n: string }>`select pg_stat_get_xact_tuples_returned('seat_holds_live_uq'::regclass) as n`.execute(trx)
      return Number(read.rows[0].n)
    })
    expect(entries).toBeLessThan(ROW)
  })
})
