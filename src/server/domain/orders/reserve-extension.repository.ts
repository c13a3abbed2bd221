import type { Db } from '../../db/connect'

/** SQL of reserve extensions (issue 20): the bounds of the order's sessions, and the move. */

/** The earliest instant any of the order's sessions stops selling (its start or off-sale time). */
export async function orderSaleEnd(db: Db, orderId: number): Promise<number> {
  const rows = await db
    .selectFrom('order_lines as l')
    .innerJoin('calendars as c', 'c.id', 'l.calendar_id')
    .select(['c.starts_at', 'c.sale_to'])
    .where('l.order_id', '=', orderId)
    .execute()
  let end = Number.POSITIVE_INFINITY
  for (const r of rows) end = Math.min(end, Number(r.starts_at), r.sale_to === null ? Number.POSITIVE_INFINITY : Number(r.sale_to))
  return end
}

/** Moves the order's reserve and its live seat and standing holds to `until`, counting the extension. */
export async function moveOrderReserve(trx: Db, orderId: number, until: number, extensions: number): Promise<void> {
  await trx.updateTable('orders').set({ reserve_until: until, reserve_extensions: extensions }).where('id', '=', orderId).execute()
  for (const table of ['seat_holds', 'standing_holds'] as const) {
    await trx.updateTable(table).set({ expires_at: until }).where('order_id', '=', orderId).where('released_at', 'is', null).where('expires_at', 'is not', null).execute()
  }
}
