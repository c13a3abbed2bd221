import { createQueryId, sql, type CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely'
import type { Db } from '../../src/server/db/connect'
import type { TestDb } from './server'

/**
 * Query plans for the tests that check a statement is served by an index (no timing in tests):
 * the plan text as each database shows it, one line per node.
 */

/** The plan of `query` (values inlined: the planner sees what a prepared call would bind). */
export async function planOf(db: Db, kind: TestDb, query: string): Promise<string> {
  if (kind === 'postgres') {
    const rows = await sql<{ 'QUERY PLAN': string }>`${sql.raw(`explain ${query}`)}`.execute(db)
    return rows.rows.map((r) => r['QUERY PLAN']).join('\n')
  }
  const rows = await sql<{ detail: string }>`${sql.raw(`explain query plan ${query}`)}`.execute(db)
  return rows.rows.map((r) => r.detail).join('\n')
}

/**
 * The plan of `query` when PostgreSQL prices sequential scans out (the test database's tables are
 * a few pages, where a scan is cheaper), so a Seq Scan in it means no index can serve the
 * statement; SQLite scans a table its statistics call tiny, so it is asked to use `index` (INDEXED
 * BY fails the statement when the index cannot serve it).
 */
export async function indexedPlanOf(db: Db, kind: TestDb, query: string, index: string): Promise<string> {
  // The table as the statement first names it, quoted or not (Kysely quotes), with its alias.
  if (kind === 'sqlite') return planOf(db, kind, query.replace(/^(update|delete from|select .*? from) ("?\w+"?(?: as "?\w+"?)?)/, `$1 $2 indexed by ${index}`))
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx)
    return planOf(trx, kind, query)
  })
}

/** A compiled Kysely statement with its parameters written in (numbers, strings and null: what these plans need). */
export function inlined(q: CompiledQuery, kind: TestDb): string {
  const values = q.parameters.map((p) => {
    if (p === null) return 'null'
    // A text parameter (a LIKE pattern) as a quoted literal; the replacements below do not rescan it.
    if (typeof p === 'string') return `'${p.replace(/'/g, "''")}'`
    if (typeof p !== 'number') throw new Error(`inlined: parameter ${String(p)} is neither a number nor a text`)
    return String(p)
  })
  if (kind === 'postgres') return q.sql.replace(/\$(\d+)/g, (_m, n: string) => values[Number(n) - 1])
  let i = 0
  return q.sql.replace(/\?/g, () => values[i++])
}

/** The statements `run` sends through `db` (they still run), compiled as they were sent. */
export async function statementsOf(db: Db, run: (db: Db) => Promise<unknown>): Promise<CompiledQuery[]> {
  const nodes: RootOperationNode[] = []
  const record: KyselyPlugin = {
    transformQuery: (args) => {
      nodes.push(args.node)
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  await run(db.withPlugin(record))
  return nodes.map((node) => db.getExecutor().compileQuery(node, createQueryId()))
}
