import type { Db } from '../../db/connect'
import { chunks, type Place, type SeatPlace, type StandPlace } from './places'

/** The places' repository: seats and standing places of a drawing, by key or by id. */

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
    // Seats win a shared key, so only keys no seat has are looked up among standing places:
    // a cart of seats (the on-sale rush) costs one query here, not two.
    const rest = part.filter((k) => !out.has(k))
    if (rest.length === 0) continue
    const stands = await db
      .selectFrom('standing_places')
      .select(['id', 'place_key', 'zone_id', 'name', 'capacity'])
      .where('drawing_id', '=', drawingId)
      .where('place_key', 'in', rest)
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
