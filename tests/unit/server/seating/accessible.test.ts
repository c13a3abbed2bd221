import { describe, expect, it } from 'vitest'
import { accessIndexOf, pickAccessible } from '../../../../src/server/domain/seating/accessible-pick'
import { releaseDue, scopeOf } from '../../../../src/server/domain/inventory/held-back'
import { TAKEN, WANTED } from '../../../../src/server/domain/seating/best'
import { buildSeatingIndex, type SeatingIndex } from '../../../../src/server/domain/seating/rows'
import { hall } from './venue'

function statusOf(index: SeatingIndex, taken: string[] = []): Uint8Array {
  const status = new Uint8Array(index.count).fill(WANTED)
  for (const k of taken) status[index.posByKey.get(k)!] = TAKEN
  return status
}
const keysOf = (index: SeatingIndex, positions: number[]) => positions.map((p) => index.keys[p])
const typed = (type: string, key: string, of: string | null = null) => ({ seat_key: key, access_type: type, companion_of: of })

describe('accessible best available (issue 20 item 3)', () => {
  const index = buildSeatingIndex(hall({ rows: 5, seats: 11 }))
  // Front-row space with two companions, back-row space with three.
  const access = accessIndexOf(index, [
    typed('wheelchair', 's0-r1-1'),
    typed('companion', 's0-r1-2', 's0-r1-1'),
    typed('companion', 's0-r1-3', 's0-r1-1'),
    typed('wheelchair', 's0-r5-11'),
    typed('companion', 's0-r5-10', 's0-r5-11'),
    typed('companion', 's0-r5-9', 's0-r5-11'),
    typed('companion', 's0-r5-8', 's0-r5-11'),
    // A companion of no space, and a type without a link: ignored.
    typed('companion', 's0-r3-3', 's0-r3-9'),
    typed('transfer', 's0-r2-1'),
  ])

  it('holds the best space with the companions asked for, nearest first', () => {
    const pick = pickAccessible(index, statusOf(index), access, 2)!
    expect(keysOf(index, pick.positions)).toEqual(['s0-r1-1', 's0-r1-2', 's0-r1-3'])
    expect(pick.together).toBe(true)
    const one = pickAccessible(index, statusOf(index), access, 1)!
    expect(keysOf(index, one.positions)).toEqual(['s0-r1-1', 's0-r1-2'])
  })

  it('is all or nothing: a space without enough free companions is passed over, none at all answers null', () => {
    const three = pickAccessible(index, statusOf(index), access, 3)!
    expect(keysOf(index, three.positions).sort()).toEqual(['s0-r5-10', 's0-r5-11', 's0-r5-8', 's0-r5-9'])
    expect(pickAccessible(index, statusOf(index, ['s0-r5-9']), access, 3)).toBeNull()
    // A taken companion of the front space sends a 2-companion request to the back one.
    expect(keysOf(index, pickAccessible(index, statusOf(index, ['s0-r1-3']), access, 2)!.positions)[0]).toBe('s0-r5-11')
    // A taken space is never chosen.
    expect(pickAccessible(index, statusOf(index, ['s0-r1-1', 's0-r5-11']), access, 0)).toBeNull()
  })
})

describe('release rules of held-back spaces', () => {
  const seat = { sector_id: 7, zone_id: 3 }
  it('judges each rule by its scope', () => {
    expect(scopeOf('all', seat)).toEqual({ scope: 'all', id: 0 })
    expect(scopeOf('area', seat)).toEqual({ scope: 'sector', id: 7 })
    expect(scopeOf('level', seat)).toEqual({ scope: 'zone', id: 3 })
    // A seat of no zone falls back to the session.
    expect(scopeOf('level', { sector_id: 7, zone_id: null })).toEqual({ scope: 'all', id: 0 })
  })
  it('releases only when no other seat of the scope is left', () => {
    expect(releaseDue(0)).toBe(true)
    expect(releaseDue(1)).toBe(false)
  })
})
