import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../support/server'
import { LATE_APPROVAL_DISCOUNT_HOLD_MS } from '../../src/server/domain/loyalty/service'
import { visitor } from './order-fixtures'
import { memberVisitor, orderRow, pathOf, paymentRow, placeOrder, sameSessionNewAddress, sendCallback, signed, startPay, startPaymentShop, type PaymentShop } from './payment-fixtures'

/**
 * The discounts of cancelled, unpaid orders are given back (loyalty/service.ts
 * releaseCancelledDiscounts) from a list read without locks. A late bank approval may revive and
 * pay such an order between that read and its release; the release then gave a paid order's
 * bonuses back to the card (a "return" after its accrual, the view showing the full price
 * unpaid-for) and its promo use back to the code (a single-use code usable again). The release
 * now locks the order and gives back only while it is still cancelled and unpaid.
 *
 * Made deterministic on PostgreSQL: a side transaction holds the discount row of the first order
 * of the list, so the release stops there, with the second order still on its list; the second
 * order's late payment is settled meanwhile, then the side transaction lets go.
 */

/** Bonuses each order applies. */
const BONUSES = 10
/** How long the test waits for the release to stop at the held row, and how often it looks. */
const WAIT_MS = 10_000
const POLL_MS = 25
/** lock_timeout long enough for the release to wait through the late payment's settlement. */
const LOCK_TIMEOUT_MS = 15_000

describe('a late payment settled while cancelled orders\' discounts are released, on postgres', () => {
  let shop: PaymentShop
  let server: TestServer

  beforeAll(async () => {
    shop = await startPaymentShop('postgres', { DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) })
    server = shop.server
  })
  afterAll(async () => {
    await shop?.server.close()
  })

  const balance = async () => (await server.db.selectFrom('loyalty_cards').select('bonus_balance').where('id', '=', shop.pfx.client.cardId).executeTakeFirstOrThrow()).bonus_balance
  const uses = async () => (await server.db.selectFrom('promo_codes').select('used_count').where('code', '=', shop.pfx.promos.multi).executeTakeFirstOrThrow()).used_count
  const discountRow = async (orderId: number) => server.db.selectFrom('order_discounts').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()

  it('the order revived and paid keeps its bonuses and promo use; the one still cancelled gets its discount back', async () => {
    const { fx, pfx } = shop
    const member = await memberVisitor(server, pfx)
    // Two orders of the member, each with bonuses and the promo code, each with a payment started.
    const orders: { hash: string; publicId: string }[] = []
    for (let i = 0; i < 2; i++) {
      const m = sameSessionNewAddress(server.url, member)
      const hash = await placeOrder(m, fx, fx.race, 'adult', 1)
      const d = await m.post<{ errorCode: string; promoCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses: BONUSES, cardCode: '', promoCode: pfx.promos.multi })
      expect(d.body).toMatchObject({ errorCode: '0', promoCode: pfx.promos.multi })
      orders.push({ hash, publicId: pathOf((await startPay(m, hash, pfx.types.card)).body.bankUrl!).split('/').pop()! })
    }
    const [first, late] = await Promise.all(orders.map(async (o) => ({ ...o, id: (await orderRow(server.db, o.hash)).id })))
    expect(first.id).toBeLessThan(late.id)
    const balanceBefore = await balance()
    expect(await uses()).toBe(2)
    // Payments started longer ago than a lapsed order keeps its discount for (service.ts
    // LATE_APPROVAL_DISCOUNT_HOLD_MS): both orders are on the release's list, as the race needs.
    await server.db.updateTable('payments').set({ created_at: Date.now() - LATE_APPROVAL_DISCOUNT_HOLD_MS - 1000 }).where('public_id', 'in', orders.map((o) => o.publicId)).execute()

    const side = new pg.Client({ connectionString: server.config.database.kind === 'postgres' ? server.config.database.url : '' })
    await side.connect()
    let trigger: Promise<unknown> | undefined
    try {
      // Held before the orders lapse, so no release (the leader's timer included) passes it.
      await side.query('begin')
      await side.query('select 1 from order_discounts where order_id = $1 for update', [first.id])
      // Both reservations run out; the next order of the session cancels them.
      await server.db.updateTable('orders').set({ reserve_until: Date.now() - 1000 }).where('id', 'in', [first.id, late.id]).execute()
      await placeOrder(await visitor(server.url), fx, fx.race, 'adult', 1)
      expect((await orderRow(server.db, late.hash)).status).toBe(90)

      // Any discount call first releases what cancelled orders hold: it lists both and stops at the first.
      trigger = (await visitor(server.url)).post('/api/order/add-discount', { hash: 'no-such-order', lang: 'ru', bonuses: 0, cardCode: '', promoCode: '' })
      const deadline = Date.now() + WAIT_MS
      const waiting = async () => Number((await side.query("select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).rows[0].n)
      while ((await waiting()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS))
      expect(await waiting()).toBeGreaterThan(0)

      // Meanwhile the bank approves the second order's payment: it is revived and paid at its discounted amount.
      const amount = (await paymentRow(server.db, late.publicId)).amount
      const cb = await sendCallback(server, signed(server, late.publicId, amount, 'approved'))
      expect(cb.body.result).toBe('paid')
    } finally {
      await side.query('rollback').catch(() => undefined)
      await side.end()
      await trigger
    }

    // The paid order keeps its discount: nothing of it given back, its bonuses earned on top.
    expect(await orderRow(server.db, late.hash)).toMatchObject({ paid: 1, status: 20 })
    const kept = await discountRow(late.id)
    expect(kept).toMatchObject({ released_at: null, bonuses_used: BONUSES })
    const lateLog = await server.db.selectFrom('bonus_transactions').select(['kind', 'amount']).where('order_id', '=', late.id).orderBy('id').execute()
    expect(lateLog.map((t) => t.kind)).toEqual(['spend', 'accrual'])
    // The cancelled order's discount went back: its bonuses to the card, its promo use to the code.
    expect((await discountRow(first.id)).released_at).not.toBeNull()
    expect(await uses()).toBe(1)
    expect(await balance()).toBe(balanceBefore + BONUSES + kept.charged_bonus)
    // The paid order's view shows what it was paid with.
    const view = await (await visitor(server.url)).post<{ discountData: { useBonuses: number; promoCode: string } }>('/api/order/view', { hash: late.hash, lang: 'ru' })
    expect(view.body.discountData).toMatchObject({ useBonuses: BONUSES, promoCode: shop.pfx.promos.multi })
  })
})
