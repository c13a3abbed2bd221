import cluster from 'node:cluster'
import type { Logger } from 'pino'
import type { Config } from '../config'
import { loadTicketKeys } from '../domain/tickets/keys'
import { prepareDatabase } from '../prepare'
import { closeOnSignals, startServer } from '../server'
import { startFailureMessage } from '../start-errors'
import { closeWithPrimary, runPrimary, tellPrimaryStartFailed } from './primary'

/**
 * Starts the storefront as configured: one process (WORKERS=1, the default and the only choice on
 * SQLite), or a cluster's primary (WORKERS > 1) that migrates and seeds once, then forks the
 * workers (cluster/primary.ts). A worker lands here too and starts its server, closing when the
 * primary asks. `beforeStart` runs once per machine (the primary, or the single process): the
 * client build of `npm start`.
 */
export async function launch(config: Config, log: Logger, beforeStart?: () => Promise<void>): Promise<void> {
  if (cluster.isPrimary) await beforeStart?.()
  if (cluster.isPrimary && config.workers > 1) {
    // Once, before any worker: N workers migrating at once would only wait on each other.
    await prepareDatabase(config, log)
    // The signing key file is generated when missing: once here, or N workers would race to write
    // N different keys and a ticket signed by one would not verify on another.
    await loadTicketKeys(config.ticketKeys, log)
    runPrimary(config.workers, log)
    return
  }
  let server
  try {
    // A worker's primary prepared the database before forking it (above).
    server = await startServer(config, log, { prepared: cluster.isWorker })
  } catch (err) {
    await tellPrimaryStartFailed(startFailureMessage(err, config) ?? String((err as Error)?.message ?? err))
    throw err
  }
  closeWithPrimary(() => server.close())
  closeOnSignals(server)
  log.info({ url: server.url, publicUrl: config.publicUrl, pid: process.pid }, 'storefront listening')
}
