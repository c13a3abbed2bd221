/**
 * Per-address protection of order creation, kept in memory (one server process; a restart
 * forgets it, which only ever makes the guard more lenient for a few minutes).
 *
 * - Rate limit: at most ORDER_RATE_MAX order requests per ORDER_RATE_WINDOW_MS from one address;
 *   more are refused with -9998 before anything is read or written.
 * - Captcha: when setup's captcha.enabled is on, an address that failed CAPTCHA_AFTER_FAILURES
 *   orders, or placed CAPTCHA_AFTER_ORDERS orders, within CAPTCHA_WINDOW_MS must solve a captcha
 *   (-1001) with its next order; a solved captcha clears its record.
 *
 * The spec names none of these numbers; they are ours: a person buying for a family stays far
 * below them, a script hammering the form does not.
 */
export const ORDER_RATE_MAX = 20
export const ORDER_RATE_WINDOW_MS = 60_000
export const CAPTCHA_AFTER_FAILURES = 3
export const CAPTCHA_AFTER_ORDERS = 5
export const CAPTCHA_WINDOW_MS = 10 * 60_000
/** Addresses remembered at most; beyond this the stalest records are dropped (bounded memory). */
export const GUARD_MAX_ADDRESSES = 50_000

interface AddressRecord {
  requests: number[]
  failures: number[]
  orders: number[]
  lastSeen: number
}

export class OrderGuard {
  private readonly byAddress = new Map<string, AddressRecord>()

  /** Counts a request; returns the seconds to wait when the address is over the rate limit, else 0. */
  hit(address: string, now: number): number {
    const r = this.record(address, now)
    r.requests = r.requests.filter((t) => t > now - ORDER_RATE_WINDOW_MS)
    if (r.requests.length >= ORDER_RATE_MAX) return Math.max(1, Math.ceil((r.requests[0] + ORDER_RATE_WINDOW_MS - now) / 1000))
    r.requests.push(now)
    return 0
  }

  /** True when the address must solve a captcha before its next order. */
  needsCaptcha(address: string, now: number): boolean {
    const r = this.byAddress.get(address)
    if (!r) return false
    const since = now - CAPTCHA_WINDOW_MS
    r.failures = r.failures.filter((t) => t > since)
    r.orders = r.orders.filter((t) => t > since)
    return r.failures.length >= CAPTCHA_AFTER_FAILURES || r.orders.length >= CAPTCHA_AFTER_ORDERS
  }

  recordFailure(address: string, now: number): void {
    this.record(address, now).failures.push(now)
  }

  recordOrder(address: string, now: number): void {
    this.record(address, now).orders.push(now)
  }

  /** A solved captcha proves a person: start counting failures and orders afresh. */
  captchaSolved(address: string, now: number): void {
    const r = this.record(address, now)
    r.failures = []
    r.orders = []
  }

  private record(address: string, now: number): AddressRecord {
    let r = this.byAddress.get(address)
    if (!r) {
      if (this.byAddress.size >= GUARD_MAX_ADDRESSES) this.dropStale(now)
      r = { requests: [], failures: [], orders: [], lastSeen: now }
      this.byAddress.set(address, r)
    }
    r.lastSeen = now
    return r
  }

  /** Forgets addresses idle longer than every window; if none is, the oldest half. */
  private dropStale(now: number): void {
    const horizon = now - Math.max(ORDER_RATE_WINDOW_MS, CAPTCHA_WINDOW_MS)
    for (const [k, r] of this.byAddress) if (r.lastSeen < horizon) this.byAddress.delete(k)
    if (this.byAddress.size >= GUARD_MAX_ADDRESSES) {
      const keys = [...this.byAddress.keys()]
      for (const k of keys.slice(0, keys.length / 2)) this.byAddress.delete(k)
    }
  }
}
