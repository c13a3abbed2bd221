import type { Db } from '../../db/connect'
import { insertLineChange } from '../boxoffice/boxoffice.repository'
import { inGatedTransaction, type CommitGate } from '../orders/commit-gate'
import { lockOrder } from '../orders/order.repository'
import { REQUEST_STATUS_REFUNDED } from '../returns/constants'
import { releaseReturned } from '../returns/release'
import { waitingRequestsOfLines, withdrawReturnRequest } from '../returns/repository'
import { queueRefund, refundOfReturned, sendQueuedRefund } from '../returns/refund-payment'
import { ApiFailure } from '../../errors'
import type { RefundLog } from '../../payments/refund-outbox'
import type { PaymentRegistry } from '../../payments/registry'
import { claimLinesRefunded, findOrderHash, listOrderLinesForRefund } from './refund.repository'

export interface RefundContext {
  now: number
  actor: string
  log: RefundLog
  /** Written in the refund's transaction (the audit row): what was sent back, and what was kept back for bonuses (refund-payment.ts refundOfReturned). */
  record: (trx: Db, refund: { amount: number; withheld: number; lineIds: number[] }) => Promise<void>
  /**
   * The refund's transaction commits through it (the console's request gate, admin/transaction.ts):
   * a refund answered "busy" has claimed no line and queued nothing, so the operator's retry
   * refunds once. The provider is called only after the commit, whose answer the deadline awaits.
   */
  gate: CommitGate
  /**
   * The venue cancelled the tickets' session (admin/catalogue/session-refunds.ts): the whole share
   * goes back, nothing kept back for earned bonuses the card has spent (refund-payment.ts refundOfReturned).
   */
  venueCancelled?: boolean
}

export interface RefundResult {
  amount: number
  /** Minor units of the tickets' share kept back for earned bonuses the card had spent; `amount` is what is left of it. */
  withheld: number
  lines: number
  /** Nothing left to refund among the lines asked: a repeat (double click, another process) changed nothing. */
  repeat: boolean
  /** Recorded and queued, but the bank has not taken it yet: the leader's sweep retries it. */
  pending: boolean
  calendarIds: number[]
}

/**
 * Refunds all (`lineIds` empty) or some tickets of a paid order from the console (issue 19.2),
 * through its payment's provider, exactly once.
 *
 * One transaction under the order's lock marks the lines returned with a conditional UPDATE
 * (still not returned): of two refunds racing for the same tickets, in one process or two, each
 * line is claimed by one only; the other finds nothing left and answers `repeat` with 0. A line
 * a visitor's return request holds (60) is claimed too, and that request is withdrawn in the same
 * transaction (returns REQUEST_STATUS_REFUNDED: its link refuses, its other lines are returnable
 * again), so the visitor's link can never confirm a refund already made. A ticket admitted at the
 * door may be refunded here (a complaint after the show), unlike an online return. The
 * claimed tickets go back on sale in the same transaction (returns/release.ts, the return flow's
 * own step: seats released, standing quantities and subscription tickets given back; the live
 * map hears it once the caller pokes the feed), each gets a change stamp for the door's sync,
 * and the refund row holds the money by the return flow's own rule (returns/refund-payment.ts
 * refundOfReturned: the lines' share of what the payment has left, their offers included;
 * bonuses spent on them back to the card, bonuses they earned taken back, those the card has
 * spent since kept back from the money and written in the audit row), queued for the bank in
 * the same transaction (refund-payment.ts queueRefund). After commit the first attempt is made;
 * if the provider refuses, the refund stays recorded and queued, the leader's sweep sends it, and
 * the answer says it is pending, as a confirmed return does: nothing can pay it twice since the
 * lines are claimed and the outbox row is claimed per attempt.
 */
export async function refundTickets(db: Db, registry: PaymentRegistry, orderId: number, lineIds: readonly number[], ctx: RefundContext): Promise<RefundResult> {
  const found = await findOrderHash(db, orderId)
  if (!found) throw new ApiFailure('admin-not-found', { what: 'order', id: orderId })
  const { now } = ctx
  const done = await inGatedTransaction(db, ctx.gate, async (trx) => {
    const order = await lockOrder(trx, found.hash)
    if (!order || order.paid !== 1) throw new ApiFailure('refund-not-paid')
    const all = await listOrderLinesForRefund(trx, order.id)
    const unknown = lineIds.filter((id) => !all.some((l) => l.id === id))
    if (unknown.length) throw new ApiFailure('refund-unknown-lines', { lines: unknown.join(', ') })
    const wanted = lineIds.length ? [...new Set(lineIds)] : all.map((l) => l.id)
    const lines = wanted.length ? await claimLinesRefunded(trx, order.id, wanted) : []
    if (lines.length === 0) return null
    // A visitor's request still waiting for some of these tickets can no longer be confirmed:
    // withdrawn with them, its other tickets returnable again, its link answering 'return-link-refunded'.
    for (const r of await waitingRequestsOfLines(trx, lines.map((l) => l.id))) await withdrawReturnRequest(trx, r.id, r.lineIds, REQUEST_STATUS_REFUNDED)
    await releaseReturned(trx, order.id, lines, now)
    for (const l of lines) await insertLineChange(trx, { lineId: l.id, orderId: order.id, calendarId: l.calendar_id, kind: 'refund', fromSeatId: l.seat_id, toSeatId: null, actor: ctx.actor, at: now })
    const refund = await refundOfReturned(trx, order, lines.map((l) => l.id), now, ctx.venueCancelled === true)
    const { amount, withheld, payment } = refund
    const queued = payment ? await queueRefund(trx, payment, { orderId: order.id, requestId: null }, refund, now) : null
    await ctx.record(trx, { amount, withheld, lineIds: lines.map((l) => l.id) })
    return { amount, withheld, queued, lines: lines.length, calendarIds: [...new Set(lines.map((l) => l.calendar_id))] }
  })
  if (!done) return { amount: 0, withheld: 0, lines: 0, repeat: true, pending: false, calendarIds: [] }
  const { amount, queued } = done
  const sent = queued ? await sendQueuedRefund(db, registry, ctx.log, queued) : true
  return { amount, withheld: done.withheld, lines: done.lines, repeat: false, pending: !sent, calendarIds: done.calendarIds }
}
