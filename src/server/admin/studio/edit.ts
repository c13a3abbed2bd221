import { sql } from 'kysely'
import type { SeatSelection, StudioOp } from '../../../contract/admin/studio'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { writeAudit } from '../audit'
import type { Actor } from '../context'
import { mustFind, tx } from '../catalogue/rows'
import { copyDrawing } from './copy'

/** Seat ids per UPDATE/DELETE … IN (…): far below both databases' bound-parameter limits. */
const ID_CHUNK = 1000

interface Version {
  id: number
  /** Source zone id → the copy's; `new:<n>` → zones this save added. */
  zoneIds: Map<number, number>
  added: number[]
}

async function sectorId(db: Db, drawingId: number, index: number): Promise<number> {
  const row = await db.selectFrom('sectors').select('id').where('drawing_id', '=', drawingId).where('sector_index', '=', index).executeTakeFirst()
  if (!row) throw new ApiFailure('admin-bad-reference', { field: 'sector', id: index })
  return row.id
}

/** A row label's number for range selection, or null when it is not a plain number. */
const rowNumber = (label: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(label) ? Number(label) : null)

/**
 * Seat ids of the new version a selection names. Keys must all exist (a typo paints nothing
 * silently otherwise); a row range keeps numeric rows between the bounds and any row equal to
 * a bound.
 */
async function selectSeats(db: Db, drawingId: number, sel: SeatSelection): Promise<number[]> {
  if ('keys' in sel) {
    const keys = [...new Set(sel.keys)]
    const ids: number[] = []
    for (let i = 0; i < keys.length; i += ID_CHUNK) {
      const chunk = keys.slice(i, i + ID_CHUNK)
      const rows = await db.selectFrom('seats').select(['id', 'seat_key']).where('drawing_id', '=', drawingId).where('seat_key', 'in', chunk).execute()
      if (rows.length !== chunk.length) {
        const found = new Set(rows.map((r) => r.seat_key))
        throw new ApiFailure('admin-bad-reference', { field: 'seats', id: chunk.find((k) => !found.has(k)) ?? '' })
      }
      for (const r of rows) ids.push(r.id)
    }
    return ids
  }
  const sector = await sectorId(db, drawingId, sel.sector)
  const rows = await db.selectFrom('seats').select(['id', 'row_label']).where('sector_id', '=', sector).execute()
  if (sel.from_row === undefined && sel.to_row === undefined) return rows.map((r) => r.id)
  const bounds = [sel.from_row, sel.to_row].filter((b): b is string => b !== undefined)
  const nums = bounds.map(rowNumber)
  const lo = nums[0] === null ? null : Math.min(...nums.filter((n): n is number => n !== null))
  const hi = nums.some((n) => n === null) ? lo : Math.max(...nums.filter((n): n is number => n !== null))
  return rows
    .filter((r) => {
      if (bounds.includes(r.row_label.trim())) return true
      const n = rowNumber(r.row_label)
      return n !== null && lo !== null && hi !== null && n >= lo && n <= hi
    })
    .map((r) => r.id)
}

async function inChunks(ids: number[], fn: (chunk: number[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < ids.length; i += ID_CHUNK) await fn(ids.slice(i, i + ID_CHUNK))
}

function zoneOf(v: Version, ref: number | string | null): number | null {
  if (ref === null) return null
  if (typeof ref === 'string') {
    const id = v.added[Number(ref.slice(4))]
    if (id === undefined) throw new ApiFailure('admin-bad-reference', { field: 'zone', id: ref })
    return id
  }
  const id = v.zoneIds.get(ref)
  if (id === undefined) throw new ApiFailure('admin-bad-reference', { field: 'zone', id: ref })
  return id
}

/** Applies one edit to the new version; answers how many seats (or places) it changed. */
async function apply(db: Db, v: Version, op: StudioOp): Promise<number> {
  switch (op.op) {
    case 'add-zone': {
      const top = await db.selectFrom('zones').select(sql<number>`max(sortnum)`.as('s')).where('drawing_id', '=', v.id).executeTakeFirstOrThrow()
      const row = await db
        .insertInto('zones')
        .values({ drawing_id: v.id, zone_key: `studio-${v.id}-${v.added.length}`, color: op.color.toLowerCase(), sortnum: Number(top.s ?? 0) + 1, name_ru: op.name, name_en: op.name, name_kz: op.name, name_ch: op.name })
        .returning('id')
        .executeTakeFirstOrThrow()
      v.added.push(row.id)
      return 0
    }
    case 'paint': {
      const zone = zoneOf(v, op.zone)
      const ids = await selectSeats(db, v.id, op.seats)
      await inChunks(ids, (chunk) => db.updateTable('seats').set({ zone_id: zone }).where('id', 'in', chunk).execute())
      return ids.length
    }
    case 'delete-seats': {
      const ids = await selectSeats(db, v.id, op.seats)
      await inChunks(ids, (chunk) => db.deleteFrom('seats').where('id', 'in', chunk).execute())
      return ids.length
    }
    case 'capacity': {
      const r = await db.updateTable('standing_places').set({ capacity: op.capacity }).where('drawing_id', '=', v.id).where('place_key', '=', op.place_key).executeTakeFirst()
      if (Number(r.numUpdatedRows) === 0) throw new ApiFailure('admin-bad-reference', { field: 'place_key', id: op.place_key })
      return 1
    }
    case 'rename-sector': {
      const id = await sectorId(db, v.id, op.sector)
      await db.updateTable('sectors').set({ name: op.name }).where('id', '=', id).execute()
      return 0
    }
    case 'rename-row': {
      const id = await sectorId(db, v.id, op.sector)
      const r = await db.updateTable('seats').set({ row_label: op.to }).where('sector_id', '=', id).where('row_label', '=', op.row).executeTakeFirst()
      if (Number(r.numUpdatedRows) === 0) throw new ApiFailure('admin-bad-reference', { field: 'row', id: op.row })
      return Number(r.numUpdatedRows)
    }
    case 'renumber-row': {
      const id = await sectorId(db, v.id, op.sector)
      const seats = await db.selectFrom('seats').select(['id']).where('sector_id', '=', id).where('row_label', '=', op.row).orderBy('x').orderBy('id').execute()
      if (seats.length === 0) throw new ApiFailure('admin-bad-reference', { field: 'row', id: op.row })
      for (let i = 0; i < seats.length; i++) await db.updateTable('seats').set({ number_label: String(op.start + i * op.step) }).where('id', '=', seats[i].id).execute()
      return seats.length
    }
  }
}

/** What the audit log keeps of the edits: seat key lists as counts (a stadium's keys would be megabytes). */
const auditOps = (ops: readonly StudioOp[]) => ops.map((op) => ('seats' in op && 'keys' in op.seats ? { ...op, seats: { keys: op.seats.keys.length } } : op))

/**
 * Saves studio edits as a new version of the drawing's venue map (copy.ts), the edits applied in
 * order, the seat counts brought up to date, and one audit row; all in one transaction, so a
 * refused edit (an unknown seat, sector, row, zone or standing area) leaves no half version.
 */
export async function editDrawing(db: Db, actor: Actor, drawingId: number, ops: readonly StudioOp[]) {
  return tx(db, async (trx) => {
    const before = await mustFind(trx, 'venue_drawings', drawingId, 'drawing')
    const copy = await copyDrawing(trx, drawingId, Date.now())
    const v: Version = { id: copy.id, zoneIds: copy.zoneIds, added: [] }
    let changed = 0
    for (const op of ops) changed += await apply(trx, v, op)
    const counts = await trx.selectFrom('seats').select(['sector_id', sql<number>`count(*)`.as('n')]).where('drawing_id', '=', v.id).groupBy('sector_id').execute()
    const bySector = new Map(counts.map((c) => [c.sector_id, Number(c.n)]))
    const sectors = await trx.selectFrom('sectors').select(['id', 'kind', 'seat_count']).where('drawing_id', '=', v.id).execute()
    for (const s of sectors) {
      const n = bySector.get(s.id) ?? 0
      if (s.kind === 0 && n !== s.seat_count) await trx.updateTable('sectors').set({ seat_count: n }).where('id', '=', s.id).execute()
    }
    const seats = [...bySector.values()].reduce((a, b) => a + b, 0)
    await trx.updateTable('venue_drawings').set({ seat_count: seats }).where('id', '=', v.id).execute()
    await writeAudit(trx, actor, {
      action: 'edit-map',
      entity: 'drawing',
      entityId: v.id,
      before: { drawing_id: drawingId, version: before.version, seat_count: before.seat_count },
      after: { drawing_id: v.id, version: copy.version, seat_count: seats, ops: auditOps(ops) },
    })
    return { drawing_id: v.id, version: copy.version, seats, changed }
  })
}
