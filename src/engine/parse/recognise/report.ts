/**
 * The import report's plain parts: the report of a rule-set parse, the counts every report takes
 * from the finished venue (rows, sectors, standing areas), and small readers the parser needs.
 */
import { SEAT_ACCESS_NAMES, SectorKind, type VenueData } from '../../model'
import { emptyAccessCounts } from './companions'
import { StringTable } from '../../strings/StringTable'
import type { LabelCounts, RecognitionReport } from './recogniser'

/** Sector indices are 16-bit: a row's key is its string id times this plus its sector. */
const SECTOR_KEYS = 65_536

function zero(): LabelCounts {
  return { attribute: 0, json: 0, description: 0, id: 0, layer: 0, text: 0, inferred: 0, none: 0 }
}

/** The report when a rule set chose the seats: the rules named every label. */
export function rulesReport(seats: number, hiddenSkipped: number): RecognitionReport {
  return {
    method: 'rules', seats, rows: 0, sectors: 0, standing: 0, clusters: [],
    labels: { row: zero(), number: zero(), sector: zero() },
    duplicatesDropped: 0, partsMerged: 0, compoundSeats: 0, hiddenSkipped, access: emptyAccessCounts(), warnings: [],
  }
}

/** Seats, rows, seated sectors and standing areas as the finished venue holds them. */
export function summarise(report: RecognitionReport, venue: VenueData): void {
  // A rule set's seats take their types from the seat elements' markup; recognition counted its own.
  const access = venue.seats.access
  if (report.method === 'rules' && access) {
    for (let i = 0; i < access.length; i++) {
      const type = SEAT_ACCESS_NAMES[access[i]]
      if (type) report.access[type]++
    }
  }
  // Numeric keys (row string id × sectors + sector): no string per seat.
  const { sector, row, count } = venue.seats
  const rows = new Set<number>()
  const seatedSectors = new Set<number>()
  let lastRow = -1
  let lastSector = -1
  for (let i = 0; i < count; i++) {
    if (row[i] === lastRow && sector[i] === lastSector) continue
    lastRow = row[i]
    lastSector = sector[i]
    rows.add(row[i] * SECTOR_KEYS + sector[i])
    seatedSectors.add(sector[i])
  }
  let standing = 0
  for (let s = 0; s < venue.sectors.count; s++) if (venue.sectors.kind[s] === SectorKind.Standing) standing++
  report.seats = venue.seats.count
  report.rows = rows.size
  report.sectors = seatedSectors.size
  report.standing = standing
  if (report.method === 'rules') {
    const strings = new StringTable(venue.strings)
    for (let i = 0; i < venue.seats.count; i++) {
      report.labels.row[strings.get(venue.seats.row[i]) ? 'attribute' : 'none']++
      report.labels.number[strings.get(venue.seats.number[i]) ? 'attribute' : 'none']++
    }
  }
}

/** text-anchor from an inline style ("text-anchor:middle"), or undefined. */
export function textAnchorOf(style: string | undefined): string | undefined {
  if (!style) return undefined
  const m = /text-anchor\s*:\s*([a-z]+)/i.exec(style)
  return m ? m[1].toLowerCase() : undefined
}
