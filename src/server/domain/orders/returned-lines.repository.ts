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
