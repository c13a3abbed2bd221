import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { visitor, type Visitor } from './order-fixtures'
import { placeOrder, startPaymentShop, type PaymentShop } from './payment-fixtures'

/**
 * Promo codes changed on two orders at once never deadlock (loyalty/service.ts addDiscount,
 * loyalty.repository.ts lockPromoCodes). Taking the new code's use and giving the old one back
 * each lock their promo row; taken in the request's order, two orders swapping their codes
 * (A: X for Y while B: Y for X) each held one row and waited for the other's, and PostgreSQL
 * killed one of them: the visitor got "busy" for a change nobody else was making. The rows are
 * now locked in id order, after the order's row. PostgreSQL only: SQLite has no row locks.
 *
 * The crossing is a race the test cannot schedule from outside, so it is run many times: before
 * the fix, some rounds out of these deadlocked.
 */

/** Rounds of crossing changes; each round swaps the two orders' codes. */
const ROUNDS = 30

interface DiscountAnswer {
  errorCode: string
  errorText: string
  promoCode: string
}

describe('promo codes swapped by two orders at once (PostgreSQL)', () => {
  let shop: PaymentShop
  const codes = ['SWAPX', 'SWAPY'] as const

  beforeAll(async () => {
    shop = await startPaymentShop('postgres')
    // Codes with no limit of uses: every change here is granted, so every answer must be OK.
    await shop.server.db.insertInto('promo_codes').values(codes.map((code) => ({ code, discount_percent: 5, discount_amount: 0, multi_use: 1, max_uses: null, valid_to: null }))).execute()
  })
  afterAll(async () => {
    await shop?.server.close()
  })

  const add = (v: Visitor, hash: string, promoCode: string) =>
    v.post<DiscountAnswer>('/api/order/add-discount', { hash, lang: 'en', bonuses: 0, cardCode: '', promoCode })
  const uses = async () =>
    (await shop.server.db.selectFrom('promo_codes').select(['code', 'used_count']).where('code', 'in', [...codes]).orderBy('code').execute()).map((r) => `${r.code} ${r.used_count}`)

  it('every crossing change is granted, none answered busy, and each code counts the one order holding it', async () => {
    const [a, b] = [await visitor(shop.server.url), await visitor(shop.server.url)]
    const orders = [
      { v: a, hash: await placeOrder(a, shop.fx, shop.fx.basic, 'adult') },
      { v: b, hash: await placeOrder(b, shop.fx, shop.fx.basic, 'adult') },
    ]
    for (const [i, o] of orders.entries()) expect((await add(o.v, o.hash, codes[i])).body.promoCode).toBe(codes[i])
    for (let round = 1; round <= ROUNDS; round++) {
      // Round 1: A takes Y and gives X back while B takes X and gives Y back; round 2 swaps back.
      const wanted = orders.map((_, i) => codes[(i + round) % 2])
      const answers = await Promise.all(orders.map((o, i) => add(o.v, o.hash, wanted[i])))
      for (const [i, res] of answers.entries()) {
        expect(res.status, `round ${round}: ${JSON.stringify(res.body)}`).toBe(200)
        expect(res.body, `round ${round}`).toMatchObject({ errorCode: '0', promoCode: wanted[i] })
      }
    }
    expect(await uses()).toEqual(codes.map((c) => `${c} 1`))
  }, 120_000)

  it('two changes of one order at once: both granted, one after the other, and one use taken in all', async () => {
    const v = await visitor(shop.server.url)
    const hash = await placeOrder(v, shop.fx, shop.fx.basic, 'adult')
    const before = await uses()
    for (let round = 1; round <= ROUNDS; round++) {
      const answers = await Promise.all(codes.map((code) => add(v, hash, code)))
      for (const res of answers) expect(res.status, `round ${round}: ${JSON.stringify(res.body)}`).toBe(200)
      expect(answers.map((r) => r.body.errorCode)).toEqual(['0', '0'])
    }
    const held = (await shop.server.db.selectFrom('order_discounts as d').innerJoin('orders as o', 'o.id', 'd.order_id').innerJoin('promo_codes as p', 'p.id', 'd.promo_code_id').select('p.code').where('o.hash', '=', hash).executeTakeFirstOrThrow()).code
    // The order holds one of the two codes, and only that one counts one use more.
    expect(await uses()).toEqual(codes.map((c, i) => `${c} ${Number(before[i].split(' ')[1]) + (c === held ? 1 : 0)}`))
  }, 120_000)
})
