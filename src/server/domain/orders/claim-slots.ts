import { isPostgresDb, type Db } from '../../db/connect'
import { FifoSlots } from '../../db/fifo-slots'

/**
 * A hot session takes at most a bounded share of a process's connections (issue 18.3). Claim
 * transactions hold a pooled connection for as long as they wait on a row or session lock; in an
 * on-sale rush on one session, all of them would, and every other page of that process would
 * wait for a connection. So each process lets at most `HOT_SESSION_POOL_SHARE` of its pool claim
 * in one session at once; the others wait here, in memory, without a connection, up to
 * CLAIM_SLOT_WAIT_MS, then answer "busy, try again". Costs: nothing when a session is quiet; in a
 * rush, claims of that session queue in the process (their order is kept) instead of in the pool.
 */
export const HOT_SESSION_POOL_SHARE = 0.5
/** Longest wait for a claim slot of a session; the same bound as a wait for a pooled connection. */
export const CLAIM_SLOT_WAIT_MS = 5_000

interface Limiter {
  perSession: number
  sessions: Map<number, FifoSlots>
}

/** One limiter per database handle (one per server process; tests run several servers in one process). */
const limiters = new WeakMap<Db, Limiter>()

/** Bounds claims per session to the share of `poolMax` (PostgreSQL only: SQLite has one writer and no pool). */
export function limitSessionClaims(db: Db, poolMax: number): void {
  if (!isPostgresDb(db)) return
  limiters.set(db, { perSession: Math.max(1, Math.floor(poolMax * HOT_SESSION_POOL_SHARE)), sessions: new Map() })
}

function release(lim: Limiter, id: number): void {
  const s = lim.sessions.get(id)
  if (!s) return
  s.give()
  if (s.idle) lim.sessions.delete(id)
}

function acquire(lim: Limiter, id: number, deadline: number): Promise<void> {
  let s = lim.sessions.get(id)
  if (!s) lim.sessions.set(id, (s = new FifoSlots(lim.perSession)))
  return s.take(deadline)
}

/**
 * Takes a claim slot of each session (in id order, so two claims never wait on each other
 * crosswise); answers the function that gives them back. Throws 'busy' after CLAIM_SLOT_WAIT_MS.
 */
export async function takeClaimSlots(db: Db, calendarIds: readonly number[]): Promise<() => void> {
  const lim = limiters.get(db)
  if (!lim) return () => undefined
  const ids = [...new Set(calendarIds)].sort((a, b) => a - b)
  const deadline = Date.now() + CLAIM_SLOT_WAIT_MS
  const held: number[] = []
  try {
    for (const id of ids) {
      await acquire(lim, id, deadline)
      held.push(id)
    }
  } catch (err) {
    for (const id of held) release(lim, id)
    throw err
  }
  return () => {
    for (const id of held) release(lim, id)
  }
}
