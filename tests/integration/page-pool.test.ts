import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAIN_POOL_NAME, PAGE_POOL_NAME } from '../../src/server/db/connect'
import { startTestServer } from '../support/server'
import { lockRig, seatRowIds } from './lock-rig'
import { decide, pathOf, startPay } from './payment-fixtures'
import { loadScheme, schemeOrderBody, seatChange, visitor, type SchemeFx, type Visitor } from './scheme-helpers'

/** Long enough for the test's steps while a hold waits on the frozen seat; under the pool's 5 s acquire bound. */
const LOCK_TIMEOUT_MS = 4000
/** Time a call on a free connection needs (a few statements); a call queued behind the frozen hold must not answer within it. */
const QUEUED_GRACE_MS = 600
/** How long the hold may take to reach the frozen seat's lock on a loaded machine. */
const REACH_HOLD_MS = 15_000

/**
 * Issue 18.3, plugins/page-pool.ts and db/connect.ts pageDbOf: the storefront's read calls (the
 * listing, the cart's read, the scheme page's calls) take their connections from the page pool
 * (DB_PAGE_POOL_MAX), everything else from the main pool (DB_POOL_MAX). With the main pool's one
 * connection held by a hold waiting on a frozen seat, the pages still answer, and the bank's
 * approval waits for that connection (it answers once the seat is let go, not before). Without a
 * page pool (0) the listing waits too: the case the pool exists for.
 */
describe('the page pool on PostgreSQL', () => {
  /** A server whose main pool has one connection, a scheme fixture, and a lock rig on its database. */
  async function setUp(pagePool: number) {
    const server = await startTestServer({ db: 'postgres', env: { DB_POOL_MAX: '1', DB_PAGE_POOL_MAX: String(pagePool), DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } })
    const fx = await loadScheme(await visitor(server.url))
    return { server, fx, locks: await lockRig(server) }
  }
  type Rig = Awaited<ReturnType<typeof setUp>>

  /** Sets up a rig for the enclosing describe (and takes it down after); the getter answers it. */
  function rigOf(pagePool: number): () => Rig {
    let rig: Rig | undefined
    beforeAll(async () => {
      rig = await setUp(pagePool)
    })
    afterAll(async () => {
      await rig?.locks.end()
      await rig?.server.close()
    })
    return () => rig!
  }

  /**
   * Freezes a free seat in the blocker's transaction, sends a hold of it (which waits on the lock
   * with the main pool's one connection) and runs `during` meanwhile; lets the seat go after.
   */
  async function whileHoldWaits(rig: Rig, seatKey: string, during: () => Promise<void>): Promise<void> {
    const { server, fx, locks } = rig
    const [seat] = await seatRowIds(server, fx.calendarId, [seatKey])
    const holder = await visitor(server.url)
    let hold: Promise<unknown> | null = null
    try {
      await locks.freezeSeats(fx.calendarId, [seat])
      hold = holder.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seatKey)] })
      // The hold waits on the frozen seat, on the main pool's one connection. Polled, not read once
      // after the first waiter: a backend of ours may wait on a lock for an instant (a relation
      // extension, another row) before the hold gets there, which failed a loaded run once.
      await expect.poll(() => locks.lockWaiters(), { timeout: REACH_HOLD_MS }).toEqual([MAIN_POOL_NAME])
      await during()
    } finally {
      await locks.release()
    }
    await hold
  }

  const freeSeats = (fx: SchemeFx) => fx.map.seat_numbers.filter((s) => s.status === 'free').map((s) => s.seat_id)

  describe('with a page pool', () => {
    const rigNow = rigOf(2)

    it('pages answer while a hold waits on the one main connection; the bank waits for it', async () => {
      const rig = rigNow()
      const { server, fx } = rig
      const [frozen, bought] = freeSeats(fx)
      // An order of another seat, its payment started, before anything is frozen.
      const payer = await visitor(server.url)
      expect((await payer.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, bought)] })).status).toBe(200)
      const order = await payer.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', await schemeOrderBody(payer, fx, [bought]))
      expect(order.body.errorCode).toBe('0')
      const view = (await payer.post<{ payments: { creditcompany_id: number; protocol_type: string }[] }>('/api/order/view', { hash: order.body.hash, lang: 'ru' })).body
      const start = await startPay(payer, order.body.hash, view.payments.find((p) => p.protocol_type === 'card')!.creditcompany_id)
      const publicId = pathOf(start.body.bankUrl!).split('/').pop()!

      const reader: Visitor = await visitor(server.url)
      const finished: string[] = []
      const track = <T>(name: string, p: Promise<T>) => p.then((r) => (finished.push(name), r))
      let approval: Promise<Response> | null = null
      await whileHoldWaits(rig, frozen, async () => {
        // Pages take the page pool: the listing, the cart's read and the scheme's sessions answer while the hold waits.
        expect((await track('listing', reader.fetch('/api/afisha'))).status).toBe(200)
        expect((await track('cart list', reader.post('/api/cart/list', { calendar_id: fx.calendarId }))).status).toBe(200)
        expect((await track('sessions', reader.post('/api/scheme/sessions', { hash: fx.hash }))).status).toBe(200)
        const pages = await rig.locks.monitor.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1', [PAGE_POOL_NAME])
        expect(pages.rows[0].n).toBeGreaterThan(0)
        // The bank's approval is not a page: it waits for the main connection.
        approval = track('approval', decide(payer, publicId, 'approve'))
        await new Promise((r) => setTimeout(r, QUEUED_GRACE_MS))
        expect(finished).toEqual(['listing', 'cart list', 'sessions'])
      })
      const approved = await approval!
      expect(approved.status).toBe(303)
      expect(approved.headers.get('location')).toContain(`/order/${order.body.hash}`)
      const paid = await server.db.selectFrom('orders').select('paid').where('hash', '=', order.body.hash).executeTakeFirstOrThrow()
      expect(paid.paid).toBe(1)
    }, 30_000)
  })

  describe('without a page pool (DB_PAGE_POOL_MAX=0)', () => {
    const rigNow = rigOf(0)

    it('the listing waits behind the hold for the one connection', async () => {
      const rig = rigNow()
      const reader = await visitor(rig.server.url)
      let listing: Promise<Response> | null = null
      let answered = false
      await whileHoldWaits(rig, freeSeats(rig.fx)[0], async () => {
        listing = reader.fetch('/api/afisha').then((r) => ((answered = true), r))
        await new Promise((r) => setTimeout(r, QUEUED_GRACE_MS))
        expect(answered).toBe(false)
      })
      expect((await listing!).status).toBe(200)
    }, 30_000)
  })
})
