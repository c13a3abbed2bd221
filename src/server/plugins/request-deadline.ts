import type { FastifyInstance } from 'fastify'
import { SEAT_EVENTS_PATH } from '../../contract/entities/scheme'
import { messageText, REASONS } from '../messages'
import { BUSY_RETRY_AFTER_S } from './known-failures'
import { httpStatusOf, requestLang } from './error-handler'

/**
 * Every request has a server-side deadline (REQUEST_DEADLINE_MS): a request still unanswered
 * then gets 503 `busy` with Retry-After, so no visitor waits on a hang whatever is stuck behind
 * it (a pool with no free connection, a slow disk). The database work itself is bounded by the
 * PostgreSQL session timeouts (db/connect.ts), which are shorter, so it normally answers first
 * with its own error; this is the last bound. The live seat stream is long-lived by design and
 * is exempt (it is hijacked before the deadline and counted per address instead).
 */
export function registerRequestDeadline(app: FastifyInstance): void {
  const deadlineMs = app.config.requestDeadlineMs
  const timers = new WeakMap<object, NodeJS.Timeout>()
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(SEAT_EVENTS_PATH)) return
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return
      request.log.warn({ deadlineMs, url: request.url }, 'request deadline passed: answered busy')
      void reply
        .code(httpStatusOf('busy'))
        .header('retry-after', String(BUSY_RETRY_AFTER_S))
        .send({ errorCode: REASONS.busy, errorText: messageText('busy', requestLang(request)) })
    }, deadlineMs)
    timer.unref()
    timers.set(request, timer)
  })
  const clear = async (request: object) => clearTimeout(timers.get(request))
  app.addHook('onResponse', clear)
  app.addHook('onRequestAbort', clear)
}
