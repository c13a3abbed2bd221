import type { Db } from '../../db/connect'
import type { Selectable } from 'kysely'
import type { SessionsTable } from '../../db/tables'

/** A visitor's session row (cookie, CSRF token, CRM client). */
export type SessionRow = Selectable<SessionsTable>

export async function findSession(db: Db, id: string, now: number): Promise<SessionRow | null> {
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).where('expires_at', '>', now).executeTakeFirst()
  return row ?? null
}

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute()
}

export async function touchSession(db: Db, id: string, now: number, expiresAt: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now, expires_at: expiresAt }).where('id', '=', id).execute()
}

export async function setSessionClient(db: Db, id: string, crmClientId: number | null): Promise<void> {
  await db.updateTable('sessions').set({ crm_client_id: crmClientId }).where('id', '=', id).execute()
}

/** Deletes sessions past their expiry; returns how many went. */
export async function deleteExpiredSessions(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}
