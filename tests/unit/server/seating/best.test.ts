import { describe, expect, it } from 'vitest'
import { FREE, pickBest, TAKEN, WANTED } from '../../../../src/server/domain/seating/best'
import { buildSeatingIndex, posOfId, type SeatingIndex } from '../../../../src/server/domain/seating/rows'
import { hall } from './venue'

/** Status of every position: taken keys TAKEN, `free` keys FREE (not wanted), the rest WANTED. */
function statusOf(index: SeatingIndex, taken: string[] = [], free: string[] = []): Uint8Array {
  const status = new Uint8Array(index.count).fill(WANTED)
  for (const k of taken) status[index.posByKey.get(k)!] = TAKEN
  for (const k of free) status[index.posByKey.get(k)!] = FREE
  return status
}
const keysOf = (index: SeatingIndex, positions: number[]) => positions.map((p) => index.keys[p])
/** Every seat of a row but `keep` taken. */
const rowTakenExcept = (row: number, seats: number, keep: number[]) =>
  Array.from({ length: seats }, (_, i) => i + 1).filter((n) => !keep.includes(n)).map((n) => `s0-r${row}-${n}`)

describe('seating index', () => {
  it('orders seats along the row and splits rows at aisles', () => {
    const index = buildSeatingIndex(hall({ rows: 2, seats: 6, aisleAfter: 3 }))
    // Two rows of two segments each.
    expect(index.segStart.length - 1).toBe(4)
    expect(index.rowSegStart.length - 1).toBe(2)
    const first = Array.from({ length: 3 }, (_, i) => index.keys[index.segStart[0] + i])
    expect(first).toEqual(['s0-r1-1', 's0-r1-2', 's0-r1-3'])
  })

  it('puts the stage in front of row 1 and ranks front, centre seats best', () => {
    const index = buildSeatingIndex(hall({ rows: 5, seats: 11 }))
    expect(index.stage.y).toBeLessThan(1.2)
    const cost = (k: string) => index.cost[index.posByKey.get(k)!]
    expect(cost('s0-r1-6')).toBeLessThan(cost('s0-r1-1'))
    expect(cost('s0-r1-6')).toBeLessThan(cost('s0-r2-6'))
  })

  it('finds a seat by id, dense or scattered ids alike', () => {
    const records = hall({ rows: 2, seats: 5 })
    // Scattered ids: most fall outside the dense span and go to the Map.
    records.ids = records.ids.map((id) => (id === 1 ? 5 : id * 1000))
    const index = buildSeatingIndex(records)
    for (let i = 0; i < records.count; i++) expect(index.keys[posOfId(index, records.ids[i])!]).toBe(records.keys[i])
    expect(posOfId(index, 6)).toBeUndefined()
    expect(posOfId(index, 999_999)).toBeUndefined()
  })

  it('uses a painted quality over the default', () => {
    const records = hall({ rows: 3, seats: 5 })
    // The operator paints the back row best.
    for (let i = 0; i < records.count; i++) records.quality[i] = records.row[i] === '3' ? 1 : 0
    const index = buildSeatingIndex(records)
    const pick = pickBest(index, statusOf(index), 2)!
    expect(keysOf(index, pick.positions).every((k) => k.startsWith('s0-r3-'))).toBe(true)
  })
})

describe('pickBest', () => {
  it('picks N adjacent seats in one row, front centre first', () => {
    const index = buildSeatingIndex(hall({ rows: 5, seats: 11 }))
    const pick = pickBest(index, statusOf(index), 3)!
    expect(pick.together).toBe(true)
    expect(keysOf(index, pick.positions)).toEqual(['s0-r1-5', 's0-r1-6', 's0-r1-7'])
  })

  it('never spans an aisle', () => {
    const index = buildSeatingIndex(hall({ rows: 1, seats: 6, aisleAfter: 3 }))
    const pick = pickBest(index, statusOf(index), 3)!
    const keys = keysOf(index, pick.positions)
    expect(keys.every((k) => Number(k.split('-')[2]) <= 3) || keys.every((k) => Number(k.split('-')[2]) > 3)).toBe(true)
  })

  it('does not leave a single empty seat when another choice exists', () => {
    // Row 1: seats 1-3 free, then taken; row 2 fully free. Taking 2 of row 1's 3 would leave one.
    const index = buildSeatingIndex(hall({ rows: 2, seats: 8 }))
    const pick = pickBest(index, statusOf(index, rowTakenExcept(1, 8, [1, 2, 3])), 2)!
    expect(pick.leavesSingle).toBe(false)
    expect(keysOf(index, pick.positions).every((k) => k.startsWith('s0-r2-'))).toBe(true)
  })

  it('keeps clear of a single seat at a row end', () => {
    // One row of 6, seats 5-6 taken: seats 1-4 free. Two seats must be 1-2 or 3-4 (never 2-3).
    const index = buildSeatingIndex(hall({ rows: 1, seats: 6 }))
    const pick = pickBest(index, statusOf(index, ['s0-r1-5', 's0-r1-6']), 2)!
    const keys = keysOf(index, pick.positions)
    expect(keys).not.toEqual(['s0-r1-2', 's0-r1-3'])
    expect(pick.leavesSingle).toBe(false)
  })

  it('leaves a single seat only when nothing else is possible', () => {
    const index = buildSeatingIndex(hall({ rows: 1, seats: 5 }))
    const pick = pickBest(index, statusOf(index, ['s0-r1-4', 's0-r1-5']), 2)!
    expect(pick.leavesSingle).toBe(true)
    expect(pick.positions).toHaveLength(2)
  })

  it('falls back to the tightest block over consecutive rows', () => {
    // Rows of 6 with only two free seats each (3-4): four seats need two rows.
    const index = buildSeatingIndex(hall({ rows: 4, seats: 6 }))
    const taken = [1, 2, 3, 4].flatMap((r) => rowTakenExcept(r, 6, [3, 4]))
    const pick = pickBest(index, statusOf(index, taken), 4)!
    expect(pick.together).toBe(false)
    expect(keysOf(index, pick.positions).sort()).toEqual(['s0-r1-3', 's0-r1-4', 's0-r2-3', 's0-r2-4'])
  })

  it('answers null when not enough seats are together in any row or block', () => {
    const index = buildSeatingIndex(hall({ rows: 6, seats: 4 }))
    // One free seat in rows 1 and 6 only: no consecutive rows hold them.
    const taken = [1, 2, 3, 4, 5, 6].flatMap((r) => rowTakenExcept(r, 4, r === 1 || r === 6 ? [2] : []))
    expect(pickBest(index, statusOf(index, taken), 2)).toBeNull()
  })

  it('excluded seats (FREE) are never chosen but still count as empty', () => {
    const index = buildSeatingIndex(hall({ rows: 2, seats: 7 }))
    const first = pickBest(index, statusOf(index), 3)!
    const firstKeys = keysOf(index, first.positions)
    const next = pickBest(index, statusOf(index, [], firstKeys), 3)!
    const nextKeys = keysOf(index, next.positions)
    expect(nextKeys.some((k) => firstKeys.includes(k))).toBe(false)
    expect(next.leavesSingle).toBe(false)
    // Row 1 keeps 4 free seats beside the excluded block: 2 on each side of 3-5; taking 3 of them
    // would leave a single, so the next block is row 2's centre.
    expect(nextKeys).toEqual(['s0-r2-3', 's0-r2-4', 's0-r2-5'])
  })

  it('is deterministic: the same state gives the same answer', () => {
    const index = buildSeatingIndex(hall({ sectors: 3, rows: 20, seats: 30 }))
    const taken = index.keys.filter((_, i) => (i * 7919) % 5 === 0)
    const a = pickBest(index, statusOf(index, taken), 4)
    const b = pickBest(buildSeatingIndex(hall({ sectors: 3, rows: 20, seats: 30 })), statusOf(index, taken), 4)
    expect(a).not.toBeNull()
    expect(a).toEqual(b)
  })

  it('only picks wanted seats (a price level)', () => {
    const index = buildSeatingIndex(hall({ rows: 4, seats: 6, zoneOfRow: (r) => (r <= 2 ? 1 : 2) }))
    const status = new Uint8Array(index.count)
    for (let p = 0; p < index.count; p++) status[p] = index.zone[p] === 2 ? WANTED : FREE
    const pick = pickBest(index, status, 4)!
    expect(pick.positions.every((p) => index.zone[p] === 2)).toBe(true)
  })
})
