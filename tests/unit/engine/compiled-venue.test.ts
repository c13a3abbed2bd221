import { readdirSync } from 'node:fs'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { decodeCompiledVenue, compiledVenueVersion } from '../../../src/engine/compiled/decode'
import { encodeCompiledVenue } from '../../../src/engine/compiled/encode'
import { splitKey } from '../../../src/engine/compiled/splitKey'
import { COMPILED_VENUE_VERSION, CompiledVenueError, gridOf } from '../../../src/engine/compiled/format'
import { generateVenue } from '../../../src/engine/generate/index'
import type { VenueData } from '../../../src/engine/model'
import { recogniseVenue } from '../../../src/engine/parse/index'
import { StringTable } from '../../../src/engine/strings/StringTable'
import { readReal, REAL_DIR } from './helpers'
import { seatKeyId, seatKeyLookup } from '../../../src/engine/seatKeys'

/** Compressed bytes per seat the compiled form may take at stadium scale (issue 16: ≤ 8). */
const MAX_GZIP_BYTES_PER_SEAT = 8

function gzipSize(bytes: Uint8Array | string): number {
  return zlib.gzipSync(bytes, { level: 9 }).length
}

/** Every field of `a` comes back in `b`: exact, or within half a grid step where quantised. */
function expectSameVenue(a: VenueData, b: VenueData): void {
  const max = Math.max(a.seats.w.reduce((m, v) => Math.max(m, v), 0), a.seats.h.reduce((m, v) => Math.max(m, v), 0))
  const grid = gridOf(a.bbox, max)
  // Half a step of the grid, plus float32 rounding of coordinates in the thousands.
  const near = (x: number, y: number, step: number) => Math.abs(x - y) <= step / 2 + Math.abs(x) * 1e-6 + 1e-6
  const ta = new StringTable(a.strings)
  const tb = new StringTable(b.strings)
  expect(b.viewBox).toEqual(a.viewBox)
  expect(b.bbox).toEqual(a.bbox)
  expect(b.zones).toEqual(a.zones)
  const s = a.seats
  const t = b.seats
  expect(t.count).toBe(s.count)
  let bad = 0
  const turn = 2 * Math.PI
  for (let i = 0; i < s.count; i++) {
    const dr = Math.abs(((s.rotation[i] - t.rotation[i]) % turn + turn + turn / 2) % turn - turn / 2)
    if (
      !near(s.x[i], t.x[i], grid.step) || !near(s.y[i], t.y[i], grid.step) ||
      !near(s.w[i], t.w[i], grid.sizeStep) || !near(s.h[i], t.h[i], grid.sizeStep) || dr > 1e-4 ||
      s.shape[i] !== t.shape[i] || s.sector[i] !== t.sector[i] || s.zone[i] !== t.zone[i] || s.status[i] !== t.status[i] ||
      ta.get(s.row[i]) !== tb.get(t.row[i]) || ta.get(s.number[i]) !== tb.get(t.number[i]) || ta.get(seatKeyId(a, i)) !== tb.get(seatKeyId(b, i))
    ) bad++
  }
  // The page finds every seat by its key through the key parts' runs (seatKeys.ts), with no key column.
  expect(t.key).toBeUndefined()
  const lookup = seatKeyLookup(b)
  let lost = 0
  for (let i = 0; i < s.count; i++) if (lookup.indexOf(ta.get(seatKeyId(a, i))) !== i) lost++
  expect(lost).toBe(0)
  expect(bad).toBe(0)
  const p = a.sectors
  const q = b.sectors
  expect(q.count).toBe(p.count)
  expect(Array.from(q.name, (x) => tb.get(x))).toEqual(Array.from(p.name, (x) => ta.get(x)))
  for (const field of ['kind', 'bbox', 'seatCount', 'capacity', 'zone', 'outlineStart', 'outlineLength', 'triangleStart', 'triangleLength', 'triangles'] as const)
    expect(Array.from(q[field] ?? []), field).toEqual(Array.from(p[field] ?? []))
  expect(q.triangles?.constructor).toBe(p.triangles?.constructor)
  expect(q.outlinePoints.length).toBe(p.outlinePoints.length)
  expect(p.outlinePoints.every((v, k) => near(v, q.outlinePoints[k], grid.step))).toBe(true)
  const d = a.decorations
  const e = b.decorations
  for (const field of ['count', 'labelCount'] as const) expect(e[field]).toBe(d[field])
  for (const field of ['start', 'length', 'fill', 'stroke', 'strokeWidth', 'closed', 'labelSize'] as const)
    expect(Array.from(e[field]), field).toEqual(Array.from(d[field]))
  expect(d.points.every((v, k) => near(v, e.points[k], grid.step))).toBe(true)
  expect(d.labelX.every((v, k) => near(v, e.labelX[k], grid.step))).toBe(true)
  expect(d.labelY.every((v, k) => near(v, e.labelY[k], grid.step))).toBe(true)
  expect(Array.from(e.labelText, (x) => tb.get(x))).toEqual(Array.from(d.labelText, (x) => ta.get(x)))
  expect(b.seatIndex.byteLength).toBeGreaterThan(s.count > 0 ? 0 : -1)
}

describe('compiled venue (issue 16.1)', () => {
  it('splits a seat key into prefix and trailing number, keeping keys that would not come back as written', () => {
    expect(splitKey('A-12-7')).toEqual(['A-12-', 8])
    expect(splitKey('seat0101')).toEqual(['seat0', 102])
    expect(splitKey('seat000')).toEqual(['seat00', 1])
    expect(splitKey('row01seat0')).toEqual(['row01seat', 1])
    expect(splitKey('E07')).toEqual(['E0', 8])
    expect(splitKey('Parterre|1|')).toEqual(['Parterre|1|', 0])
    expect(splitKey('1234567890123')).toEqual(['1234567890123', 0])
    expect(splitKey('8712')).toEqual(['', 8713])
  })

  const real = readdirSync(REAL_DIR).filter((f) => f.endsWith('.svg'))
  it.each(real)('round-trips every field of %s, smaller than the drawing', (file) => {
    const svg = readReal(file)
    const venue = recogniseVenue(svg).venue
    const bytes = encodeCompiledVenue(venue)
    expect(compiledVenueVersion(bytes)).toBe(COMPILED_VENUE_VERSION)
    expectSameVenue(venue, decodeCompiledVenue(bytes))
    // What the browser downloads instead of the drawing: never more than the drawing gzipped.
    expect(gzipSize(bytes)).toBeLessThan(gzipSize(svg))
  })

  it('round-trips a generated 100,000-seat stadium at most 8 bytes per seat gzipped', () => {
    const venue = recogniseVenue(generateVenue({ kind: 'stadium', seats: 100_000 })).venue
    const bytes = encodeCompiledVenue(venue)
    expectSameVenue(venue, decodeCompiledVenue(bytes))
    const perSeat = gzipSize(bytes) / venue.seats.count
    expect(perSeat).toBeLessThanOrEqual(MAX_GZIP_BYTES_PER_SEAT)
    // The seat columns carry the weight: 100k seats cannot fit in a few kilobytes.
    expect(perSeat).toBeGreaterThan(0.1)
  }, 60_000)

  it('is deterministic: the same drawing compiles to the same bytes', () => {
    const svg = generateVenue({ kind: 'theatre', seats: 2_000 })
    expect(encodeCompiledVenue(recogniseVenue(svg).venue)).toEqual(encodeCompiledVenue(recogniseVenue(svg).venue))
  })

  it('refuses bytes that are not a compiled venue, another version, or truncated', () => {
    const bytes = encodeCompiledVenue(recogniseVenue(generateVenue({ kind: 'hall', seats: 500 })).venue)
    expect(() => decodeCompiledVenue(new TextEncoder().encode('<svg/>'))).toThrow(CompiledVenueError)
    const other = bytes.slice()
    other[4] = COMPILED_VENUE_VERSION + 1
    expect(() => decodeCompiledVenue(other)).toThrow(/format/)
    expect(() => decodeCompiledVenue(bytes.subarray(0, bytes.length - 3))).toThrow(RangeError)
  })
})
