import { rowRangeMatcher } from '../../../contract/admin/rowRange'
import type { SeatSelection, StudioOp, StudioPlan } from '../../../contract/admin/studio'

/**
 * The plan's seats as the queued edits (and a paint previewed) would leave them: each seat's
 * zone and venue block, which is what the studio map draws before saving. Recomputed from the
 * saved plan and the whole list of edits on every change of that list (never undone step by
 * step), so removing an edit from the middle of the list is as right as adding one: O(plan
 * seats + seats the edits name; a range scans only its sector's seats, via PlanIndex), a few
 * milliseconds for a stadium.
 *
 * Paint and block change the seats' zone and block; delete-seats marks seats deleted (drawn faded
 * and not selectable: the save removes them); rename-sector, rename-row, merge-rows, split-row
 * and renumber-row change the sector names and row and seat labels the studio shows (tooltip,
 * panel). Each edit sees the seats as the edits before it left them, as the server applies them
 * in order (edit.ts): a range after a rename matches the new row label, a deleted seat is in no
 * later selection. Range selections match rows by the one range rule the server uses too
 * (contract/admin/rowRange.ts). Capacities and seat types do not change the drawing.
 */

/** A seat's zone: a zone id of the plan, `new:<n>` (a zone added in the same save), or null (no zone: not for sale). */
export type ZoneRef = number | string | null

export interface EditedSeats {
  /** Per plan seat. */
  zone: ZoneRef[]
  /** Per plan seat: 1 when blocked for the venue. */
  blocked: Uint8Array
  /** Per plan seat: 1 when a queued delete-seats removes it. */
  deleted: Uint8Array
  /** Per plan seat: its row and seat labels after the queued row edits. */
  row: readonly string[]
  number: readonly string[]
  /** Sector index → its name after a queued rename (renamed sectors only). */
  sectorName: ReadonlyMap<number, string>
}

/** The seats' labels and deletions as of some point of the edit list (what a selection is matched on). */
interface Labels {
  row: readonly string[]
  deleted: Uint8Array
}


/** Lookups built once per plan: seat key → plan index, sector index → its plan seats. */
export interface PlanIndex {
  keys: ReadonlyMap<string, number>
  sectors: ReadonlyMap<number, readonly number[]>
}

export function planIndexOf(plan: StudioPlan): PlanIndex {
  const sectors = new Map<number, number[]>()
  plan.seats.sector.forEach((s, i) => {
    const list = sectors.get(s)
    if (list) list.push(i)
    else sectors.set(s, [i])
  })
  return { keys: new Map(plan.seats.key.map((k, i) => [k, i])), sectors }
}

/** Plan indexes of the seats a selection names, on the saved labels or on `now` (labels after earlier edits, deleted seats left out). */
export function seatsOf(plan: StudioPlan, sel: SeatSelection, index: PlanIndex, now?: Labels): number[] {
  const live = (i: number) => !now || now.deleted[i] === 0
  if ('keys' in sel) return sel.keys.flatMap((k) => {
    const i = index.keys.get(k)
    return i === undefined || !live(i) ? [] : [i]
  })
  const rows = now?.row ?? plan.seats.row
  const inSector = (index.sectors.get(sel.sector) ?? []).filter(live)
  const inRange = rowRangeMatcher(sel.from_row, sel.to_row)
  return inRange === null ? inSector : inSector.filter((i) => inRange(rows[i]))
}

/** A row's live seats, left to right as the server orders them (by x, then id = plan order); plan order without `x`. */
function rowOf(index: PlanIndex, now: Labels, sector: number, row: string, x?: (planIndex: number) => number): number[] {
  const seats = (index.sectors.get(sector) ?? []).filter((i) => now.deleted[i] === 0 && now.row[i] === row)
  if (x) {
    const at = new Map(seats.map((i) => [i, x(i)]))
    seats.sort((a, b) => at.get(a)! - at.get(b)! || a - b)
  }
  return seats
}

/**
 * The seats after `ops` in order, starting from the saved plan. `x` (a plan seat's x on the map)
 * orders a row's seats for split-row and renumber-row as the server does; without it (map not
 * drawn yet) plan order stands in.
 */
export function editedSeats(plan: StudioPlan, ops: readonly StudioOp[], index: PlanIndex, x?: (planIndex: number) => number): EditedSeats {
  const zone: ZoneRef[] = [...plan.seats.zone]
  const blocked = Uint8Array.from(plan.seats.blocked)
  const now = { row: [...plan.seats.row], deleted: new Uint8Array(plan.seats.key.length) }
  const number = [...plan.seats.number]
  const sectorName = new Map<number, string>()
  const relabel = (sector: number, from: string, to: string) => {
    for (const i of rowOf(index, now, sector, from)) now.row[i] = to
  }
  for (const op of ops) {
    switch (op.op) {
      case 'paint':
        for (const i of seatsOf(plan, op.seats, index, now)) zone[i] = op.zone
        break
      case 'block':
        for (const i of seatsOf(plan, op.seats, index, now)) blocked[i] = op.blocked ? 1 : 0
        break
      case 'delete-seats':
        for (const i of seatsOf(plan, op.seats, index, now)) now.deleted[i] = 1
        break
      case 'rename-sector':
        sectorName.set(op.sector, op.name)
        break
      case 'rename-row':
        relabel(op.sector, op.row, op.to)
        break
      case 'merge-rows':
        for (const r of new Set(op.rows)) if (r !== op.into) relabel(op.sector, r, op.into)
        break
      case 'split-row':
        for (const i of rowOf(index, now, op.sector, op.row, x).slice(op.keep)) now.row[i] = op.to
        break
      case 'renumber-row':
        rowOf(index, now, op.sector, op.row, x).forEach((i, k) => (number[i] = String(op.start + k * op.step)))
        break
    }
  }
  return { zone, blocked, deleted: now.deleted, row: now.row, number, sectorName }
}

/** Zones added by `add-zone` edits, in order: `new:<n>` is the n-th. */
export function addedZones(ops: readonly StudioOp[]): { name: string; color: string }[] {
  return ops.flatMap((op) => (op.op === 'add-zone' ? [{ name: op.name, color: op.color }] : []))
}
