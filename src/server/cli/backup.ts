/**
 * `npm run backup -- FILE`: a consistent copy of the configured database (DATA_DIR's SQLite or
 * DATABASE_URL), taken while the server runs.
 *
 * SQLite: SQLite's online backup API (better-sqlite3 `backup()`) reads the database through its
 * pager, so pages still in the write-ahead log (`storefront.sqlite-wal`) are in the copy; it reads
 * one snapshot in a read transaction, which in WAL mode does not block the server's writes. The
 * copy is written under a temporary name and renamed, so FILE is never a half-written database.
 * An existing FILE is refused, not overwritten.
 *
 * PostgreSQL: the tool for it is pg_dump (consistent, online, restorable into another version);
 * this prints the command for the configured database, without the password, and fails, so a
 * script that expected a file does not go on as if it had one.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { loadConfig } from '../config'

/**
 * Pages a backup step may copy: the largest count SQLite's step takes (a C int), i.e. all that
 * remain. better-sqlite3 opens the copy with an empty first step, then asks the progress callback.
 */
const ALL_REMAINING_PAGES = 0x7fffffff
/** How long the copy waits for a lock the server holds (a checkpoint) before failing. */
const BACKUP_BUSY_TIMEOUT_MS = 5000

const USAGE = 'usage: npm run backup -- FILE   (FILE: where to write the copy; must not exist)'

/** A refusal the CLI prints as one line and exits non-zero with. */
export class BackupRefused extends Error {}

/** Runs the backup and answers the line to print; throws BackupRefused (or an I/O error) on failure. */
export async function runBackupCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const [file, ...rest] = argv
  if (!file || rest.length > 0 || file.startsWith('-')) throw new BackupRefused(USAGE)
  const config = loadConfig(env)
  if (config.database.kind === 'postgres') throw new BackupRefused(pgDumpHint(config.database.url, file))
  const target = path.resolve(file)
  await backupSqlite(config.database.file, target)
  return `backup written: ${target} (${fs.statSync(target).size} bytes) from ${config.database.file}`
}

/** A consistent copy of the SQLite file `source` (with what its WAL holds) at `target`. */
export async function backupSqlite(source: string, target: string): Promise<void> {
  if (!fs.existsSync(source)) throw new BackupRefused(`no database at ${source}: is DATA_DIR the server's?`)
  if (fs.existsSync(target)) throw new BackupRefused(`${target} exists: choose a new file name (a backup never overwrites one)`)
  const partial = `${target}.${randomBytes(4).toString('hex')}.partial`
  const db = new SQLite(source, { fileMustExist: true })
  try {
    db.pragma(`busy_timeout = ${BACKUP_BUSY_TIMEOUT_MS}`)
    // Every page in one step: one read snapshot, so the server's writes between steps cannot
    // restart the copy again and again on a busy shop (and in WAL mode the read blocks no write).
    await db.backup(partial, { progress: () => ALL_REMAINING_PAGES })
    fs.renameSync(partial, target)
  } catch (err) {
    fs.rmSync(partial, { force: true })
    throw err
  } finally {
    db.close()
  }
}

/** What to run instead on PostgreSQL: pg_dump and pg_restore for DATABASE_URL's database, never its password. */
export function pgDumpHint(databaseUrl: string, file: string): string {
  // The whole connection string (pg_dump and pg_restore take a URI as --dbname), so sslmode and
  // every other parameter reach them as they reach the server; only the password is left out.
  const url = new URL(databaseUrl)
  url.password = ''
  const connection = `--dbname=${quote(url.toString())}`
  const dump = ['pg_dump', connection, '--format=custom', `--file=${quote(file)}`].join(' ')
  const restore = ['pg_restore', connection, '--clean', '--if-exists', quote(file)].join(' ')
  return [
    'DATABASE_URL is PostgreSQL: this command copies only SQLite. Back up with pg_dump (online and consistent):',
    `  ${dump}`,
    'and restore with:',
    `  ${restore}`,
    'The password is not shown: give it in PGPASSWORD or ~/.pgpass.',
  ].join('\n')
}

/** A shell word: as is when plain, else single-quoted. */
const quote = (s: string) => (/^[\w./:@=-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`)
