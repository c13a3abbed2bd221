/**
 * The retry rhythm of the durable outboxes (mail/outbox.ts, payments/refund-outbox.ts): the first
 * attempt follows the commit at once in the caller's process, so the leader's sweep leaves a new
 * row alone for a lease; each failure then waits twice as long as the one before, up to a cap.
 */

/** How long the first attempt (or a sweep's claim) has a row to itself before the sweep may try it. */
export const OUTBOX_ATTEMPT_LEASE_MS = 2 * 60 * 1000
/** The wait after a first failed attempt; it doubles with each failure after it. */
const OUTBOX_RETRY_BASE_MS = 60_000

/** Wait before attempt `attempts` + 1: 1 min, 2, 4, … capped at `maxMs`. */
export const backoffMs = (attempts: number, maxMs: number) => Math.min(maxMs, OUTBOX_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1))
