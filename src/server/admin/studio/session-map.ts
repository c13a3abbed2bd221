import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { writeAudit } from '../audit'
import { mustFind, mustFindLockedSession } from '../catalogue/rows.repository'
import type { Actor } from '../context'
import { mustBeCopied } from './copy-progress'
import { applyVenueBlocks, blockedKeys, releaseAllBlocks } from './blocks.repository'
import { drawingVenue, drawingZones, lockSessionForMove, sessionInUse, sessionPriceZones, setPriceZone, setSessionDrawing } from './session-map.repository'
import { tx } from '../transaction'

/**
 * Moves a seat-map session onto another version of its venue's map (a newer one, or one made
 * for it), its price rows following their zones by zone key. Refused while anything of a buyer
 * exists on its current version's places (a seat or standing hold, a cart, an order line): those
 * point at that version's seats, and the session keeps the version it went on sale with. The
 * session's blocks move with it by seat key, joined by the new version's venue blocks. A move and
 * a claim of the session's places exclude each other (lockSessionForMove): a claim under way makes
 * the move wait and then refuse, and a claim of places read from the old version before the move
 * is refused ('session-map-changed', orders/claim.ts).
 */
export function moveSessionMap(db: Db, actor: Actor, calendarId: number, drawingId: number, now = Date.now()): Promise<void> {
  return tx(db, actor, (trx) => moveSession(trx, actor, calendarId, drawingId, now))
}

/**
 * Refuses moving the session onto a version of the map of `drawingId`'s venue: no such session,
 * one of an archived event (catalogue/rows.repository.ts mustFindLockedSession), a general-admission
 * one, one of another venue, or one a buyer has something in. Answers the version the session is
 * on. Every refusal comes before any write.
 */
export async function mustBeMovable(trx: Db, calendarId: number, drawingId: number): Promise<number> {
  // Read under the event's lock, taken before any read (catalogue/rows.repository.ts
  // mustFindLockedSession): on SQLite another connection's write is waited for, not refused busy.
  return judgeMovable(trx, await mustFindLockedSession(trx, calendarId), drawingId)
}

/** mustBeMovable's refusals of session row `cal`, read under its event's lock. */
async function judgeMovable(trx: Db, cal: Record<string, unknown>, drawingId: number): Promise<number> {
  if (cal.drawing_id === null) throw new ApiFailure('admin-needs-drawing')
  const from = (await drawingVenue(trx, Number(cal.drawing_id)))!
  const to = await drawingVenue(trx, drawingId)
  if (!to || to.venue_id !== from.venue_id) throw new ApiFailure('admin-bad-reference', { field: 'drawing_id', id: drawingId })
  // Its tickets, holds and carts point at this version's seats: nothing is deleted, so its own reason (not admin-has-orders).
  if (await sessionInUse(trx, Number(cal.id))) throw new ApiFailure('admin-session-map-in-use')
  return from.id
}

/** moveSessionMap in the caller's transaction (a finished copy moves the session it was saved for). */
export async function moveSession(trx: Db, actor: Actor, calendarId: number, drawingId: number, now: number): Promise<void> {
  // Refused at once, before the session's lock (under the event's, which no sale waits for), when
  // a buyer has something in it: a session selling in a rush never waits for an operator's move. Otherwise judged again under the lock, so no claim
  // lands between "nothing in use" and the move (costs the move its few reads twice).
  await mustBeMovable(trx, calendarId, drawingId)
  await lockSessionForMove(trx, calendarId)
  // The event's lock is held already (mustBeMovable): the session is read again under its own.
  const from = await judgeMovable(trx, await mustFind(trx, 'calendars', calendarId, 'session'), drawingId)
  await mustBeCopied(trx, drawingId)
  const prices = await sessionPriceZones(trx, calendarId)
  const byKey = new Map((await drawingZones(trx, drawingId)).map((z) => [z.zone_key, z.id]))
  const missing = prices.find((p) => !byKey.has(p.zone_key))
  if (missing) throw new ApiFailure('admin-bad-reference', { field: 'zone_id', id: missing.zone_id })
  for (const p of prices) await setPriceZone(trx, p.id, byKey.get(p.zone_key)!)
  const kept = await blockedKeys(trx, calendarId)
  await releaseAllBlocks(trx, calendarId, now)
  await setSessionDrawing(trx, calendarId, drawingId)
  const blocked = await applyVenueBlocks(trx, calendarId, drawingId, now, kept)
  await writeAudit(trx, actor, { action: 'move-map', entity: 'session', entityId: calendarId, before: { drawing_id: from }, after: { drawing_id: drawingId, prices: prices.length, blocked } })
}
