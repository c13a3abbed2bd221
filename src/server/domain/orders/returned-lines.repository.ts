import type { ExpressionBuilder } from 'kysely'
import { RETURN_STATUS_CONFIRMED } from '../../../contract/constants'
import type { Database } from '../../db/database'

/**
 * An order's ticket lines and its returned ones, as aggregates over its lines joined as `l` and
 * grouped by order: `lines` and `returned_lines`, the counts admin/order-state.ts orderStateOf
 * reads (refunded, partly refunded). A line is returned as contract/rules/return-status.ts
 * isReturned says (a confirmed return or an operator's refund), the same rule returnCounts applies
 * to lines already read. One expression for every list of orders with their state (the Sales
 * screen's orders, order care's search).
 */
export function lineCounts(eb: ExpressionBuilder<Database & { l: Database['order_lines'] }, 'l'>) {
  return [
    eb.fn.count<number>('l.id').as('lines'),
    eb.fn.sum<number>(eb.case().when('l.return_status', '>=', RETURN_STATUS_CONFIRMED).then(1).else(0).end()).as('returned_lines'),
  ]
}

/**
 * An order's tickets, as aggregates over its lines joined as `l` and grouped by order: `tickets`,
 * those it still holds (a general-admission line counts its quantity), and `returned_tickets`,
 * those returned (isReturned, as lineCounts). A list of orders says how many tickets each holds,
 * not how many it was sold: a refunded ticket is nobody's.
 */
export function ticketCounts(eb: ExpressionBuilder<Database & { l: Database['order_lines'] }, 'l'>) {
  const returned = (held: boolean) => eb.case().when('l.return_status', '>=', RETURN_STATUS_CONFIRMED).then(held ? eb.lit(0) : eb.ref('l.quantity')).else(held ? eb.ref('l.quantity') : eb.lit(0)).end()
  return [eb.fn.sum<number | null>(returned(true)).as('tickets'), eb.fn.sum<number | null>(returned(false)).as('returned_tickets')]
}
