import { describe, expect, it } from 'vitest'
import { singlesLeftBy } from '../../../../src/server/domain/seating/orphans'
import { buildSeatingIndex } from '../../../../src/server/domain/seating/rows'
import { hall } from './venue'

const index = buildSeatingIndex(hall({ rows: 1, seats: 8, aisleAfter: 4 }))
const pos = (n: number) => index.posByKey.get(`s0-r1-${n}`)!
const keys = (positions: number[]) => positions.map((p) => index.keys[p])
/** Empty unless in `taken` (seat numbers). */
const emptyExcept = (...taken: number[]) => {
  const set = new Set(taken.map(pos))
  return (p: number) => !set.has(p)
}

describe('singlesLeftBy', () => {
  it('flags a single empty seat left between taken ones', () => {
    // Segment 1-4: 1 taken; choosing 3 leaves 2 alone between 1 and 3 (and 4 alone at the aisle).
    expect(keys(singlesLeftBy(index, [pos(3)], emptyExcept(1)))).toEqual(['s0-r1-2', 's0-r1-4'])
    expect(keys(singlesLeftBy(index, [pos(3), pos(4)], emptyExcept(1)))).toEqual(['s0-r1-2'])
  })

  it('flags a single empty seat left at a row end', () => {
    expect(keys(singlesLeftBy(index, [pos(2), pos(3)], emptyExcept()))).toEqual(['s0-r1-1', 's0-r1-4'])
  })

  it('treats an aisle as a row end and does not look across it', () => {
    // Segment 5-8: choosing 6-8 leaves 5 alone at the aisle.
    expect(keys(singlesLeftBy(index, [pos(6), pos(7), pos(8)], emptyExcept()))).toEqual(['s0-r1-5'])
  })

  it('accepts choices that leave no single seat', () => {
    expect(singlesLeftBy(index, [pos(1), pos(2)], emptyExcept())).toEqual([])
    expect(singlesLeftBy(index, [pos(1), pos(2), pos(3), pos(4)], emptyExcept())).toEqual([])
  })

  it('does not blame a choice for a seat that was single already', () => {
    // 2 is single before (1 and 3 taken); choosing 5 touches another segment.
    expect(singlesLeftBy(index, [pos(4)], emptyExcept(1, 3))).toEqual([])
  })
})
