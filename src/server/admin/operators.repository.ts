import { sql, type Insertable, type Updateable } from 'kysely'
import type { ApiTokensTable, OperatorSessionsTable, OperatorsTable } from '../db/admin.table'
import { isPostgresDb, type Db } from '../db/connect'

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

/**
 * Locks the active owners' rows for the rest of the transaction and answers their ids, so that
 * two transactions each taking an owner away (disabling or demoting one another, or the same
 * one) count one after the other: the second counts after the first has committed. PostgreSQL:
 * FOR UPDATE in id order (two callers lock in the same order and never deadlock); a row the first
 * caller has disabled or demoted no longer matches when the second gets its lock, so it is not
 * counted. SQLite: the transaction holds the write lock from its BEGIN IMMEDIATE
 * (db/sqlite-immediate.ts); the no-op UPDATE of those rows (as orders' lockOrder) answers their ids.
 */
export async function lockActiveOwners(trx: Db): Promise<number[]> {
  if (isPostgresDb(trx)) {
    const rows = await trx.selectFrom('operators').select('id').where('role', '=', 'owner').where('active', '=', 1).orderBy('id').forUpdate().execute()
    return rows.map((r) => r.id)
  }
  const rows = await trx.updateTable('operators').set((eb) => ({ active: eb.ref('active') })).where('role', '=', 'owner').where('active', '=', 1).returning('id').execute()
  return rows.map((r) => r.id)
}

/** Creates an operator; answers its id. */
export async function insertOperator(db: Db, row: Insertable<OperatorsTable>): Promise<number> {
  return (await db.insertInto('operators').values(row).returning('id').executeTakeFirstOrThrow()).id
}

export async function updateOperator(db: Db, id: number, changes: Updateable<OperatorsTable>): Promise<void> {
  await db.updateTable('operators').set(changes).where('id', '=', id).execute()
}

/**
 * Counts one sign-in attempt of an operator as failed before its password is checked, in one
 * statement (so concurrent attempts, from any process, each count): refused (undefined) while the
 * account is locked at `now`; a lock that has ended starts the count again at 1; the
 * `maxFailures`-th attempt locks the account until `lockUntil` at once, so later attempts are
 * refused before the password hash is computed; a count whose last attempt was at or before
 * `staleBefore` starts again at 1 too. Answers the count with this attempt.
 */
export async function countSignInAttempt(db: Db, id: number, now: number, maxFailures: number, lockUntil: number, staleBefore: number): Promise<number | undefined> {
  // Every SET expression reads the row as it was: a lock that has ended, or a count gone stale, counts as no failures.
  const before = sql<number>`(case when locked_until is null and last_failed_at > ${staleBefore} then failed_attempts else 0 end)`
  const row = await db
    .updateTable('operators')
    .set({
      failed_attempts: sql<number>`${before} + 1`,
      locked_until: sql<number | null>`case when ${before} + 1 >= ${maxFailures} then cast(${lockUntil} as bigint) else null end`,
      last_failed_at: now,
    })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning('failed_attempts')
    .executeTakeFirst()
  return row === undefined ? undefined : Number(row.failed_attempts)
}

/** Clears an operator's failed sign-ins and lock-out after a right password (an owner's unlock writes the same columns with its other changes: operatorUpdate). */
export async function clearSignInFailures(db: Db, id: number): Promise<void> {
  await db.updateTable('operators').set({ failed_attempts: 0, locked_until: null }).where('id', '=', id).execute()
}

// ── failed sign-ins for e-mails that are no active account ──────────────────────────────────

/**
 * countSignInAttempt for an e-mail that is no active operator, keyed by the hash of the e-mail
 * (or, the same way, for a known device while its account is locked: auth.ts), in
 * one statement (an upsert): the same count, the same lock, the same restart after a lock or
 * after `staleBefore`. Answers the count with this attempt; undefined while the e-mail is locked.
 */
export async function countUnknownSignInAttempt(db: Db, emailHash: string, now: number, maxFailures: number, lockUntil: number, staleBefore: number): Promise<number | undefined> {
  const t = 'operator_sign_in_emails'
  const before = sql<number>`(case when ${sql.ref(`${t}.locked_until`)} is null and ${sql.ref(`${t}.last_failed_at`)} > ${staleBefore} then ${sql.ref(`${t}.failed_attempts`)} else 0 end)`
  const row = await db
    .insertInto(t)
    .values({ email_hash: emailHash, failed_attempts: 1, last_failed_at: now, locked_until: 1 >= maxFailures ? lockUntil : null })
    .onConflict((oc) =>
      oc
        .column('email_hash')
        .doUpdateSet({
          failed_attempts: sql<number>`${before} + 1`,
          locked_until: sql<number | null>`case when ${before} + 1 >= ${maxFailures} then cast(${lockUntil} as bigint) else null end`,
          last_failed_at: now,
        })
        .where((eb) => eb.or([eb(`${t}.locked_until`, 'is', null), eb(`${t}.locked_until`, '<=', now)])),
    )
    .returning('failed_attempts')
    .executeTakeFirst()
  return row === undefined ? undefined : Number(row.failed_attempts)
}

/** Forgets the count kept under `key` (a known device's, after its right password: auth.ts checkKnownDeviceWhileLocked). */
export async function clearKeyedSignInAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom('operator_sign_in_emails').where('email_hash', '=', key).execute()
}

/** Until when an e-mail that is no active account is locked; null when it is not. */
export async function unknownEmailLockedUntil(db: Db, emailHash: string): Promise<number | null> {
  const row = await db.selectFrom('operator_sign_in_emails').select('locked_until').where('email_hash', '=', emailHash).executeTakeFirst()
  return row?.locked_until == null ? null : Number(row.locked_until)
}

/**
 * Drops the counts whose last failure was at or before `staleBefore`: they would start again at 1
 * anyway (a lock ends long before), so dropping them changes no answer and random e-mails leave no
 * rows behind.
 */
export async function pruneUnknownSignInAttempts(db: Db, staleBefore: number): Promise<void> {
  await db.deleteFrom('operator_sign_in_emails').where('last_failed_at', '<=', staleBefore).execute()
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

/**
 * Drops the addresses whose window started at or before `staleBefore` and that are not locked at
 * `now`: their next failure starts a new window at 1 anyway (the window is far shorter), so
 * dropping them changes no answer, and addresses that once failed leave no rows behind.
 */
export async function pruneSignInAddresses(db: Db, staleBefore: number, now: number): Promise<void> {
  await db
    .deleteFrom('operator_sign_in_addresses')
    .where('window_start', '<=', staleBefore)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .execute()
}

// ── sessions ─────────────────────────────────────────────────────────────────────────────────

export async function insertOperatorSession(db: Db, row: OperatorSessionsTable): Promise<void> {
  await db.insertInto('operator_sessions').values(row).execute()
}

/** Deletes the sessions expired at `now`, or started at or before `createdBefore` (too old whatever their use). */
export async function deleteExpiredOperatorSessions(db: Db, now: number, createdBefore: number): Promise<void> {
  await db
    .deleteFrom('operator_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('created_at', '<=', createdBefore)]))
    .execute()
}

export async function deleteOperatorSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('id_hash', '=', idHash).execute()
}

/** Ends every session of an operator. */
export async function deleteSessionsOf(db: Db, operatorId: number): Promise<void> {
  await db.deleteFrom('operator_sessions').where('operator_id', '=', operatorId).execute()
}

/** A session by the hash of its id, unless expired at `now` or started at or before `createdBefore`. */
export function findLiveOperatorSession(db: Db, idHash: string, now: number, createdBefore: number) {
  return db.selectFrom('operator_sessions').selectAll().where('id_hash', '=', idHash).where('expires_at', '>', now).where('created_at', '>', createdBefore).executeTakeFirst()
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

/**
 * A token by its hash, unless revoked, expired at `now` (a token with no expiry, made before
 * tokens had one, never expires), its creator disabled, or it has no creator (made outside the
 * console, or its creator's row deleted: nothing would cap its role), with its creator's current
 * role (`creator_role`: auth.ts caps the token's role by it). The creator is consulted on every
 * use rather than the tokens revoked when an operator is disabled: re-enabling the operator brings
 * their tokens back, and no path that disables an operator (or changes their role outside
 * operatorUpdate, as the database may) can forget them.
 */
export function findLiveApiToken(db: Db, tokenHash: string, now: number) {
  return db
    .selectFrom('api_tokens as t')
    .innerJoin('operators as o', 'o.id', 't.created_by')
    .selectAll('t')
    .select(['o.role as creator_role', 'o.lang as creator_lang'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('t.expires_at', 'is', null), eb('t.expires_at', '>', now)]))
    .where('o.active', '=', 1)
    .executeTakeFirst()
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

/** Revokes every live token an operator made (tokens made by their tokens record them too: tokenCreate), in one statement; answers the tokens revoked. */
export function revokeApiTokensOf(db: Db, operatorId: number, now: number) {
  return db.updateTable('api_tokens').set({ revoked_at: now }).where('created_by', '=', operatorId).where('revoked_at', 'is', null).returningAll().execute()
}
