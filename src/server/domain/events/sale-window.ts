import type { ExpressionBuilder } from 'kysely'
import type { Database } from '../../db/database'

/**
 * A session is offered between its on-sale and off-sale instants (calendars.sale_from/sale_to,
 * set in the operator console; null = no bound). One rule for the listing, the event page and
 * the seat map: this is its SQL form; contract/rules/session-sale.ts is its form in code.
 */
export function inSaleWindow(now: number) {
  return (eb: ExpressionBuilder<Database, 'calendars'>) =>
    eb.and([eb.or([eb('calendars.sale_from', 'is', null), eb('calendars.sale_from', '<=', now)]), eb.or([eb('calendars.sale_to', 'is', null), eb('calendars.sale_to', '>', now)])])
}
