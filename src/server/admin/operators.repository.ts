import { sql, type Insertable, type Updateable } from 'kysely'
import type { ApiTokensTable, OperatorSessionsTable, OperatorsTable } from '../db/admin.table'
import type { Db } from '../db/connect'

/**
 * The console's access repository: operators, their cookie sessions, API tokens and the failed
 * sign-ins per client address. The rules (lock-outs, session lifetime, who may change whom) are
 * in auth.ts and access-handlers.ts.
 */

// ── operators ────────────────────────────────────────────────────────────────────────────────

export function listOperators(db: Db) {
  return db.selectFrom('operators').selectAll().orderBy('id').execute()
}

export function findOperator(db: Db, id: number) {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst()
}

export function findOperatorByEmail(db: Db, email: string) {
  return db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst()
}

/** Active operators with the owner role. */
export async function countActiveOwners(db: Db): Promise<number> {
  const owners = await db.selectFrom('operators').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'owner').where('active', '=', 1).executeTakeFirstOrThrow()
  return Number(owners.n)
}

/** Creates an operator; answers its id. */
export async function insertOperator(db: Db, row: Insertable<OperatorsTable>): Promise<number> {
  return (await db.insertInto('operators').values(row).returning('id').executeTakeFirstOrThrow()).id
}

export async function updateOperator(db: Db, id: number, changes: Updateable<OperatorsTable>): Promise<void> {
  await db.updateTable('operators').set(changes).where('id', '=', id).execute()
}

/** Writes an operator's failed sign-in count and lock-out end. */
export async function setSignInFailures(db: Db, id: number, failedAttempts: number, lockedUntil: number | null): Promise<void> {
  await db.updateTable('operators').set({ failed_attempts: failedAttempts, locked_until: lockedUntil }).where('id', '=', id).execute()
}

// ── failed sign-ins per address ──────────────────────────────────────────────────────────────

/** Until when an address is locked out; null when it is not (or never failed). */
export async function addressLockedUntil(db: Db, ip: string): Promise<number | null> {
  const row = await db.selectFrom('operator_sign_in_addresses').select('locked_until').where('ip', '=', ip).executeTakeFirst()
  return row?.locked_until == null ? null : Number(row.locked_until)
}

/**
 * Counts one failed sign-in of an address in one statement (an upsert, so concurrent failures
 * from several processes all count): a window that started at or before `windowStartAfter`
 * starts again at 1 at `now`. Answers the failures counted in the window.
 */
export async function countAddressFailure(db: Db, ip: string, now: number, windowStartAfter: number): Promise<number> {
  const row = await db
    .insertInto('operator_sign_in_addresses')
    .values({ ip, failures: 1, window_start: now, locked_until: null })
    .onConflict((oc) =>
      oc.column('ip').doUpdateSet({
        failures: sql<number>`case when operator_sign_in_addresses.window_start > ${windowStartAfter} then operator_sign_in_addresses.failures + 1 else 1 end`,
        window_start: sql<number>`case when operator_sign_in_addresses.window_start > ${windowStartAfter} then operator_sign_in_addresses.window_start else ${now} end`,
      }),
    )
    .returning(['failures'])
    .executeTakeFirstOrThrow()
  return Number(row.failures)
}

/** Locks an address out until `until`, its count starting again. */
export async function lockAddress(db: Db, ip: string, now: number, until: number): Promise<void> {
  await db.updateTable('operator_sign_in_addresses').set({ failures: 0, window_start: now, locked_until: until }).where('ip', '=', ip).execute()
}

// ── sessions ─────────────────────────────────────────────────────────────────────────────────

export async function insertOperatorSession(db: Db, row: OperatorSessionsTable): Promise<void> {
  await db.insertInto('operator_sessions').values(row).execute()
}

export async function deleteExpiredOperatorSessions(db: Db, now: number): Promise<void> {
  await db.deleteFrom('operator_sessions').where('expires_at', '<=', now).execute()
}

export async function deleteOperatorSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('id_hash', '=', idHash).execute()
}

/** Ends every session of an operator. */
export async function deleteSessionsOf(db: Db, operatorId: number): Promise<void> {
  await db.deleteFrom('operator_sessions').where('operator_id', '=', operatorId).execute()
}

/** A session by the hash of its id, unless expired at `now`. */
export function findLiveOperatorSession(db: Db, idHash: string, now: number) {
  return db.selectFrom('operator_sessions').selectAll().where('id_hash', '=', idHash).where('expires_at', '>', now).executeTakeFirst()
}

/** Notes a session's use at `now` and moves its end to `expiresAt`. */
export async function touchOperatorSession(db: Db, idHash: string, now: number, expiresAt: number): Promise<void> {
  await db.updateTable('operator_sessions').set({ last_seen_at: now, expires_at: expiresAt }).where('id_hash', '=', idHash).execute()
}

// ── API tokens ───────────────────────────────────────────────────────────────────────────────

export function listApiTokens(db: Db) {
  return db.selectFrom('api_tokens').selectAll().orderBy('id').execute()
}

export function findApiToken(db: Db, id: number) {
  return db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A token by its hash, unless revoked. */
export function findLiveApiToken(db: Db, tokenHash: string) {
  return db.selectFrom('api_tokens').selectAll().where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst()
}

/** Stores a token; answers its row. */
export function insertApiToken(db: Db, row: Insertable<ApiTokensTable>) {
  return db.insertInto('api_tokens').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function touchApiToken(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute()
}

export async function revokeApiToken(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('api_tokens').set({ revoked_at: now }).where('id', '=', id).execute()
}
