import type { SessionCancelResult } from '../../../contract/admin/catalogue'
import type { Db } from '../../db/connect'
import { expireOrdersById } from '../../domain/orders/expiry'
import { admittedCount } from '../../domain/redemption/lists.repository'
import { endReservations } from '../../domain/orders/order.repository'
import { pendingOrdersOfSession } from '../../domain/sessions/cancelled.repository'
import { ApiFailure } from '../../errors'
import type { Actor } from '../context'
import { lockSessionForMove } from '../studio/session-map.repository'
import { tx } from '../transaction'
import { lockEventOfSession, mustFind, refuseArchived, updateRow } from './rows.repository'
import { refundCancelledSession, type SessionRefundDeps } from './session-refunds'

/**
 * Cancelling a session and refunding everyone (before, the console could only switch a session
 * off, which told nobody and left its buyers holding tickets the door refuses).
 *
 * The request commits the cancellation alone, through the console's gated transaction (tx): the
 * session switched off and marked cancelled (calendars.cancelled_at), with its audit row. From
 * then on the shop does not sell it (active 0), the console refuses to switch it on again
 * (sessions.ts updateSession: admin-session-cancelled), and the refunds it owes are a fact in the
 * database: the tickets still admitted in a cancelled session. The request then refunds a first
 * few orders itself (a small venue sees it done at once) and kicks the background sweep (at once
 * when this process leads the cluster, else the leader's next tick, within 15 s), which refunds the rest in batches (session-refunds.ts); correctness never depends on the
 * request's part, which is bounded in orders and time, so a session of thousands of orders does
 * not hold the console's request. Its unpaid orders are cancelled (endUnpaidOrders) and can no
 * longer be paid.
 */

/** Orders the console's request refunds itself before leaving the rest to the leader. */
export const INLINE_REFUND_ORDERS = 20
/** The request stops refunding after this long (the leader goes on), well inside its deadline. */
export const INLINE_REFUND_MS = 3_000

/**
 * Marks session `id` cancelled and switched off, under the session's row lock (claims take it
 * too: no order lands between the count and the commit). Without `confirmed` it changes nothing
 * and refuses (UNCONFIRMED) with the orders and tickets it would refund, for the console's
 * confirmation. A session cancelled already answers `repeat` and changes nothing.
 */
export function markSessionCancelled(db: Db, actor: Actor, id: number, confirmed: boolean, now: number): Promise<{ orders: number; tickets: number; repeat: boolean }> {
  return tx(db, actor, async (trx) => {
    // The event's row before the session's, the order an archive takes them in, and both before
    // any read (rows.repository.ts lockEventOfSession): on SQLite the write lock is asked for first,
    // so another connection's write is waited for instead of refused busy.
    await lockEventOfSession(trx, id)
    await lockSessionForMove(trx, id)
    // Read under the lock: of two cancellations racing, the second sees the first's mark.
    const session = await mustFind(trx, 'calendars', id, 'session')
    if (session.cancelled_at !== null) return { orders: 0, tickets: 0, repeat: true }
    // A new cancellation changes the event: not an archived one's (a repeat above only goes on refunding).
    await refuseArchived(trx, session.event_id as number)
    const { orders, tickets, noEmail } = await admittedCount(trx, id)
    // no_email: orders whose buyers the refund's notice cannot reach (a box-office sale without an address).
    if (!confirmed) throw new ApiFailure('admin-session-cancel-unconfirmed', { tickets, orders }, { tickets, orders, no_email: noEmail })
    await updateRow(trx, actor, 'calendars', 'session', id, { active: 0, cancelled_at: now }, 'cancel')
    return { orders, tickets, repeat: false }
  })
}

/**
 * The console's call: the cancellation committed, then a first batch of refunds (bounded by
 * INLINE_REFUND_ORDERS and INLINE_REFUND_MS), then the leader asked for the rest (`kick`). A repeat
 * also refunds what is still left, so an operator who tries again sees it move.
 */
export async function cancelSession(deps: SessionRefundDeps, actor: Actor, id: number, confirmed: boolean, kick: () => void): Promise<SessionCancelResult> {
  const marked = await markSessionCancelled(deps.db, actor, id, confirmed, Date.now())
  await endUnpaidOrders(deps.db, id, Date.now())
  const until = Date.now() + INLINE_REFUND_MS
  const first = await refundCancelledSession(deps, id, actor, { maxOrders: INLINE_REFUND_ORDERS, stop: () => Date.now() > until, gate: actor.gate })
  const remaining = first.done && first.failed === 0 ? 0 : (await admittedCount(deps.db, id)).orders
  if (remaining > 0) kick()
  return { ...marked, refunded: first.refunded, remaining }
}

/**
 * Unpaid orders a cancellation ends per chunk (endUnpaidOrders). A chunk costs the same few short
 * writes whatever its size (reservations ended, orders cancelled, seat and standing holds released,
 * plus one per subscription whose tickets it used), each holding SQLite's one write lock only while
 * it touches the chunk's rows, so a buyer's claim or payment waits at most one such statement. A
 * larger chunk saves round trips but makes those waits longer and its IN lists longer (bound
 * parameters: SQLite allows 32766, PostgreSQL 65535); a smaller one adds those few statements per
 * chunk to the operator's request.
 */
export const UNPAID_CANCEL_CHUNK = 200

/**
 * Ends the reservations of the cancelled session `id`'s unpaid orders, and the expiry cancels
 * them as any order past its time (orders/expiry.ts: places, stock and subscription tickets go
 * back), so nobody pays for a session that will not take place. After the cancellation's commit,
 * outside the session's lock (a settlement holding an order's lock may be waiting for it): from
 * the commit on, a payment cannot start for them (payments/service.ts startPayment), and a repeat
 * ends those a crash left. A payment already under way at the bank may still be approved: the
 * settlement refunds it (payments/settle.ts), and the sweep refunds an order paid in the same
 * instant as the cancellation (session-refunds.ts): money taken is never kept.
 *
 * Set-based, `chunk` orders at a time (UNPAID_CANCEL_CHUNK; an on-sale rush leaves thousands):
 * one UPDATE ends a chunk's reservations and the expiry's own UPDATEs cancel it, where one UPDATE
 * per order kept the request busy and, on SQLite, took the write lock once per order. No
 * transaction spans a chunk, as none spanned the per-order way: each statement is conditional
 * (unpaid, not cancelled), so a settlement between two of them wins its order, and a crash between
 * them leaves reservations ended, which the periodic expiry (or a repeat) cancels the same way.
 * Pages go by order id, so an order left standing (paid meanwhile) is not read again.
 */
export async function endUnpaidOrders(db: Db, id: number, now: number, chunk = UNPAID_CANCEL_CHUNK): Promise<void> {
  let afterId = 0
  for (;;) {
    const ids = await pendingOrdersOfSession(db, id, { afterId, limit: chunk })
    if (ids.length === 0) return
    await endReservations(db, ids, now)
    await expireOrdersById(db, now, ids)
    if (ids.length < chunk) return
    afterId = ids[ids.length - 1]
  }
}
