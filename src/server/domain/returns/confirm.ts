import { RETURN_STATUS_CONFIRMED, RETURN_STATUS_CONFIRMED_FINAL, RETURN_STATUS_NOT_CONFIRMED } from '../../../contract/constants'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import type { RefundLog } from '../../payments/refund-outbox'
import type { PaymentRegistry } from '../../payments/registry'
import { clockGate, inGatedTransaction, type CommitGate } from '../orders/commit-gate'
import { lockOrder } from '../orders/order.repository'
import { REQUEST_STATUS_LATE, REQUEST_STATUS_REFUNDED, REQUEST_STATUS_USED } from './constants'
import { storedHashConf } from './hashconf'
import { paidAtDesk } from './policy'
import { queueRefund, refundOfReturned, refundsOtherThanShown, sendQueuedRefund } from './refund-payment'
import { releaseReturned } from './release'
import {
  claimReturnRequest,
  confirmRequestLines,
  findPayingPayment,
  findRequestState,
  findReturnRequest,
  finishReturnRequest,
  listRequestLines,
  lockReturnLines,
  pastReturnDeadline,
  usedLineIds,
  withdrawReturnRequest,
  type ReturnRequestRow,
} from './repository'

/** What a confirmation did: the refund (minor units) and the sessions whose seats changed. */
export interface ConfirmResult {
  refunded: number
  /** The refund is recorded and queued but the bank has not taken it yet: the sweep retries it. */
  refundPending: boolean
  calendarIds: number[]
}

type RequestRow = ReturnRequestRow

const linkUsed = () => new ApiFailure('return-link-used')
const linkExpired = () => new ApiFailure('return-link-expired')
const isUsed = (status: number) => status === RETURN_STATUS_CONFIRMED || status === RETURN_STATUS_CONFIRMED_FINAL

function refusalOf(r: Pick<RequestRow, 'status' | 'expires_at'>, now: number): ApiFailure | null {
  if (isUsed(r.status)) return linkUsed()
  if (r.status === REQUEST_STATUS_REFUNDED) return new ApiFailure('return-link-refunded')
  if (r.status !== RETURN_STATUS_NOT_CONFIRMED || Number(r.expires_at) <= now) return linkExpired()
  return null
}

type RequestLine = Awaited<ReturnType<typeof listRequestLines>>[number]

/** The first line of a request whose return deadline has passed at `now`; null while every line may still be returned. */
function lateLine(lines: readonly RequestLine[], now: number): number | null {
  return lines.find((l) => pastReturnDeadline(l, now))?.id ?? null
}

/**
 * POST /api/order/return-confirm. The link must exist for this order, be unused and not
 * expired, and every line of its request must still be before its return deadline (001 §4:
 * refund only while the return time is above 0; a request made just before the deadline would
 * otherwise refund, and put seats back on sale, for a session already begun).
 *
 * One transaction, under the order's lock, reads the request again and checks it:
 * - used (a concurrent confirm won): refused, nothing written;
 * - the order paid at the box office (policy.ts paidAtDesk; a request made before return-create
 *   refused them): refused with 'return-at-desk', nothing written;
 * - a line past its deadline: refused with 'return-deadline', the create call's refusal. The
 *   request can never be confirmed now, so the same transaction withdraws it (request 91, its
 *   lines back to 0, no refund, no seat released): its lines stop showing "waiting for
 *   confirmation" and any line still before its own deadline can be asked for again. Every
 *   later click of the link gets the same refusal;
 * - a line admitted at the door (a counted valid entry, repository.ts usedLineIds): refused with
 *   'return-ticket-used', the create call's refusal, and withdrawn the same way (request 92,
 *   REQUEST_STATUS_USED). The request's lines are locked first as a door scan locks its ticket
 *   (lockReturnLines), so a scan and this confirmation decide one after the other: the scan sees
 *   the ticket returned ('refunded'), or this sees its entry; never both;
 * - withdrawn because order care refunded some of its tickets (93, care/refund.ts): refused with
 *   'return-link-refunded';
 * - otherwise it moves the request from 60 to 70 with a conditional UPDATE: of two simultaneous
 *   confirms exactly one changes a row, the other finds it used, so the money goes back once.
 * The winner marks the lines 70, puts their seats and quantities back on sale (and subscription
 * tickets back on their subscription) and records the refund by the one refund rule
 * (refund-payment.ts refundOfReturned): the lines' share of what the payment has left, their
 * offers included, and the same share of the order's bonuses back to the card and of those it
 * earned taken back (those the card has spent since kept back from the money instead). The refund is queued for the bank in the same transaction (refund-payment.ts
 * queueRefund, the settlement's durable refund_outbox); after commit the first attempt is made
 * and, once the bank takes it, the request becomes 80. If the provider refuses, the return still
 * stands: the request stays 70 (confirmed, money not sent yet), the call answers the refund as
 * pending and the leader's sweep sends it; nothing can refund it twice because the 60 → 70 step
 * is gone and the outbox row is claimed per attempt.
 *
 * `link.summa`, when the page sent it, is the refund it showed: a confirm that would refund
 * anything else (the order changed since: another ticket returned, the card's balance moved) is
 * refused with 'return-amount-changed' and rolled back whole, the request still waiting.
 */
export async function confirmReturn(db: Db, registry: PaymentRegistry, log: RefundLog, link: { hash: string; hashConf: string; summa?: number }, now = Date.now(), gate: CommitGate = clockGate(now)): Promise<ConfirmResult> {
  const { hash, hashConf } = link
  const found = await findReturnRequest(db, hash, storedHashConf(hashConf))
  if (!found) throw new ApiFailure('return-link-invalid')
  // A used link stays used: answered without taking the order's lock.
  if (isUsed(found.status)) throw linkUsed()
  const done = await inGatedTransaction(db, gate, async (trx) => {
    const order = await lockOrder(trx, hash)
    if (!order) throw new ApiFailure('order-not-found', { hash })
    const state = await findRequestState(trx, found.id)
    if (isUsed(state.status)) throw linkUsed()
    if (state.status === REQUEST_STATUS_REFUNDED) throw new ApiFailure('return-link-refunded')
    // A request made before return-create refused box-office sales: refused, nothing written
    // (the operator refunds it; the request expires with its link).
    if (paidAtDesk(await findPayingPayment(trx, order.id))) throw new ApiFailure('return-at-desk')
    const lines = await listRequestLines(trx, found.id)
    const lineIds = lines.map((l) => l.id)
    const late = lateLine(lines, now)
    if (late !== null) {
      // Returned, not thrown: the withdrawal commits with the refusal (a throw would roll it back).
      await withdrawReturnRequest(trx, found.id, lineIds, REQUEST_STATUS_LATE)
      return { refusal: new ApiFailure('return-deadline', { id: late }) } as const
    }
    // The lock a door scan takes on its ticket, then its entries: read after any scan that holds it committed.
    await lockReturnLines(trx, lineIds)
    const [used] = await usedLineIds(trx, lineIds)
    if (used !== undefined) {
      await withdrawReturnRequest(trx, found.id, lineIds, REQUEST_STATUS_USED)
      return { refusal: new ApiFailure('return-ticket-used', { id: used }) } as const
    }
    const refusal = refusalOf(state, now)
    if (refusal) throw refusal
    if (!(await claimReturnRequest(trx, found.id, now))) {
      const again = await findRequestState(trx, found.id)
      throw refusalOf(again, now) ?? linkUsed()
    }
    const returned = await confirmRequestLines(trx, found.id)
    // No line left waiting (taken by another way since): nothing to refund, and not a confirmed
    // refund; rolled back. Order care withdraws the requests of lines it refunds, so this is a guard.
    if (returned.length === 0) throw new ApiFailure('return-link-refunded')
    await releaseReturned(trx, order.id, returned, now)
    const refund = await refundOfReturned(trx, order, returned.map((l) => l.id), now)
    const { amount, payment } = refund
    // Not what the page showed (the order changed since it loaded): thrown, so all of the above
    // rolls back and the request still waits for its link; the page reads its rows again.
    if (refundsOtherThanShown(link.summa, amount)) throw new ApiFailure('return-amount-changed')
    const queued = payment ? await queueRefund(trx, payment, { orderId: order.id, requestId: found.id }, refund, now) : null
    return { amount, queued, calendarIds: [...new Set(returned.map((l) => l.calendar_id))] }
  })
  if ('refusal' in done) throw done.refusal

  const { amount, queued } = done
  const sent = queued ? await sendQueuedRefund(db, registry, log, queued) : true
  if (sent) await finishReturnRequest(db, found.id)
  return { refunded: amount, refundPending: !sent, calendarIds: done.calendarIds }
}
