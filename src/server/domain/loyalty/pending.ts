import type { Db } from '../../db/connect'

/**
 * Cancels the pending payments of an order whose amount just changed (offers or discounts):
 * their amount is no longer the order's. If the bank still approves one, settlement finds the
 * amounts differ and refunds it (payments/settle.ts).
 */
export async function cancelPendingPayments(trx: Db, orderId: number, now: number): Promise<void> {
  await trx.updateTable('payments').set({ status: 'cancelled', updated_at: now }).where('order_id', '=', orderId).where('status', '=', 'pending').execute()
}
