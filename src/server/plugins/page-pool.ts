import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { CallName } from '../../contract/calls'
import { READ_CALLS } from '../../contract/read-calls'
import type { Db } from '../db/connect'

/**
 * The calls whose database work goes through the page handle (`app.pageDb`, db/connect.ts
 * pageDbOf) are the contract's read calls (contract/read-calls.ts). Each sends a few
 * one-millisecond statements and never holds a transaction open, so on a pool of their own
 * (DB_PAGE_POOL_MAX) they never queue behind an on-sale rush's buying calls and bank callbacks,
 * which keep the main pool (DB_POOL_MAX) busy with transactions.
 *
 * Why per call and not per request context: choosing the pool from an AsyncLocalStorage store made
 * every await of every request about 2.5× slower on Node 20, and behind the waiting room a hold's
 * p50 went from 39-511 ms to 213-2,709 ms (docs/benchmark-log.md, session 26); a handle chosen where the call is
 * registered costs nothing at run time.
 */

/** Whether call `name` is a page call (its route's `pageCall` config; routes/registry.ts). */
export function isPageCall(name: CallName): boolean {
  return READ_CALLS.has(name)
}

/** The handle of a page call or of any other request. */
export function handleFor(app: FastifyInstance, pageCall: boolean): Db {
  return pageCall ? app.pageDb : app.db
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is a page call (isPageCall): its session is read through the page handle too. */
    pageCall?: boolean
  }
}

/** The handle a request's own reads and writes outside its handler (its session) go through. */
export function requestDb(app: FastifyInstance, request: FastifyRequest): Db {
  return handleFor(app, request.routeOptions.config?.pageCall === true)
}
