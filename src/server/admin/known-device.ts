import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * Known devices (OWASP, "Authentication": the lock-out of an account does not apply to a device
 * that has signed in to it before, and such a device has a lock-out of its own). An account's lock-out stops password guessing, but anyone who
 * knows an operator's e-mail could otherwise keep the operator locked out, on an on-sale day, with
 * MAX_FAILED_SIGN_INS wrong passwords every LOCK_OUT_MS from anywhere. A successful sign-in leaves
 * this cookie on the browser; on a locked account a sign-in carrying a valid one for that operator
 * has its password checked as usual instead of being refused (auth.ts checkCredentials), its
 * attempts counted per device before the check, so a copied cookie buys no more guesses than a
 * stranger gets (MAX_FAILED_SIGN_INS per LOCK_OUT_MS).
 *
 * One cookie per operator (`sw_dev_<operator id>`), so every operator who signs in on a shared
 * box-office workstation stays known there, not only the last one.
 *
 * The value is signed, not stored (no table, no migration): `v1.<operator id>.<random device
 * id>.<issue time>.<HMAC-SHA256>`, the HMAC keyed by SESSION_SECRET over those fields and the
 * operator's current password hash (never sent). So it works for that operator only, no one can
 * make or alter one without the secret, and a new password ends every device cookie of the
 * operator (the old password may be known to someone, as with sessions and API tokens). A
 * disabled operator's sign-in is answered as an unknown e-mail's, cookie or not, and disabling
 * ends the cookies issued so far (operators.devices_from), so enabling the operator again brings
 * none of them back.
 */
export const KNOWN_DEVICE_COOKIE_PREFIX = 'sw_dev_'
/** The device cookie's name for one operator. */
export const deviceCookieName = (operatorId: number) => `${KNOWN_DEVICE_COOKIE_PREFIX}${operatorId}`
/**
 * How long a device stays known after its last successful sign-in (each sign-in sends a fresh
 * cookie). A box-office workstation in use signs in at least weekly (OPERATOR_SESSION_MAX_LIFETIME_MS),
 * and one used only for a season's on-sale days is still known after a quarter; a device left
 * unused (sold, lost, its cookie copied) stops bypassing the lock-out after 90 days.
 */
export const KNOWN_DEVICE_TTL_MS = 90 * 24 * 3600 * 1000
/** The cookie is sent to the sign-in only: nothing else reads it. */
const KNOWN_DEVICE_PATH = '/api/admin/login'
const VERSION = 'v1'
/** Random bytes of a device id (128 bits: only tells devices apart; the HMAC is what cannot be guessed). */
const DEVICE_ID_BYTES = 16
/** Longest value looked at, so a huge cookie is refused before any crypto work. */
const MAX_VALUE_LENGTH = 200

/** What the device cookie is checked against: the operator whose account the sign-in names. */
export interface DeviceOperator {
  id: number
  password_hash: string
  /** Cookies issued at or before it are ended (set when the operator is disabled); null: none ended. */
  devices_from: number | null
}

/** The cookies a sign-in carries (device cookies among them, unchecked) and the key that signs them. */
export interface DeviceProof {
  secret: string
  cookies: Readonly<Record<string, string | undefined>>
}

function mac(secret: string, operatorId: number, deviceId: string, issuedAt: number, passwordHash: string): string {
  return createHmac('sha256', secret).update(`seatwise-known-device:${VERSION}:${operatorId}:${deviceId}:${issuedAt}:${passwordHash}`).digest('base64url')
}

/** A new device cookie value for `op`, issued at `now`. */
export function issueDeviceValue(secret: string, op: DeviceOperator, now: number): string {
  const deviceId = randomBytes(DEVICE_ID_BYTES).toString('base64url')
  return `${VERSION}.${op.id}.${deviceId}.${now}.${mac(secret, op.id, deviceId, now, op.password_hash)}`
}

/**
 * The device id of `op`'s device cookie in `proof` when it is one the server issued to `op` under
 * its current password, no older than KNOWN_DEVICE_TTL_MS; null for anything else (none,
 * malformed, another operator's, tampered, expired, from before a password change).
 */
export function knownDeviceId(proof: DeviceProof | null, op: DeviceOperator, now: number): string | null {
  const value = proof?.cookies[deviceCookieName(op.id)]
  if (!proof || !value || value.length > MAX_VALUE_LENGTH) return null
  const parts = value.split('.')
  if (parts.length !== 5) return null
  const [version, id, deviceId, issued, sig] = parts
  if (version !== VERSION || id !== String(op.id) || !/^[A-Za-z0-9_-]+$/.test(deviceId) || !/^\d{1,15}$/.test(issued)) return null
  const issuedAt = Number(issued)
  if (now - issuedAt >= KNOWN_DEVICE_TTL_MS) return null
  if (op.devices_from !== null && issuedAt <= Number(op.devices_from)) return null
  const expected = Buffer.from(mac(proof.secret, op.id, deviceId, issuedAt, op.password_hash))
  const given = Buffer.from(sig)
  return expected.length === given.length && timingSafeEqual(expected, given) ? deviceId : null
}

/** The cookies a request carries, with the key to check a device cookie among them. */
export function deviceProofOf(app: FastifyInstance, request: FastifyRequest): DeviceProof {
  return { secret: app.config.sessionSecret, cookies: request.cookies }
}

/** Sets the device cookie after a successful sign-in: as the operator cookie (guard.ts), but long-lived and sent to the sign-in only. */
export function setDeviceCookie(app: FastifyInstance, reply: FastifyReply, op: DeviceOperator, now: number): void {
  reply.setCookie(deviceCookieName(op.id), issueDeviceValue(app.config.sessionSecret, op, now), {
    path: KNOWN_DEVICE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.publicUrl.startsWith('https://'),
    maxAge: Math.floor(KNOWN_DEVICE_TTL_MS / 1000),
  })
}
