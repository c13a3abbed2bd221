import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ErrorCode, type ApiError } from '../../contract/errors'
import { ApiFailure } from '../errors'

/** Longest list of validation problems repeated in errorText; the rest are counted. */
const MAX_ISSUES_IN_TEXT = 5

/**
 * One place that turns every failure into `{errorCode, errorText}`:
 * - ApiFailure: its own code, text and status;
 * - request validation (zod): 400 -1002 naming each bad field;
 * - other 4xx raised by Fastify (malformed JSON, wrong content type, body too large): -1002
 *   with Fastify's message (they describe the client's mistake, never our internals);
 * - rate limit: -9998;
 * - anything else: 500 -9999 with a generic text; the details go to the log only.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((err, request, reply) => {
    if (err instanceof ApiFailure) {
      return reply.code(err.status).send(body(err.errorCode, err.errorText))
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'request'
      const issues = err.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.')
        return field ? `${field}: ${v.message}` : String(v.message)
      })
      const shown = issues.slice(0, MAX_ISSUES_IN_TEXT).join('; ')
      const more = issues.length > MAX_ISSUES_IN_TEXT ? ` (and ${issues.length - MAX_ISSUES_IN_TEXT} more)` : ''
      return reply.code(400).send(body(ErrorCode.BAD_REQUEST, `Invalid ${where}: ${shown}${more}`))
    }
    const status = err.statusCode ?? 500
    if (status === 429) {
      return reply.code(429).send(body(ErrorCode.LIMIT, 'Too many requests, try again in a minute'))
    }
    if (status >= 400 && status < 500) {
      const text = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
        ? `Malformed JSON body: ${err.message}`
        : err.message
      return reply.code(status).send(body(ErrorCode.BAD_REQUEST, text))
    }
    request.log.error({ err }, 'request failed')
    return reply.code(500).send(body(ErrorCode.INTERNAL, 'Internal error, please try again later'))
  })
}

function body(errorCode: string, errorText: string): ApiError {
  return { errorCode, errorText }
}
