import { ORDER_STATUS_CANCELLED } from '../../contract/constants'
import type { OrderState } from '../../contract/admin/sales-export'
import { isReturned } from '../../contract/rules/return-status'

/**
 * An order's row as orderStateOf reads it: its flags, and how many ticket lines it has and how
 * many of them are returned (a confirmed return or an operator's refund: isReturned). The counts
 * come with the read of the order (an aggregate over its lines: ordersOf, careOrderRows) or from
 * its lines already read (returnCounts), never from a query per order; a SUM may arrive as text
 * (PostgreSQL's bigint).
 */
export interface OrderStateRow {
  paid: number
  status: number
  reserve_until: number | string
  lines: number | string | null
  returned_lines: number | string | null
}

/**
 * The one mapping of an order's row to the state the console shows (order care, the Sales
 * screen, the Orders list, the export): a paid order whose every ticket line was returned reads
 * 'refunded', one with some returned 'partly_refunded'; an unpaid one is cancelled, expired (past
 * its reserve time) or reserved.
 */
export function orderStateOf(o: OrderStateRow, now: number): OrderState {
  if (o.paid === 1) {
    const lines = Number(o.lines ?? 0)
    const returned = Number(o.returned_lines ?? 0)
    if (lines > 0 && returned >= lines) return 'refunded'
    return returned > 0 ? 'partly_refunded' : 'paid'
  }
  if (o.status === ORDER_STATUS_CANCELLED) return 'cancelled'
  return Number(o.reserve_until) <= now ? 'expired' : 'reserved'
}

/** Each order's line counts for orderStateOf, from all of its lines already read. */
export function returnCounts(lines: Iterable<{ order_id: number; return_status: number }>): Map<number, { lines: number; returned_lines: number }> {
  const counts = new Map<number, { lines: number; returned_lines: number }>()
  for (const l of lines) {
    const c = counts.get(l.order_id) ?? { lines: 0, returned_lines: 0 }
    c.lines += 1
    if (isReturned(l.return_status)) c.returned_lines += 1
    counts.set(l.order_id, c)
  }
  return counts
}
