import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * SQL only in repository files (issue 14): under the folders below, only a repository
 * (`<aggregate>.repository.ts`, or a folder's `repository.ts`) builds Kysely queries. Domain
 * logic, routes and the console's handlers call repository functions, so every statement that
 * touches a table can be found by opening the aggregate's repository. Transactions
 * (`db.transaction()`) are domain logic and stay where the work is decided.
 *
 * The check reads each file's syntax tree (TypeScript's parser), so comments and strings that
 * name a builder do not count, and a query built through any variable (db, trx, eb) does.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..')
/**
 * Folders whose non-repository files may not build queries: all of the server but src/server/seed
 * (demo data written once at first start) and src/server/db (the connection and migrations
 * themselves), plus the CLI.
 */
const CHECKED = [
  'src/server/domain',
  'src/server/routes',
  'src/server/admin',
  'src/server/plugins',
  'src/server/background',
  'src/server/crm',
  'src/server/security',
  'src/server/cluster',
  'src/server/messages',
  'src/server/payments',
  'src/server/mail',
  'src/server/venues',
  'src/server/cli',
  'src/cli',
]
/**
 * The walk parses a few hundred files: about 1.3 s alone, past vitest's default 5 s on a loaded
 * shared machine running the cycle checks beside it.
 */
const WALK_TIMEOUT_MS = 30_000
/** Fewer files than this means the walk read the wrong folders. */
const MIN_FILES = 80
/** Kysely's query starts: a method call with one of these names is a query being built. */
const BUILDERS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto', 'selectNoFrom'])

/**
 * Files allowed to hold SQL although they are not repositories, each with its reason. Keep it
 * short: a new entry needs a reason a reviewer accepts.
 */
const ALLOWED: Record<string, string> = {
  // The one stock rule as two SQL predicates (liveHold, liveOrder): no query of its own; only
  // repositories put it in a WHERE. Its home is named by docs and the guide.
  'src/server/domain/inventory/live.ts': 'the stock rule as SQL predicates',
  // amongSeats: how a session's holds of some seats are looked up (bounded by the ids' range, for
  // PostgreSQL's plan), one predicate that the inventory and seating repositories put in a WHERE.
  'src/server/domain/inventory/seat-range.ts': 'the seat-id lookup as an SQL predicate',
}

export const isRepository = (file: string) => /(^|\/)([\w-]+\.)?repository\.ts$/.test(file)

/** Where a source text builds SQL: builder calls and uses of Kysely's `sql` tag, as "line: what". */
export function sqlUses(source: string, fileName = 'file.ts'): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  // The local names Kysely's `sql` is imported under (usually just `sql`).
  const sqlNames = new Set<string>()
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || st.moduleSpecifier.text !== 'kysely') continue
    const named = st.importClause?.namedBindings
    if (named && ts.isNamedImports(named)) {
      for (const el of named.elements) if ((el.propertyName ?? el.name).text === 'sql' && !el.isTypeOnly && !st.importClause?.isTypeOnly) sqlNames.add(el.name.text)
    }
  }
  const found: string[] = []
  const at = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && BUILDERS.has(n.expression.name.text)) {
      found.push(`${at(n)}: ${n.expression.name.text}(`)
    } else if (ts.isIdentifier(n) && sqlNames.has(n.text) && !ts.isImportSpecifier(n.parent)) {
      found.push(`${at(n)}: sql`)
    }
    ts.forEachChild(n, visit)
  }
  visit(sf)
  return found
}

/** The .ts files under a folder, or the file itself when `dir` names one. */
function tsFiles(dir: string): string[] {
  if (fs.statSync(dir).isFile()) return [dir]
  const out: string[] = []
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) out.push(...tsFiles(p))
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(p)
  }
  return out
}

describe('SQL lives only in repository files', () => {
  it('finds builder calls and the sql tag, not words in comments or strings (the check can fail)', () => {
    const src = [
      "import { sql } from 'kysely'",
      '// db.selectFrom("orders") in a comment',
      "const note = 'trx.updateTable(x)'",
      "export const q = (db) => db.selectFrom('orders').selectAll()",
      'export const r = (trx) => trx.insertInto("x").values({})',
      'export const t = sql`select 1`',
      'export const u = (eb) => eb.exists(eb.selectFrom("y"))',
    ].join('\n')
    expect(sqlUses(src)).toEqual(['4: selectFrom(', '5: insertInto(', '6: sql', '7: selectFrom('])
    expect(sqlUses("import type { Sql } from 'kysely'\nexport async function f(db) { return db.transaction().execute(async () => 1) }")).toEqual([])
    expect(isRepository('src/server/domain/orders/order.repository.ts')).toBe(true)
    expect(isRepository('src/server/domain/events/repository.ts')).toBe(true)
    expect(isRepository('src/server/domain/orders/claim.ts')).toBe(false)
    expect(isRepository('src/server/domain/orders/repository-helpers.ts')).toBe(false)
  })

  it('in the checked folders and files (CHECKED): only repositories build queries', () => {
    const files = CHECKED.flatMap((d) => tsFiles(path.join(ROOT, d))).map((f) => path.relative(ROOT, f).split(path.sep).join('/'))
    expect(files.length).toBeGreaterThan(MIN_FILES)
    const offenders: Record<string, string[]> = {}
    for (const file of files) {
      if (isRepository(file) || file in ALLOWED) continue
      const uses = sqlUses(fs.readFileSync(path.join(ROOT, file), 'utf8'), file)
      if (uses.length) offenders[file] = uses
    }
    expect(offenders).toEqual({})
  }, WALK_TIMEOUT_MS)

  it('every allowed file exists and still holds SQL (the list only shrinks)', () => {
    for (const file of Object.keys(ALLOWED)) {
      const full = path.join(ROOT, file)
      expect(fs.existsSync(full), file).toBe(true)
      expect(sqlUses(fs.readFileSync(full, 'utf8'), file).length, file).toBeGreaterThan(0)
    }
  })
})
