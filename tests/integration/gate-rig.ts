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
/** The side transaction keeps its lock this long: past the deadline, well under the lock timeout. */
export const HOLD_LOCK_MS = 2500
/** Time for the write left running after the busy answer to get its lock and decide. */
export const SETTLE_MS = 1500
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
 * Runs `call` while `lockSql` holds its rows in an open transaction of `holder`, let go after
 * HOLD_LOCK_MS; answers the call's answer and how long it took, once the write left running had
 * SETTLE_MS to decide.
 */
export async function whileLocked<T>(holder: pg.Client, lockSql: string, params: unknown[], call: () => Promise<T>): Promise<{ res: T; took: number }> {
  await holder.query('begin')
  try {
    await holder.query(lockSql, params)
    const started = Date.now()
    const answer = call()
    const release = pause(HOLD_LOCK_MS).then(() => holder.query('rollback'))
    const res = await answer
    const took = Date.now() - started
    await release
    await pause(SETTLE_MS)
    return { res, took }
  } finally {
    await holder.query('rollback').catch(() => {})
  }
}
