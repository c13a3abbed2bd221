import type { QueueStatus } from '../../../contract/entities/queue'

/** Longest pause between two asks when the server names none shorter (its poll_s wins when smaller). */
export const MIN_POLL_MS = 1_000
/** A held token is renewed this long before it expires, while the purchase is open. */
export const RENEW_BEFORE_EXPIRY_MS = 60_000
/** After a failed ask, the next one waits this long (the server may be busy in a rush). */
export const RETRY_AFTER_FAILURE_MS = 5_000

/**
 * When to ask again: the server's poll_s, or sooner when the estimate says the turn comes before
 * that (so the page opens the purchase within a second of admission), never more often than MIN_POLL_MS.
 */
export function nextAskMs(s: Pick<QueueStatus, 'poll_s' | 'estimate_s'>): number {
  const poll = s.poll_s * 1000
  const soon = s.estimate_s === null ? poll : s.estimate_s * 1000
  return Math.max(MIN_POLL_MS, Math.min(poll, soon))
}

/** An estimate in whole minutes and hours for the page: null below a minute. */
export function estimateParts(seconds: number): { hours: number; minutes: number } | null {
  if (seconds < 60) return null
  const total = Math.ceil(seconds / 60)
  return { hours: Math.floor(total / 60), minutes: total % 60 }
}
