import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { sql } from 'kysely'
import { API_TOKEN_PREFIX, type Role } from '../../contract/admin/roles'
import type { Db } from '../db/connect'
import { ApiFailure } from '../errors'
import type { Actor, OperatorRow } from './context'
import { dummyHash, hashPassword, verifyPassword } from './passwords'

/** Wrong passwords in a row before the account locks. */
export const MAX_FAILED_SIGN_INS = 5
/** How long a lock-out lasts. */
export const LOCK_OUT_MS = 15 * 60 * 1000
/**
 * Failed sign-ins from one client address, over any accounts (known or not), within
 * ADDRESS_WINDOW_MS before the address is refused for ADDRESS_LOCK_OUT_MS. Higher than the
 * per-account bound: a box office behind one NAT address shares it, yet guessing across many
 * accounts (which the per-account count alone never stops) ends after this many tries.
 */
export const MAX_FAILED_SIGN_INS_PER_ADDRESS = 20
export const ADDRESS_WINDOW_MS = 15 * 60 * 1000
export const ADDRESS_LOCK_OUT_MS = 15 * 60 * 1000
/** An operator session lives this long after its last request (shorter than a visitor's: it can change the catalogue). */
export const OPERATOR_SESSION_TTL_MS = 12 * 3600 * 1000
/** last_seen_at is written at most this often. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000
/** Random bytes of session ids, CSRF tokens and API tokens (256 bits). */
const SECRET_BYTES = 32
/** Characters of an API token kept in clear to tell tokens apart. */
const TOKEN_PREFIX_CHARS = 10

const secret = () => randomBytes(SECRET_BYTES).toString('base64url')
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

export function equalSecrets(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Checks an e-mail and password. Unknown e-mails verify a dummy hash (same cost, so timing tells
 * nothing). A locked account is refused before its password is checked; the MAX_FAILED_SIGN_INS-th
 * wrong password locks it for LOCK_OUT_MS; a right one clears the count.
 */
export async function checkCredentials(db: Db, email: string, password: string, now: number, ip = ''): Promise<OperatorRow> {
  await refuseLockedAddress(db, ip, now)
  const op = await db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst()
  if (!op || op.active !== 1) {
    await verifyPassword(await dummyHash(), password)
    await countAddressFailure(db, ip, now)
    throw new ApiFailure('admin-bad-credentials')
  }
  if (op.locked_until !== null && op.locked_until > now) {
    throw new ApiFailure('admin-locked', { minutes: Math.ceil((op.locked_until - now) / 60_000) })
  }
  if (!(await verifyPassword(op.password_hash, password))) {
    await countAddressFailure(db, ip, now)
    const failed = op.failed_attempts + 1
    const lock = failed >= MAX_FAILED_SIGN_INS
    await db
      .updateTable('operators')
      .set({ failed_attempts: lock ? 0 : failed, locked_until: lock ? now + LOCK_OUT_MS : op.locked_until })
      .where('id', '=', op.id)
      .execute()
    if (lock) throw new ApiFailure('admin-locked', { minutes: Math.ceil(LOCK_OUT_MS / 60_000) })
    throw new ApiFailure('admin-bad-credentials')
  }
  if (op.failed_attempts !== 0 || op.locked_until !== null) {
    await db.updateTable('operators').set({ failed_attempts: 0, locked_until: null }).where('id', '=', op.id).execute()
  }
  return { ...op, failed_attempts: 0, locked_until: null }
}

/** An address locked out by too many failures is refused before any password is checked (no argon2 cost spent on it). */
async function refuseLockedAddress(db: Db, ip: string, now: number): Promise<void> {
  const row = await db.selectFrom('operator_sign_in_addresses').select('locked_until').where('ip', '=', ip).executeTakeFirst()
  const until = row?.locked_until == null ? null : Number(row.locked_until)
  if (until !== null && until > now) throw new ApiFailure('admin-address-locked', { minutes: Math.ceil((until - now) / 60_000) })
}

/**
 * Counts one failed sign-in of the address in one statement (an upsert, so concurrent failures
 * from several processes all count): a window older than ADDRESS_WINDOW_MS starts again at 1;
 * the MAX_FAILED_SIGN_INS_PER_ADDRESS-th failure locks the address.
 */
async function countAddressFailure(db: Db, ip: string, now: number): Promise<void> {
  const fresh = now - ADDRESS_WINDOW_MS
  const row = await db
    .insertInto('operator_sign_in_addresses')
    .values({ ip, failures: 1, window_start: now, locked_until: null })
    .onConflict((oc) =>
      oc.column('ip').doUpdateSet({
        failures: sql<number>`case when operator_sign_in_addresses.window_start > ${fresh} then operator_sign_in_addresses.failures + 1 else 1 end`,
        window_start: sql<number>`case when operator_sign_in_addresses.window_start > ${fresh} then operator_sign_in_addresses.window_start else ${now} end`,
      }),
    )
    .returning(['failures'])
    .executeTakeFirstOrThrow()
  if (Number(row.failures) >= MAX_FAILED_SIGN_INS_PER_ADDRESS) {
    await db.updateTable('operator_sign_in_addresses').set({ failures: 0, window_start: now, locked_until: now + ADDRESS_LOCK_OUT_MS }).where('ip', '=', ip).execute()
    throw new ApiFailure('admin-address-locked', { minutes: Math.ceil(ADDRESS_LOCK_OUT_MS / 60_000) })
  }
}

/** Starts an operator session: answers the cookie value (the only place the id exists in clear) and its CSRF token. */
export async function startOperatorSession(db: Db, operatorId: number, now: number): Promise<{ sessionId: string; csrf: string }> {
  const sessionId = secret()
  const csrf = secret()
  await db
    .insertInto('operator_sessions')
    .values({ id_hash: sha256(sessionId), operator_id: operatorId, csrf_token: csrf, created_at: now, last_seen_at: now, expires_at: now + OPERATOR_SESSION_TTL_MS })
    .execute()
  await db.deleteFrom('operator_sessions').where('expires_at', '<=', now).execute()
  return { sessionId, csrf }
}

export async function endOperatorSession(db: Db, sessionHash: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('id_hash', '=', sessionHash).execute()
}

/** The operator of a session cookie value, or null (unknown, expired, operator disabled). */
export async function actorOfSession(db: Db, sessionId: string, ip: string, now: number): Promise<Actor | null> {
  const idHash = sha256(sessionId)
  const session = await db.selectFrom('operator_sessions').selectAll().where('id_hash', '=', idHash).where('expires_at', '>', now).executeTakeFirst()
  if (!session) return null
  const op = await db.selectFrom('operators').selectAll().where('id', '=', session.operator_id).executeTakeFirst()
  if (!op || op.active !== 1) return null
  if (now - session.last_seen_at > TOUCH_INTERVAL_MS) {
    await db.updateTable('operator_sessions').set({ last_seen_at: now, expires_at: now + OPERATOR_SESSION_TTL_MS }).where('id_hash', '=', idHash).execute()
  }
  return { role: op.role, operatorId: op.id, tokenId: null, label: op.email, ip, operator: op, csrf: session.csrf_token, sessionHash: idHash }
}

/** The integration behind a bearer token, or null (unknown or revoked). */
export async function actorOfToken(db: Db, token: string, ip: string, now: number): Promise<Actor | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null
  const row = await db.selectFrom('api_tokens').selectAll().where('token_hash', '=', sha256(token)).where('revoked_at', 'is', null).executeTakeFirst()
  if (!row) return null
  if (row.last_used_at === null || now - row.last_used_at > TOUCH_INTERVAL_MS) {
    await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', row.id).execute()
  }
  return { role: row.role, operatorId: null, tokenId: row.id, label: `token:${row.name}`, ip, operator: null, csrf: null, sessionHash: null }
}

/** A new API token: answers it in clear once; the table keeps its SHA-256 and a prefix. */
export async function createApiToken(db: Db, input: { name: string; role: Role; createdBy: number | null }, now: number) {
  const token = `${API_TOKEN_PREFIX}${secret()}`
  const row = await db
    .insertInto('api_tokens')
    .values({ token_hash: sha256(token), prefix: token.slice(0, TOKEN_PREFIX_CHARS), name: input.name, role: input.role, created_by: input.createdBy, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { token, row }
}

/** Creates an operator; refuses a taken e-mail. */
export async function createOperator(db: Db, input: { email: string; name: string; role: Role; password: string; lang: string }, now: number): Promise<number> {
  const taken = await db.selectFrom('operators').select('id').where('email', '=', input.email).executeTakeFirst()
  if (taken) throw new ApiFailure('admin-email-taken', { email: input.email })
  const row = await db
    .insertInto('operators')
    .values({ email: input.email, name: input.name, role: input.role, password_hash: await hashPassword(input.password), lang: input.lang, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}
