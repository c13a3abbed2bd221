import { readFileSync } from 'node:fs'
import path from 'node:path'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

/**
 * Every machine (ours, CI, a venue's server) runs Node 20, so no installed package may declare
 * an `engines.node` range that leaves Node 20 out: it may work today by luck (cookie@2 is
 * ESM-only and loads only because Node 20.19 can require ES modules) and break on the next
 * patch. The lockfile records each package's engines, so the check needs no network.
 */

const ROOT = path.resolve(__dirname, '../../..')
/** The oldest Node the project supports: package.json's own engines range. */
const PROJECT_ENGINES = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node
/** Fewer packages than this in the lockfile means it was not read: fail rather than pass on nothing. */
const MIN_LOCKED_PACKAGES = 200

interface LockedPackage {
  version?: string
  engines?: { node?: string } | string[]
}

/** Packages whose declared Node range excludes the project's oldest supported Node. */
export function packagesRefusing(node: string, packages: Record<string, LockedPackage>): string[] {
  const refusing: string[] = []
  for (const [where, pkg] of Object.entries(packages)) {
    if (where === '' || !pkg.engines || Array.isArray(pkg.engines)) continue
    const range = pkg.engines.node
    if (range && !semver.satisfies(node, range)) refusing.push(`${where}@${pkg.version ?? '?'} wants node ${range}`)
  }
  return refusing
}

describe('installed packages accept Node 20', () => {
  const oldest = semver.minVersion(PROJECT_ENGINES)?.version

  it('package.json names a Node 20 floor', () => {
    expect(oldest).toBeDefined()
    expect(semver.major(oldest!)).toBe(20)
  })

  it('every package in the lockfile accepts that Node', () => {
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> }
    expect(Object.keys(lock.packages).length).toBeGreaterThan(MIN_LOCKED_PACKAGES)
    expect(packagesRefusing(oldest!, lock.packages)).toEqual([])
  })

  it('finds a package that refuses Node 20', () => {
    const refusing = packagesRefusing('20.19.0', {
      '': { engines: { node: '>=18' } },
      'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
      'node_modules/ok': { version: '1.0.0', engines: { node: '^20.19.0 || >=22.12.0' } },
    })
    expect(refusing).toEqual(['node_modules/cookie@2.0.2 wants node >=22'])
  })
})
