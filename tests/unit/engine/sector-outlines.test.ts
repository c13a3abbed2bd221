import { describe, expect, it } from 'vitest'
import { generateVenue } from '../../../src/engine/generate'
import { parseVenue } from '../../../src/engine/parse/parseVenue'
import type { VenueData } from '../../../src/engine/model'

/** Whether (px, py) lies inside sector s's outline (even-odd rule). */
function insideOutline(venue: VenueData, s: number, px: number, py: number): boolean {
  const { outlineStart, outlineLength, outlinePoints: p } = venue.sectors
  const first = outlineStart[s]
  const n = outlineLength[s]
  let hit = false
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const [xi, yi, xj, yj] = [p[2 * (first + i)], p[2 * (first + i) + 1], p[2 * (first + j)], p[2 * (first + j) + 1]]
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) hit = !hit
  }
  return hit
}

describe('sector outlines of a drawing without outline shapes', () => {
  // Generated venues draw no outlines: every sector's outline is made from its seats. The
  // theatre's balconies are arcs of up to 2 radians, whose convex hull covered the stalls.
  it.each([
    ['theatre', 600],
    ['hall', 2000],
    ['arena', 10_000],
  ] as const)('of the generated %s hold their own seats and no other sector\'s', (kind, seats) => {
    const venue = parseVenue(generateVenue({ kind, seats }))
    let own = 0
    let foreign = 0
    for (let i = 0; i < venue.seats.count; i++) {
      const mine = venue.seats.sector[i]
      for (let s = 0; s < venue.sectors.count; s++) {
        if (!insideOutline(venue, s, venue.seats.x[i], venue.seats.y[i])) continue
        if (s === mine) own++
        else foreign++
      }
    }
    expect(own).toBe(venue.seats.count)
    expect(foreign).toBe(0)
  })
})
