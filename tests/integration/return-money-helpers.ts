import { expect } from 'vitest'
import type { TestServer } from '../support/server'
import { seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { seedPaymentFixtures, type PaymentFx } from './payment-fixtures'
import { nextReturnLink, seedReturnFixtures, type Inbox } from './return-helpers'

/**
 * What the tests of a return's money (return-refund-share, return-bonuses) share: a shop with the
 * order, payment and return fixtures, the visitor's return of some tickets by its e-mailed link,
 * and the order's refunds and view as the buyer sees them.
 */
export interface ReturnShop {
  server: TestServer
  inbox: Inbox
  fx: Fixtures
  pfx: PaymentFx
  reasons: number[]
}

export async function seedReturnShop(server: TestServer, inbox: Inbox): Promise<ReturnShop> {
  const fx = await seedOrderFixtures(server.db)
  const pfx = await seedPaymentFixtures(server.db)
  const { reasons } = await seedReturnFixtures(server.db)
  return { server, inbox, fx, pfx, reasons }
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
