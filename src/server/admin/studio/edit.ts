import type { StudioOp } from '../../../contract/admin/studio'
import type { Db } from '../../db/connect'
import { forgetCompiledVenue } from '../../venues/compiled'
import { ApiFailure } from '../../errors'
import { writeAudit } from '../audit'
import type { Actor } from '../context'
import { tx } from '../catalogue/rows.repository'
import { copyDrawing } from './copy.repository'
import { applyPaintKind, isPaintKindOp } from './paint-kind'
import { deleteSelected, numberSeats, relabelSeats, renameRow, rowSeats, sectorIdOf, selectedSeats, selectionFilters, updateSelected } from './seats.repository'
import { bumpRevision, insertZone, lockForSave, recount, renameSector, setCapacity, zoneIdsOf } from './version.repository'

interface Version {
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

/** Applies one edit to the version being saved (a new one or a draft); answers how many seats (or places) it changed. */
async function apply(db: Db, v: Version, op: StudioOp): Promise<number> {
  if (isPaintKindOp(op)) return applyPaintKind(db, v.id, op, async (sel) => (await selectedSeats(db, await selectionFilters(db, v.id, sel))).map((s) => s.id))
  switch (op.op) {
    case 'add-zone':
      v.added.push(await insertZone(db, v.id, `${v.keyPrefix}-${v.added.length}`, op.name, op.color.toLowerCase()))
      return 0
    case 'paint':
      return updateSelected(db, await selectionFilters(db, v.id, op.seats), { zone_id: zoneOf(v, op.zone) })
    case 'block':
      return updateSelected(db, await selectionFilters(db, v.id, op.seats), { blocked: op.blocked ? 1 : 0 })
    case 'delete-seats':
      return deleteSelected(db, await selectionFilters(db, v.id, op.seats))
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
const auditOps = (ops: readonly StudioOp[]) => ops.map((op) => ('seats' in op && 'keys' in op.seats ? { ...op, seats: { keys: op.seats.keys.length } } : op))

/**
 * Saves studio edits to the drawing's venue map, the edits applied in order, the seat counts
 * brought up to date, and one audit row; all in one transaction, so a refused edit (an unknown
 * seat, sector, row, zone or standing area) leaves nothing changed.
 *
 * Where the edits land (a draft, version.repository.ts isDraft): a version no session was ever
 * put on, made by the studio and the venue's newest, is edited in place: it keeps its id and
 * number, its revision goes up by one, and the save costs what the edits touch (a sector rename
 * is one UPDATE at 1,000,000 seats). Any other version is copied first (copy.repository.ts, the
 * whole venue: 30–90 s at 1,000,000 seats) and the edits go to the copy, version = the venue's
 * highest + 1, so a session keeps the version it went on sale with. A drafted version is sealed
 * the moment a session is put on it (the calendars trigger), so the next save copies again.
 */
export async function editDrawing(db: Db, actor: Actor, drawingId: number, ops: readonly StudioOp[]) {
  const saved = await tx(db, async (trx) => {
    const before = await lockForSave(trx, drawingId)
    if (!before) throw new ApiFailure('admin-not-found', { what: 'drawing', id: drawingId })
    const inPlace = before.draft
    const copy = inPlace ? null : await copyDrawing(trx, drawingId, Date.now())
    const v: Version = copy
      ? { id: copy.id, zoneIds: copy.zoneIds, added: [], keyPrefix: `studio-${copy.id}` }
      : { id: drawingId, zoneIds: await zoneIdsOf(trx, drawingId), added: [], keyPrefix: `studio-${drawingId}.${before.revision + 1}` }
    const version = copy ? copy.version : before.version
    let changed = 0
    for (const op of ops) changed += await apply(trx, v, op)
    // Only deleting seats changes a count; a copy carries its source's counts.
    const seats = ops.some((op) => op.op === 'delete-seats') ? await recount(trx, v.id) : before.seat_count
    const revision = inPlace ? await bumpRevision(trx, drawingId, before.revision) : 0
    await writeAudit(trx, actor, {
      action: 'edit-map',
      entity: 'drawing',
      entityId: v.id,
      before: { drawing_id: drawingId, version: before.version, revision: before.revision, seat_count: before.seat_count },
      after: { drawing_id: v.id, version, revision, in_place: inPlace, seat_count: seats, ops: auditOps(ops) },
    })
    return { drawing_id: v.id, version, revision, in_place: inPlace, seats, changed }
  })
  // The storefront compiles the saved map from its rows on first demand; none compiled before stays.
  await forgetCompiledVenue(db, saved.drawing_id)
  return saved
}
