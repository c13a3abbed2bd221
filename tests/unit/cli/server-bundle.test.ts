import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ENTRIES, hasSources, SOURCES, serverBundleReason } from '../../../bin/server-bundle.mjs'

/**
 * When `npm start` rebuilds dist/server (bin/server-bundle.mjs): a checkout laid out in a temp
 * folder, its files' times set by hand.
 */
const T0 = new Date('2026-12-01T00:00:00Z')
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000)

describe('serverBundleReason', () => {
  let root: string
  const write = (file: string, at: Date) => {
    const full = path.join(root, file)
    fs.mkdirSync(path.dirname(full), { recursive: true })
    fs.writeFileSync(full, 'x')
    fs.utimesSync(full, at, at)
    // A folder's own time counts too (a file removed from it): keep them old.
    for (let dir = path.dirname(full); dir.startsWith(root) && dir !== root; dir = path.dirname(dir)) fs.utimesSync(dir, T0, T0)
  }
  const bundleAt = (at: Date) => {
    for (const name of Object.keys(ENTRIES)) write(`dist/server/${name}.mjs`, at)
  }

  afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

  const checkout = () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-bundle-'))
    write('src/server/server.ts', T0)
    write('src/cli/start.ts', T0)
    write('src/server/venues/compile.worker.ts', T0)
    write('package.json', T0)
    write('package-lock.json', T0)
  }

  it('builds when an output is missing, and names it', () => {
    checkout()
    expect(serverBundleReason(root)).toBe('dist/server/start.mjs is missing')
    write('dist/server/start.mjs', later(1))
    expect(serverBundleReason(root)).toMatch(/^dist\/server\/compile\.worker\.mjs is missing$/)
  })

  it('keeps a bundle newer than every source', () => {
    checkout()
    expect(hasSources(root)).toBe(true)
    bundleAt(later(1))
    expect(serverBundleReason(root)).toBeNull()
  })

  it('rebuilds when any source is newer than the oldest output', () => {
    expect(SOURCES).toEqual(expect.arrayContaining(['src', 'package.json', 'package-lock.json']))
    for (const changed of ['src/server/server.ts', 'src/cli/start.ts', 'package-lock.json']) {
      checkout()
      bundleAt(later(1))
      write(changed, later(2))
      expect(serverBundleReason(root), changed).toBe('sources changed since the last build')
      fs.rmSync(root, { recursive: true, force: true })
    }
    checkout()
    bundleAt(later(2))
    write('dist/server/compile.worker.mjs', later(1))
    write('src/server/server.ts', later(1.5))
    expect(serverBundleReason(root)).toBe('sources changed since the last build')
  })

  it('runs a shipped bundle as it is when the checkout has no src/', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-bundle-'))
    bundleAt(later(1))
    write('package.json', later(2))
    expect(hasSources(root)).toBe(false)
    expect(serverBundleReason(root)).toBeNull()
    // Neither a bundle nor its sources: npm start says it cannot start (bin/start.mjs).
    fs.rmSync(path.join(root, 'dist'), { recursive: true })
    expect(serverBundleReason(root)).toBe('dist/server/start.mjs is missing')
  })
})
