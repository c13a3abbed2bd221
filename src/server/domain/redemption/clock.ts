import { createHmac, timingSafeEqual } from 'node:crypto'
import type { DoorClock, ScanClock } from '../../../contract/admin/door-clock'

/**
 * The door's clock stamps (contract/admin/door-clock.ts): the server's time signed with
 * HMAC-SHA256 under SESSION_SECRET (every process shares it), so an offline upload can prove the
 * server time it counted from. The message is prefixed, so a stamp is never mistaken for any
 * other value the same secret signs (cookies, waiting-room admissions).
 */
const STAMP_PREFIX = 'door-clock:'
const STAMP = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/

const mac = (secret: string, at: number) => createHmac('sha256', secret).update(`${STAMP_PREFIX}${at}`).digest('base64url')

/** The server's time `at` (epoch ms) with its stamp, for an answer to a door device. */
export function doorClock(secret: string, at = Date.now()): DoorClock {
  return { at, stamp: `${at}.${mac(secret, at)}` }
}

/**
 * The server time an offline scan's clock proves, with the device's reading paired with it;
 * undefined when there is none or its stamp does not verify (an altered one, or one signed under
 * a SESSION_SECRET since replaced): the scan is then timed as an older app's, by its device's
 * clock alone (still never later than now).
 */
export function provenClock(secret: string, clock: ScanClock | undefined): { at: number; deviceAt: number } | undefined {
  const m = clock ? STAMP.exec(clock.stamp) : null
  if (!clock || !m) return undefined
  const at = Number(m[1])
  const want = Buffer.from(mac(secret, at))
  const sent = Buffer.from(m[2])
  if (!Number.isSafeInteger(at) || sent.length !== want.length || !timingSafeEqual(sent, want)) return undefined
  return { at, deviceAt: clock.deviceAt }
}
