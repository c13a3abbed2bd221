import type { CounterStore } from '../../security/counter-store'
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
   * solve a captcha with this order; both read in one round trip of the store.
   */
  async hit(address: string, now: number, captchaOn: boolean): Promise<{ wait: number; captchaDue: boolean }> {
    const { count, resetInMs, peeked } = await this.store.hitAndPeek(rateKey(address), ORDER_RATE_WINDOW_MS, now, captchaOn ? [failuresKey(address), ordersKey(address)] : [])
    const [failures = 0, orders = 0] = peeked
    return {
      wait: count > ORDER_RATE_MAX ? retryAfterSeconds(resetInMs) : 0,
      captchaDue: captchaOn && (failures >= CAPTCHA_AFTER_FAILURES || orders >= CAPTCHA_AFTER_ORDERS),
    }
  }

  async recordFailure(address: string, now: number): Promise<void> {
    await this.store.hit(failuresKey(address), CAPTCHA_WINDOW_MS, now)
  }

  async recordOrder(address: string, now: number): Promise<void> {
    await this.store.hit(ordersKey(address), CAPTCHA_WINDOW_MS, now)
  }

  /** A solved captcha proves a person: start counting failures and orders afresh. */
  async captchaSolved(address: string): Promise<void> {
    await this.store.reset([failuresKey(address), ordersKey(address)])
  }
}
