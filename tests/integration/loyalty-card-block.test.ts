import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DBS } from '../support/server'
import { signedIn } from './admin-helpers'
import { visitor } from './order-fixtures'
import { decide, memberVisitor, orderRow, pathOf, paymentRow, placeOrder, startPay, startPaymentShop, type PaymentShop } from './payment-fixtures'

/**
 * A card the venue blocks (console) spends nothing more (loyalty/service.ts blockCard): the
 * bonuses it applied to an unpaid order go back to it in the block's transaction, the order costs
 * its full amount again (its promo code stays: not the card's), a payment started before the
 * block is refunded if the bank approves it, and the next one charges the full amount. Before,
 * the view kept the 400 bonuses applied (and 500 available) while the storefront hid the loyalty
 * block of a blocked card, and the payment went through spending them.
 */

/** fx.basic's adult ticket: 1500 ₽ and a 150 ₽ fee. */
const TICKET_RUB = 1650
/** MULTI3 takes 100 ₽ off. */
const PROMO_RUB = 100
/** The fixtures' card balance. */
const BALANCE = 500
const APPLIED = 400
const MINOR = 100

interface View {
  demsumma: number
  discountData: { isBlocked: number; availableBonuses: number; useBonuses: number; totalDiscount: number; totalBalance: number; promoCode: string; chargedBonus: number }
}

describe.each(TEST_DBS)('a blocked loyalty card spends nothing more, on %s', (dbKind) => {
  let shop: PaymentShop

  beforeAll(async () => {
    shop = await startPaymentShop(dbKind)
  })
  afterAll(async () => {
    await shop?.server.close()
  })

  const view = async (hash: string) => (await (await visitor(shop.server.url)).post<View>('/api/order/view', { hash, lang: 'ru' })).body
  const card = () => shop.server.db.selectFrom('loyalty_cards').select(['bonus_balance', 'is_blocked']).where('id', '=', shop.pfx.client.cardId).executeTakeFirstOrThrow()
  const bonusLog = async (hash: string) =>
    (await shop.server.db.selectFrom('bonus_transactions').select(['amount', 'kind']).where('order_id', '=', (await orderRow(shop.server.db, hash)).id).orderBy('id').execute()).map((t) => `${t.kind} ${t.amount}`)
  const publicIdOf = (bankUrl: string | undefined) => pathOf(bankUrl!).split('/').pop()!

  it('blocking the card gives back the bonuses of its unpaid order; the payment charges the full amount', async () => {
    const member = await memberVisitor(shop.server, shop.pfx)
    const hash = await placeOrder(member, shop.fx, shop.fx.basic, 'adult', 1)
    const applied = await member.post<{ errorCode: string; promoCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses: APPLIED, cardCode: '', promoCode: shop.pfx.promos.multi })
    expect(applied.body).toMatchObject({ errorCode: '0', promoCode: shop.pfx.promos.multi })
    expect((await view(hash)).discountData).toMatchObject({ useBonuses: APPLIED, totalDiscount: PROMO_RUB + APPLIED, availableBonuses: BALANCE })
    expect((await card()).bonus_balance).toBe(BALANCE - APPLIED)
    // A payment started before the block, for the reduced amount.
    const early = publicIdOf((await startPay(member, hash, shop.pfx.types.card)).body.bankUrl)
    expect((await paymentRow(shop.server.db, early)).amount).toBe((TICKET_RUB - PROMO_RUB - APPLIED) * MINOR)

    const owner = await signedIn(shop.server, 'owner')
    const blocked = await owner.post(`/api/admin/loyalty/cards/${shop.pfx.client.cardId}/block`, { blocked: true })
    expect(blocked).toMatchObject({ status: 200, body: { ok: true } })

    expect(await card()).toEqual({ bonus_balance: BALANCE, is_blocked: 1 })
    const after = await view(hash)
    expect(after.demsumma).toBe(TICKET_RUB - PROMO_RUB)
    expect(after.discountData).toMatchObject({ isBlocked: 1, useBonuses: 0, availableBonuses: 0, totalDiscount: PROMO_RUB, promoCode: shop.pfx.promos.multi, totalBalance: BALANCE })
    expect(await bonusLog(hash)).toEqual([`spend -${APPLIED}`, `return ${APPLIED}`])
    // The early payment no longer is the order's: cancelled, and refunded when the bank approves it anyway.
    expect((await paymentRow(shop.server.db, early)).status).toBe('cancelled')
    await decide(member, early, 'approve')
    expect((await paymentRow(shop.server.db, early)).status).toBe('refunded')
    expect((await orderRow(shop.server.db, hash)).paid).toBe(0)

    // The blocked card applies nothing new.
    const again = await member.post<{ errorCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses: 100, cardCode: '', promoCode: '' })
    expect(again.body.errorCode).not.toBe('0')
    expect((await card()).bonus_balance).toBe(BALANCE)

    const paying = publicIdOf((await startPay(member, hash, shop.pfx.types.card)).body.bankUrl)
    expect((await paymentRow(shop.server.db, paying)).amount).toBe((TICKET_RUB - PROMO_RUB) * MINOR)
    await decide(member, paying, 'approve')
    expect((await paymentRow(shop.server.db, paying)).status).toBe('paid')
    expect((await orderRow(shop.server.db, hash)).paid).toBe(1)
    // Nothing spent, nothing earned by the blocked card.
    expect(await card()).toEqual({ bonus_balance: BALANCE, is_blocked: 1 })
    expect(await bonusLog(hash)).toEqual([`spend -${APPLIED}`, `return ${APPLIED}`])

    // Unblocking applies nothing again; only the owner (settings.manage) blocks.
    const manager = await signedIn(shop.server, 'manager')
    expect((await manager.post(`/api/admin/loyalty/cards/${shop.pfx.client.cardId}/block`, { blocked: false })).status).toBe(403)
    expect((await owner.post(`/api/admin/loyalty/cards/${shop.pfx.client.cardId}/block`, { blocked: false })).body).toEqual({ ok: true })
    expect(await card()).toEqual({ bonus_balance: BALANCE, is_blocked: 0 })
    expect((await owner.post('/api/admin/loyalty/cards/999999/block', { blocked: true })).status).toBe(404)
    // Audited, the block naming the order whose bonuses went back.
    const audit = await shop.server.db.selectFrom('audit_log').select(['action', 'after_json']).where('entity', '=', 'card').where('entity_id', '=', String(shop.pfx.client.cardId)).orderBy('id').execute()
    expect(audit.map((a) => a.action)).toEqual(['block-card', 'unblock-card'])
    expect((JSON.parse(audit[0].after_json!) as { released_orders: number[] }).released_orders).toEqual([(await orderRow(shop.server.db, hash)).id])
  })
})
