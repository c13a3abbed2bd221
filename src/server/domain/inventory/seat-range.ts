import { sql, type SqlBool } from 'kysely'

/**
 * `column in (seatIds)` on a seat_holds query of one session, bounded by the ids' range: every
 * lookup of some seats' holds goes through here.
 *
 * Why the range: PostgreSQL 15 plans `calendar_id = X and seat_id in (…)` with the live-hold index
 * (calendar_id, seat_id) on calendar_id alone whenever its statistics say the session holds few
 * seats, and then filters every live hold of the session. That is what they say for any session
 * put on sale since the table was last analyzed, and autovacuum analyzes only after a tenth of the
 * table has changed, which one rush on a table with a history seldom reaches (EXPLAIN ANALYZE:
 * 5,000 rows removed by filter for three seats). A range on the index's second column is always an
 * index condition, so the lookup reads the session's live holds between the lowest and the highest
 * seat id asked: a row's or a block's, in a drawing's usual order; at worst, seats asked far apart,
 * as many as before. SQLite plans either form by the index.
 */
export function amongSeats(column: string, seatIds: readonly number[]) {
  if (seatIds.length === 0) return sql<SqlBool>`1 = 0`
  let lo = seatIds[0]
  let hi = seatIds[0]
  for (const id of seatIds) {
    if (id < lo) lo = id
    if (id > hi) hi = id
  }
  const ref = sql.ref(column)
  return sql<SqlBool>`(${ref} >= ${lo} and ${ref} <= ${hi} and ${ref} in (${sql.join([...seatIds])}))`
}
