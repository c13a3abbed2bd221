import { describe, expect, it } from 'vitest'
import { generateVenue, generateVenueChunks, VENUE_KINDS } from '../../../src/engine/generate/index'
import { parseVenue } from '../../../src/engine/parse/parseVenue'
import { SectorKind } from '../../../src/engine/model'
import { ROW_PITCH, SEAT_PITCH } from '../../../src/engine/generate/plan'
import { seatLabels } from './helpers'

describe('venue generator', () => {
  it.each(VENUE_KINDS.flatMap((kind) => [1000, 4321].map((seats) => ({ kind, seats }))))(
    '$kind with $seats seats parses back to exactly that many, labelled',
    ({ kind, seats }) => {
      const svg = generateVenue({ kind, seats, seed: 11 })
      const venue = parseVenue(svg)
      expect(venue.seats.count).toBe(seats)
      const labels = seatLabels(venue)
      expect(labels.every((l) => l.row !== '' && l.number !== '' && l.sector !== '')).toBe(true)
      expect(new Set(labels.map((l) => l.key)).size).toBe(seats)
      // Within one sector and row, seat numbers are unique.
      const seen = new Set(labels.map((l) => `${l.sector}|${l.row}|${l.number}`))
      expect(seen.size).toBe(seats)
      expect(venue.warnings).toEqual([])
      expect(venue.decorations.count).toBeGreaterThan(0)
      expect(venue.decorations.labelCount).toBeGreaterThan(0)
    },
  )

  it.each(VENUE_KINDS)('draws each block of the %s around its seats, never a chord across the hall', (kind) => {
    const svg = generateVenue({ kind, seats: 4321, seed: 11 })
    const venue = parseVenue(svg)
    const sectorOf = seatLabels(venue).map((l) => l.sector)
    // Distance from (x, y) to the nearest seat of the block.
    const near = (sector: string, x: number, y: number) => {
      let best = Infinity
      for (let i = 0; i < venue.seats.count; i++) if (sectorOf[i] === sector) best = Math.min(best, Math.hypot(venue.seats.x[i] - x, venue.seats.y[i] - y))
      return best
    }
    const outlines = [...svg.matchAll(/data-sector="([^"]*)"[^>]*>\s*<path class="sector-outline" d="M([^"]*)Z"/g)].map((m) => ({
      sector: m[1],
      points: m[2].split('L').map((p) => p.split(' ').map(Number)),
    }))
    expect(outlines.length).toBeGreaterThan(0)
    // Consecutive outline points are neighbouring seats' centres: the middle of each edge is next
    // to a seat of the block (a curved balcony's chord passed tens of rows from any).
    let farthest = 0
    for (const { sector, points } of outlines)
      for (let k = 0; k < points.length; k++) {
        const [a, b] = [points[k], points[(k + 1) % points.length]]
        farthest = Math.max(farthest, near(sector, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
      }
    expect(farthest).toBeLessThan(2 * Math.max(SEAT_PITCH, ROW_PITCH))
  })

  it('uses every seat encoding real drawings use across a large venue', () => {
    const svg = generateVenue({ kind: 'stadium', seats: 20_000, seed: 5 })
    for (const marker of ['<circle class="seat"', '<rect class="seat"', '<g class="seat"', '<use href="#seat-shape"', '<path id="'])
      expect(svg).toContain(marker)
    expect(svg).toMatch(/rotate\(/)
  })

  it('arenas have standing areas with a capacity', () => {
    const venue = parseVenue(generateVenue({ kind: 'arena', seats: 3000 }))
    const standing = Array.from(venue.sectors.kind).map((k, s) => ({ k, s })).filter(({ k }) => k === SectorKind.Standing)
    expect(standing.length).toBe(2)
    for (const { s } of standing) expect(venue.sectors.capacity?.[s]).toBeGreaterThan(0)
  })

  it('theatres have curved rows: seats of one row are not on one line', () => {
    const venue = parseVenue(generateVenue({ kind: 'theatre', seats: 2000 }))
    const labels = seatLabels(venue)
    const ys = labels.map((l, i) => ({ l, y: venue.seats.y[i] })).filter(({ l }) => l.sector === 'Parterre centre' && l.row === '1').map(({ y }) => y)
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(1)
    expect(labels.some((l) => l.sector.startsWith('Balcony'))).toBe(true)
  })

  it('is deterministic for a seed and varies with it', () => {
    const a = generateVenue({ kind: 'hall', seats: 1500, seed: 3 })
    expect(generateVenue({ kind: 'hall', seats: 1500, seed: 3 })).toBe(a)
    expect(generateVenue({ kind: 'hall', seats: 1500, seed: 4 })).not.toBe(a)
  })

  it('streams the same text in chunks', () => {
    const chunks = Array.from(generateVenueChunks({ kind: 'stadium', seats: 2500, seed: 9 }))
    expect(chunks.length).toBeGreaterThan(10)
    expect(chunks.join('')).toBe(generateVenue({ kind: 'stadium', seats: 2500, seed: 9 }))
  })

  it('refuses kinds and counts outside the range', () => {
    expect(() => generateVenue({ kind: 'stadium', seats: 99 })).toThrow(/seats/)
    expect(() => generateVenue({ kind: 'stadium', seats: 1_000_001 })).toThrow(/seats/)
    expect(() => generateVenue({ kind: 'circus' as 'hall', seats: 5000 })).toThrow(/kind/)
  })
})
