import type { Db } from '../../db/connect'
import { expireStaleRequests, listWaitingRequestLines, pastReturnDeadline, withdrawReturnRequest } from './repository'

/** What one sweep did: requests whose link ran out, and requests withdrawn at their return deadline. */
export interface ReturnSweep {
  expired: number
  withdrawn: number
}

/**
 * Withdraws every request still waiting for its confirmation (of one order, or of all when
 * `orderId` is null) that has a line past its return deadline at `now`: such a request can never
 * be confirmed (confirm.ts refuses it with 'return-deadline' and withdraws it the same way), so
 * its tickets must not keep showing "waiting for confirmation" until the link's 24 h run out.
 * The deadline is the confirm's rule (pastReturnDeadline) and the withdrawal its withdrawal
 * (withdrawReturnRequest: request 90, lines back to 0, no refund, no seat released), each
 * conditional on the request still being 60, so a confirm that wins the race keeps its request
 * and a request withdrawn twice changes nothing the second time. Each request is withdrawn in a
 * transaction of its own (in the caller's, when it passes one). Answers how many it withdrew.
 */
export async function withdrawLateRequests(db: Db, now: number, orderId: number | null): Promise<number> {
  const rows = await listWaitingRequestLines(db, orderId)
  const byRequest = new Map<number, typeof rows>()
  for (const r of rows) byRequest.set(r.request_id, [...(byRequest.get(r.request_id) ?? []), r])
  let withdrawn = 0
  for (const [requestId, lines] of byRequest) {
    if (!lines.some((l) => pastReturnDeadline(l, now))) continue
    const lineIds = lines.map((l) => l.id)
    const done = db.isTransaction ? await withdrawReturnRequest(db, requestId, lineIds) : await db.transaction().execute((trx) => withdrawReturnRequest(trx, requestId, lineIds))
    if (done) withdrawn++
  }
  return withdrawn
}

/**
 * The returns' sweep: requests whose link ran out unused expire, and requests past their return
 * deadline are withdrawn; either way their tickets are returnable again (status 0). The return
 * page and the create call run it for their order before they read its lines; the cluster's
 * leader runs it for every order (plugins/services/sweepers.ts), so the order page and the
 * console stop showing a dead request as waiting without anyone opening the return page.
 */
export async function sweepReturnRequests(db: Db, now: number, orderId: number | null = null): Promise<ReturnSweep> {
  const expired = await expireStaleRequests(db, orderId, now)
  const withdrawn = await withdrawLateRequests(db, now, orderId)
  return { expired, withdrawn }
}
