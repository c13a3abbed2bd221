import { describe, expect, it } from 'vitest'
import { claimBytes, formatToken } from '../../../src/contract/tickets/token'
import { SENT_CLOCK_SLACK_MS, UNSEEN_ENTRY_KEPT_MS, UnseenEntries, type UnansweredScan } from '../../../src/app/door/model/unseen'

/**
 * An entry the server recorded whose answer the phone dropped (the steward changed gate first):
 * a rescan's *Already used* says it was this phone's own unseen scan, only when that scan is the
 * entry in force, and only for a while.
 */
describe('door: entries whose answer the phone dropped', () => {
  const entry = { ticketId: 7, gate: 'West gate', scannedAt: 5_000 }
  const used = (patch: Partial<{ result: string; ticket: { id: number; code: string } | null; firstUse: { at: number; gate: string } | null }> = {}) => ({ result: 'already_used', ticket: { id: 7, code: '100000000007' }, firstUse: { at: 5_000, gate: 'West gate' }, ...patch })

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
    expect(unseen.explains(used({ ticket: { id: 8, code: '100000000008' } }))).toBe(false)
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

/**
 * A scan whose answer never came in time (timed out) may have been recorded by the server all the
 * same: a rescan's Already used says its entry may be that scan when the entry is of the same
 * ticket, at that gate, made from when the scan was sent (less the clock's slack), only for a while;
 * an exit's Not inside likewise by the exit that left the ticket outside.
 */
describe('door: scans whose answer never came', () => {
  const sentAt = 100_000
  const scan = (patch: Partial<UnansweredScan> = {}): UnansweredScan => ({ code: '1000 0000 0007', gate: 'West gate', direction: 'in', sentAt, ...patch })
  const used = (at: number, patch: Partial<{ result: string; ticket: { id: number; code: string } | null; gate: string }> = {}) => ({
    result: patch.result ?? 'already_used',
    ticket: patch.ticket === undefined ? { id: 7, code: '100000000007' } : patch.ticket,
    firstUse: { at, gate: patch.gate ?? 'West gate' },
  })

  it('an entry of that ticket at that gate from when the scan was sent may be it', () => {
    const unseen = new UnseenEntries(() => 1_000_000)
    expect(unseen.mayExplain(used(sentAt + 40))).toBe(false)
    unseen.addUnanswered(scan())
    expect(unseen.mayExplain(used(sentAt + 40))).toBe(true)
    expect(unseen.mayExplain(used(sentAt - SENT_CLOCK_SLACK_MS))).toBe(true)
    expect(unseen.mayExplain(used(sentAt + UNSEEN_ENTRY_KEPT_MS))).toBe(true)
    // Not the dropped answer's certainty: explains() says nothing of it.
    expect(unseen.explains(used(sentAt + 40))).toBe(false)
  })

  it('a signed code names its ticket by the token', () => {
    const token = formatToken(claimBytes('0a0b0c0d', { ticketId: 7, sessionId: 3, place: { kind: 'category', id: 2 } }), new Uint8Array(64))
    const unseen = new UnseenEntries(() => 1_000_000)
    unseen.addUnanswered(scan({ code: token }))
    expect(unseen.mayExplain(used(sentAt + 40))).toBe(true)
    expect(unseen.mayExplain(used(sentAt + 40, { ticket: { id: 8, code: '100000000007' } }))).toBe(false)
  })

  it('not an entry from before it was sent, at another gate, of another ticket, an exit scan, nor another answer', () => {
    const unseen = new UnseenEntries(() => 1_000_000)
    unseen.addUnanswered(scan())
    unseen.addUnanswered(scan({ code: '100000000009', direction: 'out' }))
    expect(unseen.mayExplain(used(sentAt - SENT_CLOCK_SLACK_MS - 1))).toBe(false)
    expect(unseen.mayExplain(used(sentAt + UNSEEN_ENTRY_KEPT_MS + 1))).toBe(false)
    expect(unseen.mayExplain(used(sentAt + 40, { gate: 'East gate' }))).toBe(false)
    expect(unseen.mayExplain(used(sentAt + 40, { ticket: { id: 8, code: '100000000008' } }))).toBe(false)
    expect(unseen.mayExplain(used(sentAt + 40, { ticket: { id: 9, code: '100000000009' } }))).toBe(false)
    expect(unseen.mayExplain(used(sentAt + 40, { result: 'valid' }))).toBe(false)
    expect(unseen.mayExplain({ result: 'already_used', ticket: { id: 7, code: '100000000007' }, firstUse: null })).toBe(false)
  })

  it("an exit's Not inside, by the exit that left the ticket outside, when the unanswered scan was an exit", () => {
    const unseen = new UnseenEntries(() => 1_000_000)
    unseen.addUnanswered(scan({ direction: 'out' }))
    const notInside = (at: number | null, gate = 'West gate') => ({ result: 'not_inside', ticket: { id: 7, code: '100000000007' }, firstUse: null, lastExit: at === null ? null : { at, gate } })
    expect(unseen.mayExplain(notInside(sentAt + 40))).toBe(true)
    expect(unseen.mayExplain(notInside(sentAt - SENT_CLOCK_SLACK_MS - 1))).toBe(false)
    expect(unseen.mayExplain(notInside(sentAt + 40, 'East gate'))).toBe(false)
    // Never in: no exit to rest on.
    expect(unseen.mayExplain(notInside(null))).toBe(false)
    // An entry's Already used is not an exit's.
    expect(unseen.mayExplain(used(sentAt + 40))).toBe(false)
  })

  it(`forgets it after ${UNSEEN_ENTRY_KEPT_MS / 60_000} minutes`, () => {
    let now = 1_000_000
    const unseen = new UnseenEntries(() => now)
    unseen.addUnanswered(scan())
    now += UNSEEN_ENTRY_KEPT_MS
    expect(unseen.mayExplain(used(sentAt + 40))).toBe(true)
    now += 1
    expect(unseen.mayExplain(used(sentAt + 40))).toBe(false)
  })
})
