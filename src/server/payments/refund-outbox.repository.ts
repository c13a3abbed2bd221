import { RETURN_STATUS_CONFIRMED, RETURN_STATUS_CONFIRMED_FINAL } from '../../contract/constants'
import type { Db } from '../db/connect'

/**
 * The statements of the refund outbox (refund_outbox, payments/refund-outbox.ts): a refund to
 * send, claimed for one attempt by a conditional update of its due time, then marked sent or
 * due again.
 */

/** A refund queued for its provider: its outbox row and when it is due (the claim's condition). */
export interface QueuedRefund {
  id: number
  dueAt: number
}

/** Queues refund `refundId` (of `amount` minor units back through `paymentId`) in the caller's transaction; due at `dueAt`. */
export async function insertRefundSend(trx: Db, r: { refundId: number; paymentId: number; amount: number; now: number; dueAt: number }): Promise<QueuedRefund> {
  const row = await trx
    .insertInto('refund_outbox')
    .values({ refund_id: r.refundId, payment_id: r.paymentId, amount: r.amount, next_attempt_at: r.dueAt, created_at: r.now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, dueAt: r.dueAt }
}

/** One queued refund with what its provider needs (its refund, the payment's type, public id and amount); undefined once sent or gone. */
export function findRefundSend(db: Db, id: number) {
  return db
    .selectFrom('refund_outbox as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .innerJoin('payment_types as t', 't.id', 'p.payment_type_id')
    .select(['r.id', 'r.refund_id', 'r.amount', 'r.attempts', 'r.next_attempt_at', 'r.payment_id', 'p.public_id', 'p.amount as payment_amount', 't.protocol_type'])
    .where('r.id', '=', id)
    .where('r.sent_at', 'is', null)
    .executeTakeFirst()
}

/** Unsent refunds due at `now`, the longest waiting first, at most `limit`. */
export async function listDueRefundSends(db: Db, now: number, limit: number): Promise<QueuedRefund[]> {
  const rows = await db
    .selectFrom('refund_outbox')
    .select(['id', 'next_attempt_at'])
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute()
  return rows.map((r) => ({ id: r.id, dueAt: Number(r.next_attempt_at) }))
}

/**
 * Claims a queued refund for one attempt by moving its due time to `leaseUntil`, conditional on
 * the due time the caller read: of several processes (or the first attempt and a sweep) only one
 * asks the provider. Answers whether this caller got it.
 */
export async function claimRefundSend(db: Db, id: number, dueAt: number, leaseUntil: number): Promise<boolean> {
  const res = await db.updateTable('refund_outbox').set({ next_attempt_at: leaseUntil }).where('id', '=', id).where('next_attempt_at', '=', dueAt).where('sent_at', 'is', null).executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

/** Records the provider's acceptance: sent, never due again. */
export async function markRefundSent(db: Db, id: number, attempts: number, ref: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('refund_outbox').set({ attempts, sent_at: now, next_attempt_at: null, provider_ref: ref.slice(0, 200), last_error: '' }).where('id', '=', id).execute()
    // A return's request is final (80) once its money reached the bank, whichever attempt sent it:
    // the first (returns/confirm.ts) or a retry of the leader's sweep.
    await trx
      .updateTable('return_requests')
      .set({ status: RETURN_STATUS_CONFIRMED_FINAL })
      .where('id', 'in', (eb) => eb.selectFrom('refunds as f').innerJoin('refund_outbox as o', 'o.refund_id', 'f.id').select('f.return_request_id').where('o.id', '=', id))
      .where('status', '=', RETURN_STATUS_CONFIRMED)
      .execute()
  })
}

/** Records a failed attempt; due again at `nextAttemptAt`. */
export async function markRefundFailed(db: Db, id: number, attempts: number, error: string, nextAttemptAt: number): Promise<void> {
  await db.updateTable('refund_outbox').set({ attempts, last_error: error.slice(0, 1000), next_attempt_at: nextAttemptAt }).where('id', '=', id).where('sent_at', 'is', null).execute()
}
