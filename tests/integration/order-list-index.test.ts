import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderPage, ordersOf } from '../../src/server/admin/sales.repository'
import { indexedPlanOf, inlined } from '../support/plans'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'

/**
 * The console's order list reads a page, not the history (migration 2026_11_29_17_ol1_01): with
 * thousands of another event's orders in the tables, the page of an event's or a session's orders
 * is taken from the (event_id, order_id) or (calendar_id, order_id) index, newest first, and all
 * orders from the orders' key; never a scan of order_lines (before: a sequential scan of every
 * line ever sold for each page of an event). Plans checked, no timing; and the answer itself.
 */
const HISTORY = 3000
const OWN = 7
const PAGE = 5

describe.each(TEST_DBS)('the console order list pages by index on %s', (dbKind) => {
  let server: TestServer
  let own: { eventId: number; calendarId: number; orderIds: number[] }
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    const db = server.db
    const prices = await db
      .selectFrom('prices as p')
      .innerJoin('calendars as c', 'c.id', 'p.calendar_id')
      .select(['p.id as priceId', 'p.client_category_id as categoryId', 'p.zone_id as zoneId', 'c.id as calendarId', 'c.event_id as eventId'])
      .orderBy('c.event_id')
      .orderBy('p.id')
      .execute()
    const other = prices[0]
    const mine = prices.find((p) => p.eventId !== other.eventId)!
    const now = Date.now()
    const insertOrders = async (n: number, tag: string, at: { priceId: number; categoryId: number; zoneId: number; calendarId: number; eventId: number }, quantity: number) => {
      const ids: number[] = []
      for (let i = 0; i < n; i += 500) {
        const batch = Array.from({ length: Math.min(500, n - i) }, (_, k) => ({ hash: `${tag}-${i + k}`, ord_num: -(ids.length + k + 1) - (tag === 'own' ? 1_000_000 : 0), lang: 'ru', total: 100, created_at: now, reserve_until: now }))
        const rows = await db.insertInto('orders').values(batch).returning('id').execute()
        const lines = rows.map((r, k) => ({ order_id: r.id, event_id: at.eventId, calendar_id: at.calendarId, price_id: at.priceId, client_category_id: at.categoryId, zone_id: at.zoneId, quantity, ticket_hash: `${tag}-t-${i + k}`, ticket_code: `${tag === 'own' ? 9 : 8}${String(i + k).padStart(11, '0')}` }))
        await db.insertInto('order_lines').values(lines).execute()
        ids.push(...rows.map((r) => r.id))
      }
      return ids
    }
    await insertOrders(HISTORY, 'history', other, 1)
    own = { eventId: mine.eventId, calendarId: mine.calendarId, orderIds: await insertOrders(OWN, 'own', mine, 2) }
    await sql`analyze`.execute(db)
  })
  afterAll(async () => {
    await server?.close()
  })

  /** The plan of the page's statement, with sequential scans priced out on PostgreSQL. */
  const pagePlan = (q: Parameters<typeof orderPage>[1], index: string) => indexedPlanOf(server.db, dbKind, inlined(orderPage(server.db, q).compile(), dbKind), index)

  it("an event's page comes from (event_id, order_id)", async () => {
    const plan = await pagePlan({ event_id: own.eventId, limit: PAGE }, 'order_lines_event_order_idx')
    expect(plan, plan).toContain('order_lines_event_order_idx')
    expect(plan, plan).not.toMatch(/Seq Scan|SCAN (pl|order_lines)\b(?! USING)/)
  })

  it("a session's page comes from (calendar_id, order_id)", async () => {
    const plan = await pagePlan({ calendar_id: own.calendarId, limit: PAGE }, 'order_lines_calendar_order_idx')
    expect(plan, plan).toContain('order_lines_calendar_order_idx')
    expect(plan, plan).not.toMatch(/Seq Scan|SCAN (pl|order_lines)\b(?! USING)/)
  })

  it('the page answers the newest orders with their tickets', async () => {
    const newest = [...own.orderIds].sort((a, b) => b - a).slice(0, PAGE)
    for (const q of [{ event_id: own.eventId, limit: PAGE }, { calendar_id: own.calendarId, limit: PAGE }, { event_id: own.eventId, calendar_id: own.calendarId, limit: PAGE }]) {
      const rows = await ordersOf(server.db, q)
      expect(rows.map((r) => r.id)).toEqual(newest)
      expect(rows.map((r) => Number(r.tickets))).toEqual(newest.map(() => 2))
    }
    // All orders: the newest of every event, the history's included.
    const all = await ordersOf(server.db, { limit: PAGE })
    const top = (await server.db.selectFrom('orders').select('id').where('id', 'in', server.db.selectFrom('order_lines').select('order_id')).orderBy('id', 'desc').limit(PAGE).execute()).map((r) => r.id)
    expect(all.map((r) => r.id)).toEqual(top)
  })
})
