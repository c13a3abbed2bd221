import { hash, verify } from '@node-rs/argon2'

/**
 * Operator passwords: argon2id (the OWASP-recommended password hash) from @node-rs/argon2, a
 * maintained native binding with prebuilt binaries (no compiler needed; engines accept Node 20).
 * Its defaults (m = 19 MiB, t = 2, p = 1) are OWASP's minimum for argon2id; a hash costs tens of
 * milliseconds, which is what makes guessing slow.
 */
const ALGORITHM_ARGON2ID = 2

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ALGORITHM_ARGON2ID })
}

/** True when `password` matches; a malformed stored hash counts as no match. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password)
  } catch {
    return false
  }
}

/** A hash nobody's password matches, verified for unknown e-mails so they take as long as known ones. */
let dummy: Promise<string> | null = null
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('no operator has this password: timing filler')
  return dummy
}
