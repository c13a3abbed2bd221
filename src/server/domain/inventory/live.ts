import { sql, type SqlBool } from 'kysely'
import { ORDER_STATUS_CANCELLED } from '../../../contract/constants'

/**
 * The one stock rule (issue 14): what holds a ticket at `now`. Every answer of availability (the
 * listing, the event page, the scheme header, the map, the live feed) and every claim reads it
 * through these two predicates, so an expired hold or an expired unpaid order is free at once,
 * everywhere; the sweeper (or the next claim) only writes down what the rule already says.
 */

/**
 * A live hold, as SQL on a seat_holds / standing_holds row (`alias`): not released, and either
 * not expiring (sold), not expired yet at `now`, or belonging to a paid order (a payment keeps
 * the places whatever its reserve time said).
 */
export function liveHold(alias: string, now: number) {
  const col = (name: string) => sql.ref(`${alias}.${name}`)
  return sql<SqlBool>`(${col('released_at')} is null and (${col('expires_at')} is null or ${col('expires_at')} > ${now} or exists (select 1 from orders paid_order where paid_order.id = ${col('order_id')} and paid_order.paid = 1)))`
}

/**
 * A live order, as SQL on an orders row (`alias`): not cancelled, and paid or still within its
 * reserve time at `now`. General-admission tickets of a live order are taken; an unpaid order
 * past reserve_until is free at once, before expireOrders cancels it.
 */
export function liveOrder(alias: string, now: number) {
  const col = (name: string) => sql.ref(`${alias}.${name}`)
  return sql<SqlBool>`(${col('status')} <> ${ORDER_STATUS_CANCELLED} and (${col('paid')} = 1 or ${col('reserve_until')} > ${now}))`
}
