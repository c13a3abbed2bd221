import type { Db } from '../../db/connect'
import { ProcessCache } from '../../db/process-cache'
import { judgeSession, readSessionRows, type SchemeSession, type SessionRows } from './repository'

/**
 * How late a hold may see another process's edit of a session, its event or its prices (issue 18:
 * an on-sale rush read these three rows on every hold, three of its thirteen round trips). An
 * edit made through this process's admin calls is seen at once (forgetHoldSessions). Money is
 * not at stake: a hold keeps only the price row's id, and the order (create-scheme) reads the
 * session fresh and prices every ticket by the rows as they are then, so a hold made a moment
 * before a price change is ordered at the new price. What the lag can cost: for up to this long
 * a cart may show the old amount, or a hold may still be taken in a session just closed for sale
 * (its order is then refused).
 */
export const HOLD_SESSION_TTL_MS = 1000
/** Sessions kept per process before the cache is emptied (a rush touches a handful). */
const HOLD_SESSION_KEYS = 1000

const cache = new ProcessCache<number, SessionRows | undefined>(HOLD_SESSION_TTL_MS, HOLD_SESSION_KEYS)

/**
 * loadSchemeSession for the hold calls (cart update, best available): the same checks, judged at
 * `now` on rows at most HOLD_SESSION_TTL_MS old. The answer's rows are shared between requests:
 * read them, never change them.
 */
export async function loadHoldSession(db: Db, calendarId: number, now: number): Promise<SchemeSession> {
  return judgeSession(calendarId, await cache.get(db, calendarId, () => readSessionRows(db, calendarId)), now)
}

/** Drops this process's cached sessions: called after any operator write, so its own edits are seen at once. */
export function forgetHoldSessions(db: Db): void {
  cache.forgetAll(db)
}
