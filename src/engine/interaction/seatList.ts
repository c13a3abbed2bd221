import type { VenueData } from '../model'
import type { VenueText } from './venueText'

/**
 * The accessible alternative to the canvas: sections → rows → seats, grouped from the flat arrays
 * by (sector, row label index) without decoding a string per seat. O(seats) once per venue.
 */
export interface SeatListRow {
  label: string
  seats: number[]
}

export interface SeatListSection {
  sector: number
  name: string
  rows: SeatListRow[]
}

export function buildSeatList(venue: VenueData, text: VenueText): SeatListSection[] {
  const s = venue.seats
  const bySector = new Map<number, Map<number, number[]>>()
  for (let i = 0; i < s.count; i++) {
    let rows = bySector.get(s.sector[i])
    if (!rows) {
      rows = new Map()
      bySector.set(s.sector[i], rows)
    }
    let list = rows.get(s.row[i])
    if (!list) {
      list = []
      rows.set(s.row[i], list)
    }
    list.push(i)
  }
  const numeric = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true })
  const sections: SeatListSection[] = []
  for (const [sector, rows] of bySector) {
    const name = sector < venue.sectors.count ? text.get(venue.sectors.name[sector]) : ''
    const rowList: SeatListRow[] = [...rows].map(([row, seats]) => ({
      label: text.get(row),
      seats: seats.sort((a, b) => numeric(text.get(s.number[a]), text.get(s.number[b]))),
    }))
    rowList.sort((a, b) => numeric(a.label, b.label))
    sections.push({ sector, name, rows: rowList })
  }
  sections.sort((a, b) => numeric(a.name, b.name))
  return sections
}
