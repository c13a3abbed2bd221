// @ts-check
/**
 * `npm start`: the primary (or the single process) brings dist/server up to date with src/
 * (bin/server-bundle.mjs), then every process runs the bundle's start (src/cli/start.ts). A
 * cluster's workers are forked from this file too and use the bundle their primary built.
 */
import cluster from 'node:cluster'
import { pathToFileURL } from 'node:url'
import { SERVER_BUNDLE, ensureServerBundle } from './server-bundle.mjs'

// Stack traces name src/ files and lines, not the bundle's.
process.setSourceMapsEnabled(true)
// Quietly: a start's output is the server's log, and its mistakes are one line each (start-errors.ts).
if (cluster.isPrimary) {
  try {
    await ensureServerBundle()
  } catch (err) {
    // No bundle and no sources, or sources that do not build (esbuild's message names file and line).
    console.error(err instanceof Error ? err.message : String(err))
    process.exit(1)
  }
}
/** @type {{ runStart: () => Promise<void> }} */
const server = await import(pathToFileURL(SERVER_BUNDLE).href)
await server.runStart()
