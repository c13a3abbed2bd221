import { describe, expect, it } from 'vitest'
import type { CheckinList, SyncTicket } from '../../../src/contract/admin/door'
import { decideOffline, type DoorState, type HistoryScan } from '../../../src/app/door/model/decide'
import { indexPlaces } from '../../../src/app/door/model/places'
import { placeOfFacts } from '../../../src/app/door/labels'
import { DOOR_TEXTS } from '../../../src/app/door/texts'
import { NO_ZONE, type SyncPlaces } from '../../../src/contract/admin/door-places'
import type { Verification } from '../../../src/contract/tickets/verify'

/** The check-in app's offline answers follow the server's rules (domain/redemption/service.ts). */
const SESSION = 7
const list = (patch: Partial<CheckinList> = {}): CheckinList => ({ id: 1, calendar_id: SESSION, name: 'North', category_ids: [], sector_ids: [], exits: true, reentry: true, ...patch })
const ticket = (patch: Partial<SyncTicket> = {}): SyncTicket => ({
  id: 10,
  sessionId: SESSION,
  code: '123456789012',
  seat: { sector: 'A', row: '3', seat: '14' },
  standing: null,
  category: { ru: 'Взрослый', en: 'Adult', kz: 'Ересек', ch: '成人' },
  holder: 'Ivanova Anna',
  quantity: 1,
  place: { kind: 'seat', id: 500 },
  categoryId: 2,
  sectorId: 40,
  status: 'ok',
  ...patch,
})
function state(tickets: SyncTicket[], history: HistoryScan[] = []): DoorState {
  const byTicket = new Map<number, HistoryScan[]>()
  for (const h of history) byTicket.set(h.ticketId, [...(byTicket.get(h.ticketId) ?? []), h])
  return { sessionId: SESSION, tickets: new Map(tickets.map((t) => [t.id, t])), byCode: new Map(tickets.map((t) => [t.code, t.id])), history: byTicket }
}
const token = 'SW:ABCDEFGH'
const good = (ticketId = 10, sessionId = SESSION, place: { kind: 'seat' | 'standing' | 'category'; id: number } = { kind: 'seat', id: 500 }): Verification => ({ ok: true, kid: 'k', claims: { ticketId, sessionId, place } })
const entry = (at: number, gate = 'South', result: HistoryScan['result'] = 'valid'): HistoryScan => ({ ticketId: 10, direction: 'in', result, gate, scannedAt: at })
const exit = (at: number): HistoryScan => ({ ticketId: 10, direction: 'out', result: 'valid', gate: 'South', scannedAt: at })

describe('offline door decisions', () => {
  it('valid once, then already used with when and where it entered', () => {
    expect(decideOffline(state([ticket()]), list(), token, good(), 'in')).toMatchObject({ result: 'valid', ticket: { id: 10, holder: 'Ivanova Anna' } })
    expect(decideOffline(state([ticket()], [entry(1000)]), list(), token, good(), 'in')).toEqual({ result: 'already_used', ticket: ticket(), firstUse: { at: 1000, gate: 'South' } })
    // A refused scan in the history is no entry.
    expect(decideOffline(state([ticket()], [entry(1000, 'S', 'already_used')]), list(), '1234 5678-9012', null, 'in').result).toBe('valid')
  })
  it('forged, wrong session, replaced, unknown, refunded, not on the list', () => {
    expect(decideOffline(state([ticket()]), list(), token, { ok: false, reason: 'bad-signature' }, 'in').result).toBe('forged')
    expect(decideOffline(state([ticket()]), list(), token, good(10, 99), 'in').result).toBe('wrong_session')
    expect(decideOffline(state([ticket()]), list(), token, good(10, SESSION, { kind: 'seat', id: 501 }), 'in').result).toBe('replaced')
    expect(decideOffline(state([ticket()]), list(), '999999999999', null, 'in').result).toBe('unknown')
    expect(decideOffline(state([ticket()]), list(), 'hello', null, 'in').result).toBe('unknown')
    expect(decideOffline(state([ticket({ status: 'refunded' })]), list(), token, good(), 'in').result).toBe('refunded')
    expect(decideOffline(state([ticket()]), list({ category_ids: [3] }), token, good(), 'in').result).toBe('not_on_list')
    expect(decideOffline(state([ticket()]), list({ sector_ids: [41] }), token, good(), 'in').result).toBe('not_on_list')
    expect(decideOffline(state([ticket()]), list({ sector_ids: [40], category_ids: [2] }), token, good(), 'in').result).toBe('valid')
    expect(decideOffline(state([ticket({ seat: null, sectorId: null })]), list({ sector_ids: [40] }), token, good(), 'in').result).toBe('not_on_list')
  })
  it('a signed ticket sold after the last sync admits on its signature', () => {
    expect(decideOffline(state([]), list(), token, good(77), 'in')).toEqual({ result: 'valid', ticket: null, firstUse: null })
  })
  it("…unless its signed place shows the gate's filter does not take it", () => {
    const ga = (categoryId: number) => good(77, SESSION, { kind: 'category', id: categoryId })
    const standing = good(77, SESSION, { kind: 'standing', id: 9 })
    const seat = good(77, SESSION, { kind: 'seat', id: 600 })
    // General admission: the token's place is the category, and such a ticket is in no sector.
    expect(decideOffline(state([]), list({ category_ids: [3] }), token, ga(2), 'in')).toEqual({ result: 'not_on_list', ticket: null, firstUse: null })
    expect(decideOffline(state([]), list({ category_ids: [2] }), token, ga(2), 'in').result).toBe('valid')
    expect(decideOffline(state([]), list({ sector_ids: [40] }), token, ga(2), 'in').result).toBe('not_on_list')
    // A standing place is in no sector either; its category is not in the token.
    expect(decideOffline(state([]), list({ sector_ids: [40] }), token, standing, 'in').result).toBe('not_on_list')
    expect(decideOffline(state([]), list({ category_ids: [3] }), token, standing, 'in').result).toBe('valid')
    // A seat's token carries neither its sector nor its category; without the session's places the server checks it on upload.
    expect(decideOffline(state([]), list({ sector_ids: [41], category_ids: [3] }), token, seat, 'in').result).toBe('valid')
  })
  it("a ticket sold after the last sync: the session's places tell its seat and category, and the gate's filters", () => {
    const adult = { ru: 'Взрослый', en: 'Adult', kz: 'Ересек', ch: '成人' }
    const child = { ru: 'Детский', en: 'Child', kz: 'Балалар', ch: '兒童' }
    const places: SyncPlaces = {
      sectors: [
        { id: 40, name: 'Parterre', seats: [[600, '3', '14', 1], [601, '3', '15', 2]] },
        { id: 41, name: 'Balcony', seats: [[700, '1', '1', NO_ZONE]] },
      ],
      standing: [[9, 'Dance floor', 2]],
      zones: [{ id: 1, categoryIds: [2] }, { id: 2, categoryIds: [2, 3] }],
      categories: [{ id: 2, name: adult }, { id: 3, name: child }],
    }
    const withPlaces = { ...state([]), places: indexPlaces(places) }
    const seat = (id: number) => good(77, SESSION, { kind: 'seat', id })
    const one = decideOffline(withPlaces, list(), token, seat(600), 'in')
    expect(one).toEqual({ result: 'valid', ticket: null, firstUse: null, place: { seat: { sector: 'Parterre', row: '3', seat: '14' }, standing: null, categories: [adult], sectorId: 40, categoryIds: [2] } })
    expect(placeOfFacts(one.place!, DOOR_TEXTS.en, 'en')).toBe('Parterre, row 3, seat 14 · Adult')
    // A zone sold in two categories: the code does not say which, the steward reads both.
    const two = decideOffline(withPlaces, list(), token, seat(601), 'in')
    expect(placeOfFacts(two.place!, DOOR_TEXTS.ru, 'ru')).toBe('Parterre, ряд 3, место 15 · одна из категорий: Взрослый / Детский')
    expect(placeOfFacts(decideOffline(withPlaces, list(), token, seat(700), 'in').place!, DOOR_TEXTS.en, 'en')).toBe('Balcony, row 1, seat 1')
    expect(placeOfFacts(decideOffline(withPlaces, list(), token, good(77, SESSION, { kind: 'standing', id: 9 }), 'in').place!, DOOR_TEXTS.en, 'en')).toBe('Dance floor · one of the categories: Adult / Child')
    expect(placeOfFacts(decideOffline(withPlaces, list(), token, good(77, SESSION, { kind: 'category', id: 3 }), 'in').place!, DOOR_TEXTS.kz, 'kz')).toBe('Балалар')
    // An exit shows the place too; a seat the places do not know (the drawing changed since) shows none.
    expect(decideOffline(withPlaces, list(), token, seat(600), 'out')).toMatchObject({ result: 'not_inside', place: { sectorId: 40 } })
    expect(decideOffline(withPlaces, list(), token, seat(999), 'in')).toEqual({ result: 'valid', ticket: null, firstUse: null })
    // Filters: the seat's sector is known; a category filter refuses only when none of the zone's categories passes.
    expect(decideOffline(withPlaces, list({ sector_ids: [41] }), token, seat(600), 'in').result).toBe('not_on_list')
    expect(decideOffline(withPlaces, list({ sector_ids: [40] }), token, seat(600), 'in').result).toBe('valid')
    expect(decideOffline(withPlaces, list({ category_ids: [3] }), token, seat(600), 'in').result).toBe('not_on_list')
    expect(decideOffline(withPlaces, list({ category_ids: [3] }), token, seat(601), 'in').result).toBe('valid')
    expect(decideOffline(withPlaces, list({ category_ids: [3] }), token, seat(700), 'in').result).toBe('valid')
    expect(decideOffline(withPlaces, list({ category_ids: [4] }), token, good(77, SESSION, { kind: 'standing', id: 9 }), 'in').result).toBe('not_on_list')
  })
  it("a printed code of another session's list held on the device: another session (or refunded, as the server says first), not unknown", () => {
    const other = ticket({ id: 20, sessionId: 8, code: '555566667777' })
    expect(decideOffline(state([ticket()]), list(), '5555 6666-7777', null, 'in', other)).toEqual({ result: 'wrong_session', ticket: other, firstUse: null })
    expect(decideOffline(state([ticket()]), list(), '555566667777', null, 'in', { ...other, status: 'refunded' }).result).toBe('refunded')
    // The session's own ticket by that code comes first; a code no list holds stays unknown.
    expect(decideOffline(state([ticket()]), list(), '123456789012', null, 'in', other).result).toBe('valid')
    expect(decideOffline(state([ticket()]), list(), '999999999999', null, 'in', null).result).toBe('unknown')
  })
  it('exits and re-entry by the list', () => {
    expect(decideOffline(state([ticket()]), list(), token, good(), 'out').result).toBe('not_inside')
    expect(decideOffline(state([ticket()], [entry(1000)]), list(), token, good(), 'out').result).toBe('valid')
    expect(decideOffline(state([ticket()], [exit(2000), entry(1000)]), list(), token, good(), 'in').result).toBe('valid')
    expect(decideOffline(state([ticket()], [entry(1000), exit(2000)]), list({ reentry: false }), token, good(), 'in').result).toBe('already_used')
  })
  it('an exit without the ticket inside names the exit that left it outside, as the server does', () => {
    expect(decideOffline(state([ticket()]), list(), token, good(), 'out')).toMatchObject({ result: 'not_inside', lastExit: null })
    expect(decideOffline(state([ticket()], [entry(1000), exit(2000)]), list(), token, good(), 'out')).toMatchObject({ result: 'not_inside', firstUse: null, lastExit: { at: 2000, gate: 'South' } })
    // Back in since: the exit is no longer in force.
    expect(decideOffline(state([ticket()], [entry(1000), exit(2000), entry(3000)]), list(), token, good(), 'out')).toMatchObject({ result: 'valid' })
    expect(decideOffline(state([ticket()], [entry(1000), exit(2000), entry(3000)]), list(), token, good(), 'out').lastExit ?? null).toBeNull()
  })
})
