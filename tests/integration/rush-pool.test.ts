import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_POOL_NAME, RUSH_POOL_NAME } from '../../src/server/db/connect'
import { startTestServer, type TestServer } from '../support/server'
import { decide, pathOf, startPay } from './payment-fixtures'
import { loadScheme, schemeOrderBody, seatChange, visitor, type SchemeFx, type Visitor } from './scheme-helpers'

/** Long enough for the test's steps while a hold waits on the frozen seat; under the pool's 5 s acquire bound. */
const LOCK_TIMEOUT_MS = 4000
const POLL_MS = 25
const REACH_LOCK_MS = 10_000
/** Time a wrongly pooled approval would need to answer (a few statements); it must not answer within it. */
const WRONG_POOL_GRACE_MS = 600

/**
 * Issue 18.3, db/pool-share.ts: the rush's requests (buying calls, the bank's callback and its
 * sandbox pages) take their connections from the rush pool (DB_POOL_MAX), everything else from
 * the page pool (DB_PAGE_POOL_MAX). With one rush connection held by a hold waiting on a frozen
 * seat, the listing and the cart's read still answer, and the bank's approval waits for the rush
 * connection (it answers once the seat is let go, not before).
 */
describe('the rush pool and the page pool on PostgreSQL', () => {
  let server: TestServer
  let fx: SchemeFx
  let blocker: pg.Client
  /** pg_stat_activity outside the blocker's transaction (inside one PostgreSQL answers its first snapshot again). */
  let monitor: pg.Client

  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: { DB_POOL_MAX: '1', DB_PAGE_POOL_MAX: '2', DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } })
    fx = await loadScheme(await visitor(server.url))
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

  /** The server's backends waiting on a lock, by application name. */
  const lockWaiters = async () =>
    (await monitor.query<{ app: string }>("select application_name as app from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).rows.map((r) => r.app)

  it('a hold waiting on a frozen seat holds the one rush connection; pages answer; the bank waits for it', async () => {
    const [frozen, bought] = fx.map.seat_numbers.filter((s) => s.status === 'free').slice(0, 2).map((s) => s.seat_id)
    // An order of another seat, its payment started, before anything is frozen.
    const payer = await visitor(server.url)
    expect((await payer.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, bought)] })).status).toBe(200)
    const order = await payer.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', await schemeOrderBody(payer, fx, [bought]))
    expect(order.body.errorCode).toBe('0')
    const view = (await payer.post<{ payments: { creditcompany_id: number; protocol_type: string }[] }>('/api/order/view', { hash: order.body.hash, lang: 'ru' })).body
    const start = await startPay(payer, order.body.hash, view.payments.find((p) => p.protocol_type === 'card')!.creditcompany_id)
    const publicId = pathOf(start.body.bankUrl!).split('/').pop()!

    const drawing = (await server.db.selectFrom('calendars').select('drawing_id').where('id', '=', fx.calendarId).executeTakeFirstOrThrow()).drawing_id!
    const seat = await server.db.selectFrom('seats').select('id').where('seat_key', '=', frozen).where('drawing_id', '=', drawing).executeTakeFirstOrThrow()
    const [holder, reader] = await Promise.all([visitor(server.url), visitor(server.url)])
    const finished: string[] = []
    const track = <T>(name: string, p: Promise<T>) => p.then((r) => (finished.push(name), r))

    await blocker.query('begin')
    await blocker.query("insert into seat_holds (calendar_id, seat_id, state, created_at, expires_at) values ($1, $2, 'cart', $3, $4)", [fx.calendarId, seat.id, Date.now(), Date.now() + 60_000])
    let hold: Promise<unknown> | null = null
    let approval: Promise<Response> | null = null
    try {
      hold = track('hold', (holder as Visitor).post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, frozen)] }))
      const deadline = Date.now() + REACH_LOCK_MS
      while ((await lockWaiters()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS))
      // The hold waits on the frozen seat, on the rush pool's one connection.
      expect(await lockWaiters()).toEqual([RUSH_POOL_NAME])

      // Pages take the page pool: the listing and the cart's read answer while the hold waits.
      const listing = await track('listing', reader.fetch('/api/afisha'))
      expect(listing.status).toBe(200)
      const cart = await track('cart list', reader.post('/api/cart/list', { calendar_id: fx.calendarId }))
      expect(cart.status).toBe(200)
      const pages = (await monitor.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1', [PAGE_POOL_NAME])).rows[0].n
      expect(pages).toBeGreaterThan(0)

      // The bank's approval is the rush's: it waits for the rush connection.
      approval = track('approval', decide(payer, publicId, 'approve'))
      await new Promise((r) => setTimeout(r, WRONG_POOL_GRACE_MS))
      expect(finished).toEqual(['listing', 'cart list'])
    } finally {
      await blocker.query('rollback')
    }
    await hold
    const approved = await approval!
    expect(approved.status).toBe(303)
    expect(approved.headers.get('location')).toContain(`/order/${order.body.hash}`)
    expect(finished.slice(0, 2)).toEqual(['listing', 'cart list'])
    const paid = await server.db.selectFrom('orders').select('paid').where('hash', '=', order.body.hash).executeTakeFirstOrThrow()
    expect(paid.paid).toBe(1)
  }, 30_000)
})
