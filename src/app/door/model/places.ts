import type { DoorTicket } from '../../../contract/admin/door'
import { NO_ZONE, type SyncPlaces } from '../../../contract/admin/door-places'
import type { TicketClaims } from '../../../contract/tickets/token'

/**
 * What the session's places (door-places.ts) tell about a ticket the device does not hold yet
 * (sold after its last sync) from the place its signed code names: its seat (sector, row,
 * number) or standing place, and its category: the one its price zone is sold in this session,
 * or, where the zone is sold in several, one of them (the code does not say which).
 */
export interface PlaceFacts {
  seat: DoorTicket['seat']
  standing: string | null
  /** The ticket's category (one), or the categories it may be (several); none when unknown. */
  categories: DoorTicket['category'][]
  /** For the gate's filters: the seat's sector (null: not seated), and the categories it may be. */
  sectorId: number | null
  categoryIds: number[]
}

interface Seat {
  sectorId: number
  sector: string
  row: string
  number: string
  zoneId: number
}

/** The places indexed by id, built once per download (a stadium's seats: tens of thousands). */
export interface PlaceIndex {
  seats: ReadonlyMap<number, Seat>
  standing: ReadonlyMap<number, { name: string; zoneId: number }>
  zones: ReadonlyMap<number, readonly number[]>
  categories: ReadonlyMap<number, DoorTicket['category']>
}

const built = new WeakMap<SyncPlaces, PlaceIndex>()

export function indexPlaces(places: SyncPlaces): PlaceIndex {
  const held = built.get(places)
  if (held) return held
  const seats = new Map<number, Seat>()
  for (const sector of places.sectors) for (const [id, row, number, zoneId] of sector.seats) seats.set(id, { sectorId: sector.id, sector: sector.name, row, number, zoneId })
  const index: PlaceIndex = {
    seats,
    standing: new Map(places.standing.map(([id, name, zoneId]) => [id, { name, zoneId }])),
    zones: new Map(places.zones.map((z) => [z.id, z.categoryIds])),
    categories: new Map(places.categories.map((c) => [c.id, c.name])),
  }
  built.set(places, index)
  return index
}

/** The place a signed code names, as far as the places tell; null when they do not know it (a drawing changed since the download). */
export function placeFacts(index: PlaceIndex, place: TicketClaims['place']): PlaceFacts | null {
  const named = (ids: readonly number[]) => ids.flatMap((id) => index.categories.get(id) ?? [])
  const ofZone = (zoneId: number) => (zoneId === NO_ZONE ? [] : [...(index.zones.get(zoneId) ?? [])])
  if (place.kind === 'category') {
    return index.categories.has(place.id) ? { seat: null, standing: null, categories: named([place.id]), sectorId: null, categoryIds: [place.id] } : null
  }
  if (place.kind === 'standing') {
    const p = index.standing.get(place.id)
    const ids = p ? ofZone(p.zoneId) : []
    return p ? { seat: null, standing: p.name, categories: named(ids), sectorId: null, categoryIds: ids } : null
  }
  const s = index.seats.get(place.id)
  if (!s) return null
  const ids = ofZone(s.zoneId)
  return { seat: { sector: s.sector, row: s.row, seat: s.number }, standing: null, categories: named(ids), sectorId: s.sectorId, categoryIds: ids }
}
