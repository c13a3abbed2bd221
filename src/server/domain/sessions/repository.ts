import type { Db } from '../../db/connect'
import { prepared } from '../../db/prepared'
import type { Selectable } from 'kysely'
import type { SessionsTable } from '../../db/visitors.table'

/** A visitor's session row (cookie, CSRF token, CRM client). */
export type SessionRow = Selectable<SessionsTable>

export async function findSession(db: Db, id: string, now: number): Promise<SessionRow | null> {
  const row = await liveSession.first(db, { id, now })
  return row ?? null
}
/** Every request with a cookie reads its session: a prepared query. */
const liveSession = prepared((db, p: { id: string; now: number }) => db.selectFrom('sessions').selectAll().where('id', '=', p.id).where('expires_at', '>', p.now))

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute()
}

export async function touchSession(db: Db, id: string, now: number, expiresAt: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now, expires_at: expiresAt }).where('id', '=', id).execute()
}

/** Deletes sessions past their expiry; returns how many went. */
export async function deleteExpiredSessions(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Thrown inside moveSession's transaction to undo it: the old row was gone already. */
class SessionGone extends Error {}

/**
 * Moves a visitor's session to a new id, in one transaction: the new row `to`, then his carts
 * (and so his holds), his orders and his places in waiting rooms, then the old row goes. The
 * carts must move before the old row is deleted: carts.session_id cascades. Answers false, having
 * changed nothing, when the old row was already gone (the same visitor signing in twice at once:
 * the first move took everything, and a second new row would own nothing).
 */
export async function moveSession(db: Db, from: SessionRow, to: SessionRow): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('sessions').values(to).execute()
      await trx.updateTable('carts').set({ session_id: to.id }).where('session_id', '=', from.id).execute()
      await trx.updateTable('orders').set({ session_id: to.id }).where('session_id', '=', from.id).execute()
      await trx.updateTable('waiting_visitors').set({ session_id: to.id }).where('session_id', '=', from.id).execute()
      const gone = await trx.deleteFrom('sessions').where('id', '=', from.id).executeTakeFirst()
      if (Number(gone.numDeletedRows) !== 1) throw new SessionGone()
    })
    return true
  } catch (e) {
    if (e instanceof SessionGone) return false
    throw e
  }
}
