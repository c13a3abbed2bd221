import { SEAT_STATUS_BYTE } from '../../../../contract/entities/compiledVenue'
import type { SchemeMapResponse, SeatStand, SeatStatus as ServerSeatStatus } from '../../../../contract/entities/scheme'
import type { CompiledSession } from '../../../../engine/compiled/session'
import { SeatStatus, type VenueZone } from '../../../../engine/model'
import type { VenueMetadata } from '../../../../engine/parse/metadata'

/**
 * The one mapping between the server's seat world and the engine's (issue 14.3): server
 * statuses and this visitor's cart to engine statuses, the map response and the zones the
 * visitor may buy to the engine's metadata, and batches of live changes to setStatuses calls.
 * The engine knows no contract; nothing else in the storefront converts statuses.
 */

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

/**
 * What the parser applies to the drawing: seats and standing places of the zones the visitor can
 * buy in the chosen mode (`openZones`; the rest are left out, so the engine draws them as not
 * for sale), with engine statuses, and the zones' names and colours.
 */
export function venueMetadata(map: SchemeMapResponse, openZones: ReadonlySet<number>, zones: readonly VenueZone[]): VenueMetadata {
  return {
    sectors: map.sectors,
    seat_numbers: map.seat_numbers
      .filter((x) => openZones.has(x.zonelevel_id))
      .map((x) => ({ seat_id: x.seat_id, sector: x.sector, row: x.row, seat: x.seat, zonelevel_id: x.zonelevel_id, status: ENGINE_STATUS[x.status] })),
    seat_stand: map.seat_stand.filter((x) => openZones.has(x.cat)).map((x) => ({ seat_id: x.seat_id, cat: x.cat, quant: x.quant })),
    zones: [...zones],
  }
}

/** The engine status of each status byte of the compiled map (SEAT_STATUS_BYTE; `off` = not for sale). */
export function statusOfByte(): SeatStatus[] {
  const table: SeatStatus[] = []
  for (const status of ['free', 'held', 'sold'] as const) table[SEAT_STATUS_BYTE[status]] = ENGINE_STATUS[status]
  table[SEAT_STATUS_BYTE.off] = SeatStatus.Unavailable
  return table
}

/** What the venue worker applies to a compiled venue: status table, open zones, zone names and colours, standing places. */
export function compiledSession(stands: readonly SeatStand[], openZones: ReadonlySet<number>, zones: readonly VenueZone[]): CompiledSession {
  return {
    statusOfByte: statusOfByte(),
    openZones: [...openZones].map(String),
    zones: [...zones],
    stands: stands.filter((x) => openZones.has(x.cat)).map((x) => ({ seat_id: x.seat_id, cat: x.cat, quant: x.quant })),
  }
}

/** A set of seat ids (a Set, or a check computed from the venue). */
export interface SeatSet {
  has(seatId: string): boolean
}

/**
 * Status bytes read again after a reconnect, as setStatuses batches: this visitor's cart seats
 * Selected, seats not for sale to the visitor (`blockedAt`) left as they are drawn.
 */
export function statusesToBatches(bytes: Uint8Array, keyOf: (index: number) => string, mine: ReadonlySet<string>, blockedAt: (index: number) => boolean): Map<SeatStatus, number[]> {
  const table = statusOfByte()
  const groups = new Map<SeatStatus, number[]>()
  for (let i = 0; i < bytes.length; i++) {
    let status = table[bytes[i]] ?? SeatStatus.Unavailable
    if (status === SeatStatus.Unavailable || blockedAt(i)) continue
    if (status !== SeatStatus.Sold && mine.size > 0 && mine.has(keyOf(i))) status = SeatStatus.Selected
    let list = groups.get(status)
    if (list === undefined) groups.set(status, (list = []))
    list.push(i)
  }
  return groups
}

/** Seats of the map the visitor cannot buy in the chosen mode (zones outside `openZones`). */
export function blockedSeatIds(map: Pick<SchemeMapResponse, 'seat_numbers'>, openZones: ReadonlySet<number>): Set<string> {
  const out = new Set<string>()
  for (const s of map.seat_numbers) if (!openZones.has(s.zonelevel_id)) out.add(s.seat_id)
  return out
}

/**
 * Server changes of seats (by seat_id) grouped by engine status, so a burst costs one
 * setStatuses call per status, not one per seat. Seats held by this visitor's cart (`mine`)
 * are Selected; unknown ids (standing places, seats not drawn) and `blocked` seats (not for
 * sale to this visitor: they stay Unavailable) are skipped.
 */
export function statusBatches(
  changes: readonly { seat_id: string; status: ServerSeatStatus }[],
  indexOfKey: (key: string) => number,
  mine: ReadonlySet<string>,
  blocked: SeatSet,
): Map<SeatStatus, number[]> {
  const groups = new Map<SeatStatus, number[]>()
  for (const c of changes) {
    if (blocked.has(c.seat_id)) continue
    const index = indexOfKey(c.seat_id)
    if (index < 0) continue
    const status = engineStatus(c.status, mine.has(c.seat_id))
    let list = groups.get(status)
    if (list === undefined) groups.set(status, (list = []))
    list.push(index)
  }
  return groups
}

/**
 * The cart drawn on the map (001 §4: seats in the cart are highlighted, removing one from the
 * cart removes its highlight): seats that joined the cart turn Selected; seats that left it
 * turn Free if they are still drawn Selected (the live stream corrects them if someone else
 * took them meanwhile).
 */
export function cartOverlay(
  shown: ReadonlySet<string>,
  now: ReadonlySet<string>,
  indexOfKey: (key: string) => number,
  statusAt: (index: number) => SeatStatus | undefined,
): { select: number[]; release: number[] } {
  const select: number[] = []
  const release: number[] = []
  for (const id of now) {
    const i = indexOfKey(id)
    if (i >= 0) select.push(i)
  }
  for (const id of shown) {
    if (now.has(id)) continue
    const i = indexOfKey(id)
    if (i >= 0 && statusAt(i) === SeatStatus.Selected) release.push(i)
  }
  return { select, release }
}
