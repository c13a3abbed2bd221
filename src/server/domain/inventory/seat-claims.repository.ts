import type { Db } from '../../db/connect'

/**
 * Row-level groundwork of a seat claim (issue 18.4): only the rows of the seats a request wants
 * are read or written, so a claim costs the same whatever the session has sold, and claims on
 * different seats never wait on each other.
 */

/**
 * Releases expired cart holds on `seatIds` of a session (by the stock rule they are free
 * already; released, they leave the live-hold unique index, so the claim's INSERT can take the
 * seat). Answers how many were released.
 */
export async function releaseExpiredCartHoldsOn(trx: Db, calendarId: number, seatIds: readonly number[], now: number): Promise<number> {
  if (seatIds.length === 0) return 0
  const res = await trx
    .updateTable('seat_holds')
    .set({ released_at: now })
    .where('calendar_id', '=', calendarId)
    .where('seat_id', 'in', [...seatIds])
    .where('state', '=', 'cart')
    .where('released_at', 'is', null)
    .where('expires_at', '<=', now)
    .executeTakeFirst()
  return Number(res.numUpdatedRows)
}

/** Unpaid orders whose hold on one of `seatIds` ran out at `now` (to be cancelled before the claim). */
export async function expiredOrdersOn(trx: Db, calendarId: number, seatIds: readonly number[], now: number): Promise<number[]> {
  if (seatIds.length === 0) return []
  const rows = await trx
    .selectFrom('seat_holds')
    .select('order_id')
    .distinct()
    .where('calendar_id', '=', calendarId)
    .where('seat_id', 'in', [...seatIds])
    .where('state', '=', 'order')
    .where('released_at', 'is', null)
    .where('expires_at', '<=', now)
    .where('order_id', 'is not', null)
    .execute()
  return rows.map((r) => r.order_id!).sort((a, b) => a - b)
}

/**
 * Both of the above in one statement (PostgreSQL only: a data-modifying WITH): releases expired
 * cart holds on `seatIds` and answers the unpaid orders whose hold on them ran out. The two touch
 * disjoint rows (state 'cart' and 'order'), so reading the order holds from the statement's
 * snapshot is exact. Why: each round trip to the database costs a claim about half a millisecond
 * of the process's CPU in the socket write alone (bench:load profile), more than the SQL itself.
 */
export async function freeExpiredOnPg(trx: Db, calendarId: number, seatIds: readonly number[], now: number): Promise<number[]> {
  if (seatIds.length === 0) return []
  const ids = [...seatIds]
  const rows = await trx
    .with('released', (db) =>
      db
        .updateTable('seat_holds')
        .set({ released_at: now })
        .where('calendar_id', '=', calendarId)
        .where('seat_id', 'in', ids)
        .where('state', '=', 'cart')
        .where('released_at', 'is', null)
        .where('expires_at', '<=', now)
        .returning('id'),
    )
    .selectFrom('seat_holds')
    .select('order_id')
    .distinct()
    .where('calendar_id', '=', calendarId)
    .where('seat_id', 'in', ids)
    .where('state', '=', 'order')
    .where('released_at', 'is', null)
    .where('expires_at', '<=', now)
    .where('order_id', 'is not', null)
    .execute()
  return rows.map((r) => r.order_id!).sort((a, b) => a - b)
}
