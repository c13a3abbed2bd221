import type { FastifyInstance } from 'fastify'
import { ErrorCode } from '../../contract/errors'
import { placeGuardedOrder } from '../domain/abuse/guarded-order'
import { listCartOf, updateCart } from '../domain/cart/service'
import { schemeMapAnswer } from '../domain/scheme/map'
import { createSchemeOrder } from '../domain/scheme/order'
import { holdBestSeats } from '../domain/cart/best'
import { buildSchemeHeader, buildSchemeSessions } from '../domain/scheme/views'
import { ApiFailure } from '../errors'
import { queueOrderPaidMail } from '../mail/templates/sendOrderPaid'
import type { CallHandlers } from './registry'

type SchemeHandlers = Required<Pick<CallHandlers, 'scheme' | 'schemeSessions' | 'schemeMap' | 'cartList' | 'cartUpdate' | 'cartBest' | 'orderCreateScheme'>>

/**
 * Seat-map booking: the scheme-view header, sessions and map, the cart that holds seats while
 * the visitor chooses, and the seat-map order. Every call that changes holds pokes the live
 * feed after its commit, so open maps of this process hear of it at once (other processes hear
 * through PostgreSQL NOTIFY). The order call has the same per-address guard and captcha as
 * /api/order/create.
 */
export function buildSchemeHandlers(app: FastifyInstance): SchemeHandlers {
  const { db } = app
  const feed = app.liveFeed
  const sessionOf = (request: { session: { id: string } | null }) => {
    // POST calls passed the CSRF check, which needs a session.
    if (!request.session) throw new ApiFailure('no-session')
    return request.session.id
  }

  return {
    scheme: async ({ input }) => buildSchemeHeader(db, input.hash),

    schemeSessions: async ({ input }) => buildSchemeSessions(db, input.hash),

    // Sent as built (map.ts): the 60,000-seat answer is joined from cached JSON, not serialized
    // again, and gzipped once per change of the session for every client that accepts gzip.
    schemeMap: async ({ input, request, reply }) => {
      const answer = await schemeMapAnswer(db, input.hash, input.calendar_id)
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding').header('cache-control', 'no-store')
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        return reply.header('content-encoding', 'gzip').send(await answer.gzip()) as never
      }
      return reply.send(answer.json) as never
    },

    cartList: async ({ input, request }) => listCartOf(db, sessionOf(request), input.calendar_id, Date.now()),

    cartUpdate: async ({ input, request }) => {
      try {
        return await updateCart(db, input, {
          sessionId: sessionOf(request),
          now: Date.now(),
          holdSeconds: app.config.cartHoldSeconds,
          crmClientId: request.session?.crm_client_id ?? null,
        })
      } finally {
        feed.changed()
      }
    },

    cartBest: async ({ input, request }) => {
      try {
        return await holdBestSeats(db, input, {
          sessionId: sessionOf(request),
          now: Date.now(),
          holdSeconds: app.config.cartHoldSeconds,
          crmClientId: request.session?.crm_client_id ?? null,
        })
      } finally {
        feed.changed()
      }
    },

    orderCreateScheme: async ({ input, request }) => {
      const hash = await placeGuardedOrder(db, app.orderGuard, request.ip, input, (now) =>
        createSchemeOrder(db, input, {
          now,
          reserveSeconds: app.config.orderReserveSeconds,
          sessionId: sessionOf(request),
          crmClientId: request.session?.crm_client_id ?? null,
        }),
      )
      feed.changed()
      // A free order is paid at once: its tickets are e-mailed now (nothing is sent otherwise).
      queueOrderPaidMail(db, app.config, app.log, hash)
      return { errorCode: ErrorCode.OK, errorText: '', hash }
    },
  }
}
