import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { ErrorCode } from '../contract/errors'
import type { Config } from './config'
import type { Db } from './db/connect'
import './plugins/context'
import { registerClient } from './plugins/client'
import { registerErrorHandler } from './plugins/error-handler'
import { registerSessions } from './plugins/session'
import { registerSwagger } from './plugins/swagger'
import { buildHandlers } from './routes/handlers'
import { registerMedia } from './routes/media'
import { registerCalls } from './routes/registry'
import { registerPaymentRoutes } from './routes/payments'
import { registerSchemeRoutes } from './routes/scheme'

/** Largest request body accepted; the biggest real payload (an order of many seats) is far below. */
const BODY_LIMIT_BYTES = 1024 * 1024
/** Answers below this size go uncompressed: gzip's framing costs more than it saves. */
const COMPRESS_THRESHOLD_BYTES = 1024
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
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: { level: opts.config.logLevel } }),
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    trustProxy: opts.config.trustProxy,
    // Errors raised before routing (a URL that is not valid percent-encoding, a bad content
    // type header) answer in the API's error shape too.
    frameworkErrors: (err, _request, reply) => {
      void (reply as FastifyReply).code(err.statusCode ?? 400).send({ errorCode: ErrorCode.BAD_REQUEST, errorText: err.message })
    },
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('db', opts.db)
  app.decorate('config', opts.config)

  await app.register(cookie, { secret: opts.config.sessionSecret })
  // gzip/brotli for the API, the client and the drawings; answers that set their own
  // content-encoding (the pre-gzipped seat map) and hijacked streams (SSE) are left alone.
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES })
  registerErrorHandler(app)
  registerSessions(app)
  await registerSwagger(app)
  registerMedia(app)
  registerCalls(app, buildHandlers(app))
  registerSchemeRoutes(app)
  registerPaymentRoutes(app)
  await registerClient(app)
  return app
}
