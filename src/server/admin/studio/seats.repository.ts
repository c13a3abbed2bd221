import { sql, type ExpressionBuilder } from 'kysely'
import type { SeatSelection } from '../../../contract/admin/studio'
import { rowRangeMatcher } from '../../../contract/admin/rowRange'
import type { Db } from '../../db/connect'
import type { Database } from '../../db/database'
import { ApiFailure } from '../../errors'

/**
 * The studio's seat statements (issue 17 item 3), set-based: a selection becomes WHERE clauses
 * the database applies itself, so painting a sector of a 1,000,000-seat venue is one UPDATE, not
 * a read of its ids into Node and thousands of `id IN (…)` statements (what made 20,000 seats
 * take 9.3 s on PostgreSQL). Named keys still travel as parameters, KEY_CHUNK at a time.
 */

/** Seat keys per statement: far below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
export const KEY_CHUNK = 5000

/**
 * One piece of a selection, as a filter on `seats`: named keys of a drawing (one chunk), or a
 * sector's seats, optionally only those of the given row labels.
 */
export type SeatFilter = { drawingId: number; keys: string[] } | { drawingId: number; sectorId: number; rows: string[] | null }

type SeatsEb = ExpressionBuilder<Database, 'seats'>

/** The filter as a WHERE condition on `seats` (unaliased). */
export function seatWhere(f: SeatFilter) {
  return (eb: SeatsEb) => {
    if ('keys' in f) return eb.and([eb('seats.drawing_id', '=', f.drawingId), eb('seats.seat_key', 'in', f.keys)])
    const parts = [eb('seats.drawing_id', '=', f.drawingId), eb('seats.sector_id', '=', f.sectorId)]
    if (f.rows !== null) parts.push(eb('seats.row_label', 'in', f.rows))
    return eb.and(parts)
  }
}

export async function sectorIdOf(db: Db, drawingId: number, index: number): Promise<number> {
  const row = await db.selectFrom('sectors').select('id').where('drawing_id', '=', drawingId).where('sector_index', '=', index).executeTakeFirst()
  if (!row) throw new ApiFailure('admin-bad-reference', { field: 'sector', id: index })
  return row.id
}

/** A sector's distinct row labels (a few hundred at most: read to pick a range of rows). */
async function rowLabelsOf(db: Db, sectorId: number): Promise<string[]> {
  const rows = await db.selectFrom('seats').select('row_label').distinct().where('sector_id', '=', sectorId).execute()
  return rows.map((r) => r.row_label)
}

/**
 * The filters of a selection on a drawing. A row range keeps the rows the one range rule
 * (contract/admin/rowRange.ts) matches among the sector's row labels. Named keys are not checked here: the statement that uses them counts
 * what it touched (seatsMissing names the first unknown key).
 */
export async function selectionFilters(db: Db, drawingId: number, sel: SeatSelection): Promise<SeatFilter[]> {
  if ('keys' in sel) {
    const keys = [...new Set(sel.keys)]
    const out: SeatFilter[] = []
    for (let i = 0; i < keys.length; i += KEY_CHUNK) out.push({ drawingId, keys: keys.slice(i, i + KEY_CHUNK) })
    return out
  }
  const sectorId = await sectorIdOf(db, drawingId, sel.sector)
  const inRange = rowRangeMatcher(sel.from_row, sel.to_row)
  if (inRange === null) return [{ drawingId, sectorId, rows: null }]
  const rows = (await rowLabelsOf(db, sectorId)).filter(inRange)
  // No row in the range: nothing selected (an empty IN list is not valid SQL).
  return rows.length ? [{ drawingId, sectorId, rows }] : []
}

/** The first key of a keys filter the drawing does not have ('' if all exist). */
export async function seatsMissing(db: Db, f: SeatFilter): Promise<string> {
  if (!('keys' in f)) return ''
  const rows = await db.selectFrom('seats').select('seat_key').where(seatWhere(f)).execute()
  const found = new Set(rows.map((r) => r.seat_key))
  return f.keys.find((k) => !found.has(k)) ?? ''
}

/** Refuses a keys filter that touched fewer seats than it named (a typo would paint nothing silently). */
async function mustHaveTouchedAll(db: Db, f: SeatFilter, n: number): Promise<void> {
  if ('keys' in f && n !== f.keys.length) throw new ApiFailure('admin-bad-reference', { field: 'seats', id: await seatsMissing(db, f) })
}

/** Sets columns of the selected seats; answers how many. */
export async function updateSelected(db: Db, filters: readonly SeatFilter[], set: { zone_id?: number | null; blocked?: number; row_label?: string }): Promise<number> {
  let n = 0
  for (const f of filters) {
    const r = await db.updateTable('seats').set(set).where(seatWhere(f)).executeTakeFirst()
    const touched = Number(r.numUpdatedRows)
    await mustHaveTouchedAll(db, f, touched)
    n += touched
  }
  return n
}

export async function deleteSelected(db: Db, filters: readonly SeatFilter[]): Promise<number> {
  let n = 0
  for (const f of filters) {
    const r = await db.deleteFrom('seats').where(seatWhere(f)).executeTakeFirst()
    const touched = Number(r.numDeletedRows)
    await mustHaveTouchedAll(db, f, touched)
    n += touched
  }
  return n
}

/**
 * What a seat "deleted" while edits are only tried (apply-ops.ts, check) becomes: a row label and
 * a key no edit can name (longer than the contract's row labels, 50, and seat keys, 200), so every
 * later edit of the same save misses it as it will miss the deleted seat on the copy. The seat
 * row itself stays (order lines name it) and the tried edits are rolled back.
 */
export const TRIED_DELETE_ROW = '~'.repeat(51)
const TRIED_DELETE_KEY = '~'.repeat(201)

/** Marks the selected seats as deleted for the rest of a tried save (TRIED_DELETE_ROW); answers how many. */
export async function markTriedDelete(db: Db, filters: readonly SeatFilter[]): Promise<number> {
  let n = 0
  for (const f of filters) {
    const r = await db
      .updateTable('seats')
      .set({ row_label: TRIED_DELETE_ROW, seat_key: sql<string>`${TRIED_DELETE_KEY} || cast(id as text)` })
      .where(seatWhere(f))
      .executeTakeFirst()
    const touched = Number(r.numUpdatedRows)
    await mustHaveTouchedAll(db, f, touched)
    n += touched
  }
  return n
}

/** Ids and keys of the selected seats (session blocks work on ids; a selection is checked whole). */
export async function selectedSeats(db: Db, filters: readonly SeatFilter[]): Promise<{ id: number; seat_key: string }[]> {
  const out: { id: number; seat_key: string }[] = []
  for (const f of filters) {
    const rows = await db.selectFrom('seats').select(['id', 'seat_key']).where(seatWhere(f)).orderBy('id').execute()
    await mustHaveTouchedAll(db, f, rows.length)
    out.push(...rows)
  }
  return out
}

/** Seats of a row, left to right (by x, then id). */
export function rowSeats(db: Db, sectorId: number, row: string) {
  return db.selectFrom('seats').select(['id', 'x']).where('sector_id', '=', sectorId).where('row_label', '=', row).orderBy('x').orderBy('id').execute()
}

/**
 * Numbers seats from `start` by `step` in the order given, in one UPDATE per KEY_CHUNK seats
 * (CASE id WHEN … THEN …), not one statement per seat.
 */
export async function numberSeats(db: Db, ids: readonly number[], start: number, step: number): Promise<void> {
  for (let i = 0; i < ids.length; i += KEY_CHUNK) {
    const part = ids.slice(i, i + KEY_CHUNK)
    const cases = sql.join(part.map((id, j) => sql`when ${sql.lit(id)} then ${String(start + (i + j) * step)}`), sql` `)
    await db
      .updateTable('seats')
      .set({ number_label: sql<string>`case id ${cases} end` })
      .where('id', 'in', part)
      .execute()
  }
}

/** Moves seats (by id) to another row label. */
export async function relabelSeats(db: Db, ids: readonly number[], row: string): Promise<void> {
  for (let i = 0; i < ids.length; i += KEY_CHUNK) await db.updateTable('seats').set({ row_label: row }).where('id', 'in', ids.slice(i, i + KEY_CHUNK)).execute()
}

/** Renames a row of a sector; answers how many seats it has. */
export async function renameRow(db: Db, sectorId: number, row: string, to: string): Promise<number> {
  const r = await db.updateTable('seats').set({ row_label: to }).where('sector_id', '=', sectorId).where('row_label', '=', row).executeTakeFirst()
  return Number(r.numUpdatedRows)
}
