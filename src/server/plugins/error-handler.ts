import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { type ApiError } from '../../contract/errors'
import { isLang, type Lang } from '../../contract/lang'
import { ApiFailure } from '../errors'
import { langOf, messageText, REASONS, type MessageParams, type Reason } from '../messages'

/** Longest list of fields named in the text of an invalid request; the rest are counted. */
const MAX_ISSUES_IN_TEXT = 5

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the request asked for (its body's or query's `lang`), read before validation. */
    apiLang: Lang | null
  }
}

function langIn(value: unknown): Lang | null {
  if (typeof value !== 'object' || value === null || !('lang' in value)) return null
  const lang = (value as { lang: unknown }).lang
  return isLang(lang) ? lang : null
}

/** The language of a request's answers: its `lang` (body, then query), ru by default (001 §9). */
export function requestLang(request: Pick<FastifyRequest, 'apiLang' | 'query'>): Lang {
  return request.apiLang ?? langOf(langIn(request.query))
}

/**
 * One place that turns every failure into `{errorCode, errorText}`, the text in the request's
 * language from the message catalogue (server/messages), the details in the log:
 * - ApiFailure: its reason's code, status and text;
 * - request validation (zod): 400 -1002 naming the fields (the validator's words go to the log);
 * - other 4xx raised by Fastify (malformed JSON, wrong content type, body too large): -1002;
 * - rate limit: -9998;
 * - anything else: 500 -9999 with a generic text; the error goes to the log only.
 * The request's `lang` is read before validation (preValidation), so calls whose schema has no
 * `lang` (the cart, special offers) and refused bodies still answer in the visitor's language.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.decorateRequest('apiLang', null)
  app.addHook('preValidation', async (request) => {
    request.apiLang = langIn(request.body) ?? langIn(request.query)
  })

  app.setErrorHandler<FastifyError>((err, request, reply) => {
    const lang = requestLang(request)
    const answer = (reason: Reason, status: number, params: MessageParams = {}) => reply.code(status).send(body(REASONS[reason].code, messageText(reason, lang, params)))
    if (err instanceof ApiFailure) {
      request.log.info({ reason: err.reason, params: err.params, errorCode: err.errorCode }, `refused: ${err.message}`)
      return reply.code(err.status).send(body(err.errorCode, err.textIn(lang)))
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.')
        return { field: field || err.validationContext || 'body', message: String(v.message) }
      })
      request.log.info({ issues, where: err.validationContext }, 'invalid request')
      const fields = [...new Set(issues.map((i) => i.field))]
      const more = fields.length > MAX_ISSUES_IN_TEXT ? ` (+${fields.length - MAX_ISSUES_IN_TEXT})` : ''
      return answer('invalid-fields', 400, { fields: `${fields.slice(0, MAX_ISSUES_IN_TEXT).join(', ')}${more}` })
    }
    const status = err.statusCode ?? 500
    if (status === 429) return answer('too-many-requests', 429)
    if (status >= 400 && status < 500) {
      request.log.info({ err: err.message, code: err.code }, 'unreadable request')
      const malformed = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
      return answer(malformed ? 'malformed-json' : 'bad-request', status)
    }
    request.log.error({ err }, 'request failed')
    return answer('internal', 500)
  })
}

function body(errorCode: string, errorText: string): ApiError {
  return { errorCode, errorText }
}
