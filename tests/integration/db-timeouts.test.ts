import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { connect } from '../../src/server/db/connect'
import { startTestServer, type TestServer } from '../support/server'
import { loadScheme, seatChange, visitor, type CartAnswer, type SchemeFx } from './scheme-helpers'

/** Timeouts short enough for a test, far apart enough to tell which one answered. */
const LOCK_TIMEOUT_MS = 600
const IDLE_IN_TRANSACTION_MS = 800

/**
 * Issue 18.3: one frozen lock holder must not stall anybody. A second connection takes the
 * session's claim lock (the calendar row, FOR UPDATE) in an open transaction and stops; a claim
 * on that session must answer "busy, try again" (503, Retry-After, translated) within the lock
 * timeout instead of waiting, and go through once the holder is gone.
 */
describe('a frozen lock holder on PostgreSQL', () => {
  let server: TestServer
  let fx: SchemeFx
  let url: string
  beforeAll(async () => {
    server = await startTestServer({
      db: 'postgres',
      env: { DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS), DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: String(IDLE_IN_TRANSACTION_MS), DB_STATEMENT_TIMEOUT_MS: '5000' },
    })
    fx = await loadScheme(await visitor(server.url))
    const db = server.config.database
    if (db.kind !== 'postgres') throw new Error('postgres only')
    url = db.url
  })
  afterAll(async () => {
    await server?.close()
  })

  it('every pooled session has the configured timeouts', async () => {
    const show = async (name: string) => (await sql.raw<{ v: string }>(`select current_setting('${name}') as v`).execute(server.db)).rows[0].v
    expect(await show('lock_timeout')).toBe(`${LOCK_TIMEOUT_MS}ms`)
    expect(await show('statement_timeout')).toBe('5s')
    expect(await show('idle_in_transaction_session_timeout')).toBe(`${IDLE_IN_TRANSACTION_MS}ms`)
    // No JIT for our short statements (db/connect.ts PG_SESSION_OPTIONS).
    expect(await show('jit')).toBe('off')
  })

  it('keeps the options an operator put in DATABASE_URL beside its own', async () => {
    const withOptions = new URL(url)
    withOptions.searchParams.set('options', '-c application_name=seatwise-ops')
    const db = connect({ kind: 'postgres', url: withOptions.toString() })
    try {
      const row = (await sql<{ app: string; jit: string }>`select current_setting('application_name') as app, current_setting('jit') as jit`.execute(db)).rows[0]
      expect(row).toEqual({ app: 'seatwise-ops', jit: 'off' })
    } finally {
      await db.destroy()
    }
  })

  it('a claim behind a held lock answers busy within the lock timeout, then succeeds once it is released', async () => {
    const holder = new pg.Client({ connectionString: url })
    await holder.connect()
    const [seat] = fx.map.seat_numbers.map((s) => s.seat_id)
    try {
      await holder.query('begin')
      await holder.query('select id from calendars where id = $1 for update', [fx.calendarId])
      const buyer = await visitor(server.url)
      for (const lang of ['ru', 'en'] as const) {
        const started = Date.now()
        const res = await buyer.fetch('/api/cart/update', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': buyer.token, 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify({ calendar_id: fx.calendarId, changes: [seatChange(fx, seat)], lang }),
        })
        const took = Date.now() - started
        const body = (await res.json()) as CartAnswer
        expect(res.status).toBe(503)
        expect(res.headers.get('retry-after')).toBe('2')
        expect(body.errorCode).toBe(ErrorCode.LIMIT)
        expect(body.errorText).toBe(lang === 'ru' ? 'Сервер сейчас занят, повторите попытку через несколько секунд' : 'The server is busy right now, try again in a few seconds')
        expect(took).toBeGreaterThanOrEqual(LOCK_TIMEOUT_MS - 50)
      }
      // Nothing was held by the refused claims.
      const held = await server.db.selectFrom('seat_holds').select('id').where('calendar_id', '=', fx.calendarId).execute()
      expect(held).toEqual([])
    } finally {
      await holder.query('rollback').catch(() => {})
      await holder.end()
    }
    const buyer = await visitor(server.url)
    const res = await buyer.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seat)] })
    expect(res.status).toBe(200)
    expect(res.body.items.map((i) => i.seat_id)).toEqual([seat])
  })

  it('a holder that froze inside its transaction loses it after idle_in_transaction_session_timeout, and claims go on', async () => {
    // A pool made like the server's (same timeouts), standing in for another server process
    // that stopped while it held the lock.
    const frozen = connect({ kind: 'postgres', url }, { lockTimeoutMs: 5000, statementTimeoutMs: 5000, idleInTransactionTimeoutMs: IDLE_IN_TRANSACTION_MS })
    const seat = fx.map.seat_numbers[5].seat_id
    let release!: () => void
    const stopped = new Promise<void>((resolve) => (release = resolve))
    let locked!: () => void
    const hasLock = new Promise<void>((resolve) => (locked = resolve))
    const holding = frozen
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom('calendars').select('id').where('id', '=', fx.calendarId).forUpdate().execute()
        locked()
        await stopped
        await trx.selectFrom('calendars').select('id').execute()
      })
      .then(
        () => 'committed',
        () => 'ended by the server',
      )
    try {
      await hasLock
      // Past the idle timeout the server ends the holder's session and its locks go with it.
      await new Promise((r) => setTimeout(r, IDLE_IN_TRANSACTION_MS + 300))
      const buyer = await visitor(server.url)
      const started = Date.now()
      const res = await buyer.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seat)] })
      expect(res.status).toBe(200)
      expect(res.body.items.map((i) => i.seat_id)).toContain(seat)
      expect(Date.now() - started).toBeLessThan(LOCK_TIMEOUT_MS)
    } finally {
      release()
      expect(await holding).toBe('ended by the server')
      await frozen.destroy()
    }
  })
})

describe('the request deadline', () => {
  let server: TestServer
  let fx: SchemeFx
  let url: string
  beforeAll(async () => {
    // The lock wait is longer than the deadline here, so the deadline is what answers.
    server = await startTestServer({ db: 'postgres', env: { DB_LOCK_TIMEOUT_MS: '4000', REQUEST_DEADLINE_MS: '500' } })
    fx = await loadScheme(await visitor(server.url))
    const db = server.config.database
    if (db.kind !== 'postgres') throw new Error('postgres only')
    url = db.url
  })
  afterAll(async () => {
    await server?.close()
  })

  it('a request still waiting at its deadline answers busy with Retry-After, in the visitor language', async () => {
    const holder = new pg.Client({ connectionString: url })
    await holder.connect()
    try {
      await holder.query('begin')
      await holder.query('select id from calendars where id = $1 for update', [fx.calendarId])
      const buyer = await visitor(server.url)
      const started = Date.now()
      // A hold with a release in it takes the claim transaction, which the deadline answers while
      // it waits; a hold alone commits in its one statement, which the deadline waits for (at most
      // its lock wait) so as never to answer busy for seats it holds (request-deadline.test.ts).
      const changes = [seatChange(fx, fx.map.seat_numbers[9].seat_id), seatChange(fx, fx.map.seat_numbers[10].seat_id, 0)]
      const res = await buyer.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes, lang: 'kz' })
      const took = Date.now() - started
      expect(res.status).toBe(503)
      expect(res.body.errorCode).toBe(ErrorCode.LIMIT)
      expect(res.body.errorText).toBe('Сервер қазір бос емес, бірнеше секундтан кейін қайталаңыз')
      expect(took).toBeGreaterThanOrEqual(450)
      expect(took).toBeLessThan(4000)
    } finally {
      await holder.query('rollback').catch(() => {})
      await holder.end()
    }
  })
})
