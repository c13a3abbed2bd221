import type { Db } from '../../db/connect'
import { ProcessCache } from '../../db/process-cache'
import { findSession, type SessionRow } from './repository'

/**
 * How late this process may see another process end a visitor's session (issue 18). Every call
 * under /api reads the session row first; in an on-sale rush that read was one of a hold's two
 * database round trips (the other is the hold itself): bench:load:cpu measured 0.6 ms of server
 * and 0.35 ms of PostgreSQL CPU a hold saved (docs/benchmark-log.md, "On-sale rush").
 * A session row never changes in place except its last-seen time: a sign-in or sign-out moves
 * the visitor to a new id and deletes the old row (rotateSession), and expiry only ends it.
 *
 * What the lag costs: for up to this long after a visitor signs in or out through one process,
 * another process still takes the old cookie as the old session (signed in, or not, as before);
 * the old id owns no cart, order or place any more, so what it reads is empty and a write under
 * it fails the foreign key to the deleted row, which the error handler answers as "no session"
 * after reading the row anew (sessionEnded; the client then repeats the call once with the
 * cookie it holds by then, src/contract/client.ts). The process that rotated forgets the old id
 * at once (forgetCachedSession), so a visitor's own next request, wherever it lands, carries the
 * new cookie and never meets the old row. Expiry is checked on every read, cached or not.
 */
export const SESSION_CACHE_TTL_MS = 1000
/** Sessions kept per process before the cache is emptied: a 10,000-visitor on-sale's active buyers in one second, at about 300 bytes each. */
const SESSION_CACHE_KEYS = 20_000

const cache = new ProcessCache<string, SessionRow | null>(SESSION_CACHE_TTL_MS, SESSION_CACHE_KEYS)

/** The live session `id`, read from the database at most once per SESSION_CACHE_TTL_MS by this process. Shared between requests: never change the row in place. */
export async function findSessionCached(db: Db, id: string, now: number): Promise<SessionRow | null> {
  const row = await cache.get(db, id, () => findSession(db, id, now), now)
  return row !== null && row.expires_at > now ? row : null
}

/** Whether findSessionCached would answer `id` from this process's memory now (without a read). */
export function sessionCached(db: Db, id: string, now: number): boolean {
  return cache.has(db, id, now)
}

/** Forgets `id` (its row was moved or changed by this process). */
export function forgetCachedSession(db: Db, id: string): void {
  cache.forget(db, id)
}

/**
 * True when session `id` has ended, read from the database, not from memory (and forgotten
 * here): a write under an id this process still holds failed a foreign key to its row, which
 * another process may have moved a moment ago (a sign-in or sign-out there).
 */
export async function sessionEnded(db: Db, id: string, now: number): Promise<boolean> {
  cache.forget(db, id)
  return (await findSession(db, id, now)) === null
}
