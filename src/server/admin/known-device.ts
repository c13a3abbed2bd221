import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * Known devices (OWASP, "Authentication": the lock-out of an account does not apply to a device
 * that has signed in to it before). An account's lock-out stops password guessing, but anyone who
 * knows an operator's e-mail could otherwise keep the operator locked out, on an on-sale day, with
 * MAX_FAILED_SIGN_INS wrong passwords every LOCK_OUT_MS from anywhere. A successful sign-in leaves
 * this cookie on the browser; on a locked account a sign-in carrying a valid one for that operator
 * has its password checked as usual instead of being refused (auth.ts checkCredentials).
 *
 * The value is signed, not stored (no table, no migration): `v1.<operator id>.<random device
 * id>.<issue time>.<HMAC-SHA256>`, the HMAC keyed by SESSION_SECRET over those fields and the
 * operator's current password hash (never sent). So it works for that operator only, no one can
 * make or alter one without the secret, and a new password ends every device cookie of the
 * operator (the old password may be known to someone, as with sessions and API tokens). A
 * disabled operator's sign-in is answered as an unknown e-mail's, cookie or not.
 */
export const KNOWN_DEVICE_COOKIE = 'sw_dev'
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
}

/** The device cookie a sign-in carries (its value unchecked) and the key that signs them. */
export interface DeviceProof {
  secret: string
  value: string | undefined
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
 * True when `value` is a device cookie the server issued to `op` under its current password,
 * no older than KNOWN_DEVICE_TTL_MS. Anything else (none, malformed, another operator's,
 * tampered, expired, from before a password change) is false.
 */
export function isKnownDevice(proof: DeviceProof | null, op: DeviceOperator, now: number): boolean {
  const value = proof?.value
  if (!proof || !value || value.length > MAX_VALUE_LENGTH) return false
  const parts = value.split('.')
  if (parts.length !== 5) return false
  const [version, id, deviceId, issued, sig] = parts
  if (version !== VERSION || id !== String(op.id) || !/^[A-Za-z0-9_-]+$/.test(deviceId) || !/^\d{1,15}$/.test(issued)) return false
  const issuedAt = Number(issued)
  if (now - issuedAt >= KNOWN_DEVICE_TTL_MS) return false
  const expected = Buffer.from(mac(proof.secret, op.id, deviceId, issuedAt, op.password_hash))
  const given = Buffer.from(sig)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** The device cookie a request carries, with the key to check it. */
export function deviceProofOf(app: FastifyInstance, request: FastifyRequest): DeviceProof {
  return { secret: app.config.sessionSecret, value: request.cookies[KNOWN_DEVICE_COOKIE] }
}

/** Sets the device cookie after a successful sign-in: as the operator cookie (guard.ts), but long-lived and sent to the sign-in only. */
export function setDeviceCookie(app: FastifyInstance, reply: FastifyReply, op: DeviceOperator, now: number): void {
  reply.setCookie(KNOWN_DEVICE_COOKIE, issueDeviceValue(app.config.sessionSecret, op, now), {
    path: KNOWN_DEVICE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.publicUrl.startsWith('https://'),
    maxAge: Math.floor(KNOWN_DEVICE_TTL_MS / 1000),
  })
}
