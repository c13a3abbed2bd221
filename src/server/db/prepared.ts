import { createQueryId, type Compilable, type CompiledQuery, type QueryResult, type RawBuilder } from 'kysely'
import { isPostgresDb, type Db } from './connect'
import { nameStatement } from './statement-names'

/**
 * Queries built and compiled once, then run with new values (the order's and the hold's hot
 * statements). Kysely builds a frozen operation tree and compiles it to SQL on every call: on
 * the order path (about 20 statements) that was 22 % of the server's CPU under a rush
 * (`bench:load:cpu --profile`, profile-phases `--callers=kysely`), since a server with hundreds
 * of query shapes runs the builder's and the compiler's code cold. A prepared query is built once
 * per SQL dialect with a marker in place of each value, compiled, and from then on only its
 * parameter list is filled in.
 *
 * The build function must not look at its parameters: no arithmetic, no branching, no string
 * building on them (a marker throws when turned into a number or a string), and every parameter
 * must reach the query as a whole value (checked once, at the first build). A list whose length
 * varies (`in (...)`, several inserted rows) gives another statement per length: keep a prepared
 * query per shape (`preparedByShape`). The handle's plugins still see every run (write-watch.ts
 * counts the writes the process caches watch); one that rewrites queries cannot run a prepared
 * query, and says so.
 *
 * On PostgreSQL the compiled text also runs as a named statement (statement-names.ts, the pool's
 * lease in connect.ts; DB_NAMED_STATEMENTS=0 turns that off): each connection parses it once,
 * then only binds and runs it.
 */

/** What a build answers: a query builder, or an `sql` template (which compiles against the handle). */
type Buildable<O> = Compilable<O> | RawBuilder<O>

/** A parameter's stand-in while the query is built. */
class Marker {
  constructor(readonly name: string) {}
  [Symbol.toPrimitive](): never {
    throw new Error(`prepared query: parameter "${this.name}" used in a computation while building; pass the computed value as a parameter`)
  }
}

/** One slot of the compiled parameter list: a named parameter, or a value the build fixed (a literal of the code). */
type Slot = { name: string } | { value: unknown }

interface Template {
  compiled: CompiledQuery
  slots: readonly Slot[]
}

export interface PreparedQuery<P, O> {
  /** The rows the statement answers (none for a write without `returning`). */
  rows(db: Db, params: P): Promise<O[]>
  /** The first row, or undefined. */
  first(db: Db, params: P): Promise<O | undefined>
  /** The first row; throws when there is none (Kysely's executeTakeFirstOrThrow: an insert's `returning`). */
  firstOrThrow(db: Db, params: P): Promise<O>
  /** Rows inserted, updated or deleted (0 where the driver tells none). */
  affected(db: Db, params: P): Promise<number>
}

/** The adapter class names the SQL dialect: each gets its own template (placeholders, quoting). */
const dialectOf = (db: Db) => db.getExecutor().adapter.constructor

function compileTemplate<P>(db: Db, build: (db: Db, p: P) => Buildable<unknown>): Template {
  const asked = new Set<string>()
  const params = new Proxy({} as Record<string, Marker>, {
    get(_, key) {
      if (typeof key !== 'string') return undefined
      asked.add(key)
      return new Marker(key)
    },
  }) as P
  // Built without the handle's plugins: they see each run instead (PreparedQuery's run), the first one too.
  const bare = db.withoutPlugins()
  const built = build(bare, params)
  const compiled = 'isRawBuilder' in built ? built.compile(bare) : built.compile()
  const seen = new Set<string>()
  const slots = compiled.parameters.map((value): Slot => {
    if (value instanceof Marker) {
      seen.add(value.name)
      return { name: value.name }
    }
    if (Array.isArray(value) && value.some((v) => v instanceof Marker)) throw new Error('prepared query: a parameter inside a list; give the list as one parameter')
    return { value }
  })
  const lost = [...asked].filter((k) => !seen.has(k))
  if (lost.length) throw new Error(`prepared query: parameter(s) ${lost.join(', ')} did not reach the statement as values`)
  if (isPostgresDb(db)) nameStatement(compiled.sql)
  return { compiled, slots }
}

/**
 * A query built once per dialect: `const q = prepared((db, p: { id: number }) => db.selectFrom('t').selectAll().where('id', '=', p.id))`,
 * then `await q.first(db, { id })`. Runs on the handle given (a transaction too) and answers what
 * the builder's own execute would.
 */
export function prepared<P extends object, O>(build: (db: Db, p: P) => Buildable<O>): PreparedQuery<P, O> {
  const templates = new Map<unknown, Template>()
  const run = async (db: Db, params: P): Promise<QueryResult<O>> => {
    const dialect = dialectOf(db)
    let template = templates.get(dialect)
    if (!template) templates.set(dialect, (template = compileTemplate(db, build)))
    const values = params as Record<string, unknown>
    const parameters = template.slots.map((s) => {
      if (!('name' in s)) return s.value
      const v = values[s.name]
      // The builder leaves undefined values out of the statement; here it would become NULL.
      if (v === undefined) throw new Error(`prepared query: parameter "${s.name}" is undefined`)
      return v
    })
    // The plugins look at each run as they would at a built query's (and may count it), but the
    // SQL was compiled before: a plugin that changes the query would be skipped, so it is refused.
    const queryId = createQueryId()
    const node = template.compiled.query
    if (db.getExecutor().transformQuery(node, queryId) !== node) throw new Error('prepared query: a plugin of this handle rewrites queries; use the query builder')
    return db.executeQuery<O>({ query: node, queryId, sql: template.compiled.sql, parameters } as CompiledQuery<O>)
  }
  return {
    rows: async (db, params) => (await run(db, params)).rows,
    first: async (db, params) => (await run(db, params)).rows[0],
    firstOrThrow: async (db, params) => {
      const [row] = (await run(db, params)).rows
      if (row === undefined) throw new Error('prepared query: the statement answered no row')
      return row
    },
    affected: async (db, params) => Number((await run(db, params)).numAffectedRows ?? 0),
  }
}

/**
 * Shapes kept per preparedByShape: a request's seats are capped, so real shapes are few; past
 * this, a new shape is built for its call alone (what the query builder costs anyway).
 */
const SHAPES_KEPT = 64

/**
 * Prepared queries by shape: `shape` names what changes the statement's text (a list's length,
 * the columns written), and each shape is built once, by `build(shape)`.
 */
export function preparedByShape<S extends string | number, P extends object, O>(build: (shape: S) => (db: Db, p: P) => Buildable<O>): (shape: S) => PreparedQuery<P, O> {
  const byShape = new Map<S, PreparedQuery<P, O>>()
  return (shape) => {
    let q = byShape.get(shape)
    if (!q) {
      q = prepared(build(shape))
      if (byShape.size < SHAPES_KEPT) byShape.set(shape, q)
    }
    return q
  }
}

/** The parameter name of item `i` of the list parameter `name`. */
const listParam = (name: string, i: number) => `${name}:${i}`

/**
 * A list of `count` markers, one parameter each (`name:0`, `name:1`, ...): an `in (...)` list or a
 * column of inserted rows in a prepared query of that length (listParams writes the values).
 */
export function listMarkers<T = unknown>(p: object, name: string, count: number): T[] {
  const values = p as Record<string, T>
  return Array.from({ length: count }, (_, i) => values[listParam(name, i)])
}

/** The parameters of listMarkers' list `name` for `values`, added to `into`. */
export function listParams(name: string, values: readonly unknown[], into: Record<string, unknown> = {}): Record<string, unknown> {
  values.forEach((v, i) => (into[listParam(name, i)] = v))
  return into
}

/** A prepared insert's rows of markers: `count` rows of `columns`, each column a listMarkers list. */
export function rowMarkers(p: object, columns: readonly string[], count: number): Record<string, unknown>[] {
  const byColumn = columns.map((c) => listMarkers(p, c, count))
  return Array.from({ length: count }, (_, i) => Object.fromEntries(columns.map((c, j) => [c, byColumn[j][i]])))
}

/** The parameters of a prepared insert of `rows` (every row with the columns given), for rowMarkers' statement. */
export function rowParams(rows: readonly Record<string, unknown>[], columns: readonly string[]): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const c of columns) listParams(c, rows.map((r) => r[c]), params)
  return params
}
