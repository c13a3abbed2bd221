import { describe, expect, it } from 'vitest'
import { withSeen, type SessionData } from '../../../src/app/door/model/store'

/** The door's storage keeps scans answered online as small rows (`seen`) and counts them into a loaded session. */
describe('door storage: scans seen online', () => {
  const scan = (id: number, ticketId: number) => ({ id, ticketId, direction: 'in' as const, result: 'valid' as const, gate: 'Main', scannedAt: 1_000 + id })
  const data: SessionData = { calendarId: 7, cursor: 'c', syncedAt: 1, keys: [], lists: [], tickets: [], scans: [scan(1, 10)], places: null }

  it('adds the seen scans the session does not hold, without their session id', () => {
    const loaded = withSeen(data, [{ ...scan(2, 11), calendarId: 7 }])
    expect(loaded.scans).toEqual([scan(1, 10), scan(2, 11)])
  })

  it('a scan a sync already brought is not counted twice', () => {
    expect(withSeen(data, [{ ...scan(1, 10), calendarId: 7 }]).scans).toEqual([scan(1, 10)])
    expect(withSeen(data, [])).toBe(data)
  })
})
