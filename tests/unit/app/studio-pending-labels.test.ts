import { describe, expect, it } from 'vitest'
import type { StudioPlan } from '../../../src/contract/admin/studio'
import { StudioController } from '../../../src/app/admin/studio/StudioController'
import { pendingLines } from '../../../src/app/admin/studio/pendingLines'
import { STUDIO_TEXTS } from '../../../src/app/admin/studio/texts'
import { ENGLISH_SEAT_WORDS, seatDescriber, withLabels, type SeatInfo } from '../../../src/engine/interaction/seatInfo'
import { SeatStatus } from '../../../src/engine/model'

/**
 * The studio's pending-edits list and its screen-reader announcements name sectors and rows as
 * the queued edits leave them, with the helper the map's tooltip uses (StudioController
 * sectorName / seatLabels), not as the saved version has them.
 */
function plan(): StudioPlan {
  const key = ['0-1-1', '0-1-2', '1-1-1']
  return {
    drawing: { id: 1, venue_id: 1, name: 'd', version: 1, revision: 0, draft: false, copying: null, parent_id: null, created_at: 0, warnings: [], warning_details: [] },
    svg: '<svg/>',
    sectors: [{ index: 0, name: 'Parterre', kind: 0, seat_count: 2 }, { index: 1, name: 'Balcony', kind: 0, seat_count: 1 }],
    zones: [{ id: 7, zone_key: 'z7', name: 'Stalls', color: '#ff0000' }],
    seats: { key, sector: [0, 0, 1], row: ['1', '1', '1'], number: ['1', '2', '1'], zone: [7, 7, null], blocked: [0, 0, 0], access: [null, null, null], companion_of: [null, null, null] },
    standing: [],
    versions: [],
    sessions: [],
    meta: null,
  }
}
const t = STUDIO_TEXTS.en

describe('studio labels that follow queued renames', () => {
  it('names a sector in the pending list as the renames queued so far leave it; a rename names the sector before it', () => {
    const p = plan()
    const c = new StudioController(p)
    c.queue({ op: 'rename-sector', sector: 0, name: 'Stalls front' })
    c.queue({ op: 'paint', zone: 7, seats: { sector: 0 } })
    c.queue({ op: 'rename-row', sector: 0, row: '1', to: 'A' })
    c.queue({ op: 'rename-sector', sector: 0, name: 'Stalls' })
    c.queue({ op: 'delete-seats', seats: { sector: 1, from_row: '1', to_row: '1' } })
    const lines = pendingLines(c.getSnapshot().ops, p, t, 'en', (i) => c.sectorName(i))
    expect(lines).toEqual([
      `${t.renameSector} Parterre → Stalls front`,
      `${t.paint} → Stalls: Stalls`,
      `${t.renameRow} Stalls 1 → A`,
      `${t.renameSector} Stalls front → Stalls`,
      `${t.deleteSeats}: Balcony, ${t.rows.toLowerCase()} 1–1`,
    ])
    // Unqueued, the saved name comes back.
    c.unqueue(3)
    c.unqueue(0)
    expect(pendingLines(c.getSnapshot().ops, p, t, 'en', (i) => c.sectorName(i))[0]).toBe(`${t.paint} → Stalls: Parterre`)
  })

  it('announces a seat with the labels the tooltip gives it', () => {
    const p = plan()
    const c = new StudioController(p)
    c.queue({ op: 'rename-sector', sector: 0, name: 'Stalls' })
    const seat: SeatInfo = { index: 0, key: '0-1-1', sector: 'Parterre', row: '1', number: '1', category: '', price: null, status: SeatStatus.Free, screen: { x: 0, y: 0, radius: 1 } }
    const say = seatDescriber(ENGLISH_SEAT_WORDS)
    // The studio's labels for plan seat 0 (the controller maps engine indexes once the map is drawn).
    const labelsOf = () => ({ sector: c.sectorName(0), row: '1', number: '1' })
    expect(say(withLabels(seat, labelsOf))).toBe('Sector Stalls, row 1, seat 1, free')
    expect(say(withLabels(seat, undefined))).toBe('Sector Parterre, row 1, seat 1, free')
  })
})
