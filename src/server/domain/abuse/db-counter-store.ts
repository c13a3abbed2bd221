import type { Db } from '../../db/connect'
import type { CountedWindow, CounterHit, CounterStore, HitCount, HitsAndPeek } from '../../security/counter-store'
import { deleteCounters, giveBackCounter, hitAndPeekCounters, hitCounter, peekCounters, pruneCounters } from './counters.repository'

/** The shared per-address counters in the database (guard_counters; security/counter-store.ts). */
export class DbCounterStore implements CounterStore {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowMs: number, now: number): Promise<HitCount> {
    const { count, expiresAt } = await hitCounter(this.db, key, windowMs, now)
    return { count, resetInMs: expiresAt - now, windowEndsAt: expiresAt }
  }

  peek(keys: readonly string[], now: number): Promise<number[]> {
    return peekCounters(this.db, keys, now)
  }

  async hitAndPeek(hits: readonly CounterHit[], now: number, peekKeys: readonly string[]): Promise<HitsAndPeek> {
    const answer = await hitAndPeekCounters(this.db, hits, now, peekKeys)
    return {
      hits: answer.hits.map(({ count, expiresAt }) => ({ count, resetInMs: expiresAt - now, windowEndsAt: expiresAt })),
      peeked: answer.peeked,
    }
  }

  giveBack(key: string, window: CountedWindow): Promise<void> {
    return giveBackCounter(this.db, key, window.windowEndsAt)
  }

  reset(keys: string[]): Promise<void> {
    return deleteCounters(this.db, keys)
  }

  async prune(now: number): Promise<void> {
    await pruneCounters(this.db, now)
  }

  async close(): Promise<void> {}
}
