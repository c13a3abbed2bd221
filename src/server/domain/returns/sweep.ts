import type { Db } from '../../db/connect'
import { expireStaleRequests, withdrawLateRequests as withdrawLate } from './repository'

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
 * The deadline is judged in the database by the one rule (repository.ts returnDeadlineSql), so the
 * leader's sweep of every order reads no line of a request still in time. Withdrawn means request
 * REQUEST_STATUS_LATE, lines back to 0, no refund, no seat released, conditional on the request
 * still being 60, so a confirm that wins the race keeps its request and a request withdrawn
 * twice changes nothing the second time. One transaction (the caller's, when it passes one), so
 * a request is never left withdrawn with its lines still waiting. Answers how many it withdrew.
 */
export async function withdrawLateRequests(db: Db, now: number, orderId: number | null): Promise<number> {
  return db.isTransaction ? withdrawLate(db, orderId, now) : db.transaction().execute((trx) => withdrawLate(trx, orderId, now))
}

/**
 * The returns' sweep: requests whose link ran out unused expire, and requests past their return
 * deadline are withdrawn; either way their tickets are returnable again (status 0). The return
 * page and the create call run it for their order before they read its lines; the cluster's
 * leader runs it for every order (plugins/services/sweepers.ts), so the order page and the
 * console stop showing a dead request as waiting without anyone opening the return page.
 * A request past both its link's life and its deadline at once expires (90).
 */
export async function sweepReturnRequests(db: Db, now: number, orderId: number | null = null): Promise<ReturnSweep> {
  // One transaction: each step is two statements (requests, then their lines), and a request
  // ended without its lines reopened would leave them "waiting" for good.
  const sweep = async (trx: Db): Promise<ReturnSweep> => ({ expired: await expireStaleRequests(trx, orderId, now), withdrawn: await withdrawLateRequests(trx, now, orderId) })
  return db.isTransaction ? sweep(db) : db.transaction().execute(sweep)
}
