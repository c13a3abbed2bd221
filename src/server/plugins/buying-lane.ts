import type { FastifyInstance, FastifyRequest } from 'fastify'
import { BUYING_PATHS, calls } from '../../contract/calls'
import { poolSlots } from '../db/fifo-slots'
import { ApiFailure } from '../errors'
import { attachSession } from './session'

/**
 * Buying calls under way at once per pooled connection of the process. In an on-sale rush
 * hundreds of the shop's buying calls (the contract's BUYING_CALLS: cart, best seats, both
 * orders; and the payment's start, LANE_PATHS below) reach each process together, and each
 * reads its session before its claim: unbounded, those reads filled the pool's queue and every
 * other page's statements waited behind them. On
 * the rush benchmark's 4 processes (1,000 buyers, DB_POOL_MAX 10) the listing's connection waits
 * took 100-250 ms each. With the lane, a buying call waits in memory, without a connection, and
 * the pool's queue never holds more than about two pools' worth of them. Why two: a call holds
 * its place between its statements too, while its connection is back in the pool; with one a
 * connection the pool idled in a rush (holds a second ~7% lower, orders ~9% in alternated runs),
 * with two the rate matched no lane while an unrelated page's p99 during the orders' burst fell
 * from 0.6-1.6 s to 0.19-0.73 s. The claims themselves, which may wait on locks, keep their
 * smaller per-session share (domain/orders/claim-slots.ts), so a stuck claim never holds the pool.
 */
export const BUYING_CALLS_PER_CONNECTION = 2

/**
 * The calls in the lane, by the route the server matches: the buying calls and the payment's
 * start, which comes in the same bursts (every order of a rush is paid a moment later) but is not
 * a buying call the waiting room guards (a visitor with an order may always pay it). With it in
 * the lane, an unrelated page's p99 during a 500-payment burst fell from 1.7-2.6 s to 0.9-1.2 s
 * and a payment's p99 (its start and the sandbox bank's approval) from 3.3-4.3 s to 1.7-2.6 s (two
 * alternated runs each, the same payment rate).
 */
export const LANE_PATHS: ReadonlySet<string> = new Set([...BUYING_PATHS, calls.paymentStart.path])

/**
 * The lane's calls whose handler checks the session in its own claim when this process has not
 * read it lately (session.ts attachSession `checkLater`): the seat hold, the rush's commonest
 * call (domain/cart/service.ts, seatwise_hold_cart_seats' p_csrf).
 */
const CHECKED_IN_CLAIM: ReadonlySet<string> = new Set([calls.cartUpdate.path])

/** Whether `request` goes through the lane. */
const inLane = (request: FastifyRequest) => request.method === 'POST' && LANE_PATHS.has(request.routeOptions.url ?? '')

/**
 * The lane of the shop's buying calls, on PostgreSQL (SQLite runs one writer and has no pool).
 * Answers the predicate registerSessions defers by: those calls read their session here, once
 * they hold the lane. The lane is taken once the body is in (preValidation), so a client that
 * sends its body slowly never holds it, and given back as the answer goes out or the client goes.
 */
export function registerBuyingLane(app: FastifyInstance): (request: FastifyRequest) => boolean {
  const lane = poolSlots(app.db, BUYING_CALLS_PER_CONNECTION)
  if (!lane) return () => false
  const holders = new WeakSet<FastifyRequest>()
  const gone = new WeakSet<FastifyRequest>()
  const giveBack = async (request: FastifyRequest) => {
    if (holders.delete(request)) lane.give()
  }
  app.addHook('preValidation', async (request, reply) => {
    if (!inLane(request)) return
    // Past the longest wait (BUYING_LANE_WAIT_MS, config.ts): 503 'busy' with Retry-After.
    await lane.take(Date.now() + app.config.buyingLaneWaitMs)
    holders.add(request)
    // Answered meanwhile (the request's deadline) or gone: the hooks that give back have run.
    if (reply.sent || gone.has(request)) {
      await giveBack(request)
      if (reply.sent) return reply
      throw new ApiFailure('busy')
    }
    return attachSession(app, request, reply, CHECKED_IN_CLAIM.has(request.routeOptions.url ?? ''))
  })
  // Given back as the answer starts out (its database work is over), not once it is written.
  app.addHook('onSend', async (request, _reply, payload) => {
    await giveBack(request)
    return payload
  })
  app.addHook('onResponse', giveBack)
  app.addHook('onRequestAbort', async (request) => {
    gone.add(request)
    await giveBack(request)
  })
  return inLane
}
