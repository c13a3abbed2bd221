import type { SeatStatus as ServerSeatStatus } from '../../../../contract/entities/scheme'
import { SeatStatus } from '../../../../engine/model'

/** The server's seat status (free / held / sold) as the engine draws it. */
export const ENGINE_STATUS: Record<ServerSeatStatus, SeatStatus> = {
  free: SeatStatus.Free,
  held: SeatStatus.Held,
  sold: SeatStatus.Sold,
}

/**
 * The engine status of a seat: seats in this visitor's cart are Selected (the server reports
 * them 'held' like anyone else's hold), the rest map by ENGINE_STATUS.
 */
export function engineStatus(status: ServerSeatStatus, inMyCart: boolean): SeatStatus {
  if (inMyCart && status !== 'sold') return SeatStatus.Selected
  return ENGINE_STATUS[status]
}

/** Seats a click may toggle: free ones (to take) and this visitor's own (to release). */
export function isSelectable(status: SeatStatus): boolean {
  return status === SeatStatus.Free || status === SeatStatus.Selected
}
