import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { sessionStarts } from './lists.repository'

/**
 * Which sessions the door works now: the check-in app lists them, and its sync and scans are
 * refused for any other, so a leaked steward token cannot read the printed codes (the secret
 * that admits) and holders' names of every upcoming session, nor check any of them in.
 */

/** The door works sessions that began up to this long ago (a long show, a late arrival) … */
export const DOOR_PAST_MS = 12 * 3600 * 1000
/** … or begin within this long (stewards sync the list ahead, the day before). */
export const DOOR_AHEAD_MS = 2 * 24 * 3600 * 1000
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

/**
 * Refuses (door-session-closed) any of the sessions whose start is outside the door's window.
 * Sessions that do not exist are left to the caller (they answer not found, as before).
 */
export async function requireAtDoor(db: Db, calendarIds: readonly number[], pastMs = DOOR_PAST_MS, now = Date.now()): Promise<void> {
  const wanted = [...new Set(calendarIds)]
  if (wanted.length === 0) return
  const { from, to } = doorWindow(now, pastMs)
  const rows = await sessionStarts(db, wanted)
  const closed = rows.find((r) => Number(r.starts_at) < from || Number(r.starts_at) > to)
  if (closed) throw new ApiFailure('door-session-closed', { id: closed.id })
}
