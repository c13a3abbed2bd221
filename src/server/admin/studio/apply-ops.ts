import type { StudioOp } from '../../../contract/admin/studio'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { applyPaintKind, isPaintKindOp } from './paint-kind'
import { deleteSelected, markTriedDelete, numberSeats, relabelSeats, renameRow, rowSeats, sectorIdOf, selectedSeats, selectionFilters, updateSelected } from './seats.repository'
import { insertZone, renameSector, setCapacity } from './version.repository'

/**
 * One studio edit applied to a map version's rows: a draft saved in place (edit.ts), the source
 * of a copy checked before the copy starts, or a finished copy (copy-job.ts).
 */

export interface Version {
  id: number
  /** Zone ids the save's edits may name → the version's (the source's → the copy's; a draft's own → themselves). */
  zoneIds: Map<number, number>
  /** Zones this save added (`new:<n>`). */
  added: number[]
  /** Of the added zones' keys: unique in the version across its in-place saves (a copy joins zones by key). */
  keyPrefix: string
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

async function mustRow(db: Db, sectorId: number, row: string) {
  const seats = await rowSeats(db, sectorId, row)
  if (seats.length === 0) throw new ApiFailure('admin-bad-reference', { field: 'row', id: row })
  return seats
}

/**
 * Applies one edit to the version being saved (a copy or a draft); answers how many seats (or
 * places) it changed. `check`: the edits are tried on the source of a copy, in a transaction
 * rolled back after, to refuse a bad save before the copy starts; seats are marked there, not
 * deleted (a sold version's seats are named by order lines, which would refuse the delete), so
 * that a later edit naming them (a row all of whose seats the save deleted, renamed or renumbered;
 * a deleted key painted) is refused here as it would be on the copy and on a draft.
 */
export async function apply(db: Db, v: Version, op: StudioOp, check = false): Promise<number> {
  if (isPaintKindOp(op)) return applyPaintKind(db, v.id, op, async (sel) => (await selectedSeats(db, await selectionFilters(db, v.id, sel))).map((s) => s.id))
  switch (op.op) {
    case 'add-zone':
      v.added.push(await insertZone(db, v.id, `${v.keyPrefix}-${v.added.length}`, op.name, op.color.toLowerCase()))
      return 0
    case 'paint':
      return updateSelected(db, await selectionFilters(db, v.id, op.seats), { zone_id: zoneOf(v, op.zone) })
    case 'block':
      return updateSelected(db, await selectionFilters(db, v.id, op.seats), { blocked: op.blocked ? 1 : 0 })
    case 'delete-seats': {
      const filters = await selectionFilters(db, v.id, op.seats)
      return check ? markTriedDelete(db, filters) : deleteSelected(db, filters)
    }
    case 'capacity':
      if (!(await setCapacity(db, v.id, op.place_key, op.capacity))) throw new ApiFailure('admin-bad-reference', { field: 'place_key', id: op.place_key })
      return 1
    case 'rename-sector':
      await renameSector(db, await sectorIdOf(db, v.id, op.sector), op.name)
      return 0
    case 'rename-row': {
      const n = await renameRow(db, await sectorIdOf(db, v.id, op.sector), op.row, op.to)
      if (n === 0) throw new ApiFailure('admin-bad-reference', { field: 'row', id: op.row })
      return n
    }
    case 'renumber-row': {
      const seats = await mustRow(db, await sectorIdOf(db, v.id, op.sector), op.row)
      await numberSeats(db, seats.map((s) => s.id), op.start, op.step)
      return seats.length
    }
    case 'merge-rows': {
      const sector = await sectorIdOf(db, v.id, op.sector)
      let n = 0
      for (const row of new Set(op.rows)) {
        await mustRow(db, sector, row)
        if (row !== op.into) n += await renameRow(db, sector, row, op.into)
      }
      return n
    }
    case 'split-row': {
      const sector = await sectorIdOf(db, v.id, op.sector)
      const seats = await mustRow(db, sector, op.row)
      if (op.keep >= seats.length) throw new ApiFailure('admin-bad-reference', { field: 'keep', id: op.keep })
      const moved = seats.slice(op.keep).map((s) => s.id)
      await relabelSeats(db, moved, op.to)
      return moved.length
    }
  }
}

/** What the audit log keeps of the edits: seat key lists as counts (a stadium's keys would be megabytes). */
export const auditOps = (ops: readonly StudioOp[]) => ops.map((op) => ('seats' in op && 'keys' in op.seats ? { ...op, seats: { keys: op.seats.keys.length } } : op))
