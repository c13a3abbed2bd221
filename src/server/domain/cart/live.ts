import { sql, type SqlBool } from 'kysely'

/**
 * The one rule of a live hold, as SQL on a seat_holds / standing_holds row (`alias`): not
 * released, and either not expiring (sold), not expired yet at `now`, or belonging to a paid
 * order (a payment keeps the places whatever its reserve time said). An expired cart hold or
 * unpaid order reads as free at once; the sweeper (or the next claim) writes the release later.
 */
export function liveHold(alias: string, now: number) {
  const col = (name: string) => sql.ref(`${alias}.${name}`)
  return sql<SqlBool>`(${col('released_at')} is null and (${col('expires_at')} is null or ${col('expires_at')} > ${now} or exists (select 1 from orders paid_order where paid_order.id = ${col('order_id')} and paid_order.paid = 1)))`
}
