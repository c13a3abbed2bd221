import { expect } from 'vitest'
import type { TestDb, TestServer } from '../support/server'
import { visitor, type EventFx, type Fixtures, type Visitor } from './order-fixtures'
import { decide, memberVisitor, pathOf, placeOrder, startPay, startPaymentShop, type PaymentFx } from './payment-fixtures'
import { nextReturnLink, seedReturnFixtures, startInbox, type Inbox } from './return-helpers'

/**
 * What the tests of a return's money (return-refund-share, return-bonuses, sales-kept-back …)
 * share: a shop with the order, payment and return fixtures, the fixture member's paid orders and
 * card, the visitor's return of some tickets by its e-mailed link, and the order's refunds and
 * view as the buyer sees them.
 */
export interface ReturnShop {
  server: TestServer
  inbox: Inbox
  fx: Fixtures
  pfx: PaymentFx
  reasons: number[]
  /** Stops the server and the inbox. */
  close(): Promise<void>
}

/**
 * A server on an empty database (DEMO_DATA=0) with the order, payment and return fixtures, its
 * e-mail going to a fresh inbox and its links to http://shop.test.
 */
export async function startReturnShop(db: TestDb): Promise<ReturnShop> {
  const inbox = await startInbox()
  let server: TestServer | undefined
  try {
    const shop = await startPaymentShop(db, { SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: 'http://shop.test' })
    server = shop.server
    const { reasons } = await seedReturnFixtures(shop.server.db)
    return {
      ...shop,
      inbox,
      reasons,
      close: async () => {
        await shop.server.close()
        await inbox.close()
      },
    }
  } catch (err) {
    await server?.close()
    await inbox.close()
    throw err
  }
}

/** The fixture member's bonus balance (the client's card). */
export async function cardBalance(shop: ReturnShop): Promise<number> {
  const card = await shop.server.db.selectFrom('loyalty_cards').select('bonus_balance').where('id', '=', shop.pfx.client.cardId).executeTakeFirstOrThrow()
  return Number(card.bonus_balance)
}

export async function setCardBalance(shop: ReturnShop, bonuses: number): Promise<void> {
  await shop.server.db.updateTable('loyalty_cards').set({ bonus_balance: bonuses }).where('id', '=', shop.pfx.client.cardId).execute()
}

/** Pays an order by card through the sandbox bank, or at once when bonuses cover it (no bank then: null); answers the payment's public id. */
export async function payOrder(shop: ReturnShop, v: Visitor, hash: string): Promise<string | null> {
  const start = await startPay(v, hash, shop.pfx.types.card)
  expect(start.body.errorCode, JSON.stringify(start.body)).toBe('0')
  if (start.body.bankUrl!.includes('/order/')) return null
  const publicId = pathOf(start.body.bankUrl!).split('/').pop()!
  expect((await decide(v, publicId, 'approve')).status).toBe(303)
  return publicId
}

/**
 * A paid order of the fixture member (its card earns bonuses): `quantity` adult tickets of
 * `event` (the basic one unless named), `bonuses` and `promoCode` applied when given, paid by
 * payOrder. Answers its hash, payment (null when bonuses paid it all), row id and lines.
 */
export async function memberOrder(shop: ReturnShop, quantity: number, bonuses: number, opts: { promoCode?: string; event?: EventFx } = {}) {
  const { promoCode = '', event = shop.fx.basic } = opts
  const m = await memberVisitor(shop.server, shop.pfx)
  const hash = await placeOrder(m, shop.fx, event, 'adult', quantity)
  if (bonuses > 0 || promoCode !== '') {
    const d = await m.post<{ errorCode: string; promoCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses, cardCode: '', promoCode })
    expect(d.body.errorCode, JSON.stringify(d.body)).toBe('0')
    expect(d.body.promoCode).toBe(promoCode)
  }
  const publicId = await payOrder(shop, m, hash)
  return { hash, publicId, ...(await orderLines(shop, hash)) }
}

export interface ConfirmAnswer {
  status: number
  body: { errorCode: string; errorText: string; summa?: number }
}

/** Asks for a return of `lineIds` (the return page's call) and answers the hash_conf of its e-mailed link. */
export async function requestReturn(shop: ReturnShop, hash: string, lineIds: number[]): Promise<string> {
  const seen = shop.inbox.messages.length
  const created = await (await visitor(shop.server.url)).post<{ errorCode: string }>('/api/order/return-create', { hash, lang: 'ru', reason: shop.reasons[0], id: lineIds })
  expect(created.body.errorCode, JSON.stringify(created.body)).toBe('0')
  return (await nextReturnLink(shop.inbox, seen, hash)).hashConf
}

/** Opens a return's link: the confirm call. */
export async function confirmReturn(shop: ReturnShop, hash: string, hashConf: string): Promise<ConfirmAnswer> {
  return (await visitor(shop.server.url)).post<ConfirmAnswer['body']>('/api/order/return-confirm', { hash, lang: 'ru', hashConf })
}

/** Returns `lineIds` of an order the way a visitor does (request, e-mailed link, confirm); answers the confirm's body. */
export async function returnTickets(shop: ReturnShop, hash: string, lineIds: number[]): Promise<ConfirmAnswer['body']> {
  const answer = await confirmReturn(shop, hash, await requestReturn(shop, hash, lineIds))
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body
}

/** An order's row id and its ticket lines (id, list cost, return status) by id. */
export async function orderLines(shop: ReturnShop, hash: string) {
  const { db } = shop.server
  const order = await db.selectFrom('orders').select('id').where('hash', '=', hash).executeTakeFirstOrThrow()
  const lines = await db.selectFrom('order_lines').select(['id', 'cost', 'return_status']).where('order_id', '=', order.id).orderBy('id').execute()
  return { id: order.id, lines }
}

/** The amounts refunded on an order, minor units, oldest first. */
export async function refundAmounts(shop: ReturnShop, orderId: number): Promise<number[]> {
  const rows = await shop.server.db.selectFrom('refunds').select('amount').where('order_id', '=', orderId).orderBy('id').execute()
  return rows.map((r) => Number(r.amount))
}

/** The order view's sums as the buyer sees them (roubles). */
export interface ViewSums {
  demsumma: number
  cost: number
  refunded: number
  discountData: { useBonuses: number; chargedBonus: number; totalDiscount: number }
}

export async function viewSums(shop: ReturnShop, hash: string): Promise<ViewSums> {
  const body = (await (await visitor(shop.server.url)).post<ViewSums>('/api/order/view', { hash, lang: 'ru' })).body
  return { demsumma: body.demsumma, cost: body.cost, refunded: body.refunded, discountData: body.discountData }
}

/** Adds a multi-use percent promo code for the tests (the fixtures' own are single use or fixed). */
export async function addPercentPromo(shop: ReturnShop, code: string, percent: number): Promise<void> {
  await shop.server.db.insertInto('promo_codes').values({ code, discount_percent: percent, discount_amount: 0, multi_use: 1, max_uses: null, valid_to: null }).execute()
}
