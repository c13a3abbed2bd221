import type { WaitingRoomInput, WaitingRoomView } from '../../contract/admin/waiting'
import type { Db } from '../db/connect'
import { admissionAt } from '../domain/waiting/admission'
import { calendarExists } from '../domain/catalog/repository'
import { countPlaced, countVisitors, findRoom, findSessionTitle, saveRoom } from '../domain/waiting/waiting.repository'
import { ApiFailure } from '../errors'
import { writeAudit } from './audit'
import { mustBeLiveSession } from './catalogue/rows.repository'
import type { Actor } from './context'
import { tx } from './transaction'

/** The console form's rate for a session that never had a room (places a minute). */
export const DEFAULT_ADMIT_PER_MINUTE = 100

/**
 * POST /api/admin/sessions/:id/waiting-room: switches a session's waiting room (issue 18.5) and
 * writes the audit row in the same transaction. Switching off lets everyone buy at once; the
 * queue stays, so switching on again keeps every visitor's place (and the admissions made);
 * those who join before the on-sale moment, when it is put in the future or the room is
 * switched on again, are drawn at it behind them (saveRoom).
 */
export async function setWaitingRoom(db: Db, actor: Actor, calendarId: number, input: WaitingRoomInput, now: number): Promise<{ ok: true }> {
  if (!(await calendarExists(db, calendarId))) throw new ApiFailure('admin-not-found', { what: 'session', id: calendarId })
  const after = { enabled: input.enabled ? 1 : 0, opens_at: input.opens_at, admit_per_minute: input.admit_per_minute, auto_per_minute: input.auto_per_minute ?? null }
  await tx(db, actor, async (trx) => {
    await mustBeLiveSession(trx, calendarId)
    const before = await findRoom(trx, calendarId)
    await saveRoom(trx, calendarId, after, now)
    await writeAudit(trx, actor, { action: 'waiting-room', entity: 'session', entityId: calendarId, before: before ?? null, after })
  })
  return { ok: true }
}

/** GET /api/admin/sessions/:id/waiting-room: the settings (the form's defaults when none) and the queue's counts. */
export async function getWaitingRoom(db: Db, calendarId: number, now: number): Promise<WaitingRoomView> {
  const found = await findSessionTitle(db, calendarId)
  if (!found) throw new ApiFailure('admin-not-found', { what: 'session', id: calendarId })
  const { archived_at: archivedAt, ...session } = found
  // The screen offers no change the server would refuse (setWaitingRoom, mustBeLiveSession).
  const eventArchived = archivedAt !== null
  const room = await findRoom(db, calendarId)
  if (!room) {
    return { calendar_id: calendarId, session, event_archived: eventArchived, exists: false, enabled: false, opens_at: now, admit_per_minute: DEFAULT_ADMIT_PER_MINUTE, auto_per_minute: null, visitors: 0, admitted: 0, placed: 0 }
  }
  const [visitors, placed] = await Promise.all([countVisitors(db, calendarId), countPlaced(db, calendarId)])
  const admitted = room.enabled === 1 ? Math.min(placed, admissionAt(room, now).admitted) : 0
  return {
    calendar_id: calendarId,
    session,
    event_archived: eventArchived,
    exists: true,
    enabled: room.enabled === 1,
    opens_at: Number(room.opens_at),
    admit_per_minute: room.admit_per_minute,
    auto_per_minute: room.auto_per_minute ?? null,
    visitors,
    admitted,
    placed,
  }
}
