import closeWithGrace from 'close-with-grace'
import type { FastifyInstance } from 'fastify'
import pino, { type Logger } from 'pino'
import { buildApp } from './app'
import { refuseUnsafeProductionStart, type Config } from './config'
import type { Db } from './db/connect'
import { orderMailsSettled } from './mail/templates/sendOrderPaid'
import { connectServing, openDatabase } from './prepare'
import { beginDraining } from './plugins/health'
import { warmSeatingAtStart } from './domain/seating/warm-start'
import { warmAnswers, type WarmAnswersReport } from './warm-answers'
import { setVenueTimeZone } from './venue-time'

/** Time given to in-flight requests on SIGTERM/SIGINT before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000

export interface RunningServer {
  app: FastifyInstance
  db: Db
  log: Logger
  /** http://host:port as reachable from this machine (localhost when bound to 0.0.0.0). */
  url: string
  /** The first answers asked before listening (warm-answers.ts); null with WARM_START=0 or when that failed. */
  warmed: WarmAnswersReport | null
  /** Stops accepting connections, waits for in-flight requests, then closes the database. */
  close(): Promise<void>
}

export function createLogger(config: Config): Logger {
  return pino({ level: config.logLevel })
}

/**
 * Migrates (and seeds) the database, builds the app and listens on config.host:config.port.
 * `prepared`: the database is migrated and seeded already (a cluster's worker, whose primary did it
 * before forking: N workers would each take the migration lock and read the schema again).
 */
export async function startServer(config: Config, log: Logger = createLogger(config), { prepared = false }: { prepared?: boolean } = {}): Promise<RunningServer> {
  refuseUnsafeProductionStart(config)
  for (const name of config.devSecrets) {
    log.warn(`${name} is not set: using the development default. Set it in production.`)
  }
  for (const warning of config.warnings) log.warn(warning)
  // Before anything reads or writes a venue-local time (the seed, setup.date, the sales days).
  setVenueTimeZone(config.venueTimeZone)
  const db = prepared ? connectServing(config) : await openDatabase(config, log)
  let app: FastifyInstance
  let warmed: WarmAnswersReport | null = null
  try {
    if (config.warmStart) await warmSeating(db, log)
    app = await buildApp({ config, db, logger: log })
    if (config.warmStart) warmed = await warmFirstAnswers(app, log)
    await app.listen({ port: config.port, host: config.host })
  } catch (err) {
    await db.destroy()
    throw err
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  // A random port is known only now; links built on publicUrl must carry it.
  if (!config.publicUrlGiven && config.port === 0) config.publicUrl = `http://localhost:${port}`
  let closing: Promise<void> | null = null
  return {
    app,
    db,
    log,
    url: `http://${host}:${port}`,
    warmed,
    close: () => {
      closing ??= (async () => {
        // /readyz answers 503 from here on, so a load balancer stops sending new requests.
        beginDraining(app)
        await app.close()
        await orderMailsSettled()
        await db.destroy()
      })()
      return closing
    },
  }
}

/**
 * Builds the seating caches of the sessions to come before listening (seating/warm-start.ts), so
 * the first buyer of a big venue does not wait seconds with the whole process. A failure only
 * leaves them to be built on demand, as before.
 */
async function warmSeating(db: Db, log: Logger): Promise<void> {
  try {
    const report = await warmSeatingAtStart(db)
    if (report.drawings > 0) log.info(report, 'seating of the sessions to come warmed')
  } catch (err) {
    log.warn({ err }, 'warming the seating at start failed; it is built on demand')
  }
}

/** Asks a visitor's first answers before listening (warm-answers.ts); a failure leaves them to the first visitor. */
async function warmFirstAnswers(app: FastifyInstance, log: Logger): Promise<WarmAnswersReport | null> {
  try {
    const report = await warmAnswers(app)
    log.info(report, 'first answers warmed')
    return report
  } catch (err) {
    log.warn({ err }, 'warming the first answers failed; they are made on demand')
    return null
  }
}

/**
 * Closes the server gracefully on SIGTERM, SIGINT and uncaught errors (close-with-grace): stop
 * listening, finish in-flight requests, close the database, exit. A second signal or the grace
 * period running out exits at once.
 */
export function closeOnSignals(server: RunningServer): void {
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) server.log.error({ err }, 'closing after an uncaught error')
    else server.log.info({ signal }, 'shutting down')
    await server.close()
    server.log.info('server closed')
  })
}
