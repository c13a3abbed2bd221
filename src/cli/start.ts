/**
 * `npm start` (through bin/start.mjs, which runs this file bundled; `tsx src/cli/start.ts` runs it
 * from source): builds the web client when it is missing or older than its sources, then starts
 * the server (migrations, demo data on first start, graceful shutdown); `WORKERS=N` starts N
 * server processes on one port (PostgreSQL only). See src/server/config.ts for the environment
 * variables.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { newestMtime } from '../../bin/mtime.mjs'
import { ConfigError, loadConfig, refuseUnsafeProductionStart, type Config } from '../server/config'
import { launch } from '../server/cluster/launch'
import { createLogger } from '../server/server'
import { startFailureMessage } from '../server/start-errors'

/** Sources of the client bundle: a newer file in any of these means dist/client is stale. */
export const CLIENT_SOURCES = ['src/app', 'src/engine', 'src/workers', 'src/contract', 'index.html']
/** Where `vite build` writes (vite.config.ts build.outDir). */
export const VITE_OUT_DIR = 'dist/client'

/** Why the client must be (re)built, or null when dist/client/index.html is up to date. */
export function clientBuildReason(root: string, clientDir: string): string | null {
  const index = path.join(clientDir, 'index.html')
  if (!fs.existsSync(index)) return `${path.relative(root, index)} is missing`
  const built = fs.statSync(index).mtimeMs
  const newest = Math.max(...CLIENT_SOURCES.map((s) => newestMtime(path.join(root, s))))
  return newest > built ? 'sources changed since the last build' : null
}

async function ensureClient(config: Config, root: string, log: ReturnType<typeof createLogger>): Promise<void> {
  if (config.clientDir !== path.resolve(root, VITE_OUT_DIR)) {
    log.info({ clientDir: config.clientDir }, 'CLIENT_DIR is custom: serving it as is, no automatic build')
    return
  }
  const reason = clientBuildReason(root, config.clientDir)
  if (!reason) return
  log.info({ reason }, 'building the web client (vite build)')
  const started = Date.now()
  try {
    const { build } = await import('vite')
    await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' })
    log.info({ ms: Date.now() - started }, 'web client built')
  } catch (err) {
    // The API still works without the client; the pages then say the client is not built.
    log.error({ err }, 'building the web client failed; serving the API only')
  }
}

/** Starts the server as configured; bin/start.mjs (`npm start`) calls it from the bundle. */
export async function runStart(): Promise<void> {
  let config: Config
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
  const log = createLogger(config)
  try {
    // WORKERS > 1: the primary builds the client once and forks the servers (cluster/launch.ts).
    await launch(config, log, () => ensureClient(config, process.cwd(), log))
  } catch (err) {
    // An expected mistake (port taken, database unreachable, bad keys, DATA_DIR a file) gets one
    // line naming its cause; anything else keeps its stack trace.
    const message = startFailureMessage(err, config)
    if (message === null) throw err
    console.error(message)
    process.exit(1)
  }
}

const isEntry = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href
if (isEntry) {
  runStart().catch((err: unknown) => {
    console.error(err)
    process.exit(1)
  })
}
