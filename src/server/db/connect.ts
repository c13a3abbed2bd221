import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import type { Database as DbConfig } from '../config'
import type { Database } from './database'

export type Db = Kysely<Database>

/** PostgreSQL type ids whose text form we turn into JS numbers (see below). */
const PG_INT8 = 20
const PG_NUMERIC = 1700
/** Pool size: two cores serve the whole machine; more connections only queue in PostgreSQL. */
const PG_POOL_MAX = 10
/** SQLite waits this long for a lock held by another connection (the CLI) before failing. */
const SQLITE_BUSY_TIMEOUT_MS = 5000

// bigint columns hold epoch milliseconds and COUNT(*) answers int8: both fit a JS number well
// within 2^53, so parse them as numbers instead of pg's default strings.
pg.types.setTypeParser(PG_INT8, (v) => Number(v))
pg.types.setTypeParser(PG_NUMERIC, (v) => Number(v))

/**
 * Opens the database: better-sqlite3 on a file (WAL, foreign keys on) or a pg pool. The caller
 * owns the result and calls `destroy()` on shutdown.
 */
export function connect(cfg: DbConfig): Db {
  if (cfg.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: cfg.url, max: PG_POOL_MAX })
    // An idle client losing its connection (server restart, a database dropped at shutdown)
    // makes the pool emit 'error'; unhandled, that would crash the process. The pool drops the
    // client and the next query opens a new one, so there is nothing else to do here.
    pool.on('error', () => {})
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  }
  fs.mkdirSync(path.dirname(cfg.file), { recursive: true })
  const sqlite = new SQLite(cfg.file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`)
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
}

export function isPostgresDb(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter'
}
