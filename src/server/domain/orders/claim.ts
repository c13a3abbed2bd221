import { isPostgresDb, type Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { CLAIM_ATTEMPTS } from '../inventory/constants'
import { lockCalendars } from '../inventory/stock.repository'
import { draftTickets, type OrderDraft } from './draft'
import { expireOrders } from './expiry'
import { insertOrder, insertOrderLines, takeSubscriptionTickets } from './order.repository'

/**
 * Opens the claim transaction of sessions: locks them (claims of one session run one after the
 * other on PostgreSQL, in id order so two claims never wait on each other crosswise; SQLite runs
 * transactions one at a time anyway), cancels expired orders and releases expired cart holds, so
 * what is left is the truth at `now`. PostgreSQL deadlock or serialization aborts are retried a
 * few times. The cart, both order calls and best-available picking claim through here.
 */
export async function inClaimTransaction<T>(db: Db, calendarIds: number | readonly number[], now: number, work: (trx: Db) => Promise<T>): Promise<T> {
  const ids = typeof calendarIds === 'number' ? [calendarIds] : [...calendarIds]
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        await lockCalendars(trx, ids)
        // expireOrders also releases expired cart holds (domain/inventory/holds.repository.ts).
        await expireOrders(trx, now, ids)
        return work(trx)
      })
    } catch (err) {
      const code = (err as { code?: unknown }).code
      if (attempt < CLAIM_ATTEMPTS && isPostgresDb(db) && (code === '40P01' || code === '40001')) continue
      throw err
    }
  }
}

/**
 * What a planner does under the claim lock once its order is written: take its stock (count
 * general-admission tickets, claim seats and standing places for the order id), throwing an
 * ApiFailure when something is gone, which rolls the order back.
 */
export type ClaimStock = (trx: Db, order: { id: number }) => Promise<void>

/**
 * Writes an order in one claim transaction of its sessions: the order row (insertOrder), the
 * planner's stock claim, the subscription's tickets (conditional decrement), then the order's
 * lines. Anything refused rolls all of it back. Returns the order hash.
 */
export async function placeOrder(db: Db, draft: OrderDraft, claim: ClaimStock): Promise<string> {
  const calendarIds = [...new Set(draft.lines.map((l) => l.calendarId))]
  return inClaimTransaction(db, calendarIds, draft.createdAt, async (trx) => {
    const order = await insertOrder(trx, draft)
    await claim(trx, order)
    if (draft.subscriptionId !== null && !(await takeSubscriptionTickets(trx, draft.subscriptionId, draftTickets(draft)))) {
      throw new ApiFailure('subscription-empty')
    }
    await insertOrderLines(trx, order.id, draft)
    return order.hash
  })
}
