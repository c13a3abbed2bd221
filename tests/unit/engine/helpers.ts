import { readFileSync } from 'node:fs'
import type { VenueData } from '../../../src/engine/model'
import { StringTable } from '../../../src/engine/strings/StringTable'
import { seatKeyId } from '../../../src/engine/seatKeys'

/** The shared real drawings are read in place, never copied into the repository. */
export const REAL_DIR = '/work/shared/venues/real'

export function readReal(file: string): string {
  return readFileSync(`${REAL_DIR}/${file}`, 'utf8')
}

export interface SeatLabels {
  key: string
  sector: string
  row: string
  number: string
}

/** Per-seat labels as plain objects (tests only; the engine never builds these). */
export function seatLabels(venue: VenueData): SeatLabels[] {
  const s = new StringTable(venue.strings)
  return Array.from({ length: venue.seats.count }, (_, i) => ({
    key: s.get(seatKeyId(venue, i)),
    sector: s.get(venue.sectors.name[venue.seats.sector[i]]),
    row: s.get(venue.seats.row[i]),
    number: s.get(venue.seats.number[i]),
  }))
}
