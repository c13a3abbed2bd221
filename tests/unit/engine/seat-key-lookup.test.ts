import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitKey } from '../../../src/engine/compiled/splitKey'
import { buildKeyRuns, seatOfKey } from '../../../src/engine/keyRuns'
import type { StringTableBuffers, VenueSeats } from '../../../src/engine/model'
import { seatKeyId, seatKeyLookup } from '../../../src/engine/seatKeys'
import { StringTable, StringTableBuilder } from '../../../src/engine/strings/StringTable'

/** A string table keeping `keys` as parts, seat i's key part i: as a compiled venue decodes it. */
function keysAsParts(keys: readonly string[]): StringTableBuffers {
  const table = new StringTableBuilder()
  const split = keys.map(splitKey)
  const prefix = Uint32Array.from(split, ([p]) => table.add(p))
  return { ...table.build(), keyPrefix: prefix, keySuffix: Uint32Array.from(split, ([, s]) => s) }
}

/** The page's lookup over such a table (no key column, as decode.ts leaves it). */
function lookupOf(keys: readonly string[]) {
  const strings = keysAsParts(keys)
  const seats = { count: keys.length } as VenueSeats
  return { strings, lookup: seatKeyLookup({ seats, strings }), runs: buildKeyRuns(strings)! }
}

describe('seat key lookup over key parts', () => {
  const keys = ['A-1', 'A-2', 'A-3', 'A-4', 'B-3', 'B-1', 'B-2', '7', '8', 'X', 'A-7', 'seat0101', 'seat0102', 'Z|10|', 'é-1', 'é-2', '1234567890123']

  it('finds every seat by its key: rows in runs, numbers out of order, prefixes empty or whole', () => {
    const { lookup, strings } = lookupOf(keys)
    const table = new StringTable(strings)
    keys.forEach((key, i) => {
      expect(lookup.indexOf(key)).toBe(i)
      // Seat i's key reads back through the table as the i-th part (no key column).
      expect(table.get(seatKeyId({ seats: { count: keys.length } as VenueSeats, strings }, i))).toBe(key)
    })
  })

  it('keeps one run a row: consecutive numbers under one prefix', () => {
    const { runs } = lookupOf(keys)
    // A-1..A-4 | B-3 | B-1, B-2 | 7, 8 | X | A-7 | seat0101, seat0102 | Z|10| | é-1, é-2 | 1234567890123
    expect(runs.start.length).toBe(10)
    expect(runs.groupStart.length).toBe(runs.prefixes.length + 1)
    expect(runs.groupStart[runs.prefixes.length]).toBe(runs.start.length)
  })

  it('answers -1 for a key no seat has, however close', () => {
    const { lookup } = lookupOf(keys)
    for (const key of ['A-5', 'A-0', 'A-8', 'A-01', 'B-4', 'B-0', 'Q-1', '', '9', '6', 'X1', 'seat0103', 'seat101', 'Z|10|1', '123456789012', 'a-1']) {
      expect(lookup.indexOf(key)).toBe(-1)
    }
  })

  it('never answers a seat with another key, even where a key repeats (the parser makes keys unique)', () => {
    const list = ['C-1', 'C-2', 'C-1', 'C-3', 'C-2']
    const { lookup } = lookupOf(list)
    for (const key of ['C-1', 'C-2', 'C-3']) {
      const i = lookup.indexOf(key)
      if (i >= 0) expect(list[i]).toBe(key)
    }
  })

  it('agrees with a map of every key on any set of keys', () => {
    const key = fc.oneof(
      fc.tuple(fc.constantFrom('A', 'B-', 'row 1 seat ', '', 'Σ'), fc.nat(2000)).map(([p, n]) => `${p}${n}`),
      fc.string({ maxLength: 6 }),
    )
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 200 }), fc.array(key, { maxLength: 20 }), (list, probes) => {
        const { strings, runs } = lookupOf(list)
        const byKey = new Map(list.map((k, i) => [k, i]))
        for (const k of [...list, ...probes]) expect(seatOfKey(strings, runs, k)).toBe(byKey.get(k) ?? -1)
      }),
      { numRuns: 300 },
    )
  })

  it('takes the string map where the venue has a key column (a parsed drawing)', () => {
    const table = new StringTableBuilder()
    const ids = ['s1', 's2', 'x'].map((k) => table.add(k))
    const seats = { count: 3, key: Uint32Array.from(ids) } as VenueSeats
    const lookup = seatKeyLookup({ seats, strings: table.build() })
    expect(['s1', 's2', 'x', 's3'].map((k) => lookup.indexOf(k))).toEqual([0, 1, 2, -1])
  })
})
