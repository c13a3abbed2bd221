import type { SeatStatus as ServerSeatStatus } from '../../../contract/entities/scheme'
import type { SeatStatus } from '../../../engine/model'
import type { SeatMapEngine } from '../../../engine/SeatMapEngine'
import { engineStatus } from './model/status'

/**
 * Applies server statuses of seats (by seat_id) to the engine in one batch per status, so a
 * burst of changes costs one setStatuses call each, not one per seat. Seats held by this
 * visitor's cart stay Selected. Unknown ids (standing places, seats not drawn) are skipped.
 */
export function applyServerStatuses(
  engine: SeatMapEngine,
  changes: readonly { seat_id: string; status: ServerSeatStatus }[],
  mine: ReadonlySet<string>,
): void {
  const groups = new Map<SeatStatus, number[]>()
  for (const c of changes) {
    const index = engine.indexOfKey(c.seat_id)
    if (index < 0) continue
    const status = engineStatus(c.status, mine.has(c.seat_id))
    let list = groups.get(status)
    if (list === undefined) groups.set(status, (list = []))
    list.push(index)
  }
  for (const [status, indices] of groups) engine.setStatuses(indices, status)
}
