import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { decide, memberVisitor, orderRow, pathOf, paymentRow, placeOrder, sameSessionNewAddress, seedPaymentFixtures, startPay, type PaymentFx } from './payment-fixtures'

/** How long the test waits for a queued e-mail to reach the outbox. */
const MAIL_WAIT_MS = 10_000
/** Orders racing for one promo code at the same moment. */
const RACERS = 50

interface Discount {
  errorCode: string
  errorText: string
  promoCode: string
}
interface View {
  demsumma: number
  cost: number
  discountData: { cardCode: string; availableBonuses: number; useBonuses: number; totalBalance: number; totalDiscount: number; chargedBonus: number; promoCode: string }
}

describe.each(TEST_DBS)('promo codes and loyalty bonuses on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures
  let pfx: PaymentFx

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
  })
  afterAll(async () => {
    await server?.close()
  })

  const view = async (hash: string) => (await (await visitor(server.url)).post<View>('/api/order/view', { hash, lang: 'ru' })).body
  const balance = async () => (await server.db.selectFrom('loyalty_cards').select('bonus_balance').where('id', '=', pfx.client.cardId).executeTakeFirstOrThrow()).bonus_balance
  const uses = async (code: string) => (await server.db.selectFrom('promo_codes').select('used_count').where('code', '=', code).executeTakeFirstOrThrow()).used_count
  const discount = (hash: string, promoCode: string, bonuses = 0, cardCode = '') => visitor(server.url).then((v) => v.post<Discount>('/api/order/add-discount', { hash, lang: 'ru', bonuses, cardCode, promoCode }))

  it(`${RACERS} orders racing for promo codes: never more uses than allowed`, async () => {
    const hashes: string[] = []
    for (let i = 0; i < RACERS; i++) hashes.push(await placeOrder(await visitor(server.url), fx, fx.basic, 'adult', 1))
    const multi = await Promise.all(hashes.map((h) => discount(h, pfx.promos.multi.toLowerCase())))
    const won = hashes.filter((_, i) => multi[i].body.promoCode === pfx.promos.multi)
    expect(won).toHaveLength(pfx.promos.multiLimit)
    expect(multi.every((a) => a.body.errorCode === '0')).toBe(true)
    expect(multi.filter((a) => a.body.promoCode === '').every((a) => a.body.errorText === 'Неверный промокод')).toBe(true)
    expect(await uses(pfx.promos.multi)).toBe(pfx.promos.multiLimit)
    // 1500 + 150 fee − 100 fixed discount.
    expect((await view(won[0])).demsumma).toBe(1550)
    expect((await view(won[0])).discountData).toMatchObject({ promoCode: pfx.promos.multi, totalDiscount: 100 })

    const rest = hashes.filter((h) => !won.includes(h))
    const single = await Promise.all(rest.map((h) => discount(h, pfx.promos.single)))
    expect(single.filter((a) => a.body.promoCode === pfx.promos.single)).toHaveLength(1)
    expect(await uses(pfx.promos.single)).toBe(1)

    // Cancelling gives the use back; a code replaced by another gives its use back too.
    expect((await (await visitor(server.url)).post('/api/order/cancel-discount', { hash: won[0], lang: 'ru' })).body).toEqual({ errorCode: '0', errorText: '' })
    expect(await uses(pfx.promos.multi)).toBe(pfx.promos.multiLimit - 1)
    expect((await view(won[0])).demsumma).toBe(1650)
    const again = await discount(rest[rest.length - 1], pfx.promos.multi)
    expect(again.body.promoCode).toBe(pfx.promos.multi)
    expect(await uses(pfx.promos.multi)).toBe(pfx.promos.multiLimit)

    // Unknown and expired codes: promoCode '' (the spec's invalid promo) and the applied one stays.
    for (const code of ['NOPE1', 'OLD20']) {
      const bad = await discount(won[1], code)
      expect(bad.body).toEqual({ errorCode: '0', errorText: 'Неверный промокод', promoCode: '' })
      expect((await view(won[1])).discountData.promoCode).toBe(pfx.promos.multi)
    }
    expect((await discount(won[1], 'ab')).body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST })
  })

  it('bonuses: integer, within the balance and the amount; never spent beyond the balance under concurrency', async () => {
    const member = await memberVisitor(server, pfx)
    const orders: string[] = []
    for (let i = 0; i < 8; i++) orders.push(await placeOrder(sameSessionNewAddress(server.url, member), fx, fx.race, 'adult', 1))
    const fresh = await view(orders[0])
    // 1000 ₽ ticket, no fee: at most 500 bonuses (the balance).
    expect(fresh.discountData).toMatchObject({ cardCode: pfx.client.cardCode, availableBonuses: 500, totalBalance: 500, useBonuses: 0 })

    expect((await discount(orders[0], '', 501)).body).toMatchObject({ errorCode: ErrorCode.LIMIT })
    expect((await discount(orders[0], '', 10, 'OTHER-CARD')).body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST })
    expect((await (await visitor(server.url)).post('/api/order/add-discount', { hash: orders[0], lang: 'ru', bonuses: 1.5, cardCode: '', promoCode: '' })).body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST })
    expect((await (await visitor(server.url)).post('/api/order/add-discount', { hash: orders[0], lang: 'ru', bonuses: -1, cardCode: '', promoCode: '' })).body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST })
    expect(await balance()).toBe(500)

    // 8 orders × 150 bonuses asked at once from a 500 balance: at most 3 succeed.
    const answers = await Promise.all(orders.map((h) => discount(h, '', 150, pfx.client.cardCode)))
    const ok = answers.filter((a) => a.body.errorCode === '0')
    expect(ok).toHaveLength(3)
    expect(answers.filter((a) => a.body.errorCode === ErrorCode.LIMIT)).toHaveLength(5)
    expect(await balance()).toBe(50)
    const spent = await server.db.selectFrom('bonus_transactions').select((eb) => eb.fn.sum<number>('amount').as('n')).where('loyalty_card_id', '=', pfx.client.cardId).executeTakeFirstOrThrow()
    expect(Number(spent.n)).toBe(-450)
    const withBonuses = orders.filter((_, i) => answers[i].body.errorCode === '0')
    const v = await view(withBonuses[0])
    expect(v.demsumma).toBe(850)
    expect(v.discountData).toMatchObject({ useBonuses: 150, totalBalance: 50, availableBonuses: 200, totalDiscount: 150 })

    // Replacing 150 by 200 on the same order uses the 150 given back first.
    expect((await discount(withBonuses[0], '', 200)).body.errorCode).toBe('0')
    expect(await balance()).toBe(0)
    expect((await discount(withBonuses[1], '', 151)).body).toMatchObject({ errorCode: ErrorCode.LIMIT })
    expect(await balance()).toBe(0)

    // Cancelling returns the bonuses.
    await (await visitor(server.url)).post('/api/order/cancel-discount', { hash: withBonuses[1], lang: 'ru' })
    expect(await balance()).toBe(150)

    // Paying charges 5 % of the amount paid as new bonuses, once.
    const paidHash = withBonuses[0]
    const publicId = pathOf((await startPay(member, paidHash, pfx.types.card)).body.bankUrl!).split('/').pop()!
    await decide(member, publicId, 'approve')
    await decide(member, publicId, 'approve')
    const after = await view(paidHash)
    expect(after.discountData.chargedBonus).toBe(40)
    expect(await balance()).toBe(190)
    // Paid: no bonus pays it any more (it said 240 here: the card's 190 and the 200 it used, capped by its total).
    expect(after.discountData).toMatchObject({ availableBonuses: 0, totalBalance: 190, useBonuses: 200 })
  })

  it("an operator's edit of a promo code changes no order that took it: the view, a payment under way and a paid order keep the terms taken", async () => {
    await server.db.insertInto('promo_codes').values({ code: 'EDIT50', discount_percent: 50, discount_amount: 0, multi_use: 1, max_uses: null, valid_to: null }).execute()
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult', 1)
    expect((await discount(hash, 'EDIT50')).body.promoCode).toBe('EDIT50')
    // 1500 − 50 % + 150 fee.
    expect((await view(hash)).demsumma).toBe(900)
    const publicId = pathOf((await startPay(v, hash, pfx.types.card)).body.bankUrl!).split('/').pop()!
    expect((await paymentRow(server.db, publicId))?.amount).toBe(900 * 100)
    // The console's edit (admin/offers/service.ts updatePromo writes these columns) while the buyer is at the bank.
    await server.db.updateTable('promo_codes').set({ discount_percent: 10, discount_amount: 200 * 100 }).where('code', '=', 'EDIT50').execute()
    expect((await view(hash)).demsumma).toBe(900)
    await decide(v, publicId, 'approve')
    expect(await orderRow(server.db, hash)).toMatchObject({ paid: 1 })
    expect((await paymentRow(server.db, publicId))?.status).toBe('paid')
    expect((await view(hash)).discountData).toMatchObject({ promoCode: 'EDIT50', totalDiscount: 750 })
    // A new order takes the code's new terms: 1500 − 10 % − 200 + 150.
    const later = await placeOrder(v, fx, fx.basic, 'adult', 1)
    expect((await discount(later, 'EDIT50')).body.promoCode).toBe('EDIT50')
    expect((await view(later)).demsumma).toBe(1300)
  })

  it('an order fully paid by bonuses is paid at once and its tickets are mailed', async () => {
    await server.db.updateTable('loyalty_cards').set({ bonus_balance: 5000 }).where('id', '=', pfx.client.cardId).execute()
    const member = await memberVisitor(server, pfx)
    const hash = await placeOrder(sameSessionNewAddress(server.url, member), fx, fx.race, 'adult', 1)
    const amount = (await view(hash)).demsumma
    expect((await discount(hash, '', amount, pfx.client.cardCode)).body.errorCode).toBe('0')
    expect((await view(hash)).demsumma).toBe(0)
    const started = await startPay(member, hash, pfx.types.card)
    expect(started.body).toMatchObject({ errorCode: '0', errorText: 'Платить нечего: заказ оплачен' })
    const order = await server.db.selectFrom('orders').select(['paid', 'email']).where('hash', '=', hash).executeTakeFirstOrThrow()
    expect(order.paid).toBe(1)
    // The mail is queued without waiting; without SMTP_URL it lands as an .eml in the outbox.
    const outbox = path.join(server.dataDir, 'outbox')
    const deadline = Date.now() + MAIL_WAIT_MS
    let mails: string[] = []
    while (Date.now() < deadline) {
      mails = fs.existsSync(outbox) ? fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8')).filter((m) => m.includes(hash)) : []
      if (mails.length > 0) break
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain(order.email)
  })
})
