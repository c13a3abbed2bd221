import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * No import cycles in the server (issue 14): neither between files nor between the folders a
 * newcomer reads as modules (each domain/<name> folder, and each other folder or root file of
 * src/server: db, payments, plugins, routes, messages, errors.ts, ...). madge reads the
 * TypeScript imports through tsconfig, type-only imports included: a type that must travel
 * both ways means two modules that are really one, or a type in the wrong home. The engine,
 * workers and app have their own check beside this one.
 */

interface MadgeResult {
  obj(): Record<string, string[]>
  circular(): string[][]
}
type Madge = (path: string, config: Record<string, unknown>) => Promise<MadgeResult>
// madge ships no type declarations; only these two calls are used.
const madge = createRequire(import.meta.url)('madge') as Madge

const ROOT = path.resolve(__dirname, '../../..')
const SERVER = path.join(ROOT, 'src/server')
/** Fewer files than this means madge did not read the server (a wrong path or tsconfig): fail rather than pass on nothing. */
const MIN_SERVER_FILES = 100

/** The module a server file belongs to: domain/<name>, else its top folder, else the root file itself. */
export function moduleOf(file: string): string {
  const parts = file.split('/')
  if (parts[0] === 'domain' && parts.length > 2) return `domain/${parts[1]}`
  return parts[0]
}

/** The graph of modules: an edge a → b when a file of a imports a file of b (a ≠ b). */
export function collapse(files: Record<string, readonly string[]>, group: (file: string) => string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>()
  for (const [file, deps] of Object.entries(files)) {
    const from = group(file)
    const edges = out.get(from) ?? new Set<string>()
    out.set(from, edges)
    for (const dep of deps) {
      const to = group(dep)
      if (to !== from) edges.add(to)
    }
  }
  return out
}

/** Strongly connected groups of more than one node (Tarjan): each is a cycle, named in order. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        group.push(w)
      } while (w !== v)
      if (group.length > 1) found.push(group.sort())
    }
  }
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v)
  return found
}

describe('the server has no import cycles', () => {
  it('finds a cycle where there is one (the check can fail)', () => {
    const files = { 'domain/cart/service.ts': ['domain/scheme/order.ts'], 'domain/scheme/order.ts': ['domain/orders/claim.ts'], 'domain/orders/claim.ts': ['domain/cart/holds.ts'], 'db/connect.ts': [] }
    expect(cycles(collapse(files, moduleOf))).toEqual([['domain/cart', 'domain/orders', 'domain/scheme']])
    expect(cycles(collapse({ 'a.ts': ['b.ts'], 'b.ts': [] }, moduleOf))).toEqual([])
  })

  it('between files and between modules (domain folders, other folders, root files) of src/server', async () => {
    const result = await madge(SERVER, {
      fileExtensions: ['ts'],
      tsConfig: path.join(ROOT, 'tsconfig.json'),
      detectiveOptions: { ts: { skipTypeImports: false }, es6: { skipTypeImports: false } },
    })
    // Paths are relative to src/server; files outside it (contract, engine) start with '../'.
    const inServer = (f: string) => !f.startsWith('../')
    const graph = Object.fromEntries(
      Object.entries(result.obj())
        .filter(([f]) => inServer(f))
        .map(([f, deps]) => [f, deps.filter(inServer)]),
    )
    expect(Object.keys(graph).length).toBeGreaterThan(MIN_SERVER_FILES)
    expect(result.circular().filter((c) => c.every(inServer))).toEqual([])
    expect(cycles(collapse(graph, moduleOf))).toEqual([])
  }, 60_000)
})
