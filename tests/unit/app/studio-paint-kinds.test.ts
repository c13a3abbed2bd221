import { describe, expect, it } from 'vitest'
import type { StudioPlan } from '../../../src/contract/admin/studio'
import { NO_ZONE, PAINT_KINDS, previewPaint } from '../../../src/app/admin/studio/paintKinds'
import { accessOfPlan, insidePolygon } from '../../../src/app/admin/studio/planSeats'
import { STUDIO_TEXTS } from '../../../src/app/admin/studio/texts'

const t = STUDIO_TEXTS.en
/** Four seats: two in zone 1, one in zone 2, one with no zone; the last blocked for the venue. */
const plan = {
  zones: [{ id: 1, zone_key: 'a', name: 'Stalls', color: '#ff0000' }, { id: 2, zone_key: 'b', name: 'Balcony', color: '#0000ff' }],
  seats: { key: ['s1', 's2', 's3', 's4'], sector: [0, 0, 0, 0], row: ['1', '1', '2', '2'], number: ['1', '2', '1', '2'], zone: [1, 1, 2, null], blocked: [0, 0, 0, 1], access: [null, null, null, null], companion_of: [null, null, null, null] },
} as unknown as StudioPlan
const kind = (id: string) => PAINT_KINDS.find((k) => k.id === id)!

describe('studio paint kinds and their preview', () => {
  it('counts what a zone paint changes, per zone it changes from; seats already in the zone are not counted', () => {
    expect(previewPaint(kind('zone'), '2', plan, [0, 1, 2, 3], [], t)).toEqual([
      { from: 'Stalls', to: 'Balcony', n: 2 },
      { from: 'Not for sale', to: 'Balcony', n: 1 },
    ])
    expect(previewPaint(kind('zone'), NO_ZONE, plan, [3], [], t)).toEqual([])
    expect(previewPaint(kind('zone'), 'new:0', plan, [0], [{ name: 'VIP' }], t)).toEqual([{ from: 'Stalls', to: 'VIP *', n: 1 }])
  })

  it('block and unblock count only seats whose venue block changes, and queue the block edit', () => {
    expect(previewPaint(kind('block'), '', plan, [0, 1, 3], [], t)).toEqual([{ from: t.unblock, to: t.venueBlocked, n: 2 }])
    expect(previewPaint(kind('unblock'), '', plan, [0, 3], [], t)).toEqual([{ from: t.venueBlocked, to: t.unblock, n: 1 }])
    expect(kind('block').op({ keys: ['s1'] }, '')).toEqual({ op: 'block', blocked: true, seats: { keys: ['s1'] } })
    expect(kind('zone').op({ sector: 0 }, NO_ZONE)).toEqual({ op: 'paint', zone: null, seats: { sector: 0 } })
  })

  it('lasso: a point is inside an outline by the even-odd rule (a concave one too)', () => {
    const square = [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, { x: 0, y: 10 }]
    expect(insidePolygon(square, 5, 5)).toBe(true)
    expect(insidePolygon(square, 11, 5)).toBe(false)
    // A U shape: the notch between its arms is outside.
    const u = [{ x: 0, y: 0 }, { x: 3, y: 0 }, { x: 3, y: 7 }, { x: 7, y: 7 }, { x: 7, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, { x: 0, y: 10 }]
    expect(insidePolygon(u, 5, 3)).toBe(false)
    expect(insidePolygon(u, 5, 9)).toBe(true)
    expect(insidePolygon(u, 1, 3)).toBe(true)
  })

  it("reads the plan's typed seats by key with their sector's name, as the storefront's legend and tooltip read them", () => {
    const typed = {
      ...plan,
      sectors: [{ index: 0, name: 'Stalls', kind: 0, seat_count: 4 }],
      seats: { ...plan.seats, access: ['wheelchair', 'companion', null, 'signlang'], companion_of: [null, 's1', null, null] },
    } as unknown as StudioPlan
    expect([...accessOfPlan(typed)]).toEqual([
      ['s1', { type: 'wheelchair', companionOf: null, sector: 'Stalls', row: '1', seat: '1' }],
      ['s2', { type: 'companion', companionOf: 's1', sector: 'Stalls', row: '1', seat: '2' }],
      ['s4', { type: 'signlang', companionOf: null, sector: 'Stalls', row: '2', seat: '2' }],
    ])
    expect(accessOfPlan({ ...typed, seats: plan.seats }).size).toBe(0)
  })
})
