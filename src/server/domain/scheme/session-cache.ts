import type { Db } from '../../db/connect'
import { isForeignKeyViolation } from '../../db/constraint-errors'
import { ProcessCache } from '../../db/process-cache'
import { ApiFailure } from '../../errors'
import type { Reason } from '../../messages'
import { judgeSession, readSessionRows, type SchemeSession, type SessionRows } from './repository'

/**
 * How late a hold may see another process's edit of a session, its event or its prices (issue 18:
 * an on-sale rush read these three rows on every hold, three of its thirteen round trips). An
 * edit made through this process's admin calls is seen at once (forgetProcessCaches). Money is
 * not at stake: a hold keeps only the price row's id, and the order (create-scheme) reads the
 * session fresh and prices every ticket by the rows as they are then, so a hold made a moment
 * before a price change is ordered at the new price. What the lag can cost: for up to this long
 * a cart may show the old amount, or a hold may still be taken in a session just closed for sale
 * (its order is then refused). A refusal is never answered from old rows (withHoldSession).
 */
export const HOLD_SESSION_TTL_MS = 1000
/** Sessions kept per process before the cache is emptied (a rush touches a handful). */
const HOLD_SESSION_KEYS = 1000

const cache = new ProcessCache<number, SessionRows | undefined>(HOLD_SESSION_TTL_MS, HOLD_SESSION_KEYS)

/**
 * Refusals that rows a second old could give wrongly: the session's checks (judgeSession), the
 * price rules (pricing.ts), the order limit, the drawing's places. A price row deleted in another
 * process also shows as the claim's foreign-key violation on seat_holds.price_id (both databases).
 */
const STALE_REASONS = new Set<Reason>([
  'session-not-found', 'session-other-event', 'event-not-found', 'event-not-on-map', 'session-no-map', 'session-not-on-sale', 'sales-not-open',
  'unknown-payment-method', 'unknown-places', 'place-not-on-sale', 'place-no-category', 'place-not-gift', 'place-gift-only', 'place-no-amount',
  'place-not-by-subscription', 'seat-order-limit', 'stand-limit', 'best-none',
  // The claim found the session on another map version than the rows name (orders/claim.ts).
  'session-map-changed',
])
/** Marks a refusal already judged (on fresh rows, or not one old rows could give), so an enclosing withHoldSession does not judge it again. */
const JUDGED = Symbol('judged by withHoldSession')

function staleCouldCause(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || (err as { [JUDGED]?: boolean })[JUDGED]) return false
  if (err instanceof ApiFailure) return STALE_REASONS.has(err.reason)
  return isForeignKeyViolation(err)
}

/** The refusal says the rows were stale whoever read them: the session moved onto another map version since. */
function mapMoved(err: unknown): boolean {
  return err instanceof ApiFailure && err.reason === 'session-map-changed'
}

function markJudged(err: unknown): unknown {
  if (typeof err === 'object' && err !== null) (err as { [JUDGED]?: boolean })[JUDGED] = true
  return err
}

/**
 * loadSchemeSession for the hold calls (cart update, best available): `work` runs on the session
 * judged at `now` on rows at most HOLD_SESSION_TTL_MS old. When it is refused for a reason old
 * rows could give (STALE_REASONS), the rows are read again and `work` runs once more on them, so
 * a wrong refusal never reaches the visitor (a price row deleted or added in another process, a
 * session opened); what it costs: such refusals read the session twice. A claim that finds the
 * session moved onto another map version ('session-map-changed') is run again on fresh rows even
 * when they were read fresh: the studio moved it after the read, and the visitor's places are
 * taken by key on the version it is on now, as had the click come a moment later. `work` must
 * change nothing when it throws (the claims are all or nothing). The session's rows are shared
 * between requests: read them, never change them.
 */
export async function withHoldSession<T>(db: Db, calendarId: number, now: number, work: (session: SchemeSession) => Promise<T>): Promise<T> {
  const read = () => readSessionRows(db, calendarId)
  const wasCached = cache.has(db, calendarId)
  try {
    return await work(judgeSession(calendarId, await cache.get(db, calendarId, read), now))
  } catch (err) {
    if (!staleCouldCause(err) || !(wasCached || mapMoved(err))) throw markJudged(err)
  }
  cache.forget(db, calendarId)
  try {
    return await work(judgeSession(calendarId, await cache.get(db, calendarId, read), now))
  } catch (err) {
    throw markJudged(err)
  }
}
