/**
 * A session on a compiled venue: the status bytes (one per seat, in the compiled order) turned
 * into engine statuses through the host's table, the session's zones put over the venue's, seats
 * of zones the visitor may not buy drawn as not for sale, and standing areas in their priced zone.
 * The engine knows no contract: the host says what each byte means (statusOfByte) and which zone
 * ids are open. Cost: one pass over the seats.
 */
import { NO_ZONE, SeatStatus, type VenueData, type VenueZone } from '../model'
import { sessionZones, standingZones, type MetadataStand } from '../parse/metadata'
import { CompiledVenueError } from './format'

export interface CompiledSession {
  /** Engine status (SeatStatus) of each status byte value; a byte past its end is Unavailable. */
  statusOfByte: readonly number[]
  /** Zone ids (as the venue's zones name them) the visitor may buy in the chosen mode. */
  openZones: readonly string[]
  /** Names and colours of the session's zones. */
  zones: readonly VenueZone[]
  /** Priced standing areas (seat_stand), open ones only. */
  stands: readonly MetadataStand[]
}

export function applySessionStatuses(venue: VenueData, statuses: Uint8Array, session: CompiledSession): void {
  const seats = venue.seats
  if (statuses.length !== seats.count) throw new CompiledVenueError(`${statuses.length} statuses for ${seats.count} seats`)
  const zoneOf = sessionZones(venue, session.zones)
  const open = new Set(session.openZones)
  const openZone = new Uint8Array(venue.zones.length)
  venue.zones.forEach((z, i) => (openZone[i] = open.has(z.id) ? 1 : 0))
  const table = session.statusOfByte
  for (let i = 0; i < seats.count; i++) {
    const zone = seats.zone[i]
    seats.status[i] = zone === NO_ZONE || openZone[zone] === 0 ? SeatStatus.Unavailable : (table[statuses[i]] ?? SeatStatus.Unavailable)
  }
  standingZones(venue, session.stands, (id) => zoneOf(id))
}
