import type { Logger } from 'pino'
import type { Config } from './config'
import type { DbTimeouts } from './config-defaults'
import { migrateToLatest } from './migrations'
import { loadDemoData } from './seed'
import { ensureSystemReference } from './seed/system'
import { buildPaymentRegistry } from './payments/registry'
import { connect, type Db } from './db/connect'
import { setVenueTimeZone } from './venue-time'

/**
 * Opens the configured database, migrates it to the latest schema, writes the missing system
 * reference rows (seed/system.ts) and, when DEMO_DATA=1 and the
 * database is empty, loads the demo data (on a setup connection closed before returning), then
 * opens the serving connection with the configured timeouts.
 */
export async function openDatabase(config: Config, log: Logger): Promise<Db> {
  await prepareDatabase(config, log)
  return connectServing(config)
}

/** The serving connection with the configured timeouts and pools, on a database already prepared. */
export function connectServing(config: Config): Db {
  return connect(config.database, config.dbTimeouts, config.dbPoolMax, config.dbPagePoolMax)
}

/**
 * Migrates and seeds on a setup connection, closed before returning: openDatabase's first half,
 * which a cluster's primary runs once before forking its workers (cluster/launch.ts).
 */
export async function prepareDatabase(config: Config, log: Logger): Promise<void> {
  // The demo's sessions are days and times on the venue's clock (a cluster's primary seeds here).
  setVenueTimeZone(config.venueTimeZone)
  // Migrations and the demo seed run once at start on their own connection with the statement
  // and idle bounds relaxed: seeding a stadium works between statements for seconds (generating
  // and parsing its drawing) inside one transaction, which the serving timeouts would end.
  const setup = connect(config.database, setupTimeouts(config))
  try {
    await prepare(setup, config, log)
  } finally {
    await setup.destroy()
  }
}

/** Bound of one migration or seed statement, and of the seed's pauses inside its transaction. */
const SETUP_TIMEOUT_MS = 10 * 60 * 1000

/** Timeouts of one-off work (migrations, the seed, the import CLI, which parses inside its transaction). */
export function setupTimeouts(config: Pick<Config, 'dbTimeouts'>): DbTimeouts {
  return { ...config.dbTimeouts, statementTimeoutMs: SETUP_TIMEOUT_MS, idleInTransactionTimeoutMs: SETUP_TIMEOUT_MS }
}

async function prepare(db: Db, config: Config, log: Logger): Promise<void> {
  const result = await migrateToLatest(db)
  const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? []
  log.info({ database: config.database.kind, applied }, applied.length ? 'database migrated' : 'database schema up to date')
  // Every start, every mode: the rows the code itself relies on (fixed sections, buyer-form lists,
  // return reasons, a payment type per configured bank), only where missing (seed/system.ts).
  await ensureSystemReference(db, buildPaymentRegistry(config).protocols)
  if (config.demoData) {
    const loaded = await loadDemoData(db, config, log)
    if (loaded) log.info(loaded, 'demo data loaded')
  }
}
