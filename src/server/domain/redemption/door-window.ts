import { DOOR_AHEAD_MS, DOOR_PAST_MS } from '../../../contract/admin/door'
import { sessionSaleState, type SessionSaleFields } from '../../../contract/rules/session-sale'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { doorSessionFacts } from './lists.repository'

/**
 * Which sessions the door works now: the check-in app lists them, and its sync and scans are
 * refused for any other, so a leaked steward token cannot read the printed codes (the secret
 * that admits) and holders' names of every upcoming session, nor check any of them in. The
 * shared-token calls (routes/door.ts) follow the same rule.
 */

// The window's bounds live in the contract: the check-in app keeps a synced list only while its door may work (app/door/model/store.ts).
export { DOOR_AHEAD_MS, DOOR_PAST_MS }
/**
 * Offline uploads of sessions that began up to this long ago still count: a phone that scanned at
 * the door while offline may come back online only days later (left in a locker, flat battery),
 * and its scans are the door's record of who came in. They cannot admit anyone any more; an older
 * upload is refused (the app drops it from its queue and says so).
 */
export const DOOR_UPLOAD_GRACE_MS = 7 * 24 * 3600 * 1000

/** The start times (epoch ms) of sessions the door works at `now`; `pastMs`: how long after their start. */
export function doorWindow(now: number, pastMs = DOOR_PAST_MS): { from: number; to: number } {
  return { from: now - pastMs, to: now + DOOR_AHEAD_MS }
}

/** What the door judges a session by: its start and switch (the storefront's fields) and its event's archive mark. */
export interface DoorSessionFacts extends SessionSaleFields {
  event_archived_at: number | null
}

/**
 * What a door call does: `live` reads the list or admits someone now (sync, a scan), `upload`
 * records scans a phone made offline earlier (the scans of a batch marked offline: callOfScan; a
 * batch's other scans are live).
 */
export type DoorCall = 'live' | 'upload'

/**
 * Whether the door works a session at `now`: it starts inside the window, it is switched on, and
 * its event is not archived. Switched off is the storefront's rule (contract/rules/session-sale.ts
 * 'switched-off': such a session sells nothing and the shop shows it nowhere); an archived event
 * is one the console archived (admin/catalogue/events.ts archiveEvent: hidden from its lists).
 * Neither has a door: no list to sync, no scan to take. The on-sale bounds do not matter here (a
 * session whose sale ended is exactly the one at the door).
 *
 * An upload is the record of scans made while the door was open, so only its longer window
 * (DOOR_UPLOAD_GRACE_MS) applies: an operator who switches the session off or archives its event
 * the morning after does not lose the entries of a phone that comes back online later. It
 * admits nobody, and a phone can only have scanned a session it synced while the door was open.
 */
export function openAtDoor(s: DoorSessionFacts, now: number, call: DoorCall = 'live'): boolean {
  const { from, to } = doorWindow(now, call === 'upload' ? DOOR_UPLOAD_GRACE_MS : DOOR_PAST_MS)
  const starts = Number(s.starts_at)
  if (starts < from || starts > to) return false
  if (call === 'upload') return true
  if (sessionSaleState(s, now) === 'switched-off') return false
  return s.event_archived_at === null
}

/**
 * Refuses (door-session-closed) any of the sessions the door does not work now for this kind of
 * call (openAtDoor). Sessions that do not exist are left to the caller (they answer not found, as before).
 */
export async function requireAtDoor(db: Db, calendarIds: readonly number[], call: DoorCall = 'live', now = Date.now()): Promise<void> {
  const wanted = [...new Set(calendarIds)]
  if (wanted.length === 0) return
  const rows = await doorSessionFacts(db, wanted)
  const closed = rows.find((r) => !openAtDoor(r, now, call))
  if (closed) throw new ApiFailure('door-session-closed', { id: closed.id })
}

/**
 * The kind of call one scan of an upload (redeem-batch) is. Only a scan marked `offline` is the
 * record of a scan made while the door was open (the check-in app's queue always marks it:
 * app/door/model/upload.ts uploadedScan). Any other scan in a batch is judged now and may admit
 * the holder now (service.ts redeem times it by the server and marks it admitted when valid): a
 * live scan, under the live window, so a batch never checks anyone in at a session switched off,
 * of an archived event, or past the door.
 */
export const callOfScan = (scan: { offline?: boolean }): DoorCall => (scan.offline === true ? 'upload' : 'live')

/**
 * requireAtDoor for the scans of an upload, each under its kind of call (callOfScan): all checked
 * before any is recorded, so an upload with a scan the door does not take records none.
 */
export async function requireScansAtDoor(db: Db, scans: readonly { sessionId: number; offline?: boolean }[], now = Date.now()): Promise<void> {
  const of = (call: DoorCall) => scans.filter((s) => callOfScan(s) === call).map((s) => s.sessionId)
  await requireAtDoor(db, of('live'), 'live', now)
  await requireAtDoor(db, of('upload'), 'upload', now)
}
