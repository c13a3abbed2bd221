import { describe, expect, it } from 'vitest'
import type { StudioOp, StudioPlan } from '../../../src/contract/admin/studio'
import { addedZones, editedSeats, planIndexOf, seatsOf } from '../../../src/app/admin/studio/editedSeats'

/**
 * What the studio map draws before saving (editedSeats.ts): the saved plan with the queued paint
 * and block edits applied in order, range selections matched as the server matches them.
 */
const ROWS = ['1', '2', '3', '10', 'A']
function plan(): StudioPlan {
  const key: string[] = []
  const sector: number[] = []
  const row: string[] = []
  for (const s of [0, 1]) for (const r of ROWS) for (const n of [1, 2]) {
    key.push(`${s}-${r}-${n}`)
    sector.push(s)
    row.push(r)
  }
  return {
    drawing: { id: 1, venue_id: 1, name: 'd', version: 1, revision: 0, draft: false, copying: null, parent_id: null, created_at: 0, warnings: [], warning_details: [] },
    svg: '<svg/>',
    sectors: [{ index: 0, name: 'A', kind: 0, seat_count: 10 }, { index: 1, name: 'B', kind: 0, seat_count: 10 }],
    zones: [{ id: 7, zone_key: 'z7', name: 'Stalls', color: '#ff0000' }],
    seats: { key, sector, row, number: key.map((k) => k.slice(-1)), zone: key.map((_, i) => (i % 2 ? 7 : null)), blocked: key.map(() => 0), access: key.map(() => null), companion_of: key.map(() => null) },
    standing: [],
    versions: [],
    sessions: [],
    meta: null,
  }
}
const keysOf = (p: StudioPlan, seats: number[]) => seats.map((i) => p.seats.key[i])

describe('studio edited seats', () => {
  it('matches ranges as the server: numeric rows between the bounds, a non-numeric row only by name', () => {
    const p = plan()
    const ix = planIndexOf(p)
    expect(keysOf(p, seatsOf(p, { sector: 0, from_row: '2', to_row: '10' }, ix))).toEqual(['0-2-1', '0-2-2', '0-3-1', '0-3-2', '0-10-1', '0-10-2'])
    expect(keysOf(p, seatsOf(p, { sector: 1, from_row: 'A', to_row: 'A' }, ix))).toEqual(['1-A-1', '1-A-2'])
    expect(seatsOf(p, { sector: 1 }, ix)).toHaveLength(10)
    expect(keysOf(p, seatsOf(p, { keys: ['1-3-2', 'missing'] }, ix))).toEqual(['1-3-2'])
  })

  it('applies paint and block in order over the saved plan, new zones by reference, other edits not at all', () => {
    const p = plan()
    const ops: StudioOp[] = [
      { op: 'add-zone', name: 'Balcony', color: '#00ff00' },
      { op: 'paint', zone: 'new:0', seats: { sector: 0, from_row: '1', to_row: '1' } },
      { op: 'paint', zone: 7, seats: { keys: ['0-1-2'] } },
      { op: 'block', blocked: true, seats: { keys: ['1-2-1'] } },
      { op: 'rename-sector', sector: 0, name: 'Z' },
      { op: 'paint', zone: null, seats: { keys: ['1-10-2'] } },
    ]
    const e = editedSeats(p, ops, planIndexOf(p))
    const at = (k: string) => p.seats.key.indexOf(k)
    expect(e.zone[at('0-1-1')]).toBe('new:0')
    expect(e.zone[at('0-1-2')]).toBe(7)
    expect(e.blocked[at('1-2-1')]).toBe(1)
    expect(e.zone[at('1-10-2')]).toBeNull()
    // Untouched seats keep the saved zone; the plan itself is not changed.
    expect(e.zone[at('1-3-2')]).toBe(7)
    expect(p.seats.zone[at('0-1-1')]).toBeNull()
    expect(addedZones(ops)).toEqual([{ name: 'Balcony', color: '#00ff00' }])
    // Without the edits, the saved look.
    const none = editedSeats(p, [], planIndexOf(p))
    expect(none.zone).toEqual(p.seats.zone)
    expect(Array.from(none.blocked)).toEqual(p.seats.blocked)
  })

  it('marks seats a queued delete removes; later edits see them gone, as the server applies edits in order', () => {
    const p = plan()
    const at = (k: string) => p.seats.key.indexOf(k)
    const e = editedSeats(p, [{ op: 'delete-seats', seats: { keys: ['0-2-1'] } }, { op: 'paint', zone: 7, seats: { sector: 0, from_row: '2', to_row: '2' } }], planIndexOf(p))
    expect(e.deleted[at('0-2-1')]).toBe(1)
    expect(e.deleted[at('0-2-2')]).toBe(0)
    // The paint after the delete does not touch the deleted seat.
    expect(e.zone[at('0-2-1')]).toBeNull()
    expect(e.zone[at('0-2-2')]).toBe(7)
    expect(seatsOf(p, { keys: ['0-2-1', '0-2-2'] }, planIndexOf(p), e)).toEqual([at('0-2-2')])
  })

  it('follows renames, merges, splits and renumbering in the labels; a range after a rename matches the new label', () => {
    const p = plan()
    const ix = planIndexOf(p)
    const at = (k: string) => p.seats.key.indexOf(k)
    // Seat 2 is left of seat 1 on the map: a row's order is by x, as the server's.
    const x = (i: number) => (p.seats.number[i] === '2' ? 0 : 10)
    const e = editedSeats(
      p,
      [
        { op: 'rename-sector', sector: 1, name: 'Balcony' },
        { op: 'rename-row', sector: 0, row: '1', to: 'R1' },
        { op: 'merge-rows', sector: 0, rows: ['2', '3'], into: '2' },
        { op: 'split-row', sector: 0, row: '2', keep: 3, to: '3b' },
        { op: 'renumber-row', sector: 1, row: 'A', start: 101, step: 2 },
        { op: 'paint', zone: 7, seats: { sector: 0, from_row: 'R1', to_row: 'R1' } },
      ],
      ix,
      x,
    )
    expect(e.sectorName.get(1)).toBe('Balcony')
    expect([e.row[at('0-1-1')], e.row[at('0-1-2')]]).toEqual(['R1', 'R1'])
    expect(e.zone[at('0-1-1')]).toBe(7)
    // Rows 2 and 3 merged (4 seats: x order 2-2, 3-2, 2-1, 3-1 with ties by plan order), then the last one split off.
    expect(['0-2-1', '0-2-2', '0-3-1', '0-3-2'].map((k) => e.row[at(k)])).toEqual(['2', '2', '3b', '2'])
    expect([e.number[at('1-A-2')], e.number[at('1-A-1')]]).toEqual(['101', '103'])
    // Saved labels are untouched.
    expect(p.seats.row[at('0-1-1')]).toBe('1')
  })
})
