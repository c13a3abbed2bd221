import { execSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
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

/** Builds the lab into BENCH_DIST unless it is there and `--no-build` was given; returns the directory. */
export function buildLabDist(args: readonly string[]): string {
  if (!existsSync(resolve(BENCH_DIST, 'lab/seatmap.html')) || !args.includes('--no-build')) execSync(`npx vite build --outDir ${JSON.stringify(BENCH_DIST)} --emptyOutDir`, { cwd: ROOT, stdio: 'inherit' })
  return BENCH_DIST
}
