import type { WaitingRoomInput } from '../../contract/admin/waiting'
import type { Db } from '../db/connect'
import { findRoom, saveRoom } from '../domain/waiting/waiting.repository'
import { ApiFailure } from '../errors'
import { writeAudit } from './audit'
import type { Actor } from './context'

/**
 * POST /api/admin/sessions/:id/waiting-room: switches a session's waiting room (issue 18.5) and
 * writes the audit row in the same transaction. Switching off lets everyone buy at once; the
 * queue stays, so switching on again keeps every visitor's place.
 */
export async function setWaitingRoom(db: Db, actor: Actor, calendarId: number, input: WaitingRoomInput, now: number): Promise<{ ok: true }> {
  const session = await db.selectFrom('calendars').select('id').where('id', '=', calendarId).executeTakeFirst()
  if (!session) throw new ApiFailure('admin-not-found', { what: 'session', id: calendarId })
  const after = { enabled: input.enabled ? 1 : 0, opens_at: input.opens_at, admit_per_minute: input.admit_per_minute }
  await db.transaction().execute(async (trx) => {
    const before = await findRoom(trx, calendarId)
    await saveRoom(trx, calendarId, after, now)
    await writeAudit(trx, actor, { action: 'waiting-room', entity: 'session', entityId: calendarId, before: before ?? null, after })
  })
  return { ok: true }
}
