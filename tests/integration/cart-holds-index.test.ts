import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'

/**
 * A cart's live holds are read by the cart (index seat_holds_cart_live, migration
 * 2026_11_26_18_wh1_01), not by walking every live hold of every session: each hold of a rush
 * (seatwise_hold_cart_seats answers the cart's live holds; the cart list and the general claim
 * read them too) would otherwise cost more as the rush sells. The query plan is checked, with
 * thousands of other carts' live holds in the table (no timing in tests); the statements are the
 * ones the hold function and cartHolds run (holds.repository.ts).
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

  /** The plan of `query` (values inlined: the planner sees what a prepared call would bind). */
  const planOf = async (query: string) => {
    if (dbKind === 'postgres') {
      const rows = await sql<{ 'QUERY PLAN': string }>`${sql.raw(`explain ${query}`)}`.execute(server.db)
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n')
    }
    const rows = await sql<{ detail: string }>`${sql.raw(`explain query plan ${query}`)}`.execute(server.db)
    return rows.rows.map((r) => r.detail).join('\n')
  }

  it.each([
    ['the cart answer of the hold function', `select id, seat_id, price_id, expires_at from seat_holds where cart_id = CART and state = 'cart' and released_at is null and expires_at > NOW order by id`],
    ['the kept-holds count of the hold function', `select count(*), min(expires_at) from seat_holds where cart_id = CART and state = 'cart' and released_at is null and expires_at > NOW`],
    ['the live standing holds of a cart', `select 1 from standing_holds where cart_id = CART and state = 'cart' and released_at is null and expires_at > NOW`],
  ])('%s', async (_what, template) => {
    const query = template.replace('CART', String(cartId)).replace('NOW', String(Date.now()))
    const plan = await planOf(query)
    const index = template.includes('standing_holds') ? 'standing_holds_cart_live' : 'seat_holds_cart_live'
    expect(plan, plan).toContain(index)
    expect(plan, plan).not.toMatch(/seat_holds_live_uq|standing_holds_place_idx|Seq Scan|SCAN (seat|standing)_holds\b/)
  })
})
