import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { ConfigError, loadConfig, refuseUnsafeProductionStart } from './config'
import { launch } from './cluster/launch'
import { createLogger } from './server'

/**
 * Server entry: `tsx src/server/main.ts`. Reads the environment, migrates the database, loads
 * demo data on first start, listens, and shuts down gracefully on SIGTERM/SIGINT; WORKERS=N runs
 * N processes on one port (cluster/launch.ts).
 * (`npm start` runs src/cli/start.ts, which builds the web client first when it is stale.)
 */
export async function main(): Promise<void> {
  let config
  try {
    config = loadConfig()
    refuseUnsafeProductionStart(config)
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
  await launch(config, createLogger(config))
}

const isEntry = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href
if (isEntry) {
  main().catch((err: unknown) => {
    console.error(err)
    process.exit(1)
  })
}
