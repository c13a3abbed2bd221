import type { CheckinList, Direction, DoorTicket, RedeemResult, SyncScan, SyncTicket } from '../../../contract/admin/door'
import { looksLikeToken, type TicketClaims } from '../../../contract/tickets/token'
import type { Verification } from '../../../contract/tickets/verify'
import { placeFacts, type PlaceFacts, type PlaceIndex } from './places'

/**
 * The door's answer without the network (issue 19.4): the same rules as the server's redemption
 * (domain/redemption/service.ts), on the ticket list, public keys and scan history synced ahead
 * plus this device's own scans not yet uploaded. The server decides again when the scan is
 * uploaded; where two devices disagree the first scan wins there and the other is flagged.
 */

/** A scan of the ticket's history: the server's (as reconciled) or this device's, not yet sent. */
export type HistoryScan = Pick<SyncScan, 'ticketId' | 'direction' | 'result' | 'gate' | 'scannedAt'>

export interface OfflineAnswer {
  result: RedeemResult
  ticket: DoorTicket | null
  firstUse: { at: number; gate: string } | null
  /** not_inside: the exit that left the ticket outside (none: it never entered), as the server names it. */
  lastExit?: { at: number; gate: string } | null
  /** A ticket not in the list yet (sold after the last sync): its place and category as the session's places tell (places.ts). */
  place?: PlaceFacts
}

/** What the device holds for one session. */
export interface DoorState {
  sessionId: number
  tickets: ReadonlyMap<number, SyncTicket>
  /** Printed 12-digit code → ticket id. */
  byCode: ReadonlyMap<string, number>
  /** Counted scans per ticket id, server's and local. */
  history: ReadonlyMap<number, readonly HistoryScan[]>
  /** The session's places (absent before a whole sync of this version). */
  places?: PlaceIndex | null
}

const TYPED_CODE = /^[0-9][0-9 -]*$/

/** A typed or barcode code as the list keys it (the printed digits, spaces and dashes dropped); null when it cannot be one. */
export const printedCode = (code: string): string | null => (TYPED_CODE.test(code) ? code.replace(/[ -]/g, '') : null)

export type ListFilters = Pick<CheckinList, 'category_ids' | 'sector_ids'>

/** A list's category filter: none ticked admits every category. */
const categoryAdmits = (list: ListFilters, categoryId: number): boolean => list.category_ids.length === 0 || list.category_ids.includes(categoryId)
/** A list's sector filter: none ticked admits all; a sector list admits seated tickets of those sectors only (null: not seated). */
const sectorAdmits = (list: ListFilters, sectorId: number | null): boolean => list.sector_ids.length === 0 || (sectorId !== null && list.sector_ids.includes(sectorId))

export function listAdmits(list: ListFilters, t: Pick<SyncTicket, 'categoryId' | 'sectorId'>): boolean {
  return categoryAdmits(list, t.categoryId) && sectorAdmits(list, t.sectorId)
}

/**
 * Whether a list refuses a ticket known only by its signed token (sold after the last sync), as
 * far as the token and the session's places tell: a general-admission ticket's place is its
 * category and it is in no sector; a standing place is in no sector either; a seat's sector comes
 * from the places. A category filter refuses a standing place or seat only when none of the
 * categories its price zone is sold in passes (the token does not say which of them it is); a
 * place the places do not know is not refused. What they cannot tell, the server checks on upload
 * (and flags an entry it refuses).
 */
export function placeRefused(list: ListFilters, place: TicketClaims['place'], facts: PlaceFacts | null = null): boolean {
  if (place.kind === 'category') return !listAdmits(list, { categoryId: place.id, sectorId: null })
  const noneAdmitted = facts !== null && facts.categoryIds.length > 0 && !facts.categoryIds.some((id) => categoryAdmits(list, id))
  if (place.kind === 'standing') return !sectorAdmits(list, null) || noneAdmitted
  return facts !== null && (!sectorAdmits(list, facts.sectorId) || noneAdmitted)
}

type Passage = { at: number; gate: string }

/** Replays a ticket's valid entries and exits in scan-time order: inside now, entered ever, the entry in force, and the exit that left it outside. */
function where(history: readonly HistoryScan[]): { inside: boolean; entered: boolean; entry: Passage | null; exit: Passage | null } {
  let inside = false
  let entered = false
  let entry: Passage | null = null
  let exit: Passage | null = null
  for (const s of [...history].sort((a, b) => a.scannedAt - b.scannedAt)) {
    if (s.result !== 'valid') continue
    if (s.direction === 'in') {
      inside = entered = true
      entry = { at: s.scannedAt, gate: s.gate }
      exit = null
    } else {
      inside = false
      exit = { at: s.scannedAt, gate: s.gate }
    }
  }
  return { inside, entered, entry, exit }
}

/**
 * Decides a scan offline. `verification` is the token's check with the synced public keys (null
 * for a typed or barcode code). A signed token of this session whose ticket is not in the list
 * yet (sold after the last sync) admits unless its place shows the gate does not take it
 * (placeRefused): its signature is the proof; the server checks it again. A printed code the
 * session's list lacks may be a ticket of another session whose list this device holds
 * (`elsewhere`, ticketElsewhere in store.ts): refused as the server refuses it (another
 * session, or refunded), not as unknown.
 */
export function decideOffline(state: DoorState, list: CheckinList, code: string, verification: Verification | null, direction: Direction, elsewhere: SyncTicket | null = null): OfflineAnswer {
  const none = (result: RedeemResult, ticket: DoorTicket | null = null): OfflineAnswer => ({ result, ticket, firstUse: null })
  let ticket: SyncTicket | undefined
  if (looksLikeToken(code)) {
    if (!verification || !verification.ok) return none('forged')
    const claims = verification.claims
    if (claims.sessionId !== state.sessionId) return none('wrong_session')
    ticket = state.tickets.get(claims.ticketId)
    if (!ticket) {
      // The steward still sees where it sits and what it is, as an online answer shows.
      const facts = state.places ? placeFacts(state.places, claims.place) : null
      const answer = (result: RedeemResult): OfflineAnswer => (facts ? { ...none(result), place: facts } : none(result))
      if (direction === 'out') return answer('not_inside')
      return answer(placeRefused(list, claims.place, facts) ? 'not_on_list' : 'valid')
    }
    if (ticket.place.kind !== claims.place.kind || ticket.place.id !== claims.place.id) return none('replaced', ticket)
  } else {
    const printed = printedCode(code)
    if (printed === null) return none('unknown')
    const id = state.byCode.get(printed)
    ticket = id === undefined ? (elsewhere ?? undefined) : state.tickets.get(id)
    if (!ticket) return none('unknown')
  }
  if (ticket.status === 'refunded') return none('refunded', ticket)
  if (ticket.sessionId !== state.sessionId) return none('wrong_session', ticket)
  if (!listAdmits(list, ticket)) return none('not_on_list', ticket)
  const { inside, entered, entry, exit } = where(state.history.get(ticket.id) ?? [])
  if (direction === 'out') return inside ? none('valid', ticket) : { ...none('not_inside', ticket), lastExit: exit }
  if (!inside && (list.reentry || !entered)) return none('valid', ticket)
  return { result: 'already_used', ticket, firstUse: entry }
}
