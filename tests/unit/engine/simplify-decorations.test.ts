import { describe, expect, it } from 'vitest'
import { decodeCompiledVenue } from '../../../src/engine/compiled/decode'
import { encodeCompiledVenue } from '../../../src/engine/compiled/encode'
import type { VenueDecorations } from '../../../src/engine/model'
import { parseVenue } from '../../../src/engine/parse/parseVenue'
import { simplifyDecorations } from '../../../src/engine/parse/simplifyDecorations'
import { strokedDecorations } from './helpers'

/**
 * The decorations keep only the points that shape them, from the venue's making on (issue 16,
 * memory and bytes per seat): each point costs the render worker ~200 bytes in a Pixi stroke, the
 * compiled venue 4 bytes before compression, and the generated stadium's block outlines run
 * through every seat of their first and last rows, thousands of points on straight lines.
 */

/** Shape i's points. */
const shape = (d: VenueDecorations, i: number) => Array.from(d.points.subarray(d.start[i] * 2, (d.start[i] + d.length[i]) * 2))

/** A 1000 × 500 block's outline through 1,000 seats of its first and last rows and its rows' ends. */
function blockOutline(): number[] {
  const outline: number[] = []
  for (let k = 0; k < 500; k++) outline.push(2 * k, 0)
  for (let r = 0; r < 50; r++) outline.push(1000, 10 * r)
  for (let k = 500; k > 0; k--) outline.push(2 * k, 500)
  for (let r = 50; r > 0; r--) outline.push(0, 10 * r)
  return outline
}

describe('decorations simplified where the venue is made', () => {
  it('keeps a block outline drawn through every seat as its corners, a line that turns back with its tip, an arc round', () => {
    // An open line that runs out and comes back along itself (a spike): its tip stays.
    const spike = [0, 600, 500, 600, 1000, 600, 400, 600]
    // A finely flattened half circle of radius 200: it stays round to within the tolerance.
    const arc: number[] = []
    for (let k = 0; k <= 360; k++) arc.push(500 + 200 * Math.cos((k * Math.PI) / 360), 800 + 200 * Math.sin((k * Math.PI) / 360))
    const d = simplifyDecorations(strokedDecorations([{ points: blockOutline(), closed: true }, { points: spike, closed: false }, { points: arc, closed: false }]), [0, 0, 1000, 1000])
    expect(d.count).toBe(3)
    expect(shape(d, 0)).toEqual([0, 0, 1000, 0, 1000, 500, 0, 500])
    expect(shape(d, 1)).toEqual([0, 600, 1000, 600, 400, 600])
    // Tolerance: 1/100,000 of the 1,414-unit diagonal (0.014 units), which a 200-radius arc keeps
    // most of its points to stay within (a chord of 0.024 rad sags by that much).
    const round = shape(d, 2)
    expect(round.length / 2).toBeGreaterThan(130)
    expect(round.length / 2).toBeLessThan(361)
    for (let i = 0; i < round.length; i += 2) expect(Math.hypot(round[i] - 500, round[i + 1] - 800)).toBeCloseTo(200, 3)
    expect(d.points.length).toBe(8 + 6 + round.length)
  })

  it('keeps the shapes of a venue with no extent as drawn', () => {
    const line = [0, 0, 1, 0, 2, 0]
    expect(shape(simplifyDecorations(strokedDecorations([{ points: line, closed: false }]), [Infinity, Infinity, -Infinity, -Infinity]), 0)).toEqual(line)
    expect(shape(simplifyDecorations(strokedDecorations([{ points: line, closed: false }]), [0, 0, 0, 0]), 0)).toEqual(line)
  })

  it('parses a drawn outline through many points to its corners, and the compiled venue carries only those', () => {
    const outline = blockOutline()
    const pairs = (from: number) => Array.from({ length: outline.length / 2 }, (_, i) => `${outline[2 * i] + from},${outline[2 * i + 1] + from}`).join(' ')
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 700">
      <polygon points="${pairs(100)}" fill="none" stroke="#333" stroke-width="2"/>
      <circle cx="600" cy="350" r="5" class="seat" data-sector="A" data-row="1" data-seat="1"/>
    </svg>`
    const venue = parseVenue(svg)
    const d = venue.decorations
    const i = Array.from({ length: d.count }, (_, k) => k).find((k) => d.length[k] >= 4)
    expect(i, 'the outline is a decoration').toBeDefined()
    expect(shape(d, i!)).toEqual([100, 100, 1100, 100, 1100, 600, 100, 600])
    expect(venue.bbox).toEqual([100, 100, 1100, 600])
    const decoded = decodeCompiledVenue(encodeCompiledVenue(venue)).decorations
    expect(decoded.length[i!]).toBe(4)
    expect(decoded.points.length).toBe(d.points.length)
  })
})
