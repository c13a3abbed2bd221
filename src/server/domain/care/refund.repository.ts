import { RETURN_STATUS_CONFIRMED } from '../../../contract/constants'
import type { Db } from '../../db/connect'

/** Queries of operator refunds (issue 19.2; care/refund.ts). */

/** An order's hash by id (the order lock is taken by hash). */
export function findOrderHash(db: Db, orderId: number) {
  return db.selectFrom('orders').select('hash').where('id', '=', orderId).executeTakeFirst()
}

/** An order's ticket lines with what a refund needs. */
export function listOrderLinesForRefund(db: Db, orderId: number) {
  return db.selectFrom('order_lines').select(['id', 'return_status']).where('order_id', '=', orderId).orderBy('id').execute()
}

/**
 * Marks lines returned (70) that are not yet: a conditional UPDATE, so of two refunds of the same
 * tickets (a double click, two processes) only one changes each line; answers the lines changed
 * with what they took from sale.
 */
export function claimLinesRefunded(trx: Db, orderId: number, lineIds: readonly number[]) {
  return trx
    .updateTable('order_lines')
    .set({ return_status: RETURN_STATUS_CONFIRMED })
    .where('order_id', '=', orderId)
    .where('id', 'in', [...lineIds])
    .where('return_status', '<', RETURN_STATUS_CONFIRMED)
    .returning(['id', 'calendar_id', 'seat_id', 'standing_place_id', 'quantity', 'cost'])
    .execute()
}

/** An order's refunds, oldest first (its history). */
export function listOrderRefunds(db: Db, orderId: number) {
  return db
    .selectFrom('refunds as r')
    // A left join: payment_id is set null if its payment row is ever deleted, and the refund stays history.
    .leftJoin('payments as p', 'p.id', 'r.payment_id')
    .select(['r.id', 'r.amount', 'r.bonus_withheld', 'r.created_at', 'r.return_request_id', 'p.settlement_refund'])
    .where('r.order_id', '=', orderId)
    .orderBy('r.id')
    .execute()
}
