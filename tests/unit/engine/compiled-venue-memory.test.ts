import { describe, expect, it } from 'vitest'
import { decodeCompiledVenue } from '../../../src/engine/compiled/decode'
import { encodeCompiledVenue } from '../../../src/engine/compiled/encode'
import { generateVenue } from '../../../src/engine/generate/index'
import { VenueText } from '../../../src/engine/interaction/venueText'
import { LoadedVenue } from '../../../src/engine/LoadedVenue'
import type { StringTableBuffers } from '../../../src/engine/model'
import { venueByteSize } from '../../../src/engine/parse/transfer'
import { recogniseVenue } from '../../../src/engine/parse/index'
import { seatKeyId } from '../../../src/engine/seatKeys'
import { StringTable } from '../../../src/engine/strings/StringTable'
import { stringAt, stringCount } from '../../../src/engine/strings/stringAt'

/**
 * What a decoded compiled venue holds per seat on the page (issue 16: engine memory ≤ 64 bytes per
 * seat, page and workers together). Seat columns 30 (row and number in 16 bits, no key column),
 * key parts 4, seat index about 12-13, the key runs under 1: 47, plus the sectors and decorations
 * spread over 30k seats (49.7 measured). Before the narrow label columns and the key parts it was
 * about 64 (Uint32 labels, every key's UTF-8 and offset in the string table); before the key
 * column went, 53.
 */
const MAX_DECODED_BYTES_PER_SEAT = 51

describe('decoded compiled venue memory', () => {
  const original = recogniseVenue(generateVenue({ kind: 'stadium', seats: 30_000 })).venue
  const decoded = decodeCompiledVenue(encodeCompiledVenue(original))
  const n = decoded.seats.count

  it('keeps row and number labels in 16 bits and seat keys as parts, not bytes', () => {
    expect(decoded.seats.row).toBeInstanceOf(Uint16Array)
    expect(decoded.seats.number).toBeInstanceOf(Uint16Array)
    // Seat i's key is key part i: no key column (4 bytes a seat).
    expect(decoded.seats.key).toBeUndefined()
    expect(decoded.strings.keyPrefix).toBeInstanceOf(Uint16Array)
    expect(decoded.strings.keySuffix).toBeInstanceOf(Uint16Array)
    expect(decoded.strings.keySuffix?.length).toBe(n)
    // The packed strings are the compiled ones only: far under a byte per seat.
    expect(decoded.strings.bytes.byteLength + decoded.strings.offsets.byteLength).toBeLessThan(n)
    expect(venueByteSize(decoded) / n).toBeLessThanOrEqual(MAX_DECODED_BYTES_PER_SEAT)
  })

  it('reads back every seat key, row and number as the drawing has them, through each reader', () => {
    const before = new StringTable(original.strings)
    const table = new StringTable(decoded.strings)
    const text = new VenueText(decoded.strings)
    const s = original.seats
    const t = decoded.seats
    let bad = 0
    for (let i = 0; i < n; i++) {
      const key = before.get(seatKeyId(original, i))
      const id = seatKeyId(decoded, i)
      if (table.get(id) !== key || text.get(id) !== key || stringAt(decoded.strings, id) !== key) bad++
      if (text.get(t.row[i]) !== before.get(s.row[i]) || text.get(t.number[i]) !== before.get(s.number[i])) bad++
    }
    expect(bad).toBe(0)
    expect(table.size).toBe(stringCount(decoded.strings))
    // The key lookup the page builds (LoadedVenue.indexOfKey) finds each seat by its key.
    const loaded = new LoadedVenue(decoded)
    let lost = 0
    for (let i = 0; i < n; i++) if (loaded.indexOfKey(before.get(seatKeyId(original, i))) !== i) lost++
    expect(lost).toBe(0)
    expect(loaded.indexOfKey('no such seat')).toBe(-1)
  }, 30_000)

  it('reads a key part with no number, and nothing past either end of the table', () => {
    const enc = new TextEncoder()
    const t: StringTableBuffers = {
      bytes: enc.encode('A-B-'),
      offsets: Uint32Array.from([0, 0, 2, 4]),
      keyPrefix: Uint16Array.from([1, 2, 0]),
      keySuffix: Uint32Array.from([0, 8, 13]),
    }
    expect(stringCount(t)).toBe(6)
    expect([0, 1, 2, 3, 4, 5, 6, -1].map((i) => stringAt(t, i))).toEqual(['', 'A-', 'B-', 'A-', 'B-7', '12', '', ''])
  })
})
