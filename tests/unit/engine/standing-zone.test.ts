import { describe, expect, it } from 'vitest'
import { generateVenue } from '../../../src/engine/generate/index'
import { NO_ZONE, SectorKind, type VenueData } from '../../../src/engine/model'
import { parseVenue } from '../../../src/engine/parse/parseVenue'
import { readAllStrings } from '../../../src/engine/strings/StringTable'

/** Standing sectors of a venue by name, with the id of the zone each has (null: none). */
function standingZoneIds(venue: VenueData): Record<string, string | null> {
  const strings = readAllStrings(venue.strings)
  const out: Record<string, string | null> = {}
  for (let s = 0; s < venue.sectors.count; s++) {
    if (venue.sectors.kind[s] !== SectorKind.Standing) continue
    const z = venue.sectors.zone?.[s] ?? NO_ZONE
    out[strings[venue.sectors.name[s]]] = z === NO_ZONE ? null : venue.zones[z].id
  }
  return out
}

describe('standing areas carry their zone', () => {
  const svg = generateVenue({ kind: 'arena', seats: 3000, seed: 13 })

  it('takes the drawing zone when no metadata is applied', () => {
    expect(standingZoneIds(parseVenue(svg))).toEqual({ 'Floor A': '1', 'Floor B': '1' })
  })

  it('takes the priced zone of its seat_stand entry (matched by name), like seats take theirs', () => {
    const venue = parseVenue(svg, {
      metadata: {
        seat_stand: [{ seat_id: 'Floor A', cat: 501, quant: 10 }, { seat_id: 'Floor B', cat: 502, quant: 0 }],
        zones: [{ id: '501', name: 'Floor A', color: 0x2a9d8f }, { id: '502', name: 'Floor B', color: 0x264653 }],
      },
    })
    expect(standingZoneIds(venue)).toEqual({ 'Floor A': '501', 'Floor B': '502' })
  })

  it('has no zone when this session does not sell it (not in seat_stand)', () => {
    const venue = parseVenue(svg, { metadata: { seat_stand: [{ seat_id: 'Floor B', cat: 502, quant: 5 }] } })
    expect(standingZoneIds(venue)).toEqual({ 'Floor A': null, 'Floor B': '502' })
  })
})
