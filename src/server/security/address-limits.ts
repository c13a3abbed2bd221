/** Window of the new-sessions-per-address limit, counted in the shared store (counter-store.ts). */
export const SESSION_WINDOW_MS = 60_000

/**
 * New captchas (GET /api/captcha, a stored row each) one address may ask for per window, counted
 * in the shared store. A person reads and types a picture in several seconds, and a new one comes
 * only with a reload, a wrong answer or a switch to the question (or of language): 30 a minute is
 * several times what even a quick refresher asks, while a script's loop stops there and keeps at
 * most 30 × 10 (the minutes a captcha lives, CAPTCHA_TTL_MS) rows of one address alive. A minute's
 * window keeps the wait of whoever meets it (a carrier's shared address) short.
 */
export const CAPTCHAS_PER_ADDRESS_PER_WINDOW = 30
export const CAPTCHA_WINDOW_MS = 60_000

/**
 * Streams open at once per address, in this process: an open stream is a connection to this
 * process, and a count kept elsewhere would outlive a process killed with its streams open. With
 * N processes an address may hold up to N × the limit, each process still bounded.
 */
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
