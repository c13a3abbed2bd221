import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, type PostgresPoolClient } from 'kysely'
import pg from 'pg'
import type { Database as DbConfig } from '../config'
import { DEFAULT_DB_POOL_MAX, DEFAULT_DB_TIMEOUTS, type DbTimeouts } from '../config-defaults'
import type { Database } from './database'
import { ImmediateSqliteDialect } from './sqlite-immediate'
import { statementName } from './statement-names'
import { WriteWatchPlugin } from './write-watch'

export type Db = Kysely<Database>

/** PostgreSQL type ids whose text form we turn into JS numbers (see below). */
const PG_INT8 = 20
const PG_NUMERIC = 1700
/**
 * Longest wait for a free pooled connection: past it the request answers "busy, try again"
 * (plugins/known-failures.ts) instead of queueing behind a hot session without end.
 */
const PG_POOL_ACQUIRE_TIMEOUT_MS = 5000
/**
 * Server settings of every pooled PostgreSQL session, besides the timeouts. jit=off: PostgreSQL
 * JIT-compiles any statement its planner costs above jit_above_cost, and reading a session's live
 * holds (the stock rule's per-hold check of a paid order prices every row) passes it as soon as a
 * session has sold a few thousand seats: on a session with 20,000 sold, 92-143 ms with JIT (its
 * compile alone 20-27 ms, every call) against 8-9 ms without (EXPLAIN ANALYZE, PostgreSQL 15).
 * Our statements are short OLTP reads and writes, which JIT never pays back.
 */
const PG_SESSION_OPTIONS = '-c jit=off'
/**
 * SQLite waits this long for a lock held by another connection (the CLI) before failing. Every
 * transaction begins IMMEDIATE (sqlite-immediate.ts), so a transaction's write lock is one wait
 * this covers, not an upgrade that SQLite refuses busy at once.
 */
const SQLITE_BUSY_TIMEOUT_MS = 5000

// bigint columns hold epoch milliseconds and COUNT(*) answers int8: both fit a JS number well
// within 2^53, so parse them as numbers instead of pg's default strings.
pg.types.setTypeParser(PG_INT8, (v) => Number(v))
pg.types.setTypeParser(PG_NUMERIC, (v) => Number(v))

/**
 * Opens the database: better-sqlite3 on a file (WAL, foreign keys on, transactions begun
 * IMMEDIATE: sqlite-immediate.ts) or a pg pool whose every session has lock, statement and
 * idle-in-transaction timeouts and no JIT (PG_SESSION_OPTIONS). The caller owns the result and
 * calls `destroy()` on shutdown.
 *
 * On PostgreSQL with `pagePoolMax` > 0 a second pool of that many connections serves the pages'
 * handle (`pageDbOf`), which the returned handle's `destroy()` ends too. The prepared queries'
 * texts (prepared.ts) run as named statements unless `cfg.namedStatements` is false (Lease).
 */
export function connect(cfg: DbConfig, timeouts: DbTimeouts = DEFAULT_DB_TIMEOUTS, poolMax = DEFAULT_DB_POOL_MAX, pagePoolMax = 0): Db {
  if (cfg.kind === 'postgres') {
    const pool = openPool(cfg.url, timeouts, poolMax, MAIN_POOL_NAME)
    const pagePool = pagePoolMax > 0 ? openPool(cfg.url, timeouts, pagePoolMax, PAGE_POOL_NAME) : null
    const named = cfg.namedStatements ?? true
    // The main handle owns both pools: its destroy() ends them; the page handle's ends nothing.
    const owned = { connect: () => connectMarked(pool, named), end: async () => void (await Promise.all([pool.end(), pagePool?.end()])) }
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: owned }), plugins: [new WriteWatchPlugin()] })
    pools.set(db, pool)
    if (pagePool) {
      const pageDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: { connect: () => connectMarked(pagePool, named), end: async () => {} } }), plugins: [new WriteWatchPlugin()] })
      pageHandles.set(db, pageDb)
      owners.set(pageDb, db)
      pools.set(pageDb, pagePool)
    }
    return db
  }
  fs.mkdirSync(path.dirname(cfg.file), { recursive: true })
  const sqlite = new SQLite(cfg.file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`)
  return new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }), plugins: [new WriteWatchPlugin()] })
}

/**
 * application_name of each pool's sessions, unless DATABASE_URL names one: pg_stat_activity tells
 * the pages' connections from the rest (an operator watching a rush; tests/integration/page-pool.test.ts).
 */
export const MAIN_POOL_NAME = 'seatwise'
export const PAGE_POOL_NAME = 'seatwise-pages'

/** A pg pool of `max` connections whose every session has the timeouts and PG_SESSION_OPTIONS. */
function openPool(rawUrl: string, timeouts: DbTimeouts, max: number, applicationName: string): pg.Pool {
  // Every connection of the pool starts its session with these (sent in the startup packet,
  // so no extra round trip): see DbTimeouts in config.ts for why each exists.
  const { url, options } = withSessionOptions(rawUrl, applicationName)
  const pool = new pg.Pool({
    connectionString: url,
    options,
    // DB_POOL_MAX: a few cores serve a process; more connections only queue inside PostgreSQL.
    max,
    connectionTimeoutMillis: PG_POOL_ACQUIRE_TIMEOUT_MS,
    lock_timeout: timeouts.lockTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
  })
  // An idle client losing its connection (server restart, a database dropped at shutdown)
  // makes the pool emit 'error'; unhandled, that would crash the process. The pool drops the
  // client and the next query opens a new one, so there is nothing else to do here.
  pool.on('error', () => {})
  // A checked-out client whose session the server ends (idle_in_transaction_session_timeout,
  // an administrator) emits 'error' too; its pending query fails on its own, so only the
  // event must not go unhandled (which would end the process).
  // The same event names the error as the connection's (isDatabaseConnectionError): pg emits
  // it before the pending query fails with that very error (process.nextTick).
  pool.on('connect', (client) => client.on('error', markConnectionError))
  return pool
}

/**
 * Errors a PostgreSQL connection raised: its socket failing under a checked-out client, or a
 * connect failing (refused, timed out). A socket error (ECONNRESET, EPIPE…) carries nothing saying
 * whose socket it was; plugins/known-failures.ts names the database only for these.
 */
const connectionErrors = new WeakSet<object>()

function markConnectionError(err: unknown): void {
  if (typeof err === 'object' && err !== null) connectionErrors.add(err)
}

async function connectMarked(pool: pg.Pool, named: boolean): Promise<PostgresPoolClient> {
  try {
    return leaseOf(await pool.connect(), named)
  } catch (err) {
    markConnectionError(err)
    throw err
  }
}

/**
 * Severities of a PostgreSQL error after which the server ends the session: pg_terminate_backend,
 * a restart or crash of another backend (57P01-57P02), idle_in_transaction_session_timeout (25P03).
 */
const SESSION_ENDING_SEVERITIES: ReadonlySet<unknown> = new Set(['FATAL', 'PANIC'])

function endsSession(err: unknown): boolean {
  return typeof err === 'object' && err !== null && SESSION_ENDING_SEVERITIES.has((err as { severity?: unknown }).severity)
}

/** SQLSTATE of PostgreSQL's refusal to run a named statement whose result columns changed since it was prepared. */
const PG_FEATURE_NOT_SUPPORTED = '0A000'

/**
 * A named statement prepared before its result's columns changed (a `select *` of a table a
 * migration altered while this server ran: another machine's start): PostgreSQL refuses it on
 * that connection from then on ("cached plan must not change result type"), so the connection is
 * given up and the next one prepares it afresh. Told by its SQLSTATE alone: the message is in the
 * server's lc_messages language. Another refusal of that class on a named statement only costs a
 * new connection.
 */
const stalePlan = (err: unknown): boolean => (err as { code?: unknown } | null)?.code === PG_FEATURE_NOT_SUPPORTED

/**
 * A pooled client as Kysely's driver uses it (query, release) that hands a client back to the pool
 * as broken when PostgreSQL ended its session under a query. node-postgres marks such a client
 * unusable only once the socket's end reaches it, and PostgreSQL closes the socket last, after the
 * backend has left pg_stat_activity: released before that (Kysely releases without an error), the
 * dead client went back to the idle list and the next request's query on it failed as well, one
 * more visitor answered busy per lost connection (a CI run, 2026-12-04). Costs a closure a query.
 *
 * With `named`, a text prepared.ts named (statement-names.ts) is sent as a named statement:
 * node-postgres parses it once per connection (then Bind/Execute only), and PostgreSQL keeps its
 * parse tree and, after five runs, maybe a generic plan. The schema is migrated before any
 * serving connection opens (prepare.ts: its own connection, ended first); a statement prepared
 * before a column change of its table (a migration by another machine's start) fails once per
 * connection ("cached plan must not change result type", stalePlan), which is then replaced. Behind PgBouncer in transaction pooling, named
 * statements need PgBouncer 1.21+ with max_prepared_statements > 0; otherwise DB_NAMED_STATEMENTS=0.
 */
class Lease implements PostgresPoolClient {
  private ended: unknown = null
  constructor(
    private readonly client: pg.PoolClient,
    private readonly named: boolean,
  ) {}

  // Kysely calls query(sql, params) and, when streaming, query(cursor); both pass through, a named text as { name, text, values }.
  query = ((...args: Parameters<PostgresPoolClient['query']>) => {
    const [text, values] = args as unknown[]
    const name = this.named && typeof text === 'string' ? statementName(text) : undefined
    const answer = name ? this.client.query({ name, text: text as string, values: values as unknown[] }) : (this.client.query as (...a: unknown[]) => unknown)(...args)
    if (!(answer instanceof Promise)) return answer
    return answer.catch((err: unknown) => {
      if (endsSession(err) || (name && stalePlan(err))) this.ended = err
      throw err
    })
  }) as PostgresPoolClient['query']

  release(): void {
    const ended = this.ended
    this.ended = null
    // pg-pool destroys a client released with an error instead of keeping it idle.
    this.client.release(ended ? (ended as Error) : undefined)
  }
}

/** One lease per pooled client: Kysely keeps its connection object per client it is handed. */
const leases = new WeakMap<pg.PoolClient, Lease>()

function leaseOf(client: pg.PoolClient, named: boolean): Lease {
  let lease = leases.get(client)
  if (!lease) leases.set(client, (lease = new Lease(client, named)))
  return lease
}

/** Whether a PostgreSQL connection of ours raised this error (above). */
export function isDatabaseConnectionError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && connectionErrors.has(err)
}

/**
 * The URL without its `options` parameter and the options to send: our application name, then
 * the operator's options, then PG_SESSION_OPTIONS. pg lets a URL's parameters override the pool's,
 * so an operator's `?options=-c%20search_path%3Dx` would otherwise drop PG_SESSION_OPTIONS, or ours
 * drop theirs. The name comes first so that an operator's own (in `options`, or as the URL's
 * application_name, which PostgreSQL applies after the options) wins.
 */
function withSessionOptions(raw: string, applicationName: string): { url: string; options: string } {
  const url = new URL(raw)
  const own = url.searchParams.get('options')
  url.searchParams.delete('options')
  const ours = `-c application_name=${applicationName}`
  return { url: url.toString(), options: own ? `${ours} ${own} ${PG_SESSION_OPTIONS}` : `${ours} ${PG_SESSION_OPTIONS}` }
}

/** The pg pool of each PostgreSQL handle `connect` opened. */
const pools = new WeakMap<Db, pg.Pool>()
/** The page handle of each main handle that has one, and the main handle of each page handle. */
const pageHandles = new WeakMap<Db, Db>()
const owners = new WeakMap<Db, Db>()

/** The connection pool under a PostgreSQL handle, main or page (the main one's size bounds the buying lane, plugins/buying-lane.ts); undefined on SQLite. */
export function pgPoolOf(db: Db): pg.Pool | undefined {
  return pools.get(db)
}

/**
 * The handle the storefront's read calls go through (plugins/page-pool.ts): on PostgreSQL with a
 * page pool (DB_PAGE_POOL_MAX), one over that pool, whose connections no buying call, payment or
 * background job ever takes; otherwise `db` itself. Why: in an on-sale rush the buying calls and
 * the bank's callbacks fill the main pool with transactions, and a page's one-millisecond reads
 * queued behind all of them (bench:load:cpu: the listing's p99 during a payments' burst 1.4-1.6 s).
 */
export function pageDbOf(db: Db): Db {
  return pageHandles.get(db) ?? db
}

/**
 * The handle per-handle memory is kept under (process caches, seating, compiled maps): a page
 * handle's main handle, so both handles share one copy of every cache and every invalidation.
 */
export function cacheOwnerOf(db: Db): Db {
  return owners.get(db) ?? db
}

/** The memory `map` keeps for `db`'s owner (cacheOwnerOf), made by `make` on first use. */
export function perHandle<T>(map: WeakMap<Db, T>, db: Db, make: () => T): T {
  const owner = cacheOwnerOf(db)
  let value = map.get(owner)
  if (value === undefined) map.set(owner, (value = make()))
  return value
}

export function isPostgresDb(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter'
}
