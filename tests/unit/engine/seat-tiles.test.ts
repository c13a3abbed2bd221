import { describe, expect, it } from 'vitest'
import { SeatStatus } from '../../../src/engine/model'
import { rgbaOf, SELECTED_COLOR } from '../../../src/engine/render/colors'
import { abgr, lookupBytes, MAX_SEATS_PER_TILE, QUAD_CORNERS, SeatTileBuilder, tileColors, VERTS_PER_SEAT } from '../../../src/engine/render/seatTiles'
import { syntheticVenue } from '../../../lab/syntheticVenue'

describe('seat tiles (the seat layer vertex data)', () => {
  const venue = syntheticVenue(20_000)
  const s = venue.seats
  const zoneColors = [0xff0000, 0x00ff00, 0x0000ff]

  const buildAll = (seatsPerTile?: number) => {
    const b = new SeatTileBuilder(venue, zoneColors, seatsPerTile)
    expect(b.step(Infinity)).toBe(true)
    const t = b.tiles
    // Slot of each seat in its tile, from the lookup's tile-ordered seat list.
    const slot = new Int32Array(s.count).fill(-1)
    t.sizes.forEach((k, tile) => {
      for (let j = 0; j < k; j++) slot[t.lookup.order[t.lookup.start[tile] + j]] = j
    })
    return { ...t, seatTile: t.lookup.seatTile, seatSlot: slot }
  }

  it('puts every seat in exactly one slot of one tile, round and square seats apart', () => {
    const t = buildAll(1024)
    expect(t.sizes.reduce((a, b) => a + b, 0)).toBe(s.count)
    expect(t.sizes.length).toBeGreaterThan(10)
    const used = t.sizes.map((k) => new Uint8Array(k))
    for (let i = 0; i < s.count; i++) {
      const tile = t.seatTile[i]
      const slot = t.seatSlot[i]
      expect(slot).toBeGreaterThanOrEqual(0)
      expect(t.lookup.order[t.lookup.start[tile] + slot]).toBe(i)
      expect(used[tile][slot]).toBe(0)
      used[tile][slot] = 1
      expect(t.square[tile]).toBe(s.shape[i] === 1)
    }
    for (const k of t.sizes) expect(k).toBeLessThanOrEqual(MAX_SEATS_PER_TILE)
  })

  it('places the four corners of a seat around its centre, rotated, inside the tile bbox', () => {
    const t = buildAll()
    for (const i of [0, 1, 777, s.count - 1]) {
      const p = t.positions[t.seatTile[i]]
      const b = t.bboxes[t.seatTile[i]]
      const cos = Math.cos(s.rotation[i])
      const sin = Math.sin(s.rotation[i])
      for (let c = 0; c < VERTS_PER_SEAT; c++) {
        const o = (t.seatSlot[i] * VERTS_PER_SEAT + c) * 2
        const lx = (QUAD_CORNERS[c * 2] * s.w[i]) / 2
        const ly = (QUAD_CORNERS[c * 2 + 1] * s.h[i]) / 2
        expect(p[o]).toBeCloseTo(s.x[i] + lx * cos - ly * sin, 3)
        expect(p[o + 1]).toBeCloseTo(s.y[i] + lx * sin + ly * cos, 3)
        expect(p[o] >= b[0] && p[o] <= b[2] && p[o + 1] >= b[1] && p[o + 1] <= b[3]).toBe(true)
      }
    }
  })

  it('writes each seat colour into its four corners as R, G, B, A bytes', () => {
    const i = 4321
    const saved = s.status[i]
    s.status[i] = SeatStatus.Selected
    try {
      const t = buildAll()
      const words = t.colors[t.seatTile[i]].subarray(t.seatSlot[i] * VERTS_PER_SEAT, (t.seatSlot[i] + 1) * VERTS_PER_SEAT)
      const bytes = new Uint8Array(words.buffer, words.byteOffset, words.byteLength)
      const want = rgbaOf(SELECTED_COLOR)
      expect(Array.from(bytes.subarray(0, 4))).toEqual([want >>> 24, (want >>> 16) & 0xff, (want >>> 8) & 0xff, want & 0xff])
      expect(new Set(words).size).toBe(1)
      expect(abgr(0x11223344)).toBe(0x44332211)
    } finally {
      s.status[i] = saved
    }
  })

  it('stops at the time budget and resumes where it left off, with the same result', () => {
    const whole = buildAll()
    const b = new SeatTileBuilder(venue, zoneColors)
    let calls = 0
    // A deadline in the past: one slice per call.
    while (!b.step(-Infinity)) calls++
    expect(calls).toBeGreaterThan(2)
    expect(b.tiles.sizes).toEqual(whole.sizes)
    expect(Array.from(b.tiles.lookup.seatTile)).toEqual(Array.from(whole.seatTile))
    expect(Array.from(b.tiles.lookup.order)).toEqual(Array.from(whole.lookup.order))
    expect(b.tiles.positions.map((p) => Array.from(p))).toEqual(whole.positions.map((p) => Array.from(p)))
  })

  it('rebuilds a tile\'s colours from the lookup and the seat columns as the build wrote them, and after a status change', () => {
    const t = buildAll()
    const i = 777
    const tile = t.seatTile[i]
    expect(Array.from(tileColors(t.lookup, tile, t.sizes[tile], venue, zoneColors))).toEqual(Array.from(t.colors[tile]))
    const saved = s.status[i]
    s.status[i] = SeatStatus.Selected
    try {
      const words = tileColors(t.lookup, tile, t.sizes[tile], venue, zoneColors)
      expect(words[t.seatSlot[i] * VERTS_PER_SEAT]).toBe(abgr(rgbaOf(SELECTED_COLOR)))
      expect(words[t.seatSlot[i] * VERTS_PER_SEAT]).not.toBe(t.colors[tile][t.seatSlot[i] * VERTS_PER_SEAT])
    } finally {
      s.status[i] = saved
    }
    // 2 bytes per seat for the tile index below 65,536 tiles, 4 for the order.
    expect(t.lookup.seatTile).toBeInstanceOf(Uint16Array)
    expect(lookupBytes(t.lookup)).toBe(s.count * 6 + t.sizes.length * 4)
  })

  it('refuses to hand out tiles before the build ends, and builds an empty venue', () => {
    const b = new SeatTileBuilder(venue, zoneColors)
    expect(() => b.tiles).toThrow(/not built/)
    const empty = syntheticVenue(1)
    const e = new SeatTileBuilder({ ...empty, seats: { ...empty.seats, count: 0 } }, zoneColors)
    expect(e.step(Infinity)).toBe(true)
    expect(e.tiles.sizes).toEqual([])
  })
})
