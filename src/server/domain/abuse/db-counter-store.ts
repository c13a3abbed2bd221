import type { Db } from '../../db/connect'
import type { CounterStore, HitAndPeek } from '../../security/counter-store'
import { deleteCounters, hitAndPeekCounters, hitCounter, peekCounters, pruneCounters } from './counters.repository'

/** The shared per-address counters in the database (guard_counters; security/counter-store.ts). */
export class DbCounterStore implements CounterStore {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetInMs: number }> {
    const { count, windowStart } = await hitCounter(this.db, key, windowMs, now)
    return { count, resetInMs: windowStart + windowMs - now }
  }

  peek(keys: readonly string[], now: number): Promise<number[]> {
    return peekCounters(this.db, keys, now)
  }

  async hitAndPeek(key: string, windowMs: number, now: number, peekKeys: readonly string[]): Promise<HitAndPeek> {
    const { count, windowStart, peeked } = await hitAndPeekCounters(this.db, key, windowMs, now, peekKeys)
    return { count, resetInMs: windowStart + windowMs - now, peeked }
  }

  reset(keys: string[]): Promise<void> {
    return deleteCounters(this.db, keys)
  }

  async prune(now: number): Promise<void> {
    await pruneCounters(this.db, now)
  }

  async close(): Promise<void> {}
}
