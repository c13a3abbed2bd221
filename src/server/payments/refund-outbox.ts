import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connect'
import { backoffMs, OUTBOX_ATTEMPT_LEASE_MS } from '../background/backoff'
import { everyOnLeader } from '../background/every'
import { claimRefundSend, findRefundSend, listDueRefundSends, markRefundFailed, markRefundSent, type QueuedRefund } from './refund-outbox.repository'
import type { PaymentRegistry } from './registry'

/**
 * Refunds decided while settling a bank notification reach the bank (payments/settle.ts: a
 * payment approved after its order's amount changed, a second payment of a paid order, a late
 * payment of an order that cannot be revived or an approval after a decline that finds the order
 * no longer payable). Before, such a refund was only recorded: the payment marked refunded, a
 * refunds row written, and the provider never asked, so the buyer's money stayed with the shop.
 *
 * The same durable pattern as the tickets e-mail (mail/ticket-mail.ts, mail/retry.ts): the row
 * is written in the transaction that records the refund (refundOpenPayment), so it commits with
 * it or not at all; the first attempt follows the commit at once in the same process; a row due
 * again (a provider refusal, or a process killed between the commit and the call, whose first
 * attempt's lease runs out) is sent by the sweep of the cluster's leader. Every attempt claims
 * the row first with a conditional update, so two processes never ask for one refund together.
 *
 * A refund is never given up (the money is the buyer's): attempts back off to
 * REFUND_RETRY_MAX_MS and, from REFUND_ALERT_ATTEMPTS on, each failure is logged as an error
 * for an operator. A provider that answers after a process dies, before the row is marked sent,
 * is asked again: providers are asked at least once, so every ask of one refund carries the same
 * idempotency key, refundIdempotencyKey of its refunds row (not of the payment: a payment may be
 * refunded in several parts), and a provider that honours keys (the sandbox bank does:
 * sandbox/refunds.ts) answers the repeat with the first refund instead of paying twice.
 */

/** The provider's idempotency key of refund `refundId` (refunds.id): the same on every attempt. */
export const refundIdempotencyKey = (refundId: number) => `refund-${refundId}`

/** The first attempt is the caller's, right after the commit: the sweep leaves the row alone this long. */
export const REFUND_FIRST_ATTEMPT_LEASE_MS = OUTBOX_ATTEMPT_LEASE_MS
/** An attempt's claim: the row is due again this long after it was claimed if the attempt never finished. */
const REFUND_ATTEMPT_LEASE_MS = OUTBOX_ATTEMPT_LEASE_MS
/** Waits between attempts are capped at an hour (a provider outage of days is covered, no refund given up). */
const REFUND_RETRY_MAX_MS = 3600 * 1000
/** From this many failed attempts on, each failure is logged as an error (an operator should look). */
const REFUND_ALERT_ATTEMPTS = 8
/** How often the cluster's leader looks for refunds due for another attempt. */
const REFUND_RETRY_INTERVAL_MS = 30_000
/** Refunds tried per sweep, so one sweep stays short after a provider outage. */
const REFUND_RETRY_BATCH = 20

/** Wait before attempt `attempts` + 1: 1 min, 2, 4, … capped at REFUND_RETRY_MAX_MS. */
export const refundRetryDelayMs = (attempts: number) => backoffMs(attempts, REFUND_RETRY_MAX_MS)

/** Where refund attempts are logged (the app's logger). */
export interface RefundLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/**
 * One attempt of a queued refund: claimed (nothing when another process has it or it was sent),
 * sent through its payment type's provider, the outcome stored. Answers whether it was sent now;
 * throws only when the database fails (the row stays due for the sweep).
 */
export async function attemptRefundSend(db: Db, registry: PaymentRegistry, log: RefundLog, queued: QueuedRefund, now = Date.now()): Promise<boolean> {
  if (!(await claimRefundSend(db, queued.id, queued.dueAt, now + REFUND_ATTEMPT_LEASE_MS))) return false
  const row = await findRefundSend(db, queued.id)
  if (!row) return false
  const attempt = row.attempts + 1
  let ref: string
  try {
    const provider = registry.forProtocol(row.protocol_type)
    if (!provider) throw new Error(`no provider serves payment type '${row.protocol_type}'`)
    ref = (await provider.refund({ id: row.payment_id, publicId: row.public_id ?? '', amount: row.payment_amount }, row.amount, refundIdempotencyKey(row.refund_id))).ref
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err)
    const at = Date.now()
    await markRefundFailed(db, row.id, attempt, error, at + refundRetryDelayMs(attempt))
    const entry = { refundSendId: row.id, paymentId: row.payment_id, amount: row.amount, attempt, error }
    if (attempt >= REFUND_ALERT_ATTEMPTS) log.error(entry, 'refund still not taken by the provider; will retry')
    else log.warn(entry, 'refund attempt failed; will retry')
    return false
  }
  await markRefundSent(db, row.id, attempt, ref, Date.now())
  log.info({ refundSendId: row.id, paymentId: row.payment_id, amount: row.amount, attempt, ref }, 'refund sent to the provider')
  return true
}

/** The first attempt of a refund just committed, not awaited by the caller (a failure leaves it to the sweep). */
export function startRefundSend(db: Db, registry: PaymentRegistry, log: RefundLog, queued: QueuedRefund): void {
  void attemptRefundSend(db, registry, log, queued).catch((err: unknown) => log.error({ err, refundSendId: queued.id }, 'refund attempt failed to record; the sweep retries it'))
}

/** Tries again every unsent refund due at `now` (at most REFUND_RETRY_BATCH); answers how many were sent. */
export async function retryDueRefunds(db: Db, registry: PaymentRegistry, log: RefundLog, now = Date.now()): Promise<number> {
  let sent = 0
  for (const queued of await listDueRefundSends(db, now, REFUND_RETRY_BATCH)) if (await attemptRefundSend(db, registry, log, queued, now)) sent++
  return sent
}

/** Runs retryDueRefunds every REFUND_RETRY_INTERVAL_MS while the app is up, on the cluster's leader only. */
export function registerRefundRetry(app: FastifyInstance): void {
  everyOnLeader(app, REFUND_RETRY_INTERVAL_MS, 'refund retry sweep', () => retryDueRefunds(app.db, app.payments, app.log))
}
