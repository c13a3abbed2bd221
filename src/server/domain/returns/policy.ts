import { ORDER_STATUS_CONFIRMED, RETURN_STATUS_NOT_CONFIRMED, RETURN_STATUS_RETURNABLE } from '../../../contract/constants'
import type { Db } from '../../db/connect'
import type { StoredSetup } from '../settings/defaults'
import type { OrderRow } from '../orders/order.repository'
import { REQUEST_STATUS_EXPIRED } from './constants'

/**
 * Whether the tickets of an order may be returned: it is paid and confirmed, and returns are on
 * for it: the order's usereturn = 1, or else setup's app.order_return = 1 (000 §6; the brief
 * reads the two as alternatives).
 */
export function returnAllowed(order: Pick<OrderRow, 'paid' | 'status' | 'usereturn'>, setup: Pick<StoredSetup, 'app'>): boolean {
  if (order.paid !== 1 || order.status !== ORDER_STATUS_CONFIRMED) return false
  return order.usereturn === 1 || setup.app.order_return === 1
}

/**
 * Requests of an order whose link expired unused become REQUEST_STATUS_EXPIRED and their lines
 * returnable again (status 0), so the buyer can ask again. Conditional on status 60 so a
 * concurrent confirm and this never both win.
 */
export async function expireStaleRequests(db: Db, orderId: number, now: number): Promise<void> {
  const stale = await db
    .updateTable('return_requests')
    .set({ status: REQUEST_STATUS_EXPIRED })
    .where('order_id', '=', orderId)
    .where('status', '=', RETURN_STATUS_NOT_CONFIRMED)
    .where('expires_at', '<=', now)
    .returning('id')
    .execute()
  if (stale.length === 0) return
  const lines = db.selectFrom('return_request_lines').select('order_line_id').where('return_request_id', 'in', stale.map((s) => s.id))
  await db.updateTable('order_lines').set({ return_status: RETURN_STATUS_RETURNABLE }).where('id', 'in', lines).where('return_status', '=', RETURN_STATUS_NOT_CONFIRMED).execute()
}
