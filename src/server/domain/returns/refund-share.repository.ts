import type { Db } from '../../db/connect'
import { lineServiceCosts } from '../orders/money.repository'

/** What the return's share rule (refund-payment.ts refundOfReturned) reads of an order. */

/**
 * Every ticket line of an order with its list cost, its ticket price and quantity (its own part
 * of a percent promo is off its weight: orders/money.ts lineWeight), its return status and what the added
 * services attached to it cost (0 when none): two statements by the order's indexes, inside the
 * return's transaction.
 */
export async function listLineWeights(trx: Db, orderId: number): Promise<{ id: number; cost: number; price: number; quantity: number; return_status: number; services: number }[]> {
  const lines = await trx.selectFrom('order_lines').select(['id', 'cost', 'price', 'quantity', 'return_status']).where('order_id', '=', orderId).execute()
  const services = await lineServiceCosts(trx, [orderId])
  return lines.map((l) => ({ id: l.id, cost: Number(l.cost), price: Number(l.price), quantity: Number(l.quantity), return_status: Number(l.return_status), services: services.get(l.id) ?? 0 }))
}

/**
 * Keeps what each returned line refunded (line id → minor units) on the line
 * (order_lines.refunded_amount), in the return's transaction: one statement per distinct amount,
 * so a return of like tickets writes once.
 */
export async function recordLineRefunds(trx: Db, refunded: ReadonlyMap<number, number>): Promise<void> {
  const byAmount = new Map<number, number[]>()
  for (const [id, amount] of refunded) byAmount.set(amount, [...(byAmount.get(amount) ?? []), id])
  for (const [amount, ids] of byAmount) await trx.updateTable('order_lines').set({ refunded_amount: amount }).where('id', 'in', ids).execute()
}
