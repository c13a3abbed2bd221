import type { CheckinList, Direction, DoorSession, SyncTicket } from '../../../contract/admin/door'
import { judgedScanTime, type DeviceClock } from '../../../contract/admin/door-clock'
import { looksLikeToken } from '../../../contract/tickets/token'
import { TicketVerifier } from '../../../contract/tickets/verify'
import { decideOffline, printedCode, type DoorState, type HistoryScan, type OfflineAnswer } from './decide'
import { indexPlaces } from './places'
import { enqueue, NotCommitted, queued, StoreRefused, ticketElsewhere, type SessionData } from './store'

/**
 * Why an offline scan got no answer (the steward reads texts.ts `unchecked`): its queue entry was
 * rolled back (`notKept`: storage full or failing), the door database is held by a newer version
 * of the app in another tab or kept waiting by an older one, or the phone failed otherwise
 * (`failed`: the list or keys could not be read). Never an answer: a *Valid* the phone cannot
 * keep, or one decided without the phone's own queued scans, could let the same ticket in twice.
 */
export type Unchecked = 'notKept' | 'newerTab' | 'olderTab' | 'failed'

/** An offline scan's outcome: decided and queued (shown at `judgedAt`), or not checked and why; null when the steward changed gate meanwhile. */
export type OfflineOutcome = { answer: OfflineAnswer; judgedAt: number } | { unchecked: Unchecked } | null

/** One scan the server did not answer, at the gate it was made at. */
export interface OfflineScan {
  session: DoorSession
  list: CheckinList
  code: string
  direction: Direction
  nonce: string
}

/**
 * A synced list's tickets by id and by code, built once per list (a sync makes a new one), not
 * on every offline scan: 60,000 tickets cost a phone tens of milliseconds to index.
 */
const ticketIndexes = new WeakMap<readonly SyncTicket[], Pick<DoorState, 'tickets' | 'byCode'>>()
function ticketIndexOf(list: readonly SyncTicket[]): Pick<DoorState, 'tickets' | 'byCode'> {
  let index = ticketIndexes.get(list)
  if (!index) {
    index = { tickets: new Map(list.map((t) => [t.id, t])), byCode: new Map(list.map((t) => [t.code, t.id])) }
    ticketIndexes.set(list, index)
  }
  return index
}

/**
 * The door's answer to a scan without the server's (engine.ts scan): decided on the synced list
 * plus this phone's queued scans (decide.ts), and answered only once queued for upload. It never
 * throws: a failure of the phone's storage or crypto is an outcome the steward is told of, where
 * a rejection went unhandled and left the steward with neither an answer nor a word.
 */
export class OfflineAnswers {
  private verifier: { keys: string; verifier: TicketVerifier } | null = null

  /** `data`: the session's synced list held; `clock`: the server's clock as last heard; `current`: false once the steward changed gate. */
  async answer(data: SessionData | null, clock: DeviceClock | null, scan: OfflineScan, current: () => boolean): Promise<OfflineOutcome> {
    const { session, list, code, direction, nonce } = scan
    const scannedAt = Date.now()
    // The server's clock as this device reckons it (no "now" of the server's to cap it with here).
    const judgedAt = judgedScanTime(scannedAt, clock ?? undefined, Number.POSITIVE_INFINITY)
    let decided: OfflineAnswer
    try {
      const verification = looksLikeToken(code) ? await (await this.verifierOf(data)).verify(code) : null
      const state = await stateOf(data, session.calendar_id)
      const printed = verification === null ? printedCode(code) : null
      const elsewhere = printed !== null && !state.byCode.has(printed) ? await ticketElsewhere(printed, session.calendar_id) : null
      if (!current()) return null
      decided = decideOffline(state, list, code, verification, direction, elsewhere)
    } catch (err) {
      return { unchecked: err instanceof StoreRefused ? err.reason : 'failed' }
    }
    const heard = clock ? { stamp: clock.stamp, deviceAt: clock.deviceAt } : undefined
    const failed = await enqueue({ code, list_id: list.id, nonce, direction, scannedAt, clock: heard, judgedAt, offline: true, admitted: decided.result === 'valid', sessionId: session.calendar_id, gate: list.name, shown: decided.result, ticketId: decided.ticket?.id ?? null }).then(
      () => null,
      (err: unknown): Unchecked => (err instanceof StoreRefused ? err.reason : err instanceof NotCommitted ? 'notKept' : 'failed'),
    )
    // Not kept, so not answered: a *Valid* the phone cannot stand by is a lost entry (store.ts enqueue).
    return failed ? { unchecked: failed } : { answer: decided, judgedAt }
  }

  private async verifierOf(data: SessionData | null): Promise<TicketVerifier> {
    const keys = (data?.keys ?? []).map((k) => k.publicKey)
    const id = keys.join(',')
    if (this.verifier?.keys !== id) this.verifier = { keys: id, verifier: await TicketVerifier.create(keys) }
    return this.verifier.verifier
  }
}

/** The synced list with this device's queued scans of the session counted in its history. */
async function stateOf(data: SessionData | null, calendarId: number): Promise<DoorState> {
  const { tickets, byCode } = ticketIndexOf(data?.tickets ?? [])
  const history = new Map<number, HistoryScan[]>()
  const add = (s: HistoryScan) => history.set(s.ticketId, [...(history.get(s.ticketId) ?? []), s])
  for (const s of data?.scans ?? []) add(s)
  for (const q of await queued()) {
    // On the server's clock, as the synced scans are (an older queue's scans: the device's).
    if (q.sessionId === calendarId && q.ticketId !== null && q.shown === 'valid') add({ ticketId: q.ticketId, direction: q.direction ?? 'in', result: 'valid', gate: q.gate, scannedAt: q.judgedAt ?? q.scannedAt ?? 0 })
  }
  return { sessionId: calendarId, tickets, byCode, history, places: data?.places ? indexPlaces(data.places) : null }
}
