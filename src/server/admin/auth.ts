import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { API_TOKEN_PREFIX, cappedRole, isRole, type Role } from '../../contract/admin/roles'
import type { Db } from '../db/connect'
import { clockGate, type CommitGate } from '../domain/orders/commit-gate'
import { ApiFailure } from '../errors'
import { writeAudit } from './audit'
import type { Actor, OperatorRow } from './context'
import { knownDeviceId, type DeviceProof } from './known-device'
import {
  addressLockedUntil,
  clearKeyedSignInAttempts,
  clearSignInFailures,
  countSignInAttempt,
  countUnknownSignInAttempt,
  countAddressFailure,
  deleteExpiredOperatorSessions,
  deleteOperatorSession,
  findLiveApiToken,
  findLiveOperatorSession,
  findOperator,
  findOperatorByEmail,
  insertApiToken,
  insertOperator,
  insertOperatorSession,
  lockAddress,
  pruneSignInAddresses,
  pruneUnknownSignInAttempts,
  touchApiToken,
  touchOperatorSession,
  unknownEmailLockedUntil,
} from './operators.repository'
import { dummyHash, hashPassword, verifyPassword } from './passwords'

/** Wrong passwords in a row before the account locks. */
export const MAX_FAILED_SIGN_INS = 5
/** How long a lock-out lasts. */
export const LOCK_OUT_MS = 15 * 60 * 1000
/**
 * Wrong passwords count towards the lock-out while the last one is younger than this; an older
 * count starts again. Alike for accounts and for e-mails that are no account (whose counts are
 * dropped once this old, so random e-mails leave no rows behind).
 */
export const SIGN_IN_FAILURE_MEMORY_MS = 24 * 3600 * 1000
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
/**
 * And this long at most after its sign-in, however busy: a stolen cookie kept alive by use
 * still ends, and the operator signs in again (README, the console's Sign-in).
 */
export const OPERATOR_SESSION_MAX_LIFETIME_MS = 7 * 24 * 3600 * 1000
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
 * Checks an e-mail and password. A locked account is refused before its password is checked.
 * Each attempt on an account counts as a failure before its password is checked, in one statement
 * (countSignInAttempt): concurrent guesses all count, and the MAX_FAILED_SIGN_INS-th locks the
 * account for LOCK_OUT_MS at once, so guesses beyond it are refused without spending argon2 on
 * them. A right password then clears the count (and the lock its own attempt may have set).
 *
 * An e-mail that is no active account answers alike, so the answers tell no one which e-mails are
 * operators': its attempts are counted and locked the same way (by the hash of the e-mail,
 * checkUnknownEmail), and it verifies a dummy hash (same cost, so timing tells nothing either).
 *
 * The account's lock never refuses a known device (`device`: the sign-in's cookies, among them
 * the device cookie of this account, known-device.ts), one that signed in to this account before:
 * otherwise anyone knowing an operator's e-mail could keep them locked out. While the account is
 * locked, such a device has a lock-out of its own (checkKnownDeviceWhileLocked); otherwise its
 * attempts count on the account as anyone's. A right password signs in but leaves a running lock
 * (and its count) in place: the guessing that set it is no less likely to go on, and clearing it
 * would hand the guesser MAX_FAILED_SIGN_INS more tries; the answer is marked `passedLock` for
 * the audit row. The address lock-out (refuseLockedAddress, countFailureOf) applies to every device.
 */
export async function checkCredentials(db: Db, email: string, password: string, now: number, ip = '', device: DeviceProof | null = null): Promise<OperatorRow & { passedLock?: true }> {
  await refuseLockedAddress(db, ip, now)
  const op = await findOperatorByEmail(db, email)
  if (!op || op.active !== 1) return checkUnknownEmail(db, email, password, now, ip)
  const deviceId = knownDeviceId(device, op, now)
  const failed = await countSignInAttempt(db, op.id, now, MAX_FAILED_SIGN_INS, now + LOCK_OUT_MS, now - SIGN_IN_FAILURE_MEMORY_MS)
  if (failed === undefined) {
    if (deviceId !== null) return checkKnownDeviceWhileLocked(db, op, deviceId, password, now, ip)
    // Locked: by the time of this statement, not of the read above (a concurrent attempt may have locked it).
    const until = (await findOperator(db, op.id))?.locked_until ?? now + LOCK_OUT_MS
    throw new ApiFailure('admin-locked', { minutes: Math.ceil((until - now) / 60_000) })
  }
  if (!(await verifyPassword(op.password_hash, password))) {
    if (failed === MAX_FAILED_SIGN_INS) {
      // This attempt locked the account (later ones are refused above, so this runs once a lock).
      await writeAudit(db, signInActor(ip), { action: 'lock-out', entity: 'operator', entityId: op.id, after: { email: op.email, failed_attempts: failed, locked_until: now + LOCK_OUT_MS } })
    }
    await countFailureOf(db, ip, now)
    if (failed >= MAX_FAILED_SIGN_INS && deviceId === null) throw new ApiFailure('admin-locked', { minutes: Math.ceil(LOCK_OUT_MS / 60_000) })
    throw new ApiFailure('admin-bad-credentials')
  }
  await clearSignInFailures(db, op.id)
  refuseUnknownRole(op)
  return { ...op, failed_attempts: 0, locked_until: null }
}

/**
 * After the right password: an operator whose stored role this version does not know (a row
 * edited by hand, a database a later version wrote) is refused with a reason an owner can act on
 * (set the role in Operators), not signed in to a console where every call fails.
 */
function refuseUnknownRole(op: OperatorRow): void {
  if (!isRole(op.role)) throw new ApiFailure('admin-unknown-role', { role: op.role })
}

/**
 * A known device's sign-in to a locked account (checkCredentials): the account's lock and count
 * left as they are, the device's own attempts counted as an account's are, before the password
 * is checked and in one statement (keyed by a hash of the operator and the device id, with the
 * counts of e-mails that are no account: the device id is random and secret, so no e-mail's hash
 * meets it). So a device cookie copied off a workstation buys MAX_FAILED_SIGN_INS guesses per
 * LOCK_OUT_MS, as anyone gets, and a burst of them is refused past those without spending argon2;
 * only the holder of that cookie can lock that device. A right password clears the device's
 * count; a wrong one counts against the address too.
 */
async function checkKnownDeviceWhileLocked(db: Db, op: OperatorRow, deviceId: string, password: string, now: number, ip: string): Promise<OperatorRow & { passedLock: true }> {
  const key = sha256(`known-device:${op.id}:${deviceId}`)
  const failed = await countUnknownSignInAttempt(db, key, now, MAX_FAILED_SIGN_INS, now + LOCK_OUT_MS, now - SIGN_IN_FAILURE_MEMORY_MS)
  if (failed === undefined) {
    const until = (await unknownEmailLockedUntil(db, key)) ?? now + LOCK_OUT_MS
    throw new ApiFailure('admin-locked', { minutes: Math.ceil((until - now) / 60_000) })
  }
  if (await verifyPassword(op.password_hash, password)) {
    await clearKeyedSignInAttempts(db, key)
    refuseUnknownRole(op)
    return { ...op, passedLock: true }
  }
  await countFailureOf(db, ip, now)
  if (failed >= MAX_FAILED_SIGN_INS) throw new ApiFailure('admin-locked', { minutes: Math.ceil(LOCK_OUT_MS / 60_000) })
  throw new ApiFailure('admin-bad-credentials')
}

/**
 * The failed sign-in of an e-mail that is no active account (unknown, or its operator disabled),
 * answered as an account's wrong password would be: counted by the SHA-256 of the normalised
 * e-mail in the same statement shape, locked at the MAX_FAILED_SIGN_INS-th for LOCK_OUT_MS (and
 * refused while locked without spending argon2), the dummy hash verified otherwise. Counts older
 * than SIGN_IN_FAILURE_MEMORY_MS are dropped here: they would start again anyway.
 *
 * No audit row: such a lock locks no one out (and a row per guessed e-mail would let anyone fill
 * the log); the address lock-out, which guessing across e-mails meets, has its row.
 */
async function checkUnknownEmail(db: Db, email: string, password: string, now: number, ip: string): Promise<never> {
  const key = sha256(email.trim().toLowerCase())
  const failed = await countUnknownSignInAttempt(db, key, now, MAX_FAILED_SIGN_INS, now + LOCK_OUT_MS, now - SIGN_IN_FAILURE_MEMORY_MS)
  if (failed === undefined) {
    const until = (await unknownEmailLockedUntil(db, key)) ?? now + LOCK_OUT_MS
    throw new ApiFailure('admin-locked', { minutes: Math.ceil((until - now) / 60_000) })
  }
  await verifyPassword(await dummyHash(), password)
  await countFailureOf(db, ip, now)
  if (failed >= MAX_FAILED_SIGN_INS) throw new ApiFailure('admin-locked', { minutes: Math.ceil(LOCK_OUT_MS / 60_000) })
  throw new ApiFailure('admin-bad-credentials')
}

/**
 * Who a lock-out's audit row names: no one signed in, only the client address. Lock-outs are
 * logged, single failed sign-ins are not: a row per wrong password would let anyone without an
 * account grow the audit log at will, while a lock-out happens at most once per account per
 * LOCK_OUT_MS and once per address per MAX_FAILED_SIGN_INS_PER_ADDRESS failures, and is what an
 * owner needs to see (someone guessing; an operator locked out).
 */
function signInActor(ip: string): Actor {
  return { role: 'door', operatorId: null, tokenId: null, label: 'sign-in', ip, operator: null, csrf: null, sessionHash: null, gate: clockGate(Date.now()) }
}

/** An address locked out by too many failures is refused before any password is checked (no argon2 cost spent on it). */
async function refuseLockedAddress(db: Db, ip: string, now: number): Promise<void> {
  const until = await addressLockedUntil(db, ip)
  if (until !== null && until > now) throw new ApiFailure('admin-address-locked', { minutes: Math.ceil((until - now) / 60_000) })
}

/**
 * Counts one failed sign-in of the address (all processes' failures count): a window older than
 * ADDRESS_WINDOW_MS starts again at 1; the MAX_FAILED_SIGN_INS_PER_ADDRESS-th failure locks the
 * address. Every failure first drops the counts older than SIGN_IN_FAILURE_MEMORY_MS, of e-mails
 * that are no account and of addresses alike (pruneSignInFailures).
 */
async function countFailureOf(db: Db, ip: string, now: number): Promise<void> {
  await pruneSignInFailures(db, now)
  const failures = await countAddressFailure(db, ip, now, now - ADDRESS_WINDOW_MS)
  if (failures >= MAX_FAILED_SIGN_INS_PER_ADDRESS) {
    await lockAddress(db, ip, now, now + ADDRESS_LOCK_OUT_MS)
    await writeAudit(db, signInActor(ip), { action: 'lock-out', entity: 'sign_in_address', entityId: ip, after: { failures, locked_until: now + ADDRESS_LOCK_OUT_MS } })
    throw new ApiFailure('admin-address-locked', { minutes: Math.ceil(ADDRESS_LOCK_OUT_MS / 60_000) })
  }
}

/**
 * Drops what the lock-outs no longer need: unknown e-mails' counts and addresses' windows whose
 * last failure is older than SIGN_IN_FAILURE_MEMORY_MS (never a lock still running), so neither
 * table grows with every address or e-mail that ever failed.
 */
async function pruneSignInFailures(db: Db, now: number): Promise<void> {
  await pruneUnknownSignInAttempts(db, now - SIGN_IN_FAILURE_MEMORY_MS)
  await pruneSignInAddresses(db, now - SIGN_IN_FAILURE_MEMORY_MS, now)
}

/** Starts an operator session: answers the cookie value (the only place the id exists in clear) and its CSRF token. */
export async function startOperatorSession(db: Db, operatorId: number, now: number): Promise<{ sessionId: string; csrf: string }> {
  const sessionId = secret()
  const csrf = secret()
  await insertOperatorSession(db, { id_hash: sha256(sessionId), operator_id: operatorId, csrf_token: csrf, created_at: now, last_seen_at: now, expires_at: now + OPERATOR_SESSION_TTL_MS })
  await deleteExpiredOperatorSessions(db, now, now - OPERATOR_SESSION_MAX_LIFETIME_MS)
  return { sessionId, csrf }
}

export async function endOperatorSession(db: Db, sessionHash: string): Promise<void> {
  await deleteOperatorSession(db, sessionHash)
}

/**
 * The operator of a session cookie value, or null (unknown, expired, older than
 * OPERATOR_SESSION_MAX_LIFETIME_MS whatever its use, operator disabled); `gate`: the request's
 * (context.ts). Use moves the session's end OPERATOR_SESSION_TTL_MS on, never past its maximum
 * lifetime; the actor then carries the new end (sessionRenewedUntil) for the cookie's.
 */
export async function actorOfSession(db: Db, sessionId: string, ip: string, now: number, gate: CommitGate): Promise<Actor | null> {
  const idHash = sha256(sessionId)
  const session = await findLiveOperatorSession(db, idHash, now, now - OPERATOR_SESSION_MAX_LIFETIME_MS)
  if (!session) return null
  const op = await findOperator(db, session.operator_id)
  // A role this version does not know grants nothing: the session reads as ended, and signing in
  // again says why (checkCredentials).
  if (!op || op.active !== 1 || !isRole(op.role)) return null
  let renewedUntil: number | undefined
  if (now - session.last_seen_at > TOUCH_INTERVAL_MS) {
    renewedUntil = Math.min(now + OPERATOR_SESSION_TTL_MS, Number(session.created_at) + OPERATOR_SESSION_MAX_LIFETIME_MS)
    await touchOperatorSession(db, idHash, now, renewedUntil)
  }
  return { role: op.role, operatorId: op.id, tokenId: null, label: op.email, ip, operator: op, lang: op.lang, csrf: session.csrf_token, sessionHash: idHash, gate, ...(renewedUntil !== undefined ? { sessionRenewedUntil: renewedUntil } : {}) }
}

/**
 * The integration behind a bearer token, or null, answered alike (401 -1010) for a token that is
 * unknown, revoked, expired, without a creator, or whose creator is disabled (findLiveApiToken).
 * A token does no more than its creator may do now: its role is capped by the creator's current
 * role (cappedRole; a token whose role and its creator's share no role's permissions answers
 * null), so a demoted operator's tokens cannot act above them, nor promote them back, even where
 * no revocation ran (operatorUpdate revokes them; a role changed in the database, or by a later
 * path, would not). A token without a creator is refused: nothing caps it (a token row written
 * by hand, or one whose creator's row was deleted, which sets created_by to null), and the
 * console never makes one (tokenCreate).
 */
export async function actorOfToken(db: Db, token: string, ip: string, now: number, gate: CommitGate): Promise<Actor | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null
  const row = await findLiveApiToken(db, sha256(token), now)
  if (!row) return null
  const role = cappedRole(row.role, row.creator_role)
  if (role === null) return null
  if (row.last_used_at === null || now - row.last_used_at > TOUCH_INTERVAL_MS) {
    await touchApiToken(db, row.id, now)
  }
  return { role, operatorId: null, tokenId: row.id, label: `token:${row.name}`, ip, operator: null, lang: row.creator_lang, csrf: null, sessionHash: null, gate }
}

/** A day in milliseconds (API tokens' lifetimes are chosen in days). */
const DAY_MS = 24 * 3600 * 1000

/**
 * A new API token of the operator `createdBy`, working `expiresInDays` from `now` and never past
 * `notAfter` (the end of the token that makes it, if any): answers it in clear once; the table
 * keeps its SHA-256 and a prefix.
 */
export async function createApiToken(db: Db, input: { name: string; role: Role; createdBy: number; expiresInDays: number; notAfter?: number | null }, now: number) {
  const token = `${API_TOKEN_PREFIX}${secret()}`
  const row = await insertApiToken(db, {
    token_hash: sha256(token),
    prefix: token.slice(0, TOKEN_PREFIX_CHARS),
    name: input.name,
    role: input.role,
    created_by: input.createdBy,
    created_at: now,
    expires_at: Math.min(now + input.expiresInDays * DAY_MS, input.notAfter ?? Number.POSITIVE_INFINITY),
  })
  return { token, row }
}

/** Creates an operator; refuses a taken e-mail. */
export async function createOperator(db: Db, input: { email: string; name: string; role: Role; password: string; lang: string }, now: number): Promise<number> {
  if (await findOperatorByEmail(db, input.email)) throw new ApiFailure('admin-email-taken', { email: input.email })
  return insertOperator(db, { email: input.email, name: input.name, role: input.role, password_hash: await hashPassword(input.password), lang: input.lang, created_at: now })
}
