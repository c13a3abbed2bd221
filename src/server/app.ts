import cookie from '@fastify/cookie'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify'
import { ErrorCode } from '../contract/errors'
import type { Config } from './config'
import { pageDbOf, type Db } from './db/connect'
import './plugins/context'
import { loadTicketKeys } from './domain/tickets/keys'
import { registerMailRetry } from './mail/retry'
import { registerAddressLimits } from './plugins/address-limits'
import { registerAdmin } from './admin'
import { registerClient } from './plugins/client'
import { clientErrorHandler } from './plugins/client-errors'
import { registerCompression } from './plugins/compression'
import { contractSerializerCompiler } from './plugins/serializer'
import { registerErrorHandler } from './plugins/error-handler'
import { registerHealth } from './plugins/health'
import { registerRequestDeadline } from './plugins/request-deadline'
import { loggedRequest, RequestLogController } from './plugins/request-log'
import { answerHeaders, isHttps, registerSecurityHeaders } from './plugins/security-headers'
import { registerWaitingRoomGuard } from './plugins/waiting-room'
import { limitSessionClaims } from './domain/orders/claim-slots'
import { registerSessions } from './plugins/session'
import { registerBuyingLane } from './plugins/buying-lane'
import { closeCompiles } from './venues/compiled'
import { registerSwagger } from './plugins/swagger'
import { buildHandlers } from './routes/handlers'
import { registerMedia } from './routes/media'
import { registerCalls } from './routes/registry'
import { registerPaymentRoutes } from './routes/payments'
import { registerDoorRoutes } from './routes/door'
import { registerSeatEvents } from './routes/seat-events'
import { leaderPlugin } from './plugins/services/leader'
import { liveFeedPlugin } from './plugins/services/live-feed'
import { orderGuardPlugin } from './plugins/services/order-guard'
import { paymentsPlugin } from './plugins/services/payments'
import { sweepersPlugin } from './plugins/services/sweepers'
import { mapCopiesPlugin } from './plugins/services/map-copies'
import { sessionRefundsPlugin } from './plugins/services/session-refunds'
import { requestValidator } from './plugins/validator'

/** Answer header naming the process that answered (SERVED_BY_HEADER=1). */
export const SERVED_BY_HEADER = 'x-served-by'
/** Largest request body accepted; the biggest real payload (an order of many seats) is far below. */
const BODY_LIMIT_BYTES = 1024 * 1024
/** Requests slower than this are cut, so a stuck client cannot hold a connection forever. */
const REQUEST_TIMEOUT_MS = 30_000

export interface AppOptions {
  config: Config
  db: Db
  /** A pino logger to use; defaults to a new one at config.logLevel. */
  logger?: FastifyBaseLogger
}

/**
 * Builds the Fastify instance: compilers, cookies, error handler, sessions/CSRF, OpenAPI, media,
 * the contract's API calls and the web client. Does not listen (see server.ts) and does not own
 * the database (the caller closes it after app.close()).
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const https = isHttps(opts.config.publicUrl)
  const app = Fastify({
    // A line carrying `{ req }` writes the URL with its secrets redacted (plugins/request-log.ts).
    ...(opts.logger
      ? { loggerInstance: opts.logger.child({}, { serializers: { req: loggedRequest } }) }
      : { logger: { level: opts.config.logLevel, serializers: { req: loggedRequest } } }),
    // One line a request, or only errors and slow ones (REQUEST_LOG): plugins/request-log.ts.
    logController: new RequestLogController(opts.config.requestLog),
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    trustProxy: opts.config.trustProxy,
    clientErrorHandler,
    // Errors raised before routing (a URL that is not valid percent-encoding, a bad content
    // type header) answer in the API's error shape too. No hook has run for them: they get the
    // security headers here, from the same home as every other answer's.
    frameworkErrors: (err, request, reply) => {
      void (reply as FastifyReply)
        .headers(answerHeaders(request.url, https))
        .code(err.statusCode ?? 400)
        .send({ errorCode: ErrorCode.BAD_REQUEST, errorText: err.message })
    },
  })
  // The contract's zod schemas, after the one rule every route shares (no NUL in any string): plugins/validator.ts.
  app.setValidatorCompiler(requestValidator)
  // Answers written from the contract's schemas by fast-json-stringify (plugins/serializer.ts).
  app.setSerializerCompiler(contractSerializerCompiler)
  app.decorate('db', opts.db)
  app.decorate('pageDb', pageDbOf(opts.db))
  limitSessionClaims(opts.db, opts.config.dbPoolMax)
  app.decorate('config', opts.config)
  app.decorate('ticketKeys', await loadTicketKeys(opts.config.ticketKeys, app.log))

  await app.register(cookie, { secret: opts.config.sessionSecret })
  // gzip/brotli for the API, the client and the drawings (plugins/compression.ts).
  await registerCompression(app)
  registerSecurityHeaders(app)
  // SERVED_BY_HEADER: which process of a cluster answered (bench:load tells the frozen one's answers from the others').
  if (opts.config.servedByHeader) app.addHook('onRequest', async (_request, reply) => void reply.header(SERVED_BY_HEADER, String(process.pid)))
  registerRequestDeadline(app)
  registerErrorHandler(app)
  registerSessions(app, registerBuyingLane(app))
  registerAddressLimits(app)
  registerWaitingRoomGuard(app)
  await registerSwagger(app)
  // Services the routes use, each a plugin that owns its hooks and timers.
  await app.register(leaderPlugin)
  await app.register(paymentsPlugin)
  await app.register(orderGuardPlugin)
  await app.register(liveFeedPlugin)
  await app.register(sweepersPlugin)
  await app.register(mapCopiesPlugin)
  await app.register(sessionRefundsPlugin)
  // Background compiles stop before the database closes (venues/compiled.ts): onClose runs once
  // the server has answered its requests, before server.ts destroys the database.
  app.addHook('onClose', () => closeCompiles(opts.db))
  // Liveness and readiness probes for a load balancer or orchestrator (plugins/health.ts).
  registerHealth(app)
  registerMedia(app)
  registerCalls(app, buildHandlers(app))
  registerSeatEvents(app)
  registerPaymentRoutes(app)
  registerDoorRoutes(app)
  registerMailRetry(app)
  registerAdmin(app)
  await registerClient(app)
  return app
}
