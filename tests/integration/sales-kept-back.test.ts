import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventSales, SessionSales } from '../../src/contract/admin/sales'
import { TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { cardBalance, memberOrder, returnTickets, setCardBalance, startReturnShop, type ReturnShop } from './return-money-helpers'

/**
 * The console's sales revenue counts the money a return kept back for earned bonuses the card had
 * spent (refunds.bonus_withheld) also once every ticket of its order is returned: with no ticket
 * kept, that money (what the order paid less what went back) is the returned tickets' revenue, on
 * their zone, category, channel and day, none of them sold (admin/sales.ts sessionLineShares,
 * orders/money.ts revenueLineShares), on both databases, and the order list's paid amount says the
 * same. The race fixture's session is the order's alone: 1000 ₽ a ticket, no fee; a member earns
 * 5 % of what they pay in whole bonuses, a bonus pays 1 ₽.
 */
describe.each(TEST_DBS)('revenue kept back for spent bonuses on %s', (dbKind) => {
  let server: TestServer
  let shop: ReturnShop
  let manager: AdminClient

  beforeAll(async () => {
    shop = await startReturnShop(dbKind)
    server = shop.server
    manager = await signedIn(server, 'manager')
  })
  afterAll(() => shop?.close())

  const balance = () => cardBalance(shop)

  it('counts what the returns of all of an order\'s tickets kept back as revenue, sold none', async () => {
    await setCardBalance(shop, 0)
    // A: 2 × 1000 ₽ on the race session earns 100; B spends them all and earns 77, which the card holds.
    const a = await memberOrder(shop, 2, 0, { event: shop.fx.race })
    expect(await balance()).toBe(100)
    await memberOrder(shop, 1, 100)
    expect(await balance()).toBe(77)
    const session = `/api/admin/sales/sessions/${shop.fx.race.calendarId}`
    expect((await manager.get<SessionSales>(session)).body.totals).toMatchObject({ sold: 2, revenue: 200_000 })

    // One ticket, then the other: the card gives back what it holds, the rest is kept from the money.
    await returnTickets(shop, a.hash, [a.lines[0].id])
    await returnTickets(shop, a.hash, [a.lines[1].id])
    const kept = (await server.db.selectFrom('refunds').select('bonus_withheld').where('order_id', '=', a.id).execute()).reduce((sum, r) => sum + Number(r.bonus_withheld), 0)
    expect(kept).toBe(2300)

    const s = (await manager.get<SessionSales>(session)).body
    expect(s.totals).toMatchObject({ sold: 0, revenue: kept })
    expect(s.zones.reduce((sum, z) => sum + z.revenue, 0)).toBe(kept)
    expect(s.categories.reduce((sum, c) => sum + c.revenue, 0)).toBe(kept)
    expect(s.channels.find((c) => c.channel === 'shop')).toMatchObject({ sold: 0, revenue: kept })
    expect(s.over_time.reduce((sum, t) => sum + t.revenue, 0)).toBe(kept)
    const e = (await manager.get<EventSales>(`/api/admin/sales/events/${shop.fx.race.id}`)).body
    expect(e.totals).toMatchObject({ sold: 0, revenue: kept })
    // The order list's paid amount is the same money.
    const listed = (await manager.get<{ orders: { id: number; paid_amount: number }[] }>(`/api/admin/orders?calendar_id=${shop.fx.race.calendarId}`)).body.orders
    expect(listed.find((o) => o.id === a.id)?.paid_amount).toBe(kept)
  })
})
