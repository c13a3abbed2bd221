import type { FastifyInstance, FastifyRequest } from 'fastify'
import { SEAT_EVENTS_PATH } from '../../contract/entities/scheme'
import { clockGate, RequestCommitGate, type CommitGate } from '../domain/orders/commit-gate'
import { messageText, REASONS } from '../messages'
import { BUSY_RETRY_AFTER_S } from './known-failures'
import { loggedUrl } from './request-log'
import { httpStatusOf } from './error-handler'
import { requestLang } from '../request-lang'

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request's commit gate (domain/orders/commit-gate.ts), the one way a route or the console
     * reaches it: every write of a request commits through it (inGatedTransaction), so it commits
     * only while the request has not been answered busy, and the deadline does not answer busy
     * while one commits. A request with no deadline (the live seat stream) gets the clock's gate,
     * as a job does: never null, so no caller has a case of its own.
     */
    readonly commitGate: CommitGate
  }
  interface FastifyContextConfig {
    /**
     * The route's own deadline, for a call that may legitimately run long (the console's drawing
     * import and studio save: contract/admin/calls.ts LONG_CONSOLE_CALL_DEADLINE_MS); the longer of
     * it and REQUEST_DEADLINE_MS applies. Its writes still commit through the request's gate.
     */
    deadlineMs?: number
  }
}

/** Each request's deadline timer. */
const deadlines = new WeakMap<object, NodeJS.Timeout>()
/** Each request's gate, read by the `commitGate` getter. */
const gates = new WeakMap<object, CommitGate>()

/**
 * Every request has a server-side deadline (REQUEST_DEADLINE_MS): a request still unanswered
 * then gets 503 `busy` with Retry-After, so no visitor waits on a hang whatever is stuck behind
 * it (a pool with no free connection, a slow disk). The database work itself is bounded by the
 * PostgreSQL session timeouts (db/connect.ts), which are shorter, so it normally answers first
 * with its own error; this is the last bound. The live seat stream is long-lived by design and
 * is exempt (it is hijacked before the deadline and counted per address instead); a route may set
 * a longer deadline of its own (config.deadlineMs: the console's drawing import and studio save).
 *
 * The handler is not stopped by the busy answer, so "busy" stays true ("nothing changed") through
 * the request's commit gate: its claims roll back once the deadline has answered, and while a
 * claim's commit is in flight the deadline stands aside and the claim's own answer goes out
 * (domain/orders/commit-gate.ts says why this and not a longer deadline).
 */
export function registerRequestDeadline(app: FastifyInstance): void {
  const serverDeadlineMs = app.config.requestDeadlineMs
  app.decorateRequest('commitGate', {
    getter(this: FastifyRequest): CommitGate {
      return gates.get(this) ?? clockGate(Date.now())
    },
  })
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(SEAT_EVENTS_PATH)) return
    const deadlineMs = Math.max(serverDeadlineMs, request.routeOptions.config?.deadlineMs ?? 0)
    const gate = new RequestCommitGate(Date.now() + deadlineMs)
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return
      if (!gate.expire()) {
        request.log.warn({ deadlineMs, url: loggedUrl(request) }, 'request deadline passed while a claim committed: its own answer goes out')
        return
      }
      request.log.warn({ deadlineMs, url: loggedUrl(request) }, 'request deadline passed: answered busy')
      void reply
        .code(httpStatusOf('busy'))
        .header('retry-after', String(BUSY_RETRY_AFTER_S))
        .send({ errorCode: REASONS.busy, errorText: messageText('busy', requestLang(request)) })
    }, deadlineMs)
    timer.unref()
    deadlines.set(request, timer)
    gates.set(request, gate)
  })
  const clear = async (request: object) => clearTimeout(deadlines.get(request))
  app.addHook('onResponse', clear)
  app.addHook('onRequestAbort', clear)
}
