import { readFileSync } from 'node:fs'
import type { VenueData, VenueDecorations } from '../../../src/engine/model'
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

/** Decorations from shapes given as point lists (x, y pairs); all stroked grey, none filled, no labels. */
export function strokedDecorations(shapes: { points: number[]; closed: boolean }[]): VenueDecorations {
  const start: number[] = []
  const points: number[] = []
  for (const s of shapes) {
    start.push(points.length / 2)
    points.push(...s.points)
  }
  const n = shapes.length
  return {
    count: n,
    start: Uint32Array.from(start), length: Uint32Array.from(shapes.map((s) => s.points.length / 2)), points: Float32Array.from(points),
    fill: new Uint32Array(n), stroke: new Uint32Array(n).fill(0xccccccff), strokeWidth: new Float32Array(n).fill(1), closed: Uint8Array.from(shapes.map((s) => (s.closed ? 1 : 0))),
    labelCount: 0, labelX: new Float32Array(0), labelY: new Float32Array(0), labelSize: new Float32Array(0), labelText: new Uint32Array(0),
  }
}
