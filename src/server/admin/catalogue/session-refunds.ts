import { DEFAULT_LANG, isLang, pickLocalized } from '../../../contract/lang'
import { toMajor } from '../../../contract/rules/money'
import type { Db } from '../../db/connect'
import { refundTickets } from '../../domain/care/refund'
import { clockGate, type CommitGate } from '../../domain/orders/commit-gate'
import { ORDER_ROUTE } from '../../domain/orders/constants'
import { clientPageUrl } from '../../domain/orders/links'
import { admittedLineIds, admittedOrders, cancelledSessionsOwing } from '../../domain/redemption/lists.repository'
import { paidAtDesk } from '../../domain/returns/policy'
import { findPayingPayment } from '../../domain/returns/repository'
import { storedCurrency } from '../../domain/settings/cached'
import { insertOutboxMessage } from '../../mail/mail.repository'
import { sessionCancelMail } from '../../mail/templates/sessionCancelMail'
import type { RefundLog } from '../../payments/refund-outbox'
import type { PaymentRegistry } from '../../payments/registry'
import { writeAudit } from '../audit'
import type { Actor } from '../context'
import { mustFind } from './rows.repository'

/**
 * The refunds a session's cancellation owes (session-cancel.ts): every order holding tickets the
 * door would admit there (redemption/lists.repository.ts admittedLines) has those tickets
 * refunded through the one refund writer (domain/care/refund.ts refundTickets: idempotent per
 * line, the bank's refund queued durably in the refund outbox, retried by the leader's sweep),
 * one transaction per order, and in that same transaction its buyer's cancellation notice is
 * queued in the mail outbox with the amount refunded. So an order is told exactly once: a repeat
 * claims no line, so it writes no refund and queues no notice.
 *
 * Nothing here remembers progress: what is left is re-read each time (the lines still admitted
 * in cancelled sessions), so a crash, a restart or a change of leader mid-way loses nothing and
 * refunds nothing twice. The console's request refunds a first few orders itself; the cluster's
 * leader refunds the rest (plugins/services/session-refunds.ts).
 */

export interface SessionRefundDeps {
  db: Db
  payments: PaymentRegistry
  log: RefundLog
  /** Where the notices' order links point (config.publicUrl). */
  publicUrl: string
  /** Refunded seats went back on sale in the refund's transaction: open maps should hear it. */
  changed: () => void
}

/**
 * How long after its cancellation a session is swept. Its refunds are done within minutes; past
 * the window a cancelled session's lines are no longer read every sweep: years of cancellations
 * would otherwise be re-read every 15 s. A payment the bank approves after the cancellation does
 * not rely on it: the settlement refunds it, however late (payments/settle.ts settleApproved);
 * the sweep only refunds one settled in the instant of the cancellation (a settlement that read
 * the session before its mark committed), seconds later, well inside the window.
 */
export const CANCELLED_SWEEP_WINDOW_MS = 7 * 24 * 3600 * 1000

/** Orders read (and refunded one by one) per page of a session's remaining buyers. */
export const SESSION_REFUND_PAGE = 50

/** The audit's actor of refunds the leader makes for a cancellation (no operator is at hand). */
export function sessionCancelActor(calendarId: number): Actor {
  return { role: 'owner', operatorId: null, tokenId: null, label: `session-cancel:${calendarId}`, ip: '', operator: null, csrf: null, sessionHash: null, gate: clockGate(Date.now()) }
}

export interface SessionRefundBatch {
  /** Orders refunded now (a repeat, refunded by someone else meanwhile, does not count). */
  refunded: number
  /** Orders that failed (logged); the next sweep tries them again. */
  failed: number
  /** No admitted order is left after the last one looked at (as far as this pass read). */
  done: boolean
}

/**
 * Refunds session `calendarId`'s remaining buyers in order-id order, up to `maxOrders` orders or
 * until `stop()` says so (the app closes, the lease is lost, the request's time is up), each
 * order's refund committing through `gate` (the console request's) or a clock gate of its own (the
 * leader's, which has no request). A failed
 * order is logged and passed: the rest still get their money, and the next pass retries it.
 */
export async function refundCancelledSession(deps: SessionRefundDeps, calendarId: number, actor: Actor, opts: { maxOrders: number; stop?: () => boolean; gate?: CommitGate }): Promise<SessionRefundBatch> {
  const { db } = deps
  const session = await mustFind(db, 'calendars', calendarId, 'session')
  const event = await mustFind(db, 'events', session.event_id as number, 'event')
  const currency = await storedCurrency(db)
  const when = `${String(session.day)} ${String(session.time)}`
  let afterId = 0
  let refunded = 0
  let failed = 0
  let seen = 0
  for (;;) {
    const limit = Math.min(SESSION_REFUND_PAGE, opts.maxOrders - seen)
    if (limit <= 0) return { refunded, failed, done: false }
    const page = await admittedOrders(db, calendarId, { afterId, limit })
    if (page.length === 0) return { refunded, failed, done: true }
    for (const o of page) {
      if (opts.stop?.()) return { refunded, failed, done: false }
      seen++
      afterId = o.id
      try {
        const lineIds = await admittedLineIds(db, calendarId, o.id)
        if (lineIds.length === 0) continue
        const lang = isLang(o.lang) ? o.lang : DEFAULT_LANG
        const result = await refundTickets(db, deps.payments, o.id, lineIds, {
          now: Date.now(),
          actor: actor.label,
          log: deps.log,
          // The request's gate (its cancellation committed, so it stands aside), else a fresh one per order.
          gate: opts.gate ?? clockGate(Date.now()),
          // Not the buyer's choice: refunded in full, earned bonuses spent since are the venue's loss.
          venueCancelled: true,
          record: async (trx, r) => {
            await writeAudit(trx, actor, { action: 'refund', entity: 'order', entityId: o.id, after: { amount: r.amount, lines: r.lineIds, session: calendarId, reason: 'session-cancelled' } })
            // A box-office sale may have no address: its buyer cannot be told by mail.
            if (!o.email) return
            // A box-office cash or terminal sale is paid back at the desk (its refund moves no money: payments/desk.ts), as order care tells the operator.
            const atDesk = paidAtDesk(await findPayingPayment(trx, o.id))
            const mail = sessionCancelMail({ to: o.email, lang, ordNum: o.ord_num, event: pickLocalized(event, 'name', lang), when, sum: toMajor(r.amount), currency, orderLink: clientPageUrl(deps.publicUrl, ORDER_ROUTE, o.hash, lang), atDesk })
            const now = Date.now()
            // Due at once: the cluster's mail sweep sends it after the commit (mail/retry.ts).
            await insertOutboxMessage(trx, { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? '', orderId: o.id, kind: 'session_cancelled', now, dueAt: now })
          },
        })
        if (!result.repeat) refunded++
        if (result.calendarIds.length) deps.changed()
      } catch (err) {
        failed++
        deps.log.error({ err, order: o.id, session: calendarId }, 'refund of a cancelled session order failed; the sweep retries it')
      }
    }
    if (page.length < limit) return { refunded, failed, done: true }
  }
}

/**
 * One pass of the leader over every cancelled session that still owes refunds (the sweep of
 * plugins/services/session-refunds.ts): each session's buyers to the end, unless `stop()`.
 * Answers the orders refunded.
 */
export async function sweepCancelledSessions(deps: SessionRefundDeps, stop: () => boolean = () => false, now = Date.now()): Promise<number> {
  let refunded = 0
  // A handful of cancellations at once at most; a failing order leaves its session in the list, so the read is bounded.
  for (const id of await cancelledSessionsOwing(deps.db, now - CANCELLED_SWEEP_WINDOW_MS, 100)) {
    if (stop()) break
    refunded += (await refundCancelledSession(deps, id, sessionCancelActor(id), { maxOrders: Number.MAX_SAFE_INTEGER, stop })).refunded
  }
  return refunded
}
