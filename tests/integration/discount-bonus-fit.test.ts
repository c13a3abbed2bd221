import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDiscount } from '../../src/server/domain/loyalty/service'
import { lockOrder } from '../../src/server/domain/orders/order.repository'
import { StatementCount } from '../support/statement-count'
import { TEST_DBS } from '../support/server'
import { visitor } from './order-fixtures'
import { memberVisitor, orderRow, placeOrder, startPaymentShop, type PaymentShop } from './payment-fixtures'

/**
 * Bonuses pay only what an order leaves after its promo code (the money rule's maxBonuses). A
 * change of the promo code or of the added services that leaves less to pay gives the bonuses
 * beyond that back to the card, in the same transaction (loyalty/service.ts fitBonuses). Before,
 * the card stayed debited for bonuses that paid for nothing: 1650 applied, then a 100 ₽ promo,
 * and the card was 1650 down for a discount capped at 1650, the view saying 1550 available and
 * 1650 used.
 */

/** A card balance well above what any order here costs. */
const START_BALANCE = 5000
/** fx.basic's adult ticket: 1500 ₽ and a 150 ₽ fee. */
const TICKET_RUB = 1650
/** MULTI3 takes 100 ₽ off. */
const PROMO_RUB = 100
/** The fixtures' special offer costs 150 ₽. */
const OFFER_RUB = 150
/**
 * Besides the order's lock, what a discount request that changes nothing sends: its payments read
 * (a card-scheme one being verified refuses the change), its pending payments cancelled, the
 * order's money read once.
 */
const UNCHANGED_DISCOUNT_STATEMENTS = 3

interface View {
  demsumma: number
  discountData: { availableBonuses: number; useBonuses: number; totalDiscount: number; totalBalance: number; promoCode: string }
  toping: { id: number }[]
  addToping: { uid: string; parent_id: number; package_id: number; price_id: number; cost: number }[]
}

describe.each(TEST_DBS)('bonuses never pay for more than the order costs, on %s', (dbKind) => {
  let shop: PaymentShop

  beforeAll(async () => {
    shop = await startPaymentShop(dbKind)
  })
  afterAll(async () => {
    await shop?.server.close()
  })

  const view = async (hash: string) => (await (await visitor(shop.server.url)).post<View>('/api/order/view', { hash, lang: 'ru' })).body
  const balance = async () => (await shop.server.db.selectFrom('loyalty_cards').select('bonus_balance').where('id', '=', shop.pfx.client.cardId).executeTakeFirstOrThrow()).bonus_balance
  const bonusLog = async (hash: string) =>
    (await shop.server.db.selectFrom('bonus_transactions').select(['amount', 'kind']).where('order_id', '=', (await orderRow(shop.server.db, hash)).id).orderBy('id').execute()).map((t) => `${t.kind} ${t.amount}`)
  const setBalance = (n: number) => shop.server.db.updateTable('loyalty_cards').set({ bonus_balance: n }).where('id', '=', shop.pfx.client.cardId).execute()

  it('a promo code added after bonuses that paid everything: the bonuses it makes useless go back to the card', async () => {
    await setBalance(START_BALANCE)
    const member = await memberVisitor(shop.server, shop.pfx)
    const hash = await placeOrder(member, shop.fx, shop.fx.basic, 'adult', 1)
    expect((await view(hash)).demsumma).toBe(TICKET_RUB)
    const bonuses = await member.post<{ errorCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses: TICKET_RUB, cardCode: '', promoCode: '' })
    expect(bonuses.body.errorCode).toBe('0')
    expect(await balance()).toBe(START_BALANCE - TICKET_RUB)

    const promo = await member.post<{ errorCode: string; promoCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses: 0, cardCode: '', promoCode: shop.pfx.promos.multi })
    expect(promo.body).toMatchObject({ errorCode: '0', promoCode: shop.pfx.promos.multi })
    const used = TICKET_RUB - PROMO_RUB
    const after = await view(hash)
    expect(after.demsumma).toBe(0)
    // The view agrees with itself: no more used than the order can take, and the card debited only that.
    expect(after.discountData).toMatchObject({ useBonuses: used, availableBonuses: used, totalDiscount: TICKET_RUB, promoCode: shop.pfx.promos.multi, totalBalance: START_BALANCE - used })
    expect(await balance()).toBe(START_BALANCE - used)
    expect(await bonusLog(hash)).toEqual([`spend -${TICKET_RUB}`, `return ${PROMO_RUB}`])
  })

  it('a special offer removed after bonuses paid for it: those bonuses go back to the card; adding one takes none', async () => {
    await setBalance(START_BALANCE)
    const member = await memberVisitor(shop.server, shop.pfx)
    const hash = await placeOrder(member, shop.fx, shop.fx.basic, 'adult', 1)
    const item = (await view(hash)).addToping[0]
    const added = await member.post<{ errorCode: string }>('/api/order/add-special-offer', { hash, data: [{ uid: item.uid, parent_id: item.parent_id, package_id: item.package_id, price_id: item.price_id, cost: item.cost }] })
    expect(added.body.errorCode).toBe('0')
    const gross = TICKET_RUB + OFFER_RUB
    expect((await view(hash)).demsumma).toBe(gross)
    expect((await member.post<{ errorCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses: gross, cardCode: '', promoCode: '' })).body.errorCode).toBe('0')
    expect(await balance()).toBe(START_BALANCE - gross)

    const removed = await member.post<{ errorCode: string }>('/api/order/remove-special-offer', { hash, id: (await view(hash)).toping[0].id })
    expect(removed.body.errorCode).toBe('0')
    const after = await view(hash)
    expect(after.demsumma).toBe(0)
    expect(after.discountData).toMatchObject({ useBonuses: TICKET_RUB, availableBonuses: TICKET_RUB, totalDiscount: TICKET_RUB })
    expect(await balance()).toBe(START_BALANCE - TICKET_RUB)
    expect(await bonusLog(hash)).toEqual([`spend -${gross}`, `return ${OFFER_RUB}`])

    // Adding the offer again leaves the bonuses as they are: the order costs more, nothing is taken.
    const again = await member.post<{ errorCode: string }>('/api/order/add-special-offer', { hash, data: [{ uid: item.uid, parent_id: item.parent_id, package_id: item.package_id, price_id: item.price_id, cost: item.cost }] })
    expect(again.body.errorCode).toBe('0')
    expect((await view(hash)).discountData).toMatchObject({ useBonuses: TICKET_RUB, totalDiscount: TICKET_RUB })
    expect((await view(hash)).demsumma).toBe(OFFER_RUB)
    expect(await balance()).toBe(START_BALANCE - TICKET_RUB)
  })

  it('a request that changes no discount leaves the bonuses alone and does not fit them again', async () => {
    await setBalance(START_BALANCE)
    const member = await memberVisitor(shop.server, shop.pfx)
    const hash = await placeOrder(member, shop.fx, shop.fx.basic, 'adult', 1)
    const some = 500
    expect((await member.post<{ errorCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses: some, cardCode: '', promoCode: '' })).body.errorCode).toBe('0')
    // Nothing asked (no code, no bonuses): the order's money is read once, never again to fit bonuses it did not change.
    const sent = new StatementCount()
    expect(await addDiscount(shop.server.db.withPlugin(sent), { hash, bonuses: 0, cardCode: '', promoCode: '' })).toEqual({ promoCode: '', promoRefused: false })
    const lock = new StatementCount()
    await shop.server.db.withPlugin(lock).transaction().execute((trx) => lockOrder(trx, hash))
    expect(sent.n).toBe(lock.n + UNCHANGED_DISCOUNT_STATEMENTS)
    expect((await view(hash)).discountData).toMatchObject({ useBonuses: some })
    expect(await balance()).toBe(START_BALANCE - some)
    expect(await bonusLog(hash)).toEqual([`spend -${some}`])
  })

  it('bonuses within what the order leaves stay as applied when a promo code comes', async () => {
    await setBalance(START_BALANCE)
    const member = await memberVisitor(shop.server, shop.pfx)
    const hash = await placeOrder(member, shop.fx, shop.fx.basic, 'adult', 1)
    const some = 500
    await member.post('/api/order/add-discount', { hash, lang: 'ru', bonuses: some, cardCode: '', promoCode: '' })
    await member.post('/api/order/add-discount', { hash, lang: 'ru', bonuses: 0, cardCode: '', promoCode: shop.pfx.promos.multi })
    expect((await view(hash)).discountData).toMatchObject({ useBonuses: some, totalDiscount: some + PROMO_RUB })
    expect(await balance()).toBe(START_BALANCE - some)
    expect(await bonusLog(hash)).toEqual([`spend -${some}`])
  })
})
