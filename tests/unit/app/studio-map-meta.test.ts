import { describe, expect, it } from 'vitest'
import type { StudioPlan } from '../../../src/contract/admin/studio'
import { StudioController } from '../../../src/app/admin/studio/StudioController'
import type { SeatMapEngine } from '../../../src/engine/SeatMapEngine'

/**
 * The studio's map follows the venue's map metadata like the storefront's (spec 001 §9 detail
 * threshold "overridable by map metadata"): the plan carries the meta, and the canvas's engine
 * gets its threshold as soon as it is attached.
 */
function plan(meta: StudioPlan['meta']): StudioPlan {
  return {
    drawing: { id: 1, venue_id: 1, name: 'd', version: 1, revision: 0, draft: false, copying: null, parent_id: null, created_at: 0, warnings: [], warning_details: [] },
    svg: '<svg/>',
    sectors: [{ index: 0, name: 'Parterre', kind: 0, seat_count: 1 }],
    zones: [],
    seats: { key: ['0-1-1'], sector: [0], row: ['1'], number: ['1'], zone: [null], blocked: [0], access: [null], companion_of: [null] },
    standing: [],
    versions: [],
    sessions: [],
    meta,
  }
}

function attached(meta: StudioPlan['meta']): (number | null | undefined)[] {
  const got: (number | null | undefined)[] = []
  new StudioController(plan(meta)).attach({ setDetailThreshold: (percent: number | null | undefined) => got.push(percent) } as unknown as SeatMapEngine)
  return got
}

describe("the studio map's detail threshold", () => {
  it("hands the venue's threshold (the plan's meta) to the engine attached, and null (the default) without one", () => {
    expect(attached({ detail_threshold: 150, max_zoom: null })).toEqual([150])
    expect(attached(null)).toEqual([null])
  })
})
