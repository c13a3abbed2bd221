import type { Db } from '../../db/connect'
import type { OrderScope } from './money.repository'

/**
 * The percent of the promo code of each order of `scope` (order id → percent; absent: no
 * promo code, one of a fixed amount only, or a discount released), as the money rule reads it
 * (orders/money.ts moneyOf): what the share rule takes off each line's weight
 * (orders/money.ts lineWeight), for a return (one order) or the Sales screen (a session's
 * orders). One statement by the order_discounts primary key.
 */
export async function promoPercents(db: Db, scope: OrderScope): Promise<Map<number, number>> {
  if (!('calendarId' in scope) && scope.length === 0) return new Map()
  const orders = 'calendarId' in scope ? db.selectFrom('order_lines').select('order_id').where('calendar_id', '=', scope.calendarId) : [...new Set(scope)]
  const rows = await db
    .selectFrom('order_discounts as d')
    .innerJoin('promo_codes as p', 'p.id', 'd.promo_code_id')
    // The terms the order took (null on a row written before they were kept: the code's own).
    .select((eb) => ['d.order_id', eb.fn.coalesce('d.promo_percent', 'p.discount_percent').as('percent')])
    .where('d.order_id', 'in', orders)
    .where('d.released_at', 'is', null)
    .where((eb) => eb(eb.fn.coalesce('d.promo_percent', 'p.discount_percent'), '>', 0))
    .execute()
  return new Map(rows.map((r) => [r.order_id, Number(r.percent)]))
}
