import type { Db } from '../../db/connect'
import { expireStaleRequests, withdrawLateRequests } from './repository'

/** What one sweep did: requests whose link ran out, and requests withdrawn at their return deadline. */
export interface ReturnSweep {
  expired: number
  withdrawn: number
}

/**
 * The returns' sweep: requests whose link ran out unused expire, and requests past their return
 * deadline are withdrawn; either way their tickets are returnable again (status 0). The return
 * page and the create call run it for their order before they read its lines; the cluster's
 * leader runs it for every order (plugins/services/sweepers.ts), so the order page and the
 * console stop showing a dead request as waiting without anyone opening the return page.
 * A request past both its link's life and its deadline at once expires (90). A request past its
 * deadline can never be confirmed (confirm.ts refuses it with 'return-deadline' and withdraws it
 * the same way): it becomes REQUEST_STATUS_LATE with no refund and no seat released
 * (repository.ts withdrawLateRequests, conditional on 60, so a confirm that wins the race keeps it).
 */
export async function sweepReturnRequests(db: Db, now: number, orderId: number | null = null): Promise<ReturnSweep> {
  // One transaction: each step is two statements (requests, then their lines), and a request
  // ended without its lines reopened would leave them "waiting" for good.
  const sweep = async (trx: Db): Promise<ReturnSweep> => ({ expired: await expireStaleRequests(trx, orderId, now), withdrawn: await withdrawLateRequests(trx, orderId, now) })
  return db.isTransaction ? sweep(db) : db.transaction().execute(sweep)
}
