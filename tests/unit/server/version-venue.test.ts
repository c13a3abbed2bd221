import { describe, expect, it } from 'vitest'
import { decodeCompiledVenue } from '../../../src/engine/compiled/decode'
import { encodeCompiledVenue } from '../../../src/engine/compiled/encode'
import { generateVenue } from '../../../src/engine/generate/index'
import { NO_ZONE, type VenueData } from '../../../src/engine/model'
import { recogniseVenue } from '../../../src/engine/parse/index'
import { readAllStrings, StringTable } from '../../../src/engine/strings/StringTable'
import { UncompilableVersionError, VersionVenueBuilder, type VersionRows, type VersionSeat } from '../../../src/server/venues/version-venue'
import { seatKeyId } from '../../../src/engine/seatKeys'

/** The venue a map version sells, from its drawing and its rows (src/server/venues/version-venue.ts). */

const recognised = (): VenueData => recogniseVenue(generateVenue({ kind: 'hall', seats: 120, seed: 5 })).venue

/** The rows an import stores for a drawing: zone i as id 100 + i, labels and names as recognised. */
function importedRows(venue: VenueData): { seats: VersionSeat[]; rows: VersionRows } {
  const s = readAllStrings(venue.strings)
  const seats = Array.from({ length: venue.seats.count }, (_, i) => ({
    seat_key: s[seatKeyId(venue, i)],
    zone_id: venue.seats.zone[i] === NO_ZONE ? null : 100 + venue.seats.zone[i],
    row_label: s[venue.seats.row[i]],
    number_label: s[venue.seats.number[i]],
  }))
  const zones = venue.zones.map((z, i) => ({ id: 100 + i, color: `#${z.color.toString(16).padStart(6, '0')}`, name: z.name }))
  return { seats, rows: { zones, sectorNames: new Map(Array.from(venue.sectors.name, (n, i) => [i, s[n]])), capacities: new Map() } }
}

const encodeWithIds = (venue: VenueData, zoneIds: readonly number[]) => encodeCompiledVenue({ ...venue, zones: venue.zones.map((z, i) => ({ ...z, id: String(zoneIds[i]) })) })

describe('the venue of a stored map version', () => {
  it('unedited rows give the bytes of the drawing itself', () => {
    const venue = recognised()
    const { seats, rows } = importedRows(venue)
    const b = new VersionVenueBuilder(venue, rows)
    b.add(seats.slice(0, 50))
    b.add(seats.slice(50))
    const { venue: built, zoneIds } = b.finish()
    expect(zoneIds).toEqual(venue.zones.map((_, i) => 100 + i))
    expect(encodeWithIds(built, zoneIds)).toEqual(encodeWithIds(venue, zoneIds))
  })

  it('follows the rows: their order (even when it is not the drawing\'s), zones added after the drawing\'s, labels, deleted seats', () => {
    const venue = recognised()
    const { seats, rows } = importedRows(venue)
    const kept = seats.filter((_, i) => i % 10 !== 3).reverse()
    kept[0] = { ...kept[0], zone_id: 900, row_label: 'Z', number_label: '99' }
    const b = new VersionVenueBuilder(venue, { ...rows, zones: [...rows.zones, { id: 901, color: '#000001', name: 'unused' }, { id: 900, color: '#e63946', name: 'Studio' }] })
    b.add(kept)
    const { venue: built, zoneIds } = b.finish()
    const out = decodeCompiledVenue(encodeWithIds(built, zoneIds))
    const t = new StringTable(out.strings)
    expect(out.seats.count).toBe(kept.length)
    expect(Array.from({ length: out.seats.count }, (_, i) => t.get(seatKeyId(out, i)))).toEqual(kept.map((s) => s.seat_key))
    // Only zones a seat is painted with join the drawing's.
    expect(out.zones.map((z) => z.id)).toEqual([...rows.zones.map((z) => String(z.id)), '900'])
    expect(out.zones[out.seats.zone[0]]).toEqual({ id: '900', name: 'Studio', color: 0xe63946 })
    expect([t.get(out.seats.row[0]), t.get(out.seats.number[0])]).toEqual(['Z', '99'])
    // Geometry is the drawing's seat's.
    const src = seats.findIndex((s) => s.seat_key === kept[5].seat_key)
    expect(out.seats.x[5]).toBeCloseTo(venue.seats.x[src], 0)
    const removed = venue.seats.count - kept.length
    expect(out.sectors.seatCount.reduce((a, c) => a + c, 0)).toBe(venue.sectors.seatCount.reduce((a, c) => a + c, 0) - removed)
  })

  it('refuses rows naming a seat the drawing does not have, or one seat twice', () => {
    const venue = recognised()
    const { seats, rows } = importedRows(venue)
    expect(() => new VersionVenueBuilder(venue, rows).add([{ ...seats[0], seat_key: 'no-such-seat' }])).toThrow(UncompilableVersionError)
    expect(() => new VersionVenueBuilder(venue, rows).add([seats[3], seats[3]])).toThrow(UncompilableVersionError)
  })
})
