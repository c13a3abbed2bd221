import type { Db } from '../db/connect'
import { prepared } from '../db/prepared'
import { SETTLEMENT_REFUND_REF } from '../domain/orders/constants'
import { recordRefund } from './refund.repository'
import type { QueuedRefund } from './refund-outbox.repository'

/**
 * The payments' repository (payments, payment_types, payment_callbacks, and the refunds a
 * settlement writes): every statement the payment flow (service.ts, settle.ts, the sandbox bank)
 * runs on those tables. Each state change is a conditional UPDATE from the states it may come
 * from, answering whether it happened, so a repeated bank notification changes nothing.
 */

/** States a payment may be settled (paid, refunded, declined) from: a cancelled one was started before its order changed. */
const OPEN_STATES = ['pending', 'cancelled'] as const
/**
 * States a signed approval may settle (pay or refund) a payment from: the open ones and a
 * declined one (failed), since a bank may capture the money after it reported a decline; left
 * failed, the shop would keep that money without tickets. A decline moves only open payments.
 */
const APPROVABLE_STATES = [...OPEN_STATES, 'failed'] as const
const SETTLED_FROM = { paid: APPROVABLE_STATES, failed: OPEN_STATES } as const

/** Active payment types in their order, each with the file name of its own image (null = none). */
export function listActivePaymentTypes(db: Db) {
  return db
    .selectFrom('payment_types')
    .leftJoin('images', 'images.id', 'payment_types.image_id')
    .selectAll('payment_types')
    .select('images.file_name as image_file')
    .where('payment_types.active', '=', 1)
    .orderBy('payment_types.sortnum')
    .orderBy('payment_types.id')
    .execute()
}
export type PaymentTypeRow = Awaited<ReturnType<typeof listActivePaymentTypes>>[number]

/** Writes a new pending payment of an order; answers its id. */
export async function insertPendingPayment(trx: Db, p: { orderId: number; typeId: number; amount: number; provider: string; publicId: string; now: number }): Promise<number> {
  return (await pendingPaymentInsert.firstOrThrow(trx, p)).id
}
const pendingPaymentInsert = prepared((db, p: { orderId: number; typeId: number; amount: number; provider: string; publicId: string; now: number }) =>
  db
    .insertInto('payments')
    .values({ order_id: p.orderId, payment_type_id: p.typeId, amount: p.amount, status: 'pending', provider_ref: p.provider, public_id: p.publicId, verify_code: null, created_at: p.now, updated_at: p.now })
    .returning('id'),
)

/** Keeps the QR link a provider answered for a payment. */
export async function setPaymentQrUrl(db: Db, paymentId: number, qrUrl: string): Promise<void> {
  await db.updateTable('payments').set({ qr_url: qrUrl }).where('id', '=', paymentId).execute()
}

/** The status of an order's latest payment; undefined when it has none. */
export async function lastPaymentStatus(db: Db, orderId: number): Promise<string | undefined> {
  return (await db.selectFrom('payments').select('status').where('order_id', '=', orderId).orderBy('id', 'desc').executeTakeFirst())?.status
}

/**
 * A payment by its public id with its type (protocol kind, English name) and its order (hash,
 * number): what settling it and the sandbox bank's page need. Undefined when unknown.
 */
export function findPayment(db: Db, publicId: string) {
  return paymentByPublicId.first(db, { publicId })
}
/** Read by every payment call and bank callback: prepared. */
const paymentByPublicId = prepared((db, p: { publicId: string }) =>
  db
    .selectFrom('payments as p')
    .innerJoin('payment_types as t', 't.id', 'p.payment_type_id')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.id', 'p.public_id', 'p.order_id', 'p.amount', 'p.status', 't.protocol_kind', 't.name_en', 'o.hash', 'o.ord_num', 'o.lang'])
    .where('p.public_id', '=', p.publicId),
)
export type PaymentInfo = NonNullable<Awaited<ReturnType<typeof findPayment>>>

/** The id of a payment by its public id; undefined when unknown. */
export async function paymentIdOf(db: Db, publicId: string): Promise<number | undefined> {
  return (await db.selectFrom('payments').select('id').where('public_id', '=', publicId).executeTakeFirst())?.id
}

/** Records one bank callback as received, whether it was accepted and applied. */
export async function insertPaymentCallback(
  db: Db,
  c: { paymentId: number | null; provider: string; status: string; amount: number; accepted: boolean; applied: boolean; outcome: string; now: number },
): Promise<void> {
  await db
    .insertInto('payment_callbacks')
    .values({ payment_id: c.paymentId, provider: c.provider, status: c.status, amount: c.amount, accepted: c.accepted ? 1 : 0, applied: c.applied ? 1 : 0, outcome: c.outcome, created_at: c.now })
    .execute()
}

/**
 * Moves a payment to paid (from an open or failed state: APPROVABLE_STATES) or failed (declined,
 * from an open state), with the card scheme's result code when `verifyCode` is given; answers
 * whether it moved (false: a repeat).
 */
export async function closeOpenPayment(db: Db, paymentId: number, status: 'paid' | 'failed', verifyCode: number | null, now: number): Promise<boolean> {
  const res = await db
    .updateTable('payments')
    .set({ status, updated_at: now, ...(verifyCode !== null ? { verify_code: verifyCode } : {}) })
    .where('id', '=', paymentId)
    .where('status', 'in', [...SETTLED_FROM[status]])
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

/** Marks a pending card-scheme payment as waiting for the scheme (its first "pending" notice only); answers whether it changed. */
export async function markPaymentVerifying(db: Db, paymentId: number, verifyCode: number, now: number): Promise<boolean> {
  const res = await db.updateTable('payments').set({ verify_code: verifyCode, updated_at: now }).where('id', '=', paymentId).where('status', '=', 'pending').where('verify_code', 'is', null).executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

/**
 * Refunds an approved payment that cannot buy its order (open, or failed: APPROVABLE_STATES):
 * the payment moves to refunded, marked settlement_refund (it never bought its order: the order
 * view's refund of its tickets leaves it out), with the reason in provider_ref for people to read,
 * and the refund is recorded (refund.repository.ts recordRefund: no return request) and queued for the provider, due at `sendDueAt` (refund-outbox.ts: it commits
 * with the refund, so it reaches the bank whatever happens after the commit). Answers the queued
 * send, or null, writing nothing, when the payment was already settled (a repeat). A card-scheme
 * payment gets `verifyCode` (failure): left at 3, pending, the order would show it still being
 * verified and refuse every new payment start until it lapsed.
 */
export async function refundOpenPayment(trx: Db, p: Pick<PaymentInfo, 'id' | 'order_id' | 'amount'>, reason: string, verifyCode: number | null, now: number, sendDueAt: number): Promise<QueuedRefund | null> {
  const res = await trx
    .updateTable('payments')
    .set({ status: 'refunded', settlement_refund: 1, provider_ref: `${SETTLEMENT_REFUND_REF}${reason}`.slice(0, 200), updated_at: now, ...(verifyCode !== null ? { verify_code: verifyCode } : {}) })
    .where('id', '=', p.id)
    .where('status', 'in', [...APPROVABLE_STATES])
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) return null
  return recordRefund(trx, { orderId: p.order_id, requestId: null, paymentId: p.id, amount: p.amount, now, dueAt: sendDueAt })
}
