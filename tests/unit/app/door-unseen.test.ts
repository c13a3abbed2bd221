import { describe, expect, it } from 'vitest'
import { UNSEEN_ENTRY_KEPT_MS, UnseenEntries } from '../../../src/app/door/model/unseen'

/**
 * An entry the server recorded whose answer the phone dropped (the steward changed gate first):
 * a rescan's *Already used* says it was this phone's own unseen scan, only when that scan is the
 * entry in force, and only for a while.
 */
describe('door: entries whose answer the phone dropped', () => {
  const entry = { ticketId: 7, gate: 'West gate', scannedAt: 5_000 }
  const used = (patch: Partial<{ result: string; ticket: { id: number } | null; firstUse: { at: number; gate: string } | null }> = {}) => ({ result: 'already_used', ticket: { id: 7 }, firstUse: { at: 5_000, gate: 'West gate' }, ...patch })

  it('explains an Already used whose entry in force is that scan', () => {
    const unseen = new UnseenEntries(() => 1_000_000)
    expect(unseen.explains(used())).toBe(false)
    unseen.add(entry)
    expect(unseen.explains(used())).toBe(true)
  })

  it('not another entry of the ticket, another ticket, nor another answer', () => {
    const unseen = new UnseenEntries(() => 1_000_000)
    unseen.add(entry)
    expect(unseen.explains(used({ firstUse: { at: 4_000, gate: 'West gate' } }))).toBe(false)
    expect(unseen.explains(used({ firstUse: { at: 5_000, gate: 'East gate' } }))).toBe(false)
    expect(unseen.explains(used({ ticket: { id: 8 } }))).toBe(false)
    expect(unseen.explains(used({ result: 'valid', firstUse: null }))).toBe(false)
    expect(unseen.explains(used({ firstUse: null }))).toBe(false)
  })

  it(`forgets it after ${UNSEEN_ENTRY_KEPT_MS / 60_000} minutes`, () => {
    let now = 1_000_000
    const unseen = new UnseenEntries(() => now)
    unseen.add(entry)
    now += UNSEEN_ENTRY_KEPT_MS
    expect(unseen.explains(used())).toBe(true)
    now += 1
    expect(unseen.explains(used())).toBe(false)
  })
})
