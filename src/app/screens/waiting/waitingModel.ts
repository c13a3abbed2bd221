import type { QueueStatus } from '../../../contract/entities/queue'

/** Longest pause between two asks when the server names none shorter (its poll_s wins when smaller). */
export const MIN_POLL_MS = 1_000
/** A held token is renewed this long before it expires, while the purchase is open. */
export const RENEW_BEFORE_EXPIRY_MS = 60_000
/** After a failed ask, the next one waits this long (the server may be busy in a rush). */
export const RETRY_AFTER_FAILURE_MS = 5_000

/**
 * Periodic asks land up to this share of poll_s early or late: a crowd that joined in the same
 * second would otherwise ask in the same second ever after, a burst every poll_s (in
 * bench:load:admitted the status calls' p99 was several times their p50, and unrelated pages
 * waited behind the bursts).
 */
export const POLL_JITTER_SHARE = 0.2
/**
 * Before the draw, every visitor's turn estimate is the on-sale moment itself, so the whole room
 * would ask in one instant. The asks after it are spread over this long per visitor in the room
 * (about the status calls a second a small cluster answers besides the buying, bench:load:cpu),
 * up to ON_SALE_SPREAD_MAX_MS. Cost: a visitor may learn of his place, and of an early admission,
 * that much later; the draw is random, so asking first gains nothing anyway.
 */
export const ON_SALE_SPREAD_MS_PER_VISITOR = 2
export const ON_SALE_SPREAD_MAX_MS = 10_000

/**
 * When to ask again: after the server's poll_s (spread by POLL_JITTER_SHARE), or, when the
 * estimate says the turn comes before that, right after it (so the page opens the purchase
 * within a second of admission; before the draw, spread over the on-sale spread), never more
 * often than MIN_POLL_MS. `random` in [0, 1) is Math.random but for tests.
 */
export function nextAskMs(s: Pick<QueueStatus, 'poll_s' | 'estimate_s' | 'place' | 'waiting'>, random: () => number = Math.random): number {
  const poll = s.poll_s * 1000
  const due = s.estimate_s === null ? Infinity : s.estimate_s * 1000
  if (due >= poll) return Math.max(MIN_POLL_MS, Math.round(poll * (1 + POLL_JITTER_SHARE * (2 * random() - 1))))
  const spread = s.place === null ? Math.min(ON_SALE_SPREAD_MAX_MS, s.waiting * ON_SALE_SPREAD_MS_PER_VISITOR) : 0
  return Math.max(MIN_POLL_MS, Math.round(due + spread * random()))
}

/** An estimate in whole minutes and hours for the page: null below a minute. */
export function estimateParts(seconds: number): { hours: number; minutes: number } | null {
  if (seconds < 60) return null
  const total = Math.ceil(seconds / 60)
  return { hours: Math.floor(total / 60), minutes: total % 60 }
}
