import type { Db } from '../db/connect'
import { poolSlots } from '../db/fifo-slots'

/**
 * Bank notifications settled at once per pooled connection of the process. A payments' burst
 * brings a callback for every order of a rush a moment later, and each settles in a transaction
 * of about ten statements; unbounded, hundreds of them filled the pool's queue and every other
 * page's statements waited behind them. Bounded, they wait here in memory, in order, and the
 * pool's queue holds at most this many of them besides the buying lane's (plugins/buying-lane.ts).
 * Measured (bench:load:cpu --pay --probes=2, two alternated pairs against the parent): the
 * listing's p99 during the 500-payment burst 1.42 and 1.59 s against 2.45 and 3.22 s; a payment's
 * p50 3.0 and 3.8 s against 2.2 and 2.5 s (first come, first served instead of all at once), its
 * p99 3.8 and 4.8 s against 4.2 and 4.8 s, the same rate.
 */
export const SETTLEMENTS_PER_CONNECTION = 1

/**
 * The lane of a process's settlements, on PostgreSQL (SQLite runs one writer and has no pool):
 * runs `work` once a place is free, waiting at most `waitMs` (then 'busy', 503 with Retry-After,
 * which a bank answers by sending its callback again).
 */
export function settleLane(db: Db, waitMs: number): <T>(work: () => Promise<T>) => Promise<T> {
  const slots = poolSlots(db, SETTLEMENTS_PER_CONNECTION)
  if (!slots) return (work) => work()
  return async (work) => {
    await slots.take(Date.now() + waitMs)
    try {
      return await work()
    } finally {
      slots.give()
    }
  }
}
