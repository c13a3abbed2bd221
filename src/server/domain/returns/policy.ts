import { ORDER_STATUS_CONFIRMED } from '../../../contract/constants'
import type { StoredSetup } from '../settings/defaults'
import type { OrderRow } from '../orders/order.repository'

/**
 * Whether the tickets of an order may be returned: it is paid and confirmed, and returns are on
 * for it: the order's usereturn = 1, or else setup's app.order_return = 1 (000 §6; the brief
 * reads the two as alternatives).
 */
export function returnAllowed(order: Pick<OrderRow, 'paid' | 'status' | 'usereturn'>, setup: Pick<StoredSetup, 'app'>): boolean {
  if (order.paid !== 1 || order.status !== ORDER_STATUS_CONFIRMED) return false
  return order.usereturn === 1 || setup.app.order_return === 1
}
