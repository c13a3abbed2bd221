// @ts-check
/**
 * The server as plain JavaScript: `npm start` runs dist/server/start.mjs, built here from
 * src/cli/start.ts with esbuild (one file, packages left to node_modules), instead of compiling
 * ~300 TypeScript modules through tsx in every process. Measured on the 2-core box with a
 * WORKERS=3 cluster on a fresh PostgreSQL database, start to every worker listening: 7.0-7.3 s
 * through tsx, 3.2-3.5 s from the bundle (2026-12-07); a worker replaced after a crash serves
 * that much sooner too. The build itself takes ~0.2 s.
 *
 * `node bin/server-bundle.mjs` builds it (`npm run build:server`); `ensureServerBundle()` builds it
 * only when it is missing or older than a source (what `npm start` calls). A deployment that ships
 * dist/server without src/ runs it as it is.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { newestMtime } from './mtime.mjs'

export const ROOT = path.resolve(import.meta.dirname, '..')
/** Where the bundle goes, in a checkout. */
const OUT_DIR = 'dist/server'
export const SERVER_OUT_DIR = path.join(ROOT, OUT_DIR)
/** The server's entry in the bundle (exports runStart). */
export const SERVER_BUNDLE = path.join(SERVER_OUT_DIR, 'start.mjs')
/**
 * Entry points, each bundled whole: the server, and the venue compile worker, which runs in a
 * worker thread of its own (src/server/venues/compile-pool.ts finds it beside start.mjs).
 */
export const ENTRIES = { start: 'src/cli/start.ts', 'compile.worker': 'src/server/venues/compile.worker.ts' }
/** What a bundle is built from: a file here newer than the bundle makes it stale. */
export const SOURCES = ['src', 'package.json', 'package-lock.json']

/** Whether the checkout at `root` has the sources to build the bundle from. */
export function hasSources(root = ROOT) {
  return Object.values(ENTRIES).every((entry) => fs.existsSync(path.join(root, entry)))
}

/**
 * Why the bundle of the checkout at `root` must be built, or null when every entry's output is
 * newer than every source, or when there are no sources to build from (dist/server shipped alone).
 */
export function serverBundleReason(root = ROOT) {
  const outputs = Object.keys(ENTRIES).map((name) => path.join(root, OUT_DIR, `${name}.mjs`))
  const missing = outputs.find((file) => !fs.existsSync(file))
  if (missing) return `${path.relative(root, missing)} is missing`
  if (!hasSources(root)) return null
  const built = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs))
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))))
  return newest > built ? 'sources changed since the last build' : null
}

/**
 * Builds dist/server. Each file is written under a temporary name and renamed into place, so a
 * process starting meanwhile (tests start several servers at once) reads a whole old file or a
 * whole new one, never half of one.
 */
export async function buildServerBundle() {
  const { build } = await import('esbuild')
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: SERVER_OUT_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Error and class names stay as written (logs, `err.name` checks); stack traces map back to
    // src/ through the source maps (the launcher turns them on).
    keepNames: true,
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
  })
  fs.mkdirSync(SERVER_OUT_DIR, { recursive: true })
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`
    fs.writeFileSync(temporary, file.contents)
    fs.renameSync(temporary, file.path)
  }
}

/**
 * Builds dist/server when it is missing or stale; returns why it was built, or null. Without the
 * sources and without the bundle there is nothing to run: it says so, in one line.
 */
export async function ensureServerBundle() {
  const reason = serverBundleReason()
  if (reason && !hasSources()) throw new Error(`cannot start: ${reason} and ${Object.values(ENTRIES).join(', ')} are not here to build it from`)
  if (reason) await buildServerBundle()
  return reason
}

const isEntry = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href
if (isEntry) {
  const started = Date.now()
  await buildServerBundle()
  console.log(`built ${path.relative(process.cwd(), SERVER_OUT_DIR)} in ${Date.now() - started} ms`)
}
