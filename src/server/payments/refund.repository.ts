import type { Db } from '../db/connect'
import { insertRefundSend, type QueuedRefund } from './refund-outbox.repository'

/**
 * The one place a refund is recorded, whoever decides it: a payment that could not buy its order
 * (settle.ts through refundOpenPayment), a visitor's confirmed return (returns/confirm.ts) and an
 * operator's refund (care/refund.ts). The refunds row (what the order's history and the money
 * rule read) and its refund_outbox row (what reaches the bank, refund-outbox.ts) are written
 * together in the caller's transaction, so a refund is never recorded without being sent, nor
 * sent without being recorded.
 */

interface RefundToRecord {
  orderId: number
  /** The return request it pays out; null for a settlement or an operator's refund. */
  requestId: number | null
  paymentId: number
  /** Minor units back through `paymentId`. */
  amount: number
  /** Minor units of a return's share kept back for earned bonuses the card had spent (returns/refund-payment.ts refundOfReturned); 0 when none. */
  bonusWithheld?: number
  now: number
  /** When the sweep may first send it (the caller's own first attempt goes before). */
  dueAt: number
}

/** Records `r` and queues it for its provider in `trx`; answers the queued send (refundId: the refunds row). */
export async function recordRefund(trx: Db, r: RefundToRecord): Promise<QueuedRefund & { refundId: number }> {
  const row = await trx
    .insertInto('refunds')
    .values({ order_id: r.orderId, return_request_id: r.requestId, payment_id: r.paymentId, amount: r.amount, bonus_withheld: r.bonusWithheld ?? 0, created_at: r.now })
    .returning('id')
    .executeTakeFirstOrThrow()
  const queued = await insertRefundSend(trx, { refundId: row.id, paymentId: r.paymentId, amount: r.amount, now: r.now, dueAt: r.dueAt })
  return { ...queued, refundId: row.id }
}

/**
 * Records a return's refund that sends nothing (`amount` 0: all of its money share was kept back
 * for bonuses, r.bonusWithheld): its refunds row, so the order's history and the payment's part
 * left count it, and no refund_outbox row, as there is nothing for the bank to send.
 */
export async function recordWithheldRefund(trx: Db, r: Omit<RefundToRecord, 'dueAt'>): Promise<void> {
  await trx.insertInto('refunds').values({ order_id: r.orderId, return_request_id: r.requestId, payment_id: r.paymentId, amount: 0, bonus_withheld: r.bonusWithheld ?? 0, created_at: r.now }).execute()
}
