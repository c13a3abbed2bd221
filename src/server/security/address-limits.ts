/**
 * Per-address counters of this process: new sessions per minute (a fixed window) and streams
 * open at once. Kept in memory; issue 18.2's shared store (PostgreSQL or Redis) is where they
 * move for several processes. The maps are bounded: past MAX_TRACKED_ADDRESSES the oldest window
 * entries are dropped first (an attacker rotating addresses costs memory only up to this).
 */
export const MAX_TRACKED_ADDRESSES = 100_000
export const SESSION_WINDOW_MS = 60_000

export class WindowCounter {
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one for `address`; false when the address already reached the limit in this window. */
  take(address: string, now = Date.now()): boolean {
    let w = this.windows.get(address)
    if (!w || now - w.start >= this.windowMs) {
      this.windows.delete(address)
      if (this.windows.size >= MAX_TRACKED_ADDRESSES) this.windows.delete(this.windows.keys().next().value as string)
      w = { start: now, count: 0 }
      this.windows.set(address, w)
    }
    if (w.count >= this.limit) return false
    w.count++
    return true
  }

  /** Seconds until `address` may try again. */
  retryAfterS(address: string, now = Date.now()): number {
    const w = this.windows.get(address)
    return w ? Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000)) : 1
  }
}

export class OpenCounter {
  private readonly open = new Map<string, number>()

  constructor(private readonly limit: number) {}

  /** Opens one for `address`; false at the limit. Every true must be matched by one release. */
  acquire(address: string): boolean {
    const n = this.open.get(address) ?? 0
    if (n >= this.limit) return false
    this.open.set(address, n + 1)
    return true
  }

  release(address: string): void {
    const n = (this.open.get(address) ?? 1) - 1
    if (n <= 0) this.open.delete(address)
    else this.open.set(address, n)
  }
}
