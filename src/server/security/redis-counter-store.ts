import { Redis } from 'ioredis'
import type { CountedWindow, CounterHit, CounterStore, HitCount, HitsAndPeek } from './counter-store'
import { CounterStoreUnavailable } from './counter-store'

/**
 * One hit, atomically (Redis runs a script alone): INCR, and on the window's first hit set its
 * expiry; answers the count and the ms left. A key that somehow lost its expiry gets one again,
 * so no counter can live forever.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`
/**
 * One hit taken back from the window it was counted in, atomically: DECR only while the key's
 * window is that one (what is left of it, PTTL, is what the hit's window has left, ARGV[1], within
 * ARGV[2] ms) and the count is above 0. DECR keeps the key's expiry; a key that expired meanwhile
 * is not brought back as -1, and a window begun since, which ends at least a window's length
 * later, keeps its count (taking one of it would let one more request through).
 */
const GIVE_BACK_SCRIPT = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 or math.abs(ttl - tonumber(ARGV[1])) > tonumber(ARGV[2]) then return 0 end
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then return redis.call('DECR', KEYS[1]) end
return 0
`
/**
 * How far what is left of a key's window may be from what the hit's window has left for the
 * give-back to count it as the same window, as a share of the window's length. Two windows of a
 * key end at least a window's length apart; the two measures differ by the script's and the
 * clocks' drift over one request (milliseconds), so half a window tells them apart with room.
 */
const SAME_WINDOW_TOLERANCE = 0.5
/**
 * Longest wait for Redis before a call fails: the request then answers "busy, try again" (503,
 * Retry-After; CounterStoreUnavailable). Redis answers a counter in well under a millisecond; two
 * seconds is an outage, and it bounds what a dead or frozen Redis adds to each request.
 */
const REDIS_COMMAND_TIMEOUT_MS = 2000
/** A Redis outage is logged at most this often (every request fails while it lasts). */
const OUTAGE_LOG_INTERVAL_MS = 10_000

interface GuardCommands {
  guardHit(key: string, windowMs: number): Promise<[number, number]>
  guardGiveBack(key: string, ttlMs: number, toleranceMs: number): Promise<number>
}
interface GuardPipeline {
  guardHit(key: string, windowMs: number): unknown
  mget(...keys: string[]): unknown
  exec(): Promise<Array<[Error | null, unknown]> | null>
}
export interface OutageLog {
  warn(obj: object, msg: string): void
}

/** A hit's answer: its count, what is left of its window, and (by this process's clock) when that ends. */
function counted(count: number, ttl: number): HitCount {
  return { count: Number(count), resetInMs: Number(ttl), windowEndsAt: Date.now() + Number(ttl) }
}

/**
 * The per-address counters in Redis (REDIS_URL): keys `<prefix>guard:<key>` that expire with
 * their window, so nothing needs pruning. Shared by every process and machine using the same
 * Redis and prefix; survives a restart of the servers (and of Redis with persistence on).
 * Every failure (refused connection, timeout, an error reply) is thrown as
 * CounterStoreUnavailable, never as an internal error.
 */
export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis
  private lastOutageLog = 0

  constructor(url: string, private readonly prefix: string, private readonly log?: OutageLog) {
    this.redis = new Redis(url, { commandTimeout: REDIS_COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1, lazyConnect: true })
    this.redis.defineCommand('guardHit', { numberOfKeys: 1, lua: HIT_SCRIPT })
    this.redis.defineCommand('guardGiveBack', { numberOfKeys: 1, lua: GIVE_BACK_SCRIPT })
    // A lost connection is retried by ioredis; the error event must not go unhandled (the
    // commands that fail meanwhile are logged by `call`).
    this.redis.on('error', () => {})
  }

  private key(key: string): string {
    return `${this.prefix}guard:${key}`
  }

  private get commands(): GuardCommands {
    return this.redis as unknown as GuardCommands
  }

  /** Runs a Redis call; any failure becomes CounterStoreUnavailable (logged now and then). */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (err) {
      const now = Date.now()
      if (now - this.lastOutageLog >= OUTAGE_LOG_INTERVAL_MS) {
        this.lastOutageLog = now
        this.log?.warn({ err }, 'Redis (REDIS_URL) failed: per-address limits answer "busy, try again" until it is back')
      }
      throw new CounterStoreUnavailable(err)
    }
  }

  async hit(key: string, windowMs: number): Promise<HitCount> {
    const [count, ttl] = await this.call(() => this.commands.guardHit(this.key(key), windowMs))
    return counted(count, ttl)
  }

  async peek(keys: readonly string[]): Promise<number[]> {
    if (keys.length === 0) return []
    const values = await this.call(() => this.redis.mget(...keys.map((k) => this.key(k))))
    return values.map((v) => (v === null ? 0 : Number(v)))
  }

  /** The hits' scripts and the peek's MGET in one pipeline: one round trip. */
  async hitAndPeek(hits: readonly CounterHit[], _now: number, peekKeys: readonly string[]): Promise<HitsAndPeek> {
    const results = await this.call(async () => {
      const pipeline = this.redis.pipeline() as unknown as GuardPipeline
      for (const h of hits) pipeline.guardHit(this.key(h.key), h.windowMs)
      if (peekKeys.length) pipeline.mget(...peekKeys.map((k) => this.key(k)))
      const answers = await pipeline.exec()
      if (!answers) throw new Error('redis pipeline answered nothing')
      for (const [err] of answers) if (err) throw err
      return answers.map(([, value]) => value)
    })
    const values = peekKeys.length ? (results[hits.length] as Array<string | null>) : []
    return { hits: hits.map((_, i) => counted(...(results[i] as [number, number]))), peeked: values.map((v) => (v === null ? 0 : Number(v))) }
  }

  async giveBack(key: string, window: CountedWindow): Promise<void> {
    // Redis expires the key by its own clock: the window is told by what is left of it.
    const left = window.windowEndsAt - Date.now()
    await this.call(() => this.commands.guardGiveBack(this.key(key), left, Math.floor(window.windowMs * SAME_WINDOW_TOLERANCE)))
  }

  async reset(keys: string[]): Promise<void> {
    if (keys.length) await this.call(() => this.redis.del(...keys.map((k) => this.key(k))))
  }

  async prune(): Promise<void> {}

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect())
  }
}
