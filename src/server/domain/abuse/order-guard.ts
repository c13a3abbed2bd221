import type { CountedWindow, CounterStore } from '../../security/counter-store'
import { retryAfterSeconds } from '../../security/counter-store'

/**
 * Per-address protection of order creation, kept in the shared counter store
 * (security/counter-store.ts: PostgreSQL or Redis across a cluster, memory on SQLite), so that N
 * processes give exactly the allowance of one and a restart forgets nothing.
 *
 * - Rate limit: at most ORDER_RATE_MAX order requests per ORDER_RATE_WINDOW_MS window from one
 *   address; more are refused with -9998 before anything is read or written.
 * - Captcha: when setup's captcha.enabled is on, an address that failed CAPTCHA_AFTER_FAILURES
 *   orders, or placed CAPTCHA_AFTER_ORDERS orders, within a CAPTCHA_WINDOW_MS window must solve a
 *   captcha (-1001) with its next order; a solved captcha clears its record.
 *
 * The spec names none of these numbers; they are ours: a person buying for a family stays far
 * below them, a script hammering the form does not. Windows are fixed (they start at an
 * address's first hit): one atomic increment per hit, whichever store.
 *
 * The orders trigger is decided on the request's own atomic hit, before its order is made: every
 * order request (with the captcha on) counts an attempt first, and the one whose count passes
 * CAPTCHA_AFTER_ORDERS must solve the captcha. An attempt whose order is refused by the shop gives
 * its count back (attemptRefused), so the count is the address's placed orders plus those in
 * flight. Counting only placed orders, after the fact, let a burst through: twenty orders sent at
 * once all read "0 placed" and all went through without a captcha. Attempts refused by the guard
 * itself (rate limit, captcha demanded) keep their count: an address hammering the form earns the
 * captcha, and a flood costs no second write per request.
 */
export const ORDER_RATE_MAX = 20
export const ORDER_RATE_WINDOW_MS = 60_000
export const CAPTCHA_AFTER_FAILURES = 3
export const CAPTCHA_AFTER_ORDERS = 5
export const CAPTCHA_WINDOW_MS = 10 * 60_000

const rateKey = (address: string) => `order-rate:${address}`
const failuresKey = (address: string) => `captcha-failures:${address}`
const ordersKey = (address: string) => `captcha-orders:${address}`

export class OrderGuard {
  constructor(private readonly store: CounterStore) {}

  /**
   * Counts an order request. `wait`: the seconds to wait when the address is over the rate limit,
   * else 0. `captchaDue`: with `captchaOn` (setup's captcha.enabled), whether the address must
   * solve a captcha with this order. One round trip of the store: the rate hit, the attempt's hit
   * (captcha on) and the failures read.
   */
  async hit(address: string, now: number, captchaOn: boolean): Promise<{ wait: number; captchaDue: boolean; attempt: CountedWindow | null }> {
    const hits = [{ key: rateKey(address), windowMs: ORDER_RATE_WINDOW_MS }]
    if (captchaOn) hits.push({ key: ordersKey(address), windowMs: CAPTCHA_WINDOW_MS })
    const answer = await this.store.hitAndPeek(hits, now, captchaOn ? [failuresKey(address)] : [])
    const [rate, attempt] = answer.hits
    const [failures = 0] = answer.peeked
    return {
      wait: rate.count > ORDER_RATE_MAX ? retryAfterSeconds(rate.resetInMs) : 0,
      captchaDue: captchaOn && (failures >= CAPTCHA_AFTER_FAILURES || attempt.count > CAPTCHA_AFTER_ORDERS),
      // The attempt's window, which attemptRefused gives its count back to (null: not counted).
      attempt: captchaOn ? { windowMs: CAPTCHA_WINDOW_MS, windowEndsAt: attempt.windowEndsAt } : null,
    }
  }

  /** A wrong captcha answer: a failure of the address. */
  async recordFailure(address: string, now: number): Promise<void> {
    await this.store.hit(failuresKey(address), CAPTCHA_WINDOW_MS, now)
  }

  /**
   * The shop refused the attempt's order: its count is given back to the window it was counted
   * in, `attempt` (no order was placed), and a refusal that is the visitor's doing counts as a failure.
   */
  async attemptRefused(address: string, now: number, failure: boolean, attempt: CountedWindow): Promise<void> {
    if (failure) await this.recordFailure(address, now)
    await this.store.giveBack(ordersKey(address), attempt)
  }

  /**
   * A solved captcha proves a person: failures and orders are counted afresh, starting with this
   * request's attempt (its count was cleared with the rest). Answers that attempt's window.
   */
  async captchaSolved(address: string, now: number): Promise<CountedWindow> {
    await this.store.reset([failuresKey(address), ordersKey(address)])
    const { windowEndsAt } = await this.store.hit(ordersKey(address), CAPTCHA_WINDOW_MS, now)
    return { windowMs: CAPTCHA_WINDOW_MS, windowEndsAt }
  }
}
