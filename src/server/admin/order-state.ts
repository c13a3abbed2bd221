import { ORDER_STATUS_CANCELLED } from '../../contract/constants'
import type { OrderState } from '../../contract/admin/sales-export'

/** The one mapping of an order's row to the state the console shows (order care, the Sales screen, the export). */
export function orderStateOf(o: { paid: number; status: number; reserve_until: number | string }, now: number): OrderState {
  if (o.paid === 1) return 'paid'
  if (o.status === ORDER_STATUS_CANCELLED) return 'cancelled'
  return Number(o.reserve_until) <= now ? 'expired' : 'reserved'
}
