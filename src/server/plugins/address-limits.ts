import type { FastifyInstance } from 'fastify'
import { calls } from '../../contract/calls'
import { SEAT_EVENTS_PATH } from '../../contract/entities/scheme'
import { ApiFailure } from '../errors'
import { CAPTCHA_WINDOW_MS, CAPTCHAS_PER_ADDRESS_PER_WINDOW, OpenCounter, SESSION_WINDOW_MS } from '../security/address-limits'
import { retryAfterSeconds } from '../security/counter-store'
import { limitAddressOf } from '../security/address-key'

/** Seconds a refused stream is told to wait before trying again. */
const STREAM_RETRY_AFTER_S = 30
const TOKEN_PATH = '/api/token'
const CAPTCHA_PATH = calls.captcha.path

/**
 * Per-address bounds on what costs the server without an order: new sessions (GET /api/token
 * without a session: a row each; counted in the cluster's shared store, so N processes allow
 * exactly the limit), new captchas (GET /api/captcha, with or without a session: a row each, and
 * the client asks for one only when shown the captcha; the same shared store) and open live seat streams (a connection and a subscription each; counted
 * per process, security/address-limits.ts). The address is the request's limit address
 * (security/address-key.ts): request.ip, the socket's or the right-most untrusted X-Forwarded-For
 * hop when TRUST_PROXY lists the proxies (security/trust-proxy.ts), an IPv6 one by its /64.
 * Refusals are 429 with Retry-After, translated (too-many-sessions, too-many-captchas,
 * too-many-streams).
 */
export function registerAddressLimits(app: FastifyInstance): void {
  const sessionLimit = app.config.sessionsPerAddressPerMinute
  const streams = new OpenCounter(app.config.streamsPerAddress)

  app.addHook('preHandler', async (request, reply) => {
    const route = request.routeOptions.url
    if (route === TOKEN_PATH && request.session === null) {
      const { count, resetInMs } = await app.counters.hit(`sessions:${limitAddressOf(request)}`, SESSION_WINDOW_MS, Date.now())
      if (count > sessionLimit) {
        reply.header('retry-after', String(retryAfterSeconds(resetInMs)))
        throw new ApiFailure('too-many-sessions')
      }
    } else if (route === CAPTCHA_PATH) {
      const { count, resetInMs } = await app.counters.hit(`captcha-pictures:${limitAddressOf(request)}`, CAPTCHA_WINDOW_MS, Date.now())
      if (count > CAPTCHAS_PER_ADDRESS_PER_WINDOW) {
        reply.header('retry-after', String(retryAfterSeconds(resetInMs)))
        throw new ApiFailure('too-many-captchas')
      }
    } else if (route === SEAT_EVENTS_PATH) {
      const address = limitAddressOf(request)
      if (!streams.acquire(address)) {
        reply.header('retry-after', String(STREAM_RETRY_AFTER_S))
        throw new ApiFailure('too-many-streams')
      }
      reply.raw.once('close', () => streams.release(address))
    }
  })
}
