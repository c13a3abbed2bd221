import type { SeatSelection, StudioOp, StudioPlan } from '../../../contract/admin/studio'

/**
 * The plan's seats as the queued edits (and a paint previewed) would leave them: each seat's
 * zone and venue block, which is what the studio map draws before saving. Recomputed from the
 * saved plan and the whole list of edits on every change of that list (never undone step by
 * step), so removing an edit from the middle of the list is as right as adding one: O(plan
 * seats + seats the edits name), a few milliseconds for a stadium.
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

/** Plan indexes of the seats a selection names; `keyIndex` maps seat keys to plan indexes. */
export function seatsOf(plan: StudioPlan, sel: SeatSelection, keyIndex: ReadonlyMap<string, number>): number[] {
  if ('keys' in sel) return sel.keys.flatMap((k) => {
    const i = keyIndex.get(k)
    return i === undefined ? [] : [i]
  })
  const { sector, row } = plan.seats
  const bounds = [sel.from_row, sel.to_row].filter((b): b is string => b !== undefined).map((b) => b.trim())
  const nums = bounds.map(rowNumber)
  const known = nums.filter((n): n is number => n !== null)
  const lo = bounds.length && nums[0] !== null ? Math.min(...known) : null
  const hi = nums.some((n) => n === null) ? lo : bounds.length ? Math.max(...known) : null
  const out: number[] = []
  for (let i = 0; i < sector.length; i++) {
    if (sector[i] !== sel.sector) continue
    if (bounds.length === 0) out.push(i)
    else {
      const label = row[i].trim()
      const n = rowNumber(row[i])
      if (bounds.includes(label) || (n !== null && lo !== null && hi !== null && n >= lo && n <= hi)) out.push(i)
    }
  }
  return out
}

/** Seat key → plan index, built once per plan. */
export function keyIndexOf(plan: StudioPlan): Map<string, number> {
  return new Map(plan.seats.key.map((k, i) => [k, i]))
}

/** The seats after `ops` in order, starting from the saved plan. */
export function editedSeats(plan: StudioPlan, ops: readonly StudioOp[], keyIndex: ReadonlyMap<string, number>): EditedSeats {
  const zone: ZoneRef[] = [...plan.seats.zone]
  const blocked = Uint8Array.from(plan.seats.blocked)
  for (const op of ops) {
    if (op.op === 'paint') for (const i of seatsOf(plan, op.seats, keyIndex)) zone[i] = op.zone
    else if (op.op === 'block') for (const i of seatsOf(plan, op.seats, keyIndex)) blocked[i] = op.blocked ? 1 : 0
  }
  return { zone, blocked }
}

/** Zones added by `add-zone` edits, in order: `new:<n>` is the n-th. */
export function addedZones(ops: readonly StudioOp[]): { name: string; color: string }[] {
  return ops.flatMap((op) => (op.op === 'add-zone' ? [{ name: op.name, color: op.color }] : []))
}
