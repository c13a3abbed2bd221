import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { orderBody, type OrderAnswer, type PriceFx } from './order-fixtures'
import { memberVisitor, paymentRow } from './payment-fixtures'
import { lastReturnMail, type Inbox } from './return-helpers'
import { addPercentPromo, cardBalance, confirmReturn, memberOrder, orderLines, payOrder, refundAmounts, requestReturn, returnTickets, setCardBalance, startReturnShop, viewSums, type ReturnShop } from './return-money-helpers'

/**
 * What a return gives back besides money, on both databases (loyalty/return-bonuses.ts,
 * orders/subscription-tickets.ts): the returned tickets' share of the bonuses spent on the order
 * goes back to the card and the same share of those the order earned is taken back (never below
 * zero: what the card spent is kept back from the money, return-bonus-shortfall.test.ts), logged in the card's history; tickets bought by subscription go back to it. The same
 * for the visitor's return and the operator's refund. Fixture tickets cost 1650 ₽ (1500 + 150
 * fee); a member earns 5 % of what they pay, in whole bonuses (1 bonus = 1 ₽).
 */
describe.each(TEST_DBS)('bonuses and subscription tickets of a return on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let shop: ReturnShop
  let boxoffice: AdminClient

  beforeAll(async () => {
    shop = await startReturnShop(dbKind)
    ;({ server, inbox } = shop)
    await addPercentPromo(shop, 'BONUS10', 10)
    boxoffice = await signedIn(server, 'boxoffice')
  })
  afterAll(() => shop?.close())

  const balance = () => cardBalance(shop)
  const setBalance = (n: number) => setCardBalance(shop, n)
  /** The card's history of one order: [kind, amount], oldest first. */
  const history = async (orderId: number) =>
    (await server.db.selectFrom('bonus_transactions').select(['kind', 'amount']).where('order_id', '=', orderId).orderBy('id').execute()).map((t) => [t.kind, Number(t.amount)])

  it('gives spent bonuses back and takes earned ones back when the ticket is returned', async () => {
    await setBalance(500)
    // 1650 ₽, 500 paid by bonuses: 1150 ₽ by card, earning 57.
    const o = await memberOrder(shop, 1, 500)
    expect((await paymentRow(server.db, o.publicId!)).amount).toBe(115_000)
    expect(await balance()).toBe(57)
    expect((await returnTickets(shop, o.hash, [o.lines[0].id])).summa).toBe(1150)
    expect(await balance()).toBe(500)
    // The request's e-mail named both: the money to the bank card, the bonuses to the loyalty card.
    expect(lastReturnMail(inbox, o.hash)).toMatch(/Сумма к возврату: .*1.?150/)
    expect(lastReturnMail(inbox, o.hash)).toContain('Бонусов вернётся на карту: 500')
    expect(await history(o.id)).toEqual([['spend', -500], ['accrual', 57], ['return', 500], ['revoke', -57]])
    expect(await viewSums(shop, o.hash)).toMatchObject({ demsumma: 0, refunded: 1150, discountData: { useBonuses: 0, chargedBonus: 0 } })
  })

  it('splits bonuses over the tickets as it splits the money, and the view adds up', async () => {
    await setBalance(500)
    // 2 × 1650 ₽ with 500 bonuses: 2800 ₽ paid, 140 earned; each ticket holds half of each.
    const o = await memberOrder(shop, 2, 500)
    expect(await balance()).toBe(140)
    expect((await returnTickets(shop, o.hash, [o.lines[0].id])).summa).toBe(1400)
    expect(await balance()).toBe(140 + 250 - 70)
    expect(await viewSums(shop, o.hash)).toMatchObject({ demsumma: 1400, refunded: 1400, discountData: { useBonuses: 250, chargedBonus: 70 } })
    expect((await returnTickets(shop, o.hash, [o.lines[1].id])).summa).toBe(1400)
    expect(await balance()).toBe(500)
    expect(await refundAmounts(shop, o.id)).toEqual([140_000, 140_000])
  })

  it('gives back an order paid wholly by bonuses', async () => {
    await setBalance(5000)
    const o = await memberOrder(shop, 1, 1650)
    expect(o.publicId).toBeNull()
    expect(await balance()).toBe(5000 - 1650)
    expect((await returnTickets(shop, o.hash, [o.lines[0].id])).summa).toBe(0)
    expect(await refundAmounts(shop, o.id)).toEqual([])
    expect(await balance()).toBe(5000)
    // Not "refund 0" as if the buyer lost what he paid: the bonuses he gets back.
    expect(lastReturnMail(inbox, o.hash)).not.toContain('Сумма к возврату')
    expect(lastReturnMail(inbox, o.hash)).toContain('Бонусов вернётся на карту: 1650')
  })

  it('never takes a card below zero for bonuses it has spent since: the refund keeps them back', async () => {
    await setBalance(0)
    // 1650 ₽ paid in full earns 82; the member spends all but 30 of them elsewhere: the other 52 (52 ₽) come off the refund.
    const o = await memberOrder(shop, 1, 0)
    expect(await balance()).toBe(82)
    await setBalance(30)
    expect((await returnTickets(shop, o.hash, [o.lines[0].id])).summa).toBe(1598)
    expect(await balance()).toBe(0)
    expect((await history(o.id)).at(-1)).toEqual(['revoke', -30])
  })

  it('moves bonuses on the console refund too, and once under confirms at once', async () => {
    await setBalance(300)
    // 3 × 1650 ₽ less 450 ₽ promo less 300 bonuses: 4200 ₽, 210 earned.
    const o = await memberOrder(shop, 3, 300, { promoCode: 'BONUS10' })
    expect((await paymentRow(server.db, o.publicId!)).amount).toBe(420_000)
    expect(await balance()).toBe(210)
    const confs = [await requestReturn(shop, o.hash, [o.lines[0].id]), await requestReturn(shop, o.hash, [o.lines[1].id])]
    const answers = await Promise.all(confs.map((c) => confirmReturn(shop, o.hash, c)))
    expect(answers.map((a) => [a.status, a.body.summa])).toEqual([[200, 1400], [200, 1400]])
    expect(await balance()).toBe(210 + 2 * (100 - 70))
    const rest = await boxoffice.post<{ amount: number }>(`/api/admin/orders/${o.id}/refund`, {})
    expect(rest.body.amount).toBe(140_000)
    expect(await balance()).toBe(300)
    expect(await viewSums(shop, o.hash)).toMatchObject({ demsumma: 0, refunded: 4200, discountData: { useBonuses: 0, chargedBonus: 0 } })
  })

  it('gives subscription tickets back to the subscription, from the visitor and the console alike', async () => {
    const ev = shop.fx.basic
    const adult = ev.prices.adult
    const row = await server.db
      .insertInto('prices')
      .values({ calendar_id: ev.calendarId, client_category_id: adult.categoryId, zone_id: adult.zoneId, price: 50_000, quantity: 10, useproculture: 0, needprice: 0, passagequant: 0, priceservise: 0, currency_id: 1, for_subscription: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
    const price: PriceFx = { id: row.id, categoryId: adult.categoryId, zoneId: adult.zoneId, price: 500, fee: 0, currency: 1 }
    const sub = await server.db.insertInto('crm_subscriptions').values({ crm_client_id: shop.pfx.client.id, event_id: ev.id, quant: 3 }).returning('id').executeTakeFirstOrThrow()
    const left = async () => (await server.db.selectFrom('crm_subscriptions').select('quant').where('id', '=', sub.id).executeTakeFirstOrThrow()).quant

    const m = await memberVisitor(server, shop.pfx)
    const created = await m.post<OrderAnswer>('/api/order/create', orderBody(shop.fx, ev, [{ price, quantity: 2 }], { crmClient: { subscritId: sub.id } }))
    expect(created.body.errorCode, JSON.stringify(created.body)).toBe('0')
    const hash = created.body.hash!
    expect(await left()).toBe(1)
    await payOrder(shop, m, hash)
    const o = await orderLines(shop, hash)
    expect((await returnTickets(shop, hash, [o.lines[0].id])).summa).toBe(500)
    expect(await left()).toBe(2)
    expect((await boxoffice.post<{ amount: number }>(`/api/admin/orders/${o.id}/refund`, {})).body.amount).toBe(50_000)
    expect(await left()).toBe(3)
  })
})
