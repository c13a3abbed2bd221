import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { visitor } from './order-fixtures'
import { decide, memberVisitor, pathOf, paymentRow, placeOrder, startPay } from './payment-fixtures'
import { addPercentPromo, cardBalance, confirmReturn, orderLines, refundAmounts, requestReturn, returnTickets, setCardBalance, startReturnShop, viewSums, type ReturnShop } from './return-money-helpers'

/**
 * What a return gives back (returns/refund-payment.ts refundOfReturned), on both databases: the
 * returned tickets' share of what the payment has left, split over the tickets not yet returned
 * by their cost with the offers attached to each, the last return taking the rest; the same for
 * the visitor's return and the operator's refund, and under confirms at once. The order view's
 * sums then add up: what is still to pay (demsumma) and what was refunded make what was paid.
 * Fixture tickets cost 1500 ₽ with a 150 ₽ fee; the programme (an offer) 150 ₽.
 */
describe.each(TEST_DBS)('the share a return refunds on %s', (dbKind) => {
  let server: TestServer
  let shop: ReturnShop
  let boxoffice: AdminClient

  beforeAll(async () => {
    shop = await startReturnShop(dbKind)
    server = shop.server
    await addPercentPromo(shop, 'SHARE10', 10)
    boxoffice = await signedIn(server, 'boxoffice')
  })
  afterAll(() => shop?.close())

  /**
   * An order of `quantity` adult tickets, with a promo code when asked (10 % by default) and
   * `bonuses` (a member's: the fixture client's card), an offer (the programme, or `offer`) on
   * ticket `programmeOn`, paid by card; answers its hash and payment.
   */
  async function paid(quantity: number, opts: { promo?: boolean | string; programmeOn?: number; offer?: number; bonuses?: number } = {}) {
    const v = opts.bonuses ? await memberVisitor(server, shop.pfx) : await visitor(server.url)
    const hash = await placeOrder(v, shop.fx, shop.fx.basic, 'adult', quantity)
    if (opts.promo || opts.bonuses) {
      const promoCode = opts.promo === true ? 'SHARE10' : (opts.promo ?? '')
      const added = await v.post<{ promoCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses: opts.bonuses ?? 0, cardCode: '', promoCode })
      expect(added.body.promoCode, JSON.stringify(added.body)).toBe(promoCode)
    }
    if (opts.programmeOn !== undefined) {
      const lines = (await orderLines(shop, hash)).lines
      const item = (await v.post<{ addToping: { uid: string; parent_id: number; package_id: number; price_id: number; cost: number }[] }>('/api/order/view', { hash, lang: 'ru' })).body.addToping.find(
        (t) => t.parent_id === lines[opts.programmeOn!].id && t.price_id === (opts.offer ?? shop.pfx.offer.id),
      )!
      const added = await v.post<{ errorCode: string }>('/api/order/add-special-offer', { hash, data: [item] })
      expect(added.body.errorCode, JSON.stringify(added.body)).toBe('0')
    }
    const start = await startPay(v, hash, shop.pfx.types.card)
    const publicId = pathOf(start.body.bankUrl!).split('/').pop()!
    expect((await decide(v, publicId, 'approve')).status).toBe(303)
    return { hash, publicId, ...(await orderLines(shop, hash)) }
  }

  it('refunds a promo order ticket by ticket at what each was paid, and the view adds up', async () => {
    // 2 × 1650 ₽ less 10 % of the ticket prices (300 ₽): 3000 ₽ paid.
    const o = await paid(2, { promo: true })
    expect((await paymentRow(server.db, o.publicId)).amount).toBe(300_000)
    expect(await returnTickets(shop, o.hash, [o.lines[0].id])).toMatchObject({ errorCode: '0', summa: 1500 })
    expect(await refundAmounts(shop, o.id)).toEqual([150_000])
    // What the kept ticket costs now and what went back make what was paid.
    expect(await viewSums(shop, o.hash)).toMatchObject({ demsumma: 1500, refunded: 1500 })
    expect(await returnTickets(shop, o.hash, [o.lines[1].id])).toMatchObject({ errorCode: '0', summa: 1500 })
    expect(await refundAmounts(shop, o.id)).toEqual([150_000, 150_000])
    expect((await paymentRow(server.db, o.publicId)).status).toBe('refunded')
    expect(await viewSums(shop, o.hash)).toMatchObject({ demsumma: 0, refunded: 3000 })
  })

  it('gives the last return what is left after rounding, never more than was paid', async () => {
    // 3 × 1650 ₽ less 100 ₽ (the fixtures' fixed promo): 4850 ₽, a third of it is 1616.666… ₽.
    const o = await paid(3, { promo: shop.pfx.promos.multi })
    expect((await paymentRow(server.db, o.publicId)).amount).toBe(485_000)
    // Rounded down for the middle ticket (the kopecks left over sit with the first, by id) …
    expect((await returnTickets(shop, o.hash, [o.lines[1].id])).summa).toBe(1616.66)
    // The kept tickets keep their part of the fixed discount, not all of it: the view adds up.
    expect(await viewSums(shop, o.hash)).toMatchObject({ demsumma: 3233.34, refunded: 1616.66, discountData: { totalDiscount: 66.66 } })
    // … and the last return takes all that is left.
    expect((await returnTickets(shop, o.hash, [o.lines[0].id, o.lines[2].id])).summa).toBe(3233.34)
    expect(await refundAmounts(shop, o.id)).toEqual([161_666, 323_334])
    expect((await paymentRow(server.db, o.publicId)).status).toBe('refunded')
  })

  it("refunds a ticket's offers with it and leaves them out of the order's sum", async () => {
    // 2 × 1650 ₽ and a programme (150 ₽) for the first ticket: 3450 ₽ paid.
    const o = await paid(2, { programmeOn: 0 })
    expect((await paymentRow(server.db, o.publicId)).amount).toBe(345_000)
    expect(await viewSums(shop, o.hash)).toMatchObject({ demsumma: 3450, cost: 3450 })
    expect((await returnTickets(shop, o.hash, [o.lines[0].id])).summa).toBe(1800)
    expect(await refundAmounts(shop, o.id)).toEqual([180_000])
    expect(await viewSums(shop, o.hash)).toMatchObject({ demsumma: 1650, cost: 1650, refunded: 1800 })
    expect((await returnTickets(shop, o.hash, [o.lines[1].id])).summa).toBe(1650)
    // No ticket left: nothing is charged for the returned ticket's programme.
    expect(await viewSums(shop, o.hash)).toMatchObject({ demsumma: 0, cost: 0, refunded: 3450 })
    expect((await paymentRow(server.db, o.publicId)).status).toBe('refunded')
  })

  it('adds up to the kopeck when the ticket returned carries offers and a promo share: what is left to pay and what went back make what was paid', async () => {
    // 3 × 1650 ₽ less 10 % of the ticket prices (450 ₽), a programme (150 ₽) on the first ticket: 4650 ₽ paid.
    const o = await paid(3, { promo: true, programmeOn: 0 })
    expect((await paymentRow(server.db, o.publicId)).amount).toBe(465_000)
    // The first ticket was charged 1350 + 150 fee + 150 programme: its own 10 % off its price, not a part of the others'.
    expect((await returnTickets(shop, o.hash, [o.lines[0].id])).summa).toBe(1650)
    expect(await viewSums(shop, o.hash)).toMatchObject({ demsumma: 3000, refunded: 1650, discountData: { totalDiscount: 300 } })
    expect((await returnTickets(shop, o.hash, [o.lines[1].id, o.lines[2].id])).summa).toBe(3000)
    expect(await refundAmounts(shop, o.id)).toEqual([165_000, 300_000])
  })

  it("refunds a ticket without offers what it was charged when another carries a dear offer under a percent promo (the audit's probe)", async () => {
    // A 1500 ₽ offer, attached to the first ticket; 2 × 1650 ₽ less 50 % of the ticket prices (1500 ₽): 3300 ₽ paid.
    const dinner = await server.db.insertInto('services').values({ event_id: null, package_id: 7, price: 150_000, limit_per_order: 2, name_ru: 'Ужин', name_en: 'Dinner' }).returning('id').executeTakeFirstOrThrow()
    await addPercentPromo(shop, 'HALF50', 50)
    const o = await paid(2, { promo: 'HALF50', programmeOn: 0, offer: dinner.id })
    expect((await paymentRow(server.db, o.publicId)).amount).toBe(330_000)
    // The second ticket cost its buyer 750 + 150: that, not a part of the first one's offer.
    expect((await returnTickets(shop, o.hash, [o.lines[1].id])).summa).toBe(900)
    expect(await viewSums(shop, o.hash)).toMatchObject({ demsumma: 2400, refunded: 900, discountData: { totalDiscount: 750 } })
    // The kept ticket and its offer cost what they cost alone with the code: 750 + 150 + 1500.
    expect((await returnTickets(shop, o.hash, [o.lines[0].id])).summa).toBe(2400)
    expect(await refundAmounts(shop, o.id)).toEqual([90_000, 240_000])
    expect((await paymentRow(server.db, o.publicId)).status).toBe('refunded')
    expect(await viewSums(shop, o.hash)).toMatchObject({ demsumma: 0, refunded: 3300 })
    await server.db.updateTable('services').set({ active: 0 }).where('id', '=', dinner.id).execute()
  })

  it('spreads what belongs to the whole order (a fixed promo part, bonuses) by what each ticket was charged', async () => {
    const balance = () => cardBalance(shop)
    // A code of 50 % and 100 ₽, 200 bonuses, the programme (150 ₽) on the first ticket:
    // 3450 ₽ less 1500 + 100 ₽ less 200 ₽: 1650 ₽ paid. The first ticket was charged 1050 ₽, the second 900 ₽.
    await server.db.insertInto('promo_codes').values({ code: 'MIX50', discount_percent: 50, discount_amount: 10_000, multi_use: 1, max_uses: null, valid_to: null }).execute()
    await setCardBalance(shop, 500)
    const o = await paid(2, { promo: 'MIX50', bonuses: 200, programmeOn: 0 })
    expect((await paymentRow(server.db, o.publicId)).amount).toBe(165_000)
    // The second: 900 of 1950 of the 1650 ₽ paid, 761.538… ₽ rounded down; 92 of the 200 bonuses back.
    expect((await returnTickets(shop, o.hash, [o.lines[1].id])).summa).toBe(761.53)
    expect(await viewSums(shop, o.hash)).toMatchObject({ demsumma: 888.47, refunded: 761.53, discountData: { useBonuses: 108 } })
    // 500 less 200 spent, 82 earned (5 % of 1650 ₽), then 92 back and 37 of the earned (82 × 900 / 1950) taken back.
    expect(await balance()).toBe(500 - 200 + 82 + 92 - 37)
    // The first takes the rest: what went back is what was paid, and every bonus is back on the card.
    expect((await returnTickets(shop, o.hash, [o.lines[0].id])).summa).toBe(888.47)
    expect(await refundAmounts(shop, o.id)).toEqual([76_153, 88_847])
    expect(await viewSums(shop, o.hash)).toMatchObject({ demsumma: 0, refunded: 1650 })
    expect(await balance()).toBe(500)
  })

  it('gives the console refund the same rule', async () => {
    const o = await paid(2, { promo: true })
    const one = await boxoffice.post<{ amount: number; lines: number; repeat: boolean }>(`/api/admin/orders/${o.id}/refund`, { lineIds: [o.lines[0].id] })
    expect(one.status, JSON.stringify(one.body)).toBe(200)
    expect(one.body).toEqual({ amount: 150_000, lines: 1, repeat: false })
    const rest = await boxoffice.post<{ amount: number; lines: number; repeat: boolean }>(`/api/admin/orders/${o.id}/refund`, {})
    expect(rest.body).toEqual({ amount: 150_000, lines: 1, repeat: false })
    expect((await paymentRow(server.db, o.publicId)).status).toBe('refunded')

    // A programme goes back with its ticket from the console too.
    const p = await paid(1, { programmeOn: 0 })
    const all = await boxoffice.post<{ amount: number }>(`/api/admin/orders/${p.id}/refund`, {})
    expect(all.body.amount).toBe(180_000)
    expect(await viewSums(shop, p.hash)).toMatchObject({ demsumma: 0, refunded: 1800 })
  })

  it("gives a promo code's use back once the order's last ticket is returned, not before", async () => {
    await server.db.insertInto('promo_codes').values({ code: 'ONCE10', discount_percent: 10, discount_amount: 0, multi_use: 1, max_uses: 1, valid_to: null }).execute()
    const uses = async () => Number((await server.db.selectFrom('promo_codes').select('used_count').where('code', '=', 'ONCE10').executeTakeFirstOrThrow()).used_count)
    const o = await paid(2, { promo: 'ONCE10' })
    expect(await uses()).toBe(1)
    const v = await visitor(server.url)
    const other = await placeOrder(v, shop.fx, shop.fx.basic, 'adult', 1)
    const apply = async () => (await v.post<{ promoCode: string }>('/api/order/add-discount', { hash: other, lang: 'ru', bonuses: 0, cardCode: '', promoCode: 'ONCE10' })).body.promoCode
    // A partial return keeps the use: the kept ticket keeps its part of the discount.
    expect((await returnTickets(shop, o.hash, [o.lines[0].id])).summa).toBe(1500)
    expect(await uses()).toBe(1)
    expect(await apply()).toBe('')
    // The last ticket returned: the order uses the code no more, and another order may.
    expect((await returnTickets(shop, o.hash, [o.lines[1].id])).summa).toBe(1500)
    expect(await uses()).toBe(0)
    expect(await apply()).toBe('ONCE10')
    expect(await uses()).toBe(1)
    expect(await viewSums(shop, o.hash)).toMatchObject({ demsumma: 0, refunded: 3000 })

    // The same from the console: its refund of the whole order gives the use back too.
    await server.db.updateTable('promo_codes').set({ max_uses: 2 }).where('code', '=', 'ONCE10').execute()
    const p = await paid(1, { promo: 'ONCE10' })
    expect(await uses()).toBe(2)
    expect((await boxoffice.post<{ amount: number }>(`/api/admin/orders/${p.id}/refund`, {})).body.amount).toBe(150_000)
    expect(await uses()).toBe(1)
  })

  it('splits exactly under confirms of one order at once', async () => {
    // 3 tickets with the promo (4500 ₽), each returned by its own request, the three links opened at once.
    const o = await paid(3, { promo: true })
    const confs: string[] = []
    for (const l of o.lines) confs.push(await requestReturn(shop, o.hash, [l.id]))
    const answers = await Promise.all(confs.map((c) => confirmReturn(shop, o.hash, c)))
    expect(answers.map((a) => [a.status, a.body.summa])).toEqual([[200, 1500], [200, 1500], [200, 1500]])
    expect(await refundAmounts(shop, o.id)).toEqual([150_000, 150_000, 150_000])
    expect((await paymentRow(server.db, o.publicId)).status).toBe('refunded')
  })
})
