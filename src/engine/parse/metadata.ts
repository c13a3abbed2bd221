/**
 * Applies the map response's metadata (001 §3 "Map response": sectors, seat_numbers, seat_stand)
 * to a parsed venue: zone (price category) and status per seat, matched by seat key (seat_id),
 * else by sector, row and seat labels. Seats the metadata does not list are not for sale in this
 * session (SeatStatus.Unavailable). A standing area takes the zone of its seat_stand entry, so
 * it is drawn in the colour of the category it is sold in. Cost: O(seats + entries), one map of keys.
 */
import { NO_ZONE, SeatStatus, SectorKind, type VenueData, type VenueZone } from '../model'
import { seatKeyIndex } from '../seatKeys'
import { StringTable } from '../strings/StringTable'
import { ZONE_PALETTE } from './VenueBuilder'
import { venueWarning } from './warnings'

/**
 * Session data in the engine's own terms (the engine knows no contract): the host maps the
 * server's statuses and zones to these (the storefront in one adapter,
 * src/app/screens/scheme/map/seatStatus.ts).
 */
export interface MetadataSeat {
  seat_id: string
  sector: string
  row: string
  seat: string
  /** Zone (price category) id. */
  zonelevel_id: number | string
  status: SeatStatus
}
export interface MetadataStand {
  /** The standing sector's name. */
  seat_id: string
  /** Zone (price category) id it is sold in. */
  cat: number | string
  quant?: number
}

export interface VenueMetadata {
  sectors?: { sector_id: string }[]
  seat_numbers?: MetadataSeat[]
  seat_stand?: MetadataStand[]
  /** Names and colours of zones (price categories) by zonelevel_id, e.g. from the price rows. */
  zones?: VenueZone[]
}

export function applyMetadata(venue: VenueData, metadata: VenueMetadata): void {
  const zoneOf = sessionZones(venue, metadata.zones ?? [])
  const seats = venue.seats
  if (Array.isArray(metadata.seat_numbers)) {
    const strings = new StringTable(venue.strings)
    const byKey = seatKeyIndex(venue, strings)
    let byLabels: Map<string, number> | null = null
    const labelKey = (sector: string, row: string, seat: string) => `${sector}\u0000${row}\u0000${seat}`
    seats.status.fill(SeatStatus.Unavailable)
    let unmatched = 0
    for (const entry of metadata.seat_numbers) {
      let i = byKey.get(entry.seat_id)
      if (i === undefined) {
        if (!byLabels) {
          byLabels = new Map()
          for (let k = 0; k < seats.count; k++) {
            const sector = strings.get(venue.sectors.name[seats.sector[k]])
            byLabels.set(labelKey(sector, strings.get(seats.row[k]), strings.get(seats.number[k])), k)
          }
        }
        i = byLabels.get(labelKey(entry.sector, entry.row, entry.seat))
      }
      if (i === undefined) {
        unmatched++
        continue
      }
      seats.zone[i] = zoneOf(String(entry.zonelevel_id))
      seats.status[i] = entry.status
    }
    if (unmatched > 0) venue.warnings.push(venueWarning('seat-numbers-unmatched', { count: unmatched }))
  }
  if (Array.isArray(metadata.seat_stand)) standingZones(venue, metadata.seat_stand, zoneOf)
}

/**
 * Puts the session's zones (names and colours of the price rows) over the venue's, by id, and
 * answers the zone index of an id, adding a zone for an id the venue does not know yet.
 */
export function sessionZones(venue: VenueData, zones: readonly VenueZone[]): (id: string) => number {
  const zoneIndex = new Map<string, number>()
  venue.zones.forEach((z, i) => zoneIndex.set(z.id, i))
  for (const z of zones) {
    const i = zoneIndex.get(z.id)
    if (i === undefined) {
      zoneIndex.set(z.id, venue.zones.length)
      venue.zones.push({ ...z })
    } else venue.zones[i] = { ...z }
  }
  return (id: string): number => {
    let i = zoneIndex.get(id)
    if (i === undefined) {
      i = venue.zones.length
      if (i >= NO_ZONE) return NO_ZONE
      zoneIndex.set(id, i)
      venue.zones.push({ id, name: id, color: ZONE_PALETTE[i % ZONE_PALETTE.length] })
    }
    return i
  }
}

/**
 * Standing areas take the priced zone of their seat_stand entry, matched by name (the import
 * stores a standing sector's name as its seat_id); one the entries do not list is not sold in
 * this session and loses the drawing's zone (NO_ZONE), as unlisted seats become Unavailable.
 */
export function standingZones(venue: VenueData, stands: readonly MetadataStand[], zoneOf: (id: string) => number): void {
  const sectors = venue.sectors
  const names = new StringTable(venue.strings)
  const standing = new Map<string, number>()
  for (let s = 0; s < sectors.count; s++) if (sectors.kind[s] === SectorKind.Standing) standing.set(names.get(sectors.name[s]), s)
  const zones = sectors.zone ?? new Uint16Array(sectors.count).fill(NO_ZONE)
  for (const s of standing.values()) zones[s] = NO_ZONE
  for (const stand of stands) {
    const zone = zoneOf(String(stand.cat))
    const s = standing.get(stand.seat_id)
    if (s !== undefined) zones[s] = zone
  }
  if (standing.size > 0) sectors.zone = zones
}
