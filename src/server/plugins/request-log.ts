import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import type { RequestLogMode } from '../config'

/** Under REQUEST_LOG=errors a request this slow is still logged (at warn): a stall shows in the log. */
export const SLOW_REQUEST_MS = 1000
/** Answers of this status and above are always logged (at error): what an operator must see. */
const SERVER_ERROR_STATUS = 500

/** What a secret in a logged URL becomes. */
export const REDACTED = '[redacted]'
/**
 * Route parameters that are secrets (a route's pattern, request.routeOptions.url): an order's,
 * ticket's or return's hash is all it takes to open the order, download the ticket or ask for a
 * refund (`/api/order/return/:hash`, `/api/ticket/:hash`).
 */
const SECRET_PARAM = /hash|token|secret/i
/**
 * Storefront pages served by the web client's fallback (plugins/client.ts: no route pattern of
 * their own) whose path carries an order's or ticket's hash: src/app/routes.tsx `order/:hash`,
 * `order/return/:hash`, `order/declined/:hash`, `nominal-tickets/:hash`, `ticket/:hash`. The
 * captured prefix is kept, the hash segment is redacted. `event/:hash` and `scheme/:hash` name a
 * public event and stay.
 */
const SECRET_PAGE_PATH = /^(\/(?:order\/return|order\/declined|order|nominal-tickets|ticket)\/)[^/?#]+/

/**
 * The request's URL as it may be logged: every query value redacted (names kept, `?crm=[redacted]`:
 * a CRM sign-in token, a return's hash_conf, a bank's signature are all query values) and the
 * path segments that are secrets (above) redacted. Logs are read by more people, and kept longer,
 * than the tokens are meant to be.
 */
export function loggedUrl(request: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string } }): string {
  const url = request.url
  const q = url.indexOf('?')
  const pathPart = q === -1 ? url : url.slice(0, q)
  const query = q === -1 ? '' : `?${url.slice(q + 1).split('&').map((pair) => (pair.includes('=') ? `${pair.slice(0, pair.indexOf('='))}=${REDACTED}` : pair)).join('&')}`
  return redactPath(pathPart, request.routeOptions?.url) + query
}

/**
 * A refusal's parameters as they may be logged (plugins/error-handler.ts): a hash or token among
 * them (`order-not-found` names the order's hash) redacted, as in a logged URL.
 */
export function loggedParams<T extends Record<string, unknown>>(params: T): T {
  const out: Record<string, unknown> = { ...params }
  for (const key of Object.keys(out)) if (SECRET_PARAM.test(key)) out[key] = REDACTED
  return out as T
}

function redactPath(pathPart: string, pattern: string | undefined): string {
  if (pattern === undefined || pattern === '' || pattern.includes('*')) return pathPart.replace(SECRET_PAGE_PATH, `$1${REDACTED}`)
  const shape = pattern.split('/')
  const parts = pathPart.split('/')
  if (shape.length !== parts.length) return pathPart
  return parts.map((part, i) => (shape[i].startsWith(':') && SECRET_PARAM.test(shape[i]) ? REDACTED : part)).join('/')
}

/**
 * Which answered requests get a log line (REQUEST_LOG, config.ts). Fastify's default writes two
 * lines a request ("incoming request" and "request completed"), each a synchronous write to
 * stdout plus pino's serializing: measured with `npm run bench:load:cpu` as the largest single
 * item of a small request's server CPU (docs/benchmark-log.md, "On-sale rush"). Here:
 * - `all` (development default): one line a request, when it is answered (method, URL, status, ms);
 * - `errors` (production default): only answers of status 500 and above and requests slower than
 *   SLOW_REQUEST_MS; the reverse proxy's access log is the record of every request;
 * - `off`: no request lines (errors a handler logs itself, e.g. 'request failed', still are).
 * Other Fastify lines (stream errors, serializer failures) are kept as Fastify writes them; a
 * 404 line only under `all`. Every URL is logged as loggedUrl writes it (secrets redacted).
 */
export class RequestLogController extends LogController {
  constructor(private readonly mode: RequestLogMode) {
    super()
  }

  override incomingRequest(): void {
    // The completion line carries method and URL: one write a request instead of two.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode
    const ms = Math.round(reply.elapsedTime * 10) / 10
    const line = { method: request.method, url: loggedUrl(request), statusCode: status, responseTime: ms }
    if (error || status >= SERVER_ERROR_STATUS) {
      if (this.mode !== 'off' || error) reply.log.error({ ...line, err: error ?? undefined }, 'request completed')
      return
    }
    if (this.mode === 'all') reply.log.info(line, 'request completed')
    else if (this.mode === 'errors' && ms >= SLOW_REQUEST_MS) reply.log.warn(line, 'slow request completed')
  }

  override routeNotFound(request: FastifyRequest, reply: FastifyReply): void {
    // Fastify's own line carries the raw URL.
    if (this.mode === 'all') reply.log.info({ method: request.method, url: loggedUrl(request) }, 'route not found')
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    // Fastify's own line serializes the request (its raw URL); this one the redacted URL.
    const line = { method: request.method, url: loggedUrl(request), statusCode: reply.statusCode, err: error }
    if (reply.statusCode >= SERVER_ERROR_STATUS) reply.log.error(line, error?.message)
    else reply.log.info(line, error?.message)
  }
}
