import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import { callList } from '../../contract/calls'
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
 * `order/return/:hash`, `order/declined/:hash`, `nominal-tickets/:hash`, `ticket/:hash`; the
 * segment after the prefix is the secret. `event/:hash` and `scheme/:hash` name a public event and
 * stay, as does the console's `admin/boxoffice/:hash` (an event's hash). A unit test
 * (tests/unit/server/request-log.test.ts) reads the web app's routes and fails on a `:hash` page
 * missing here.
 */
export const SECRET_PAGE_PREFIXES = ['order/return', 'order/declined', 'order', 'nominal-tickets', 'ticket'] as const

/**
 * Every path prefix whose next segment is a secret, as lower-case segments, longest first (so
 * `order/return` wins over `order`): the pages above and every API call of the contract with a
 * secret path parameter (`/api/order/return/:hash`, `/api/ticket/:hash`), for a path that no route
 * pattern names: a 404 under such a prefix (`/api/ticket/<hash>/x`), a URL refused before routing.
 */
const SECRET_PREFIXES: readonly (readonly string[])[] = [
  ...SECRET_PAGE_PREFIXES.map((p) => p.split('/')),
  ...callList.flatMap((call) => {
    const shape = call.path.split('/').filter(Boolean)
    const at = shape.findIndex((part) => part.startsWith(':') && SECRET_PARAM.test(part))
    return at > 0 ? [shape.slice(0, at)] : []
  }),
]
  .map((prefix) => prefix.map((part) => part.toLowerCase()))
  .sort((a, b) => b.length - a.length)

/**
 * The request's URL as it may be logged: every query value redacted (names kept, `?crm=[redacted]`:
 * a CRM sign-in token, a return's hash_conf, a bank's signature are all query values) and the
 * path segments that are secrets (above) redacted. Logs are read by more people, and kept longer,
 * than the tokens are meant to be.
 */
export function loggedUrl(request: { url?: string; routeOptions?: { url?: string } }): string {
  const url = request.url ?? ''
  const q = url.indexOf('?')
  const pathPart = q === -1 ? url : url.slice(0, q)
  const query = q === -1 ? '' : `?${url.slice(q + 1).split('&').map((pair) => (pair.includes('=') ? `${pair.slice(0, pair.indexOf('='))}=${REDACTED}` : pair)).join('&')}`
  return redactPath(pathPart, request.routeOptions?.url) + query
}

/**
 * The logger's `req` serializer (app.ts): what a log line carrying `{ req }` writes, as Fastify's
 * own serializer does (lib/logger-pino.js) but with the URL as loggedUrl writes it. Fastify's
 * default LogController lines and any plugin's log the request this way (e.g. writeHeadError),
 * with the raw URL otherwise. Takes a Fastify request or a raw Node one.
 */
export function loggedRequest(req: { method?: string; url?: string; routeOptions?: { url?: string }; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: loggedUrl(req), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort }
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
  if (pattern === undefined || pattern === '' || pattern.includes('*')) return redactUnrouted(pathPart)
  const shape = pattern.split('/')
  const secret = shape.findIndex((part) => part.startsWith(':') && SECRET_PARAM.test(part))
  if (secret === -1) return pathPart
  const parts = pathPart.split('/')
  // Not the pattern's shape (a path the router matched written another way): everything from
  // the first secret parameter's place on.
  if (shape.length !== parts.length) return [...parts.slice(0, secret), REDACTED].join('/')
  return parts.map((part, i) => (shape[i].startsWith(':') && SECRET_PARAM.test(shape[i]) ? REDACTED : part)).join('/')
}

/**
 * A path no route pattern names, with the segment after a secret prefix (SECRET_PREFIXES)
 * redacted. Matched as the browser's router matches a page: any letter case, empty segments
 * (doubled slashes) skipped, each segment percent-decoded (`/%6Frder/<hash>` is `/order/<hash>`).
 */
function redactUnrouted(pathPart: string): string {
  const parts = pathPart.split('/')
  const at: number[] = []
  const words: string[] = []
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === '') continue
    at.push(i)
    words.push(decodedWord(parts[i]))
  }
  for (const prefix of SECRET_PREFIXES) {
    if (words.length > prefix.length && prefix.every((word, i) => words[i] === word)) {
      parts[at[prefix.length]] = REDACTED
      return parts.join('/')
    }
  }
  return pathPart
}

function decodedWord(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase()
  } catch {
    // Not valid percent-encoding (a URL refused before routing): the escapes that are valid.
    return segment.replace(/%[0-9a-f]{2}/gi, (e) => String.fromCharCode(parseInt(e.slice(1), 16))).toLowerCase()
  }
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
 * Other Fastify lines (stream errors, serializer failures) are kept as Fastify writes them; the
 * ones that would name the URL in their message (a result or failure after the deadline answered
 * busy) are not reached: the route wrappers drop such late results (answered.ts unlessAnswered).
 * A 404 line only under `all`. Every URL is logged as loggedUrl writes it (secrets
 * redacted): the lines that name one are written here, and a line carrying `{ req }` goes
 * through loggedRequest (app.ts).
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

  override writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    // Fastify's own line serializes the request (its raw URL); this one the redacted URL.
    reply.log.warn({ method: request.method, url: loggedUrl(request), statusCode: reply.statusCode, err: error }, error?.message)
  }
}
