import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type SqliteDialectConfig } from 'kysely'

/**
 * Kysely's SQLite dialect whose every transaction (db.transaction().execute, db.startTransaction)
 * begins with BEGIN IMMEDIATE, where Kysely's own driver says plain `begin` (DEFERRED).
 *
 * Why: a DEFERRED transaction takes no lock until its first statement, and a first read takes
 * only a read snapshot. Its first write must then upgrade that to the file's one write lock, and
 * SQLite refuses the upgrade at once, without calling the busy handler (so busy_timeout does not
 * apply), when another connection holds the write lock or has committed since the snapshot
 * (SQLITE_BUSY_SNAPSHOT): a write that reads first (most of them: find the row, check, update)
 * answered 503 busy whenever the CLI or a second server process wrote to the same file at that
 * moment. BEGIN IMMEDIATE asks for the write lock before any read, a wait busy_timeout covers, and
 * every read of the transaction then sees the other connection's committed write.
 * tests/integration/sqlite-immediate.test.ts.
 *
 * Cost: none within the process, whose transactions already run one at a time on Kysely's one
 * SQLite connection (its driver holds it for the whole transaction). Across processes a
 * transaction now holds the write lock from its start, so a transaction that only reads also
 * makes another process's writes wait for it (statements outside a transaction, the storefront's
 * page reads, are unaffected: WAL readers never wait). Savepoints (nested transactions) are
 * unchanged: they run inside the transaction that already holds the lock.
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  private readonly immediateConfig: SqliteDialectConfig

  constructor(config: SqliteDialectConfig) {
    super(config)
    this.immediateConfig = config
  }

  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.immediateConfig)
  }
}

const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate')

class ImmediateSqliteDriver extends SqliteDriver {
  // SQLite's transactions take no isolation level or access mode: Kysely's own driver ignores
  // the settings too.
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(BEGIN_IMMEDIATE)
  }
}
