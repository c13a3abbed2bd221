import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pendingOrder } from '../../src/server/domain/orders/order.repository'
import { indexedPlanOf as indexedPlansOf, planOf as plansOf } from '../support/plans'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'

/**
 * A cart's live holds are read by the cart (index seat_holds_cart_live, migration
 * 2026_11_26_18_wh1_01, whole since 2026_11_29_18_sl1_03), not by walking every live hold of every session: each hold of a rush
 * (seatwise_hold_cart_seats answers the cart's live holds; the cart list and the general claim
 * read them too) would otherwise cost more as the rush sells. The query plan is checked, with
 * thousands of other carts' live holds in the table (no timing in tests); the statements are the
 * ones the hold function and cartHolds run (holds.repository.ts), and an order's (by order_id: any id
 * will do, the plan is checked).
 */
const OTHER_CARTS = 3000

describe.each(TEST_DBS)('a cart reads its live holds by index on %s', (dbKind) => {
  let server: TestServer
  let cartId: number
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    const db = server.db
    const calendar = await db.selectFrom('calendars').select(['id', 'venue_id']).orderBy('id').executeTakeFirstOrThrow()
    const seats = await db.selectFrom('seats').select('id').orderBy('id').limit(OTHER_CARTS).execute()
    const now = Date.now()
    const sessions = seats.map((_, i) => ({ id: `index-test-${i}`, csrf_token: 't', lang: 'ru', crm_client_id: null, created_at: now, last_seen_at: now, expires_at: now + 3_600_000 }))
    for (let i = 0; i < sessions.length; i += 500) await db.insertInto('sessions').values(sessions.slice(i, i + 500)).execute()
    const carts = sessions.map((s) => ({ session_id: s.id, calendar_id: calendar.id, created_at: now, updated_at: now }))
    for (let i = 0; i < carts.length; i += 500) await db.insertInto('carts').values(carts.slice(i, i + 500)).execute()
    const cartIds = (await db.selectFrom('carts').select('id').where('session_id', 'like', 'index-test-%').orderBy('id').execute()).map((c) => c.id)
    const holds = seats.map((s, i) => ({ calendar_id: calendar.id, seat_id: s.id, cart_id: cartIds[i], order_id: null, price_id: null, state: 'cart' as const, created_at: now, expires_at: now + 600_000, released_at: null }))
    for (let i = 0; i < holds.length; i += 500) await db.insertInto('seat_holds').values(holds.slice(i, i + 500)).execute()
    // A standing hold per cart too (any standing place: the plan, not the venue, is checked).
    const place = await db.selectFrom('standing_places').select(['id']).orderBy('id').executeTakeFirstOrThrow()
    const stands = cartIds.map((id) => ({ calendar_id: calendar.id, standing_place_id: place.id, cart_id: id, order_id: null, price_id: null, state: 'cart' as const, quantity: 1, created_at: now, expires_at: now + 600_000, released_at: null }))
    for (let i = 0; i < stands.length; i += 500) await db.insertInto('standing_holds').values(stands.slice(i, i + 500)).execute()
    cartId = cartIds[Math.floor(cartIds.length / 2)]
    await sql`analyze`.execute(db)
  })
  afterAll(async () => {
    await server?.close()
  })

  const planOf = (query: string) => plansOf(server.db, dbKind, query)

  it.each([
    ['the cart answer of the hold function', `select id, seat_id, price_id, expires_at from seat_holds where cart_id = CART and state = 'cart' and released_at is null and expires_at > NOW order by id`, 'seat_holds_cart_idx'],
    ['the kept-holds count of the hold function', `select count(*), min(expires_at) from seat_holds where cart_id = CART and state = 'cart' and released_at is null and expires_at > NOW`, 'seat_holds_cart_idx'],
    ['the live standing holds of a cart', `select 1 from standing_holds where cart_id = CART and state = 'cart' and released_at is null and expires_at > NOW`, 'standing_holds_cart_idx'],
    // A payment, a cancellation and a return (holds.repository.ts sellOrderHolds, releaseOrderHolds,
    // releaseOrderSeats) find an order's live holds (migration 2026_11_29_18_sl1_02; before: Seq Scan).
    ['the live seat holds of an order', `update seat_holds set state = 'sold', expires_at = null where order_id = CART and released_at is null`, 'seat_holds_order_live'],
    ['the live standing holds of an order', `update standing_holds set state = 'sold', expires_at = null where order_id = CART and released_at is null`, 'standing_holds_order_live'],
  ])('%s', async (_what, template, index) => {
    const query = template.replace('CART', String(cartId)).replace('NOW', String(Date.now()))
    const plan = await planOf(query)
    expect(plan, plan).toContain(index)
    expect(plan, plan).not.toMatch(/seat_holds_live_uq|standing_holds_place_idx|Seq Scan|SCAN (seat|standing)_holds\b/)
  })

  const indexedPlanOf = (query: string, index: string) => indexedPlansOf(server.db, dbKind, query, index)

  /**
   * What a session's deletion (the pruning of expired sessions, a sign-in's move to a new id)
   * makes the database look up: the foreign keys' actions on what names its carts, with no
   * released_at condition, and moveSession's updates (migration 2026_11_29_18_sl1_03).
   */
  it.each([
    ['a cart\'s seat holds, released ones too', `update seat_holds set cart_id = null where cart_id = CART`, 'seat_holds_cart_idx'],
    ['a cart\'s standing holds, released ones too', `update standing_holds set cart_id = null where cart_id = CART`, 'standing_holds_cart_idx'],
    ['a session\'s orders', `update orders set session_id = null where session_id = 'SESSION'`, 'orders_session_idx'],
    ['a session\'s places in waiting rooms', `update waiting_visitors set session_id = 'other' where session_id = 'SESSION'`, 'waiting_visitors_session_idx'],
  ])('a session deleted finds %s by index', async (_what, template, index) => {
    const plan = await indexedPlanOf(template.replace('CART', String(cartId)).replace('SESSION', 'index-test-1'), index)
    expect(plan, plan).toContain(index)
    expect(plan, plan).not.toMatch(/Seq Scan|SCAN (seat_holds|standing_holds|orders|waiting_visitors)\b/)
  })

  /**
   * What a seat's deletion (the studio's delete on a map version's copy) makes the database look
   * up: the foreign keys naming seats, once per seat deleted (migration 2026_11_29_17_ol1_02;
   * before: a scan of every order line and every hold ever written, per seat).
   */
  it.each([
    ['the order lines naming it (restrict)', `select 1 from order_lines where seat_id = SEAT`, 'order_lines_seat_idx'],
    ['its holds, released ones too (cascade)', `delete from seat_holds where seat_id = SEAT`, 'seat_holds_seat_idx'],
  ])('a seat deleted finds %s by index', async (_what, template, index) => {
    const seat = await server.db.selectFrom('seats').select('id').orderBy('id').executeTakeFirstOrThrow()
    const plan = await indexedPlanOf(template.replace('SEAT', String(seat.id)), index)
    expect(plan, plan).toContain(index)
    expect(plan, plan).not.toMatch(/Seq Scan|SCAN (seat_holds|order_lines)\b/)
  })

  /**
   * The expiry sweep's statements (holds.repository.ts releaseExpiredCartHolds,
   * order.repository.ts cancelExpiredOrders with `pendingOrder`, expiry.repository.ts nextExpiry)
   * read the pending holds and orders by their end (migration 2026_11_29_18_sl1_04), not every
   * live hold (each sold seat ever) or every order.
   */
  it.each([
    ['expired cart seat holds', `update seat_holds set released_at = NOW where state = 'cart' and released_at is null and expires_at <= NOW`, 'seat_holds_pending_expiry'],
    ['expired cart standing holds', `update standing_holds set released_at = NOW where state = 'cart' and released_at is null and expires_at <= NOW`, 'standing_holds_pending_expiry'],
    ['the next cart hold to expire', `select min(expires_at) from seat_holds where state = 'cart' and released_at is null and expires_at > NOW`, 'seat_holds_pending_expiry'],
    ['unpaid orders past their reserve', `update orders set status = 90 where (paid = 0 and status <> 90) and reserve_until <= NOW`, 'orders_pending_reserve'],
    ['the next reserve to end', `select min(reserve_until) from orders where (paid = 0 and status <> 90) and reserve_until > NOW`, 'orders_pending_reserve'],
  ])('the expiry sweep finds %s by index', async (_what, template, index) => {
    const plan = await indexedPlanOf(template.replaceAll('NOW', String(Date.now())), index)
    expect(plan, plan).toContain(index)
    expect(plan, plan).not.toMatch(/Seq Scan|SCAN (seat_holds|standing_holds|orders)\b|seat_holds_live_uq/)
  })

  it('the sweep\'s order statements write the index\'s predicate as the cases above do, with literals', () => {
    expect(pendingOrder.compile(server.db)).toMatchObject({ sql: '(paid = 0 and status <> 90)', parameters: [] })
  })
})
