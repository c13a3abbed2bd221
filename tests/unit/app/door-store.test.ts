import { describe, expect, it } from 'vitest'
import { admittedTickets, type DoorSync, type SyncTicket } from '../../../src/contract/admin/door'
import { heldTickets, mergeSync, withSeen, type SessionData } from '../../../src/app/door/model/store'

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

/**
 * The count the app shows ("List: N tickets"): the tickets the door admits by the server's rule
 * (contract admittedTickets: status ok, each its quantity), not every ticket the sync brought,
 * so a phone says what the console's Door screen says.
 */
describe('door storage: tickets the door admits', () => {
  const ticket = (id: number, status: SyncTicket['status'], quantity = 1): SyncTicket => ({
    id,
    sessionId: 7,
    code: String(100_000_000_000 + id),
    seat: null,
    standing: null,
    category: { ru: 'Взрослый', en: 'Adult', kz: 'Ересек', ch: '成人' },
    holder: '',
    quantity,
    place: { kind: 'category', id: 3 },
    categoryId: 3,
    sectorId: null,
    status,
  })
  const sync = (full: boolean, tickets: SyncTicket[]): DoorSync => ({
    calendar_id: 7,
    cursor: String(tickets.length),
    full,
    serverTime: 1,
    keys: [],
    lists: [],
    tickets,
    scans: [],
    clock: { at: 1, stamp: 's' },
    places: null,
  })

  it('leaves out refunded tickets and counts a group ticket as its people', () => {
    expect(heldTickets(null)).toBeNull()
    const whole = mergeSync(null, sync(true, [ticket(1, 'ok'), ticket(2, 'refunded'), ticket(3, 'ok', 4), ticket(4, 'refunded', 2)]))
    expect(whole.tickets).toHaveLength(4)
    expect(heldTickets(whole)).toBe(5)
    // An incremental sync: one ticket returned since, one sold.
    const later = mergeSync(whole, sync(false, [ticket(1, 'refunded'), ticket(5, 'ok')]))
    expect(heldTickets(later)).toBe(5)
    expect(admittedTickets(later.tickets)).toBe(heldTickets(later))
  })

  it("a gate of some tickets counts those its list lets in: its categories, its sectors (seated tickets only)", () => {
    const held = mergeSync(null, sync(true, [ticket(1, 'ok'), { ...ticket(2, 'ok', 3), categoryId: 4 }, { ...ticket(3, 'ok'), sectorId: 40 }, { ...ticket(4, 'refunded'), categoryId: 4 }]))
    expect(heldTickets(held, { category_ids: [], sector_ids: [] })).toBe(5)
    expect(heldTickets(held, { category_ids: [4], sector_ids: [] })).toBe(3)
    expect(heldTickets(held, { category_ids: [3], sector_ids: [] })).toBe(2)
    expect(heldTickets(held, { category_ids: [], sector_ids: [40] })).toBe(1)
    expect(heldTickets(null, { category_ids: [4], sector_ids: [] })).toBeNull()
  })
})
