import type pg from 'pg'
import { expect } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'

/**
 * The rig of the commit-gate tests (commit-gate-writes, commit-gate-returns): a write waits on a
 * row another PostgreSQL connection holds, the request's deadline answers "busy", the row is let
 * go, and the write, left running, must roll back.
 */

/** The request deadline: short, so it answers while the write still waits on a lock. */
export const DEADLINE_MS = 1500
/** Far past the deadline: without the commit gate the write would go on and commit once the lock is free. */
export const LOCK_TIMEOUT_MS = 6000
/**
 * The side transaction keeps its lock at most this long (whileLocked lets it go at the answer):
 * past the deadline, well under the lock timeout.
 */
export const HOLD_LOCK_MS = 2500
/**
 * How often the rig looks whether the write left running after the busy answer has decided (its
 * transaction ended), and the longest it waits for that: the write waits at most LOCK_TIMEOUT_MS
 * on its lock, then commits or rolls back at once.
 */
const SETTLE_POLL_MS = 50
const SETTLE_MAX_MS = LOCK_TIMEOUT_MS + 4000
/** The server's settings for it. */
export const GATE_ENV = { REQUEST_DEADLINE_MS: String(DEADLINE_MS), DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) }

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A busy answer from the deadline: 503 -9998, before the side transaction let go. */
export function expectBusy(res: { status: number; body: { errorCode?: string } }, took: number): void {
  expect(res.status, JSON.stringify(res.body)).toBe(503)
  expect(res.body.errorCode).toBe(ErrorCode.LIMIT)
  expect(took).toBeGreaterThanOrEqual(DEADLINE_MS - 50)
  expect(took).toBeLessThan(HOLD_LOCK_MS)
}

/**
 * Waits until no other client of the test server's database is inside a transaction or a
 * statement (pg_stat_activity, read by `monitor` outside any transaction of its own), seen on two
 * looks in a row: the write left running after its busy answer has got its lock and committed or
 * rolled back. Before, the rig slept a fixed 1.5 s for it (SETTLE_MS); the write decides within
 * milliseconds of the lock's release, and a write still waiting is seen as one (its backend is
 * active on the lock from before the release until its transaction ends).
 */
export async function untilSettled(monitor: pg.Client): Promise<void> {
  const deadline = Date.now() + SETTLE_MAX_MS
  for (let quiet = 0; ; ) {
    const { rows } = await monitor.query<{ busy: number }>(
      "select count(*)::int as busy from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend' and state <> 'idle'",
    )
    quiet = rows[0].busy === 0 ? quiet + 1 : 0
    if (quiet === 2) return
    if (Date.now() > deadline) throw new Error(`the server's transactions did not end within ${SETTLE_MAX_MS} ms of the lock's release`)
    await pause(SETTLE_POLL_MS)
  }
}

/**
 * Runs `call` while `lockSql` holds its rows in an open transaction of `holder`, let go once the
 * call has answered or after HOLD_LOCK_MS, whichever comes first (the busy answer comes at the
 * deadline, while the lock is held; a call that waits on the lock instead is answered only once
 * it is let go, at HOLD_LOCK_MS, which expectBusy then refuses). Answers the call's answer and
 * how long it took, once the write left running has decided (untilSettled).
 * Letting go at the answer instead of always at HOLD_LOCK_MS, and polling instead of sleeping
 * SETTLE_MS, took each call from 4 s to about the deadline's 1.5 s.
 */
export async function whileLocked<T>(holder: pg.Client, lockSql: string, params: unknown[], call: () => Promise<T>): Promise<{ res: T; took: number }> {
  await holder.query('begin')
  try {
    await holder.query(lockSql, params)
    const started = Date.now()
    const answer = call()
    const answered = answer.then(
      () => {},
      () => {},
    )
    const release = Promise.race([answered, pause(HOLD_LOCK_MS)]).then(() => holder.query('rollback'))
    const res = await answer
    const took = Date.now() - started
    await release
    await untilSettled(holder)
    return { res, took }
  } finally {
    await holder.query('rollback').catch(() => {})
  }
}
