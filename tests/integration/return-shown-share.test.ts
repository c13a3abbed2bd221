import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RETURN_STATUS_CONFIRMED } from '../../src/contract/constants'
import type { OrderReturnDataResponse } from '../../src/contract/entities/returns'
import { formatMoney } from '../../src/contract/rules/moneyText'
import { TEST_DBS, type TestServer } from '../support/server'
import { visitor } from './order-fixtures'
import { decide, pathOf, placeOrder, startPay } from './payment-fixtures'
import { decodeMessage, type Inbox } from './return-helpers'
import { addPercentPromo, orderLines, refundAmounts, requestReturn, returnTickets, startReturnShop, type ReturnShop } from './return-money-helpers'

/**
 * What the return page and the request's e-mail show is what the confirm refunds
 * (returns/refund-payment.ts returnShare), not the tickets' list cost: with a 10 % promo code a
 * 1650 ₽ ticket (1500 ₽ price, 150 ₽ fee) gives back 1500 ₽; and the order view no longer lists
 * the offers of a returned ticket (offers/service.ts topingOf). On both databases.
 */
describe.each(TEST_DBS)('the refund the return shows on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let shop: ReturnShop

  beforeAll(async () => {
    shop = await startReturnShop(dbKind)
    ;({ server, inbox } = shop)
    await addPercentPromo(shop, 'SHOWN10', 10)
  })
  afterAll(() => shop?.close())

  it('shows each ticket at what its return refunds, in the page and in the e-mail', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, shop.fx, shop.fx.basic, 'adult', 2)
    expect((await v.post<{ promoCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses: 0, cardCode: '', promoCode: 'SHOWN10' })).body.promoCode).toBe('SHOWN10')
    const publicId = pathOf((await startPay(v, hash, shop.pfx.types.card)).body.bankUrl!).split('/').pop()!
    expect((await decide(v, publicId, 'approve')).status).toBe(303)
    const { lines } = await orderLines(shop, hash)
    expect(lines.map((l) => Number(l.cost))).toEqual([165_000, 165_000])

    const data = (await v.post<OrderReturnDataResponse>(`/api/order/return/${hash}`, { hash, lang: 'ru' })).body
    expect(data.rows.map((r) => r.summa)).toEqual([1500, 1500])

    const seen = inbox.messages.length
    await requestReturn(shop, hash, [lines[0].id])
    const mail = inbox.messages.slice(seen).map(decodeMessage).find((m) => m.includes(`/order/return/${hash}?hash_conf=`))!
    expect(mail).toContain(formatMoney(1500, 'ru', 'RUB'))
    expect(mail).not.toContain(formatMoney(1650, 'ru', 'RUB'))

    // A ticket waiting for its confirmation is still shown at what its return will refund.
    await requestReturn(shop, hash, [lines[1].id])
    expect((await v.post<OrderReturnDataResponse>(`/api/order/return/${hash}`, { hash, lang: 'ru' })).body.rows.map((r) => r.summa)).toEqual([1500, 1500])
  })

  it('shows what is left to refund after a return', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, shop.fx, shop.fx.basic, 'adult', 2)
    expect((await v.post<{ promoCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses: 0, cardCode: '', promoCode: 'SHOWN10' })).body.promoCode).toBe('SHOWN10')
    const publicId = pathOf((await startPay(v, hash, shop.pfx.types.card)).body.bankUrl!).split('/').pop()!
    expect((await decide(v, publicId, 'approve')).status).toBe(303)
    const { lines } = await orderLines(shop, hash)
    expect((await returnTickets(shop, hash, [lines[0].id])).summa).toBe(1500)
    const rows = (await v.post<OrderReturnDataResponse>(`/api/order/return/${hash}`, { hash, lang: 'ru' })).body.rows
    expect(rows.find((r) => r.id === lines[1].id)!.summa).toBe(1500)
  })
  it('shows a returned ticket at what its return refunded, not its list cost', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, shop.fx, shop.fx.basic, 'adult', 2)
    expect((await v.post<{ promoCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses: 0, cardCode: '', promoCode: 'SHOWN10' })).body.promoCode).toBe('SHOWN10')
    const publicId = pathOf((await startPay(v, hash, shop.pfx.types.card)).body.bankUrl!).split('/').pop()!
    expect((await decide(v, publicId, 'approve')).status).toBe(303)
    const { id, lines } = await orderLines(shop, hash)
    const confirmed = await returnTickets(shop, hash, [lines[0].id])
    const [refunded] = await refundAmounts(shop, id)
    expect(confirmed.summa).toBe(refunded / 100)
    const rows = (await v.post<OrderReturnDataResponse>(`/api/order/return/${hash}`, { hash, lang: 'ru' })).body.rows
    const returned = rows.find((r) => r.id === lines[0].id)!
    expect(returned.status_id).toBe(RETURN_STATUS_CONFIRMED)
    // 1500 ₽ refunded (the ticket's price less 10 %, and its fee), not its 1650 ₽ list cost.
    expect(returned.summa).toBe(refunded / 100)
    expect(returned.summa).toBe(1500)
    expect((await shop.server.db.selectFrom('order_lines').select('refunded_amount').where('id', '=', lines[0].id).executeTakeFirstOrThrow()).refunded_amount).toBe(refunded)
    // A line returned before the amount was kept (migration 2026_12_03_07_rt2_01 leaves it null) shows its list cost, as it did.
    await shop.server.db.updateTable('order_lines').set({ refunded_amount: null }).where('id', '=', lines[0].id).execute()
    const before = (await v.post<OrderReturnDataResponse>(`/api/order/return/${hash}`, { hash, lang: 'ru' })).body.rows
    expect(before.find((r) => r.id === lines[0].id)!.summa).toBe(Number(lines[0].cost) / 100)
  })
  it("leaves a returned ticket's offers out of the order view's toping", async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, shop.fx, shop.fx.basic, 'adult', 2)
    const { lines } = await orderLines(shop, hash)
    const view = async () => (await v.post<{ toping: { parent_id: number; price_id: number }[]; addToping: { uid: string; parent_id: number; package_id: number; price_id: number; cost: number }[] }>('/api/order/view', { hash, lang: 'ru' })).body
    const offers = (await view()).addToping.filter((t) => t.price_id === shop.pfx.offer.id)
    const added = await v.post<{ errorCode: string }>('/api/order/add-special-offer', { hash, data: lines.map((l) => offers.find((t) => t.parent_id === l.id)!) })
    expect(added.body.errorCode, JSON.stringify(added.body)).toBe('0')
    const publicId = pathOf((await startPay(v, hash, shop.pfx.types.card)).body.bankUrl!).split('/').pop()!
    expect((await decide(v, publicId, 'approve')).status).toBe(303)
    expect((await view()).toping.map((t) => t.parent_id).sort((a, b) => a - b)).toEqual(lines.map((l) => l.id))

    await returnTickets(shop, hash, [lines[0].id])
    expect((await view()).toping.map((t) => t.parent_id)).toEqual([lines[1].id])
  })
})
