import { sql, type SqlBool } from 'kysely'
import { listMarkers, listParams } from '../../db/prepared'

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
export function amongSeats(column: string, seats: readonly number[] | SeatSet) {
  const set = 'ids' in seats ? seats : seatSet(seats)
  if (set.ids.length === 0) return sql<SqlBool>`1 = 0`
  const ref = sql.ref(column)
  return sql<SqlBool>`(${ref} >= ${set.lo} and ${ref} <= ${set.hi} and ${ref} in (${sql.join([...set.ids])}))`
}

/** Seat ids with their range, as amongSeats writes them: the values, or a prepared query's markers (seatSetOf). */
export interface SeatSet {
  lo: number
  hi: number
  ids: readonly number[]
}

/** The seat set of `seatIds` (their lowest and highest id). */
export function seatSet(seatIds: readonly number[]): SeatSet {
  let lo = seatIds[0]
  let hi = seatIds[0]
  for (const id of seatIds) {
    if (id < lo) lo = id
    if (id > hi) hi = id
  }
  return { lo, hi, ids: seatIds }
}

/** A prepared query's seat set of `count` seats, read from the parameters seatParams writes (db/prepared.ts listMarkers). */
export function seatSetOf(p: object, count: number, prefix = 'seat'): SeatSet {
  // No seats: amongSeats writes no range, so the statement takes no parameter for it.
  if (count === 0) return { lo: 0, hi: 0, ids: [] }
  const bounds = p as Record<string, number>
  return { lo: bounds[`${prefix}Lo`], hi: bounds[`${prefix}Hi`], ids: listMarkers<number>(p, prefix, count) }
}

/** The parameters of seatSetOf's seat set for `seatIds`. */
export function seatParams(seatIds: readonly number[], prefix = 'seat'): Record<string, unknown> {
  if (seatIds.length === 0) return {}
  const { lo, hi } = seatSet(seatIds)
  return listParams(prefix, seatIds, { [`${prefix}Lo`]: lo, [`${prefix}Hi`]: hi })
}
