import { execSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, statSync } from 'node:fs'
import os from 'node:os'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
/**
 * The browser benchmarks build the client into their own directory: dist/client is shared with
 * the e2e runs of the whole team, and a rebuild there in the middle of a page load breaks a
 * measurement. The default folder is named after the checkout, so two checkouts (worktrees, an
 * A/B of two commits) benchmarking on one machine never build into each other's pages;
 * SEATMAP_BENCH_DIST moves it.
 */
const CHECKOUT_TAG = createHash('sha256').update(ROOT).digest('hex').slice(0, 8)
export const BENCH_DIST = process.env.SEATMAP_BENCH_DIST ?? resolve(os.tmpdir(), `seatmap-bench-dist-${CHECKOUT_TAG}`)

/** What the client build is made of: a file here newer than the build makes `--no-build` build again. */
const CLIENT_SOURCES = ['src', 'lab', 'public', 'index.html', 'vite.config.ts']

/** The newest file of `paths` under ROOT: its path and modification time (ms). */
function newestFile(paths: readonly string[]): { path: string; ms: number } {
  let newest = { path: '', ms: 0 }
  const visit = (path: string) => {
    const stat = statSync(path, { throwIfNoEntry: false })
    if (!stat) return
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(resolve(path, entry))
    else if (stat.mtimeMs > newest.ms) newest = { path, ms: stat.mtimeMs }
  }
  for (const p of paths) visit(resolve(ROOT, p))
  return newest
}

/**
 * Builds the lab into BENCH_DIST unless `--no-build` was given and a build is there; returns the
 * directory. The default folder's build must also be newer than every client source of this
 * checkout: `--no-build` once reused a build made hours before, so an A/B of a client change
 * measured the old client on both sides (2026-11-29). A folder named by SEATMAP_BENCH_DIST is
 * taken as it is (it may hold another commit's build on purpose).
 */
export function buildLabDist(args: readonly string[]): string {
  const built = statSync(resolve(BENCH_DIST, 'lab/seatmap.html'), { throwIfNoEntry: false })
  let reason = built ? null : 'no build yet'
  if (built && !process.env.SEATMAP_BENCH_DIST) {
    const newest = newestFile(CLIENT_SOURCES)
    if (newest.ms > built.mtimeMs) reason = `${newest.path.slice(ROOT.length + 1)} is newer than the build`
  }
  if (reason === null && args.includes('--no-build')) return BENCH_DIST
  if (args.includes('--no-build')) console.log(`bench: building the client for all that (--no-build): ${reason}`)
  execSync(`npx vite build --outDir ${JSON.stringify(BENCH_DIST)} --emptyOutDir`, { cwd: ROOT, stdio: 'inherit' })
  return BENCH_DIST
}
