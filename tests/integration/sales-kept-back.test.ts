import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventSales, SessionSales } from '../../src/contract/admin/sales'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { decide, memberVisitor, pathOf, placeOrder, startPay } from './payment-fixtures'
import { startInbox, type Inbox } from './return-helpers'
import { orderLines, returnTickets, seedReturnShop, type ReturnShop } from './return-money-helpers'

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
  let inbox: Inbox
  let shop: ReturnShop
  let manager: AdminClient

  beforeAll(async () => {
    inbox = await startInbox()
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: 'http://shop.test' } })
    shop = await seedReturnShop(server, inbox)
    manager = await signedIn(server, 'manager')
  })
  afterAll(async () => {
    await server?.close()
    await inbox?.close()
  })

  const balance = async () => Number((await server.db.selectFrom('loyalty_cards').select('bonus_balance').where('id', '=', shop.pfx.client.cardId).executeTakeFirstOrThrow()).bonus_balance)

  async function memberOrder(quantity: number, bonuses: number, event = shop.fx.basic) {
    const m = await memberVisitor(server, shop.pfx)
    const hash = await placeOrder(m, shop.fx, event, 'adult', quantity)
    if (bonuses > 0) {
      const d = await m.post<{ errorCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses, cardCode: '', promoCode: '' })
      expect(d.body.errorCode, JSON.stringify(d.body)).toBe('0')
    }
    const start = await startPay(m, hash, shop.pfx.types.card)
    expect(start.body.errorCode, JSON.stringify(start.body)).toBe('0')
    expect((await decide(m, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
    return { hash, ...(await orderLines(shop, hash)) }
  }

  it('counts what the returns of all of an order\'s tickets kept back as revenue, sold none', async () => {
    await server.db.updateTable('loyalty_cards').set({ bonus_balance: 0 }).where('id', '=', shop.pfx.client.cardId).execute()
    // A: 2 × 1000 ₽ on the race session earns 100; B spends them all and earns 77, which the card holds.
    const a = await memberOrder(2, 0, shop.fx.race)
    expect(await balance()).toBe(100)
    await memberOrder(1, 100)
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
