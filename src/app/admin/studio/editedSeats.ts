import type { SeatSelection, StudioOp, StudioPlan } from '../../../contract/admin/studio'

/**
 * The plan's seats as the queued edits (and a paint previewed) would leave them: each seat's
 * zone and venue block, which is what the studio map draws before saving. Recomputed from the
 * saved plan and the whole list of edits on every change of that list (never undone step by
 * step), so removing an edit from the middle of the list is as right as adding one: O(plan
 * seats + seats the edits name; a range scans only its sector's seats, via PlanIndex), a few
 * milliseconds for a stadium.
 *
 * Only paint and block change the drawing; the other edits (names, rows, capacities, seat types)
 * leave it as it is. Range selections match rows as the server does (seats.repository.ts
 * selectionFilters), on the saved row labels.
 */

/** A seat's zone: a zone id of the plan, `new:<n>` (a zone added in the same save), or null (no zone: not for sale). */
export type ZoneRef = number | string | null

export interface EditedSeats {
  /** Per plan seat. */
  zone: ZoneRef[]
  /** Per plan seat: 1 when blocked for the venue. */
  blocked: Uint8Array
}

/** Numeric row labels compare as numbers, the rest only by equality with a bound (as the server). */
const rowNumber = (label: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(label) ? Number(label) : null)

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

/** Plan indexes of the seats a selection names. */
export function seatsOf(plan: StudioPlan, sel: SeatSelection, index: PlanIndex): number[] {
  if ('keys' in sel) return sel.keys.flatMap((k) => {
    const i = index.keys.get(k)
    return i === undefined ? [] : [i]
  })
  const { row } = plan.seats
  const inSector = index.sectors.get(sel.sector) ?? []
  const bounds = [sel.from_row, sel.to_row].filter((b): b is string => b !== undefined).map((b) => b.trim())
  if (bounds.length === 0) return [...inSector]
  const nums = bounds.map(rowNumber)
  const known = nums.filter((n): n is number => n !== null)
  const lo = nums[0] !== null ? Math.min(...known) : null
  const hi = nums.some((n) => n === null) ? lo : Math.max(...known)
  return inSector.filter((i) => {
    const n = rowNumber(row[i])
    return bounds.includes(row[i].trim()) || (n !== null && lo !== null && hi !== null && n >= lo && n <= hi)
  })
}

/** The seats after `ops` in order, starting from the saved plan. */
export function editedSeats(plan: StudioPlan, ops: readonly StudioOp[], index: PlanIndex): EditedSeats {
  const zone: ZoneRef[] = [...plan.seats.zone]
  const blocked = Uint8Array.from(plan.seats.blocked)
  for (const op of ops) {
    if (op.op === 'paint') for (const i of seatsOf(plan, op.seats, index)) zone[i] = op.zone
    else if (op.op === 'block') for (const i of seatsOf(plan, op.seats, index)) blocked[i] = op.blocked ? 1 : 0
  }
  return { zone, blocked }
}

/** Zones added by `add-zone` edits, in order: `new:<n>` is the n-th. */
export function addedZones(ops: readonly StudioOp[]): { name: string; color: string }[] {
  return ops.flatMap((op) => (op.op === 'add-zone' ? [{ name: op.name, color: op.color }] : []))
}
