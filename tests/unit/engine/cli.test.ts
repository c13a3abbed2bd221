import { describe, expect, it } from 'vitest'
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REAL_DIR } from './helpers'

const TSX = join(process.cwd(), 'node_modules/.bin/tsx')
const CLI = join(process.cwd(), 'src/cli/venue.ts')

/** Each case starts tsx processes; the shared machine can be slow. */
const CLI_TIMEOUT_MS = 60_000

describe('venue CLI', () => {
  it('generate writes a drawing that inspect reads back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'venue-cli-'))
    try {
      const out = join(dir, 'arena.svg')
      execFileSync(TSX, [CLI, 'generate', '--kind', 'arena', '--seats', '1500', '--seed', '4', '--out', out], { stdio: 'pipe' })
      expect(readFileSync(out, 'utf8')).toContain('<svg')
      const summary = JSON.parse(execFileSync(TSX, [CLI, 'inspect', out, '--json'], { encoding: 'utf8' }))
      expect(summary).toMatchObject({ seats: 1500, standing: 2, warnings: [] })
      expect(summary.sectors).toBeGreaterThan(10)
      expect(summary.bbox).toHaveLength(4)
      expect(typeof summary.parseMs).toBe('number')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, CLI_TIMEOUT_MS)

  it('inspect reads a real drawing, and applies a rules file', () => {
    const file = `${REAL_DIR}/ub-palace-ulaanbaatar.svg`
    const summary = JSON.parse(execFileSync(TSX, [CLI, 'inspect', file, '--json'], { encoding: 'utf8' }))
    // Its ids contradict its rows: 10 rows of 10 on each side of the aisle, inferred.
    expect(summary).toMatchObject({ seats: 200, rows: 20 })
    const dir = mkdtempSync(join(tmpdir(), 'venue-rules-'))
    try {
      const rules = join(dir, 'rules.json')
      writeFileSync(rules, JSON.stringify({ extendDefaults: false, seats: [{ match: { tag: 'path', ancestor: { id: '^egnee1$' } } }] }))
      const onlyRow1 = JSON.parse(execFileSync(TSX, [CLI, 'inspect', file, '--rules', rules, '--json'], { encoding: 'utf8' }))
      expect(onlyRow1.seats).toBe(20)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, CLI_TIMEOUT_MS)

  it('bad arguments exit non-zero with one clear line and write nothing', () => {
    const run = spawnSync(TSX, [CLI, 'generate', '--kind', 'circus', '--seats', '10'], { encoding: 'utf8' })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('--kind must be one of')
    const unknown = spawnSync(TSX, [CLI, 'frobnicate'], { encoding: 'utf8' })
    expect(unknown.status).toBe(1)
  }, CLI_TIMEOUT_MS)
})
