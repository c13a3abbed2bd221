import { ACCESS_TYPES, type AccessType } from '../../../../contract/entities/access'
import type { SeatNumber } from '../../../../contract/entities/scheme'

/** A typed seat of the session's map (issue 20 item 3), as the legend, filter and tooltip show it. */
export interface SeatAccess {
  type: AccessType
  companionOf: string | null
  sector: string
  row: string
  seat: string
}

/** Icons of the seat types (decoration: the type's text always goes with them). */
export const ACCESS_ICONS: Record<AccessType, string> = { wheelchair: '♿', companion: '⊕', transfer: '⇄', restricted: '◐', signlang: '✋' }

/** The typed seats of a map answer by seat id (ordinary seats are left out). */
export function accessOf(seats: readonly Pick<SeatNumber, 'seat_id' | 'sector' | 'row' | 'seat' | 'access' | 'companion_of'>[]): Map<string, SeatAccess> {
  const out = new Map<string, SeatAccess>()
  for (const s of seats) {
    if (s.access) out.set(s.seat_id, { type: s.access, companionOf: s.companion_of ?? null, sector: s.sector, row: s.row, seat: s.seat })
  }
  return out
}

/** Seat ids per type, in the legend's order; types with no seat are left out. */
export function seatsByType(access: ReadonlyMap<string, SeatAccess>): [AccessType, string[]][] {
  const by = new Map<AccessType, string[]>()
  for (const [id, a] of access) by.set(a.type, [...(by.get(a.type) ?? []), id])
  return ACCESS_TYPES.filter((t) => by.has(t)).map((t) => [t, by.get(t)!])
}
