import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ISSUE } from '../../contract/admin/issues'
import { type ApiError } from '../../contract/errors'
import type { Lang } from '../../contract/lang'
import { ApiFailure } from '../errors'
import { langIn, requestLang } from '../request-lang'
import { messageText, REASONS, type MessageParams, type Reason } from '../messages'
import { isForeignKeyViolation } from '../db/constraint-errors'
import { sessionEnded } from '../domain/sessions/cached'
import { BUSY_RETRY_AFTER_S, failedService, knownFailure } from './known-failures'
import { loggedParams } from './request-log'
import { requestSessionId } from './session'

/** Longest list of fields named in the text of an invalid request; the rest are counted. */
const MAX_ISSUES_IN_TEXT = 5

/** The status of a refusal of the request as sent (a reason missing from HTTP_STATUS). */
const DEFAULT_REFUSAL_STATUS = 400
/** Bytes in the MB a too-large refusal names its call's limit in. */
const BYTES_PER_MB = 1024 * 1024

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The size rule of the file a call uploads (the drawing's MAX_DRAWING_BYTES, in its UTF-8
     * bytes): what its 413 "too large" names, whether the body was over the route's bodyLimit (the
     * transport's bound, padded above the rule for JSON escaping) or the file over the rule
     * (contract ISSUE.tooLarge). Without one, the bodyLimit is named.
     */
    uploadLimit?: number
  }
}

/**
 * The one table from a refusal's reason (its domain code, messages/reasons.ts) to the HTTP
 * status it answers with; a reason not listed is a refusal of the request as sent, 400.
 * Domain code never names a status.
 */
export const HTTP_STATUS: Partial<Record<Reason, number>> = {
  // The session, rate limits, failures of ours.
  'no-session': 403,
  'csrf-token': 403,
  'too-many-requests': 429,
  'too-large': 413,
  'too-many-orders': 429,
  'too-many-sessions': 429,
  'too-many-captchas': 429,
  'queue-required': 403,
  'too-many-queue-joins': 429,
  'too-many-streams': 429,
  internal: 500,
  // The database could not serve in time (lock, statement or pool timeout): try again.
  busy: 503,
  // Something named that is not there.
  'event-not-found': 404,
  'event-not-general': 404,
  'event-not-on-map': 404,
  'session-not-found': 404,
  'session-other-event': 404,
  'session-no-map': 404,
  'compiled-venue-not-found': 404,
  'order-not-found': 404,
  'ticket-not-found': 404,
  'service-not-found': 404,
  'return-link-invalid': 404,
  'return-ticket-unknown': 404,
  // The state of things refuses: sold out, taken, already done, not yet open.
  'sales-not-open': 409,
  'session-not-on-sale': 409,
  'subscription-empty': 409,
  'group-limit': 409,
  'row-sold-out': 409,
  'session-sold-out': 409,
  'places-taken': 409,
  'session-map-changed': 409,
  'best-none': 409,
  'accessible-none': 409,
  'seat-held-back': 409,
  'hold-nothing-held': 409,
  'hold-extensions-used': 409,
  'hold-sale-ends': 409,
  'hold-queue-waiting': 409,
  'order-paid': 409,
  'order-cancelled': 409,
  'order-session-cancelled': 409,
  'order-unconfirmed': 409,
  'order-expired': 409,
  'order-change-cancelled': 409,
  'order-change-expired': 409,
  'bonuses-short': 409,
  'nominal-confirmed': 409,
  'nominal-cancelled': 409,
  'nominal-expired': 409,
  'nominal-returned': 409,
  'return-link-used': 409,
  'return-not-allowed': 409,
  'return-at-desk': 409,
  'return-no-email': 409,
  'return-ticket-busy': 409,
  'return-deadline': 409,
  'return-ticket-used': 409,
  'return-link-refunded': 409,
  'return-some-busy': 409,
  'return-amount-changed': 409,
  'return-link-expired': 410,
  // Sign-in refused.
  'crm-refused': 401,
  'crm-unknown': 401,
  // Door check-in API.
  'door-off': 403,
  'door-token': 401,
  // The operator console (server/admin, messages/admin.ts).
  'admin-signed-out': 401,
  'admin-bad-credentials': 401,
  'admin-forbidden': 403,
  'admin-unknown-role': 403,
  'admin-not-found': 404,
  'admin-locked': 423,
  'admin-address-locked': 429,
  'admin-csrf': 403,
  'admin-email-taken': 409,
  'admin-slug-taken': 409,
  'admin-code-taken': 409,
  'admin-last-owner': 409,
  'admin-has-orders': 409,
  'admin-session-map-in-use': 409,
  'admin-seats-taken': 409,
  'admin-nothing-to-sell': 409,
  'admin-archived': 409,
  'admin-event-archived': 409,
  'admin-zone-in-drawing': 409,
  'admin-version-copying': 409,
  'admin-archived-choice': 409,
  'admin-event-has-sessions': 409,
  'admin-event-changed': 409,
  'admin-setup-changed': 409,
  'admin-setup-outdated-console': 409,
  'admin-price-held': 409,
  'admin-session-held': 409,
  'admin-session-sold-move': 409,
  'admin-session-sold-off': 409,
  'admin-session-sold-move-off': 409,
  'admin-session-cancel-unconfirmed': 409,
  'admin-session-cancelled': 409,
  'admin-session-cancelled-move': 409,
  'admin-capacity-below-sold': 409,
  'admin-price-below-sold': 409,
  'admin-session-slot-taken': 409,
  'admin-price-duplicate': 409,
  'admin-price-copy-full': 409,
  'admin-price-key-sold': 409,
  'admin-event-sold': 409,
  'door-exits-off': 409,
  'door-session-closed': 409,
  'door-nonce-reused': 409,
  'order-not-cancellable': 409,
  'order-no-tickets-mail': 409,
  'order-not-printable': 409,
  'order-mail-failed': 502,
  'boxoffice-order-cancelled': 409,
  'boxoffice-session-cancelled': 409,
  'reseat-not-sold': 409,
  'reseat-other-price': 409,
  'reseat-held-back': 409,
  'refund-not-paid': 409,
  // A service we depend on failed.
  'return-mail-failed': 502,
}

/** The HTTP status a refusal answers with (HTTP_STATUS). */
export function httpStatusOf(reason: Reason): number {
  return HTTP_STATUS[reason] ?? DEFAULT_REFUSAL_STATUS
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the request asked for (its query's, else its body's `lang`), read before validation. */
    apiLang: Lang | null
  }
}


/**
 * One place that turns every failure into `{errorCode, errorText}`, the text in the request's
 * language from the message catalogue (server/messages), the details in the log:
 * - ApiFailure: its reason's code and text, the status of HTTP_STATUS;
 * - request validation (zod): 400 -1002 naming the fields (the validator's words go to the log);
 * - a body over its call's size limit: 413 -1002 naming the limit in MB;
 * - other 4xx raised by Fastify (malformed JSON, wrong content type): -1002;
 * - rate limit: -9998;
 * - anything else: 500 -9999 with a generic text; the error goes to the log only.
 * The request's `lang` is read before validation (preValidation), so calls whose schema has no
 * `lang` (the cart, special offers) and refused bodies still answer in the visitor's language.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.decorateRequest('apiLang', null)
  app.addHook('preValidation', async (request) => {
    // The query's first: the console names its language there on every call, and a body's `lang`
    // may be the record's own (a new operator's language), whose refusal (a taken e-mail) was then
    // said in that language instead of the console's. The storefront's client sends it in the body only.
    request.apiLang = langIn(request.query) ?? langIn(request.body)
  })

  app.setErrorHandler<FastifyError>(async (err, request, reply) => {
    const lang = requestLang(request)
    const answer = (reason: Reason, status: number, params: MessageParams = {}) => reply.code(status).send(body(REASONS[reason], messageText(reason, lang, params)))
    // An error that stands for a busy database or unusable input (known-failures.ts), or a
    // session another process ended within this one's session cache (sessions/cached.ts).
    const failure = err instanceof ApiFailure ? err : ((await endedSessionFailure(app, request, err)) ?? knownFailure(err))
    if (failure) {
      if (!(err instanceof ApiFailure)) request.log.warn({ err }, `${failedService(err)}: ${failure.reason}`)
      request.log.info({ reason: failure.reason, params: loggedParams(failure.params), errorCode: failure.errorCode }, `refused: ${failure.message}`)
      // The order guard's refusal says when to come back (seconds); a busy server, a little later.
      if (failure.reason === 'too-many-orders' && failure.params.wait !== undefined) reply.header('retry-after', String(failure.params.wait))
      if (failure.reason === 'busy' && !reply.hasHeader('retry-after')) reply.header('retry-after', String(BUSY_RETRY_AFTER_S))
      return reply.code(httpStatusOf(failure.reason)).send({ ...failure.details, ...body(failure.errorCode, failure.textIn(lang)) })
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.')
        return { field: field || err.validationContext || 'body', message: String(v.message) }
      })
      request.log.info({ issues, where: err.validationContext }, 'invalid request')
      // An upload over its size rule is too large, however it was sent, not an invalid field.
      if (issues.some((i) => i.message === ISSUE.tooLarge)) return answer('too-large', 413, { max: limitInMb(request) })
      const fields = [...new Set(issues.map((i) => i.field))]
      const more = fields.length > MAX_ISSUES_IN_TEXT ? ` (+${fields.length - MAX_ISSUES_IN_TEXT})` : ''
      return answer('invalid-fields', 400, { fields: `${fields.slice(0, MAX_ISSUES_IN_TEXT).join(', ')}${more}` })
    }
    const status = err.statusCode ?? 500
    if (status === 429) return answer('too-many-requests', 429)
    // A body over its call's limit (a drawing far over 48 MB): say so and how much fits, not
    // "reload and try again", which would fail the same way.
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return answer('too-large', 413, { max: limitInMb(request) })
    if (status >= 400 && status < 500) {
      request.log.info({ err: err.message, code: err.code }, 'unreadable request')
      const malformed = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
      return answer(malformed ? 'malformed-json' : 'bad-request', status)
    }
    request.log.error({ err }, 'request failed')
    return answer('internal', 500)
  })
}

/** The limit a too-large refusal names, in whole MB: the call's upload rule, else its body limit. */
function limitInMb(request: FastifyRequest): number {
  return Math.floor((request.routeOptions.config?.uploadLimit ?? request.routeOptions.bodyLimit) / BYTES_PER_MB)
}

/**
 * "No session" for a write that failed a foreign key while the request's session, read from
 * this process's memory, had in fact ended (moved by a sign-in or sign-out in another process
 * under a second ago): the visitor's client repeats the call once with his new cookie, where
 * "bad request" would have shown him an error. Costs one read, on foreign-key failures only.
 */
async function endedSessionFailure(app: FastifyInstance, request: FastifyRequest, err: unknown): Promise<ApiFailure | null> {
  const id = requestSessionId(request)
  if (!id || !isForeignKeyViolation(err)) return null
  try {
    return (await sessionEnded(app.db, id, Date.now())) ? new ApiFailure('no-session') : null
  } catch {
    // The database cannot say now: the error is answered as it stands.
    return null
  }
}

function body(errorCode: string, errorText: string): ApiError {
  return { errorCode, errorText }
}
