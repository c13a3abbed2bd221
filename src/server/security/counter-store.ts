/**
 * Where the per-address counters live (issue 18.2): order rate limit, captcha triggers, new
 * sessions. Fixed windows: a key's window starts at its first hit and lasts `windowMs`; every
 * hit answers the count including itself, so with any number of processes sharing the store
 * exactly `limit` hits of a window see a count at or below `limit`.
 *
 * - DbCounterStore (domain/abuse/db-counter-store.ts): the guard_counters table, on PostgreSQL (every process of a cluster sees
 *   the same rows; a restart forgets nothing; no extra service).
 * - RedisCounterStore (REDIS_URL, security/redis-counter-store.ts): the same in Redis, off the
 *   database's write path.
 * - MemoryCounterStore: this process's memory, for SQLite's single process.
 */
export interface CounterStore {
  /** Counts one hit of `key`; answers the count in its window and the ms until the window ends. */
  hit(key: string, windowMs: number, now: number): Promise<HitCount>
  /** The counts of `keys` in their current windows (0 when none), in their order: one round trip for all. */
  peek(keys: readonly string[], now: number): Promise<number[]>
  /**
   * `hit` of each of `hits` and `peek` of `peekKeys` in one round trip (no key twice, none both
   * hit and peeked): the order guard counts every order request and, with the captcha on, its
   * attempt and reads its failures.
   */
  hitAndPeek(hits: readonly CounterHit[], now: number, peekKeys: readonly string[]): Promise<HitsAndPeek>
  /**
   * Takes back one hit of `key` counted in `window` (a HitCount the hit answered, with its
   * window's length), never below 0: a hit counted ahead of an outcome (the order guard's attempt)
   * that turned out not to count. Only from that window: once the key's window has turned, the
   * hit went with its window, and taking one from the new window would lose a count of it (a
   * request of the new window would go uncounted).
   */
  giveBack(key: string, window: CountedWindow): Promise<void>
  /** Forgets the keys (a solved captcha clears its address's record). */
  reset(keys: string[]): Promise<void>
  /** Drops ended windows (the cluster leader's sweep); a store that expires on its own does nothing. */
  prune(now: number): Promise<void>
  close(): Promise<void>
}

export interface CounterHit {
  key: string
  windowMs: number
}

export interface HitCount {
  count: number
  resetInMs: number
  /**
   * When the window this hit was counted in ends, epoch ms: it names the window, for giveBack. By
   * the caller's clock (`now`) in the database and memory stores, by this process's clock in Redis
   * (which expires keys by its own, so its give-back compares what is left of the window).
   */
  windowEndsAt: number
}

/** The window of a counted hit, as giveBack names it: the hit's windowEndsAt and its window's length. */
export interface CountedWindow {
  windowMs: number
  windowEndsAt: number
}

export interface HitsAndPeek {
  /** The hits' counts, in their order. */
  hits: HitCount[]
  /** The counts of the peeked keys, in their order. */
  peeked: number[]
}

/**
 * The store could not answer in time (Redis down or slow). Not a bug: the request answers
 * "busy, try again" (503 with Retry-After; plugins/known-failures.ts), as for a busy database.
 */
export class CounterStoreUnavailable extends Error {
  constructor(cause: unknown) {
    super(`counter store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
  }
}

/** Seconds a refused caller waits: until the window ends, at least 1. */
export const retryAfterSeconds = (resetInMs: number): number => Math.max(1, Math.ceil(resetInMs / 1000))

/** Keys remembered at most by the memory store; beyond this the oldest are dropped (bounded memory). */
export const MEMORY_STORE_MAX_KEYS = 200_000

export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; expiresAt: number }>()

  async hit(key: string, windowMs: number, now: number): Promise<HitCount> {
    let w = this.windows.get(key)
    if (!w || w.expiresAt <= now) {
      this.windows.delete(key)
      if (this.windows.size >= MEMORY_STORE_MAX_KEYS) this.windows.delete(this.windows.keys().next().value as string)
      w = { count: 0, expiresAt: now + windowMs }
      this.windows.set(key, w)
    }
    w.count++
    return { count: w.count, resetInMs: w.expiresAt - now, windowEndsAt: w.expiresAt }
  }

  async peek(keys: readonly string[], now: number): Promise<number[]> {
    return keys.map((key) => {
      const w = this.windows.get(key)
      return w && w.expiresAt > now ? w.count : 0
    })
  }

  async hitAndPeek(hits: readonly CounterHit[], now: number, peekKeys: readonly string[]): Promise<HitsAndPeek> {
    const counted = []
    for (const h of hits) counted.push(await this.hit(h.key, h.windowMs, now))
    return { hits: counted, peeked: await this.peek(peekKeys, now) }
  }

  async giveBack(key: string, window: CountedWindow): Promise<void> {
    const w = this.windows.get(key)
    if (w && w.expiresAt === window.windowEndsAt && w.count > 0) w.count--
  }

  async reset(keys: string[]): Promise<void> {
    for (const k of keys) this.windows.delete(k)
  }

  async prune(now: number): Promise<void> {
    for (const [k, w] of this.windows) if (w.expiresAt <= now) this.windows.delete(k)
  }

  async close(): Promise<void> {}
}
