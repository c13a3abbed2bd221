import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'
import type { RequestLogMode } from '../config'

/** Under REQUEST_LOG=errors a request this slow is still logged (at warn): a stall shows in the log. */
export const SLOW_REQUEST_MS = 1000
/** Answers of this status and above are always logged (at error): what an operator must see. */
const SERVER_ERROR_STATUS = 500

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
 * 404 line only under `all`.
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
    const line = { method: request.method, url: request.url, statusCode: status, responseTime: ms }
    if (error || status >= SERVER_ERROR_STATUS) {
      if (this.mode !== 'off' || error) reply.log.error({ ...line, err: error ?? undefined }, 'request completed')
      return
    }
    if (this.mode === 'all') reply.log.info(line, 'request completed')
    else if (this.mode === 'errors' && ms >= SLOW_REQUEST_MS) reply.log.warn(line, 'slow request completed')
  }

  override routeNotFound(request: FastifyRequest, reply: FastifyReply): void {
    if (this.mode === 'all') super.routeNotFound(request, reply)
  }
}
