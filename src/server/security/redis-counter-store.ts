import { Redis } from 'ioredis'
import type { CounterStore, HitAndPeek } from './counter-store'

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
/** Longest wait for Redis before a call fails (the request then answers "busy, try again"). */
const REDIS_COMMAND_TIMEOUT_MS = 2000

/**
 * The per-address counters in Redis (REDIS_URL): keys `<prefix>guard:<key>` that expire with
 * their window, so nothing needs pruning. Shared by every process and machine using the same
 * Redis and prefix; survives a restart of the servers (and of Redis with persistence on).
 */
export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis

  constructor(url: string, private readonly prefix: string) {
    this.redis = new Redis(url, { commandTimeout: REDIS_COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1, lazyConnect: true })
    this.redis.defineCommand('guardHit', { numberOfKeys: 1, lua: HIT_SCRIPT })
    // A lost connection is retried by ioredis; the error event must not go unhandled.
    this.redis.on('error', () => {})
  }

  private key(key: string): string {
    return `${this.prefix}guard:${key}`
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    const run = (this.redis as unknown as { guardHit(k: string, ms: number): Promise<[number, number]> }).guardHit
    const [count, ttl] = await run.call(this.redis, this.key(key), windowMs)
    return { count: Number(count), resetInMs: Number(ttl) }
  }

  async peek(keys: readonly string[]): Promise<number[]> {
    if (keys.length === 0) return []
    const values = await this.redis.mget(...keys.map((k) => this.key(k)))
    return values.map((v) => (v === null ? 0 : Number(v)))
  }

  /** The hit's script and the peek's MGET in one pipeline: one round trip. */
  async hitAndPeek(key: string, windowMs: number, _now: number, peekKeys: readonly string[]): Promise<HitAndPeek> {
    if (peekKeys.length === 0) return { ...(await this.hit(key, windowMs)), peeked: [] }
    const pipeline = this.redis.pipeline() as unknown as { guardHit(k: string, ms: number): unknown; mget(...k: string[]): unknown; exec(): Promise<Array<[Error | null, unknown]> | null> }
    pipeline.guardHit(this.key(key), windowMs)
    pipeline.mget(...peekKeys.map((k) => this.key(k)))
    const results = await pipeline.exec()
    if (!results) throw new Error('redis pipeline answered nothing')
    for (const [err] of results) if (err) throw err
    const [count, ttl] = results[0][1] as [number, number]
    const values = results[1][1] as Array<string | null>
    return { count: Number(count), resetInMs: Number(ttl), peeked: values.map((v) => (v === null ? 0 : Number(v))) }
  }

  async reset(keys: string[]): Promise<void> {
    if (keys.length) await this.redis.del(...keys.map((k) => this.key(k)))
  }

  async prune(): Promise<void> {}

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect())
  }
}
