import type { Db } from '../../db/connect'

/** What the return's share rule (refund-payment.ts refundOfReturned) reads of an order. */

/**
 * Every ticket line of an order with its list cost, its return status and what the added
 * services attached to it cost (0 when none): two statements by the order's indexes, inside the
 * return's transaction.
 */
export async function listLineWeights(trx: Db, orderId: number): Promise<{ id: number; cost: number; return_status: number; services: number }[]> {
  const lines = await trx.selectFrom('order_lines').select(['id', 'cost', 'return_status']).where('order_id', '=', orderId).execute()
  const services = await listLineServices(trx, orderId)
  return lines.map((l) => ({ id: l.id, cost: Number(l.cost), return_status: Number(l.return_status), services: services.get(l.id) ?? 0 }))
}

/** What the added services attached to each ticket line of an order cost (line id → minor units; absent: none). */
export async function listLineServices(trx: Db, orderId: number): Promise<Map<number, number>> {
  const services = await trx
    .selectFrom('order_services')
    .select(['order_line_id', (eb) => eb.fn.sum<number>('cost').as('n')])
    .where('order_id', '=', orderId)
    .where('order_line_id', 'is not', null)
    .groupBy('order_line_id')
    .execute()
  return new Map(services.map((s) => [s.order_line_id!, Number(s.n)]))
}
