import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { DEFAULT_DB_POOL_MAX, DEFAULT_DB_TIMEOUTS, type Database as DbConfig, type DbTimeouts } from '../config'
import type { Database } from './database'
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
/** SQLite waits this long for a lock held by another connection (the CLI) before failing. */
const SQLITE_BUSY_TIMEOUT_MS = 5000

// bigint columns hold epoch milliseconds and COUNT(*) answers int8: both fit a JS number well
// within 2^53, so parse them as numbers instead of pg's default strings.
pg.types.setTypeParser(PG_INT8, (v) => Number(v))
pg.types.setTypeParser(PG_NUMERIC, (v) => Number(v))

/**
 * Opens the database: better-sqlite3 on a file (WAL, foreign keys on) or a pg pool whose every
 * session has lock, statement and idle-in-transaction timeouts. The caller
 * owns the result and calls `destroy()` on shutdown.
 */
export function connect(cfg: DbConfig, timeouts: DbTimeouts = DEFAULT_DB_TIMEOUTS, poolMax = DEFAULT_DB_POOL_MAX): Db {
  if (cfg.kind === 'postgres') {
    // Every connection of the pool starts its session with these (sent in the startup packet,
    // so no extra round trip): see DbTimeouts in config.ts for why each exists.
    const pool = new pg.Pool({
      connectionString: cfg.url,
      // DB_POOL_MAX: a few cores serve a process; more connections only queue inside PostgreSQL.
      max: poolMax,
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
    pool.on('connect', (client) => client.on('error', () => {}))
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new WriteWatchPlugin()] })
  }
  fs.mkdirSync(path.dirname(cfg.file), { recursive: true })
  const sqlite = new SQLite(cfg.file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`)
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins: [new WriteWatchPlugin()] })
}

export function isPostgresDb(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter'
}
