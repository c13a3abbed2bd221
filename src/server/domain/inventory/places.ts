import type { Db } from '../../db/connect'
import { joinLocalized, localize, type LocalizedText } from '../../messages'
import { KEY_CHUNK } from './constants'

/**
 * Resolves the seat keys a visitor sends (seat_id of /api/scheme/map and seat_stand) to rows of
 * the session's drawing: numbered seats and standing places share one key space per drawing.
 */
export interface SeatPlace {
  kind: 'seat'
  key: string
  id: number
  zoneId: number | null
  sector: string
  row: string
  seat: string
}
export interface StandPlace {
  kind: 'stand'
  key: string
  id: number
  zoneId: number | null
  name: string
  capacity: number
}
export type Place = SeatPlace | StandPlace

function chunks<T>(list: readonly T[], size = KEY_CHUNK): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

/** Places of `drawingId` by key; keys the drawing does not have are missing from the map. */
export async function findPlaces(db: Db, drawingId: number, keys: readonly string[]): Promise<Map<string, Place>> {
  const out = new Map<string, Place>()
  for (const part of chunks([...new Set(keys)])) {
    const seats = await db
      .selectFrom('seats as s')
      .innerJoin('sectors as sec', 'sec.id', 's.sector_id')
      .select(['s.id', 's.seat_key', 's.zone_id', 's.row_label', 's.number_label', 'sec.name as sector'])
      .where('s.drawing_id', '=', drawingId)
      .where('s.seat_key', 'in', part)
      .execute()
    for (const s of seats) {
      out.set(s.seat_key, { kind: 'seat', key: s.seat_key, id: s.id, zoneId: s.zone_id, sector: s.sector, row: s.row_label, seat: s.number_label })
    }
    const stands = await db
      .selectFrom('standing_places')
      .select(['id', 'place_key', 'zone_id', 'name', 'capacity'])
      .where('drawing_id', '=', drawingId)
      .where('place_key', 'in', part)
      .execute()
    for (const p of stands) {
      if (!out.has(p.place_key)) out.set(p.place_key, { kind: 'stand', key: p.place_key, id: p.id, zoneId: p.zone_id, name: p.name, capacity: p.capacity })
    }
  }
  return out
}

/** Places by row id (the live feed and the cart read holds by id). */
export async function placesById(db: Db, seatIds: readonly number[], standIds: readonly number[]): Promise<{ seats: Map<number, SeatPlace>; stands: Map<number, StandPlace> }> {
  const seats = new Map<number, SeatPlace>()
  const stands = new Map<number, StandPlace>()
  for (const part of chunks([...new Set(seatIds)])) {
    const rows = await db
      .selectFrom('seats as s')
      .innerJoin('sectors as sec', 'sec.id', 's.sector_id')
      .select(['s.id', 's.seat_key', 's.zone_id', 's.row_label', 's.number_label', 'sec.name as sector'])
      .where('s.id', 'in', part)
      .execute()
    for (const s of rows) seats.set(s.id, { kind: 'seat', key: s.seat_key, id: s.id, zoneId: s.zone_id, sector: s.sector, row: s.row_label, seat: s.number_label })
  }
  for (const part of chunks([...new Set(standIds)])) {
    const rows = await db.selectFrom('standing_places').select(['id', 'place_key', 'zone_id', 'name', 'capacity']).where('id', 'in', part).execute()
    for (const p of rows) stands.set(p.id, { kind: 'stand', key: p.place_key, id: p.id, zoneId: p.zone_id, name: p.name, capacity: p.capacity })
  }
  return { seats, stands }
}

/** Unknown place keys named in a refusal; the rest are not listed. */
export const UNKNOWN_NAMED_MAX = 20

/**
 * A place as a visitor reads it in a refusal, in every language (server/messages): "Stalls
 * centre, row 1, seat 1" / "Партер, ряд 1, место 1"; a standing place by its name. A seat the
 * drawing names no sector, row or number of is named by its key.
 */
export function placeText(p: Place): LocalizedText {
  if (p.kind === 'stand') return localize('phrase.stand', { name: p.name || p.key })
  if (!p.sector && !p.row && !p.seat) return joinLocalized([p.key])
  return localize('phrase.seat', { sector: p.sector || p.key, row: p.row || '—', seat: p.seat || '—' })
}

export { chunks }
