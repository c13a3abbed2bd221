import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from './source-files'

/** The part of madge's API used here (madge ships no types; required, so no ambient declaration is needed). */
interface MadgeResult {
  obj(): Record<string, string[]>
  circular(): string[][]
}
type Madge = (paths: string[], config: { baseDir: string; fileExtensions: string[]; tsConfig: string }) => Promise<MadgeResult>
const madge = createRequire(import.meta.url)('madge') as Madge

/**
 * Import structure of the client side (issue 14): no import cycle inside or between the engine,
 * the app, the contract and any workers folder, and nothing in src/engine or src/app reaches into
 * src/workers (the render side owns its worker; the venue parser's worker lives with the engine).
 * madge reads TypeScript imports (type imports too) through tsconfig.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..')
const FOLDERS = ['src/engine', 'src/workers', 'src/app', 'src/contract'].filter((f) => fs.existsSync(path.join(ROOT, f)))
/** madge parses ~350 files; on a shared 2-core machine that takes tens of seconds. */
const MADGE_TIMEOUT_MS = 300_000

async function graph() {
  return madge(FOLDERS.map((f) => path.join(ROOT, f)), {
    baseDir: ROOT,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(ROOT, 'tsconfig.json'),
  })
}

describe('client import structure', () => {
  it('has no import cycles in src/engine, src/workers, src/app, src/contract', async () => {
    const result = await graph()
    expect(Object.keys(result.obj()).length).toBeGreaterThan(100)
    expect(result.circular()).toEqual([])
  }, MADGE_TIMEOUT_MS)

  it('never imports from src/engine or src/app into src/workers', async () => {
    const result = await graph()
    const upward = Object.entries(result.obj())
      .filter(([file]) => file.startsWith('src/engine/') || file.startsWith('src/app/'))
      .flatMap(([file, deps]) => deps.filter((d) => d.startsWith('src/workers/')).map((d) => `${file} → ${d}`))
    expect(upward).toEqual([])
    // Worker URLs (new URL('…worker.ts', import.meta.url)) are not imports madge sees: read the text.
    const urls = ['src/engine', 'src/app'].flatMap((d) => sourceFiles(path.join(ROOT, d)))
      .filter((f) => /new URL\([^)]*workers\//.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f))
    expect(urls).toEqual([])
  }, MADGE_TIMEOUT_MS)
})
