import type { SeatStatus as ServerSeatStatus } from '../../../contract/entities/scheme'
import type { SeatStatus } from '../../../engine/model'
import type { SeatMapEngine } from '../../../engine/SeatMapEngine'
import { engineStatus } from './model/status'

const NONE: ReadonlySet<string> = new Set()

/**
 * Applies server statuses of seats (by seat_id) to the engine in one batch per status, so a
 * burst of changes costs one setStatuses call each, not one per seat. Seats held by this
 * visitor's cart stay Selected. Unknown ids (standing places, seats not drawn) are skipped, and
 * so are `blocked` seats (not for sale to this visitor in the chosen mode: they stay Unavailable).
 */
export function applyServerStatuses(
  engine: SeatMapEngine,
  changes: readonly { seat_id: string; status: ServerSeatStatus }[],
  mine: ReadonlySet<string>,
  blocked: ReadonlySet<string> = NONE,
): void {
  const groups = new Map<SeatStatus, number[]>()
  for (const c of changes) {
    if (blocked.has(c.seat_id)) continue
    const index = engine.indexOfKey(c.seat_id)
    if (index < 0) continue
    const status = engineStatus(c.status, mine.has(c.seat_id))
    let list = groups.get(status)
    if (list === undefined) groups.set(status, (list = []))
    list.push(index)
  }
  for (const [status, indices] of groups) engine.setStatuses(indices, status)
}
