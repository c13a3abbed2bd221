import type { Logger } from 'pino'
import type { Config } from '../config'
import { migrateToLatest } from '../migrations'
import { loadDemoData } from '../seed'
import { connect, type Db } from './connect'

/**
 * Opens the configured database, migrates it to the latest schema and, when DEMO_DATA=1 and the
 * database is empty, loads the demo data. On failure the connection is closed before rethrowing.
 */
export async function openDatabase(config: Config, log: Logger): Promise<Db> {
  const db = connect(config.database)
  try {
    const result = await migrateToLatest(db)
    const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? []
    log.info({ database: config.database.kind, applied }, applied.length ? 'database migrated' : 'database schema up to date')
    if (config.demoData) {
      const loaded = await loadDemoData(db, config, log)
      if (loaded) log.info(loaded, 'demo data loaded')
    }
    return db
  } catch (err) {
    await db.destroy()
    throw err
  }
}
