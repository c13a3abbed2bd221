import { AsyncLocalStorage } from 'node:async_hooks'
import type pg from 'pg'

/**
 * Two pools under one PostgreSQL handle: the rush's and everyone else's. An on-sale rush sends
 * each process hundreds of buying calls and bank callbacks together; on one pool their
 * statements filled its queue and every other page's statement waited behind all of them. A
 * request the rush classes mark (plugins/rush-pool.ts) takes its connections from the rush pool
 * (DB_POOL_MAX); everything else, pages, the console, the door and the background jobs, from the
 * other (DB_PAGE_POOL_MAX), which the rush never touches. Without a page pool (0) all share the
 * rush pool, as before. Measured (bench:load:cpu --pay --probes=2, three alternated pairs, page
 * pool 4 against 0): the listing's p99 during a 500-payment burst 506-624 ms against 1.8-2.7 s,
 * during the orders' 0.5-0.7 s against 0.6-1.3 s, during the holds' 0.4-0.7 s against 0.6-0.9 s;
 * holds a second 357-408 against 270-373; a payment's p50 2.3-2.7 s against 1.8-2.6 s (the
 * callbacks now queue with the buying calls). What is left of the listing's wait is the cores.
 */
const rush = new AsyncLocalStorage<true>()

/** Runs `fn`, and all the asynchronous work it starts, as the rush's: its statements use the rush pool. */
export function runAsRush(fn: () => void): void {
  rush.run(true, fn)
}

/** Whether the current asynchronous context is a rush request's. */
export function inRush(): boolean {
  return rush.getStore() === true
}

/** What PostgresDialect needs of a pool. */
export interface DialectPool {
  connect(): Promise<pg.PoolClient>
  end(): Promise<void>
}

/** The pool a statement takes its connection from: the rush's when asked by a rush request or when there is no page pool. */
export function sharedPools(rushPool: pg.Pool, pagePool: pg.Pool | null): DialectPool {
  if (pagePool === null) return rushPool
  return {
    connect: () => (inRush() ? rushPool : pagePool).connect(),
    end: async () => {
      await Promise.all([rushPool.end(), pagePool.end()])
    },
  }
}
