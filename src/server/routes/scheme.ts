import type { FastifyInstance } from 'fastify'
import { ErrorCode } from '../../contract/errors'
import { placeGuardedOrder } from '../domain/abuse/guarded-order'
import { listCartOf, updateCart } from '../domain/cart/service'
import { schemeMapAnswer } from '../domain/scheme/map'
import { schemeMapCompiledAnswer, seatStatusBytes } from '../domain/scheme/compiled-map'
import { compiledVenueByHash } from '../venues/compiled'
import { createSchemeOrder } from '../domain/scheme/order'
import { holdBestSeats } from '../domain/cart/best'
import { extendCartHold } from '../domain/cart/hold-extension'
import { buildSchemeHeader, sharedSchemeSessions } from '../domain/scheme/views'
import { ApiFailure } from '../errors'
import { startTicketMail } from '../mail/templates/sendOrderPaid'
import { settleSession } from '../plugins/session'
import { limitAddressOf } from '../security/address-key'
import type { CallHandlers } from './registry'

/** Cache-Control of a compiled venue: its URL names its content, so it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Whether an If-None-Match header names `etag` (a list, weak validators, or *). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((t) => {
    const tag = t.trim()
    return tag === '*' || tag === etag || tag === `W/${etag}`
  })
}

type SchemeHandlers = Required<Pick<CallHandlers, 'scheme' | 'schemeSessions' | 'schemeMap' | 'schemeMapCompiled' | 'compiledVenue' | 'schemeMapStatuses' | 'cartList' | 'cartUpdate' | 'cartExtend' | 'cartBest' | 'orderCreateScheme'>>

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
    // The page's reads (plugins/page-pool.ts) go through the handle they are given.
    scheme: async ({ input, db: page }) => buildSchemeHeader(page, input.hash),

    schemeSessions: async ({ input, db: page }) => sharedSchemeSessions(page, input.hash),

    // Sent as built (map.ts): the 60,000-seat answer is joined from cached JSON, not serialized
    // again, and gzipped once per change of the session for every client that accepts gzip.
    schemeMap: async ({ input, request, reply, db: page }) => {
      const answer = await schemeMapAnswer(page, input.hash, input.calendar_id)
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding').header('cache-control', 'no-store')
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        return reply.header('content-encoding', 'gzip').send(await answer.gzip()) as never
      }
      return reply.send(answer.json) as never
    },

    schemeMapCompiled: async ({ input, reply, db: page }) => {
      reply.header('cache-control', 'no-store')
      return schemeMapCompiledAnswer(page, input.hash, input.calendar_id)
    },

    // The drawing in compiled form never changes under its hash: cached for a year, revalidated
    // by ETag, sent in the compressed form made at import (brotli, else gzip).
    compiledVenue: async ({ params, request, reply, db: page }) => {
      const venue = await compiledVenueByHash(page, params.hash)
      if (!venue) throw new ApiFailure('compiled-venue-not-found', { hash: params.hash })
      const etag = `"${venue.hash}"`
      reply.header('etag', etag).header('cache-control', IMMUTABLE).header('vary', 'accept-encoding').type('application/octet-stream')
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send() as never
      const accepts = String(request.headers['accept-encoding'] ?? '')
      if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(venue.brotli) as never
      if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(venue.gzip) as never
      return reply.send(venue.raw) as never
    },

    schemeMapStatuses: async ({ input, request, reply, db: page }) => {
      const statuses = await seatStatusBytes(page, input.hash, input.calendar_id)
      reply.type('application/octet-stream').header('cache-control', 'no-store').header('vary', 'accept-encoding')
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(await statuses.gzip()) as never
      return reply.send(statuses.bytes) as never
    },

    cartList: async ({ input, request, db: page }) => listCartOf(page, sessionOf(request), input.calendar_id, Date.now(), input.USE_PUSHKIN_CARD),

    cartUpdate: async ({ input, request }) => {
      try {
        // Buying by subscription needs the signed-in client: the session is read first then.
        if (request.uncheckedSession && input.subscritId !== undefined) await settleSession(app, request)
        const unchecked = request.uncheckedSession
        return await updateCart(db, input, {
          sessionId: unchecked?.id ?? sessionOf(request),
          now: Date.now(),
          holdSeconds: app.config.cartHoldSeconds,
          crmClientId: request.session?.crm_client_id ?? null,
          unchecked: unchecked ? { csrfToken: unchecked.csrfToken, settle: async () => void (await settleSession(app, request)) } : undefined,
          gate: request.commitGate,
        })
      } finally {
        feed.changed()
      }
    },

    cartExtend: async ({ input, request }) => {
      try {
        return await extendCartHold(db, input.calendar_id, {
          sessionId: sessionOf(request),
          now: Date.now(),
          holdSeconds: app.config.cartHoldSeconds,
          maxExtensions: app.config.cartHoldExtensions,
          gate: request.commitGate,
        }, input.USE_PUSHKIN_CARD)
      } finally {
        feed.poke()
      }
    },

    cartBest: async ({ input, request }) => {
      try {
        return await holdBestSeats(db, input, {
          sessionId: sessionOf(request),
          now: Date.now(),
          holdSeconds: app.config.cartHoldSeconds,
          crmClientId: request.session?.crm_client_id ?? null,
          gate: request.commitGate,
        })
      } finally {
        feed.changed()
      }
    },

    orderCreateScheme: async ({ input, request }) => {
      const placed = await placeGuardedOrder(db, app.orderGuard, limitAddressOf(request), input, (now) =>
        createSchemeOrder(db, input, {
          now,
          reserveSeconds: app.config.orderReserveSeconds,
          sessionId: sessionOf(request),
          crmClientId: request.session?.crm_client_id ?? null,
          gate: request.commitGate,
          checkEmail: app.emailCheck,
        }),
      )
      feed.changed()
      // A free order is paid at once, its tickets e-mail queued with it: its first attempt is now.
      if (placed.ticketMail) startTicketMail(db, app.config, app.log, placed.ticketMail)
      return { errorCode: ErrorCode.OK, errorText: '', hash: placed.hash }
    },
  }
}
