/**
 * A one-object summary of a drawing for the CLI (`venue inspect`) and the server's import:
 * counts, bounding box, warnings, parse time, and the recognition report (how the seats were
 * found, where their labels came from, what was inferred or dropped).
 */
import { SectorKind } from '../model'
import { StringTable } from '../strings/StringTable'
import { recogniseVenue } from './parseVenue'
import type { RecognitionReport } from './recognise/recogniser'
import type { VenueRules } from './rules'
import type { VenueWarning } from './warnings'

export interface VenueSummary {
  seats: number
  sectors: number
  rows: number
  standing: number
  bbox: [number, number, number, number]
  warnings: VenueWarning[]
  /** Seats per type the markup gives (accessible seating) and companions linked to a space (= report.access). */
  seatTypes: RecognitionReport['access']
  parseMs: number
  report: RecognitionReport
}

export function inspectVenue(text: string, rules?: VenueRules): VenueSummary {
  const { venue, report } = recogniseVenue(text, { rules })
  const strings = new StringTable(venue.strings)
  const rows = new Set<string>()
  for (let i = 0; i < venue.seats.count; i++) rows.add(`${venue.seats.sector[i]}\u0000${strings.get(venue.seats.row[i])}`)
  let standing = 0
  for (let s = 0; s < venue.sectors.count; s++) if (venue.sectors.kind[s] === SectorKind.Standing) standing++
  return {
    seats: venue.seats.count,
    sectors: venue.sectors.count - standing,
    rows: rows.size,
    standing,
    bbox: venue.bbox,
    warnings: venue.warnings,
    seatTypes: report.access,
    parseMs: Math.round(venue.parseMs * 10) / 10,
    report,
  }
}
