import { spawn } from 'node:child_process'
import { expect } from 'vitest'
import type { TestServer } from '../support/server'
import { lockRig } from './lock-rig'

/**
 * How long another SQLite connection holds the write lock: long enough for the calls sent under it
 * to reach the database, well under the server's busy timeout (db/connect.ts SQLITE_BUSY_TIMEOUT_MS, 5 s).
 */
const SQLITE_HOLD_MS = 1_000

/**
 * What the other connection does to the event while it holds it: nothing (it only locks it, as
 * catalogue/rows.repository.ts lockEvent does), or `venueId` (a save of the event moving it to
 * that venue), or `row` (a change of a row of the event, e.g. a session's edit or a price row's,
 * saved under the event's lock as the console saves them), committed when it lets go.
 */
export interface HeldEventWrite {
  venueId?: number
  row?: HeldRowWrite
}

/** One column of one row of the event's sessions or price rows set to `value` (names from the test's own code). */
export interface HeldRowWrite {
  table: 'calendars' | 'prices'
  id: number
  column: string
  value: number | string
}

export type Statement = [sql: string, params: readonly (number | string)[]]

/** The statements `write` runs in SQLite's words (`?` parameters): the event's lock first, as lockEvent takes it. */
function sqliteStatements(eventId: number, write: HeldEventWrite): Statement[] {
  const lock: Statement =
    write.venueId === undefined ? ['update events set published = published where id = ?', [eventId]] : ['update events set venue_id = ? where id = ?', [write.venueId, eventId]]
  return write.row === undefined ? [lock] : [lock, [`update ${write.row.table} set ${write.row.column} = ? where id = ?`, [write.row.value, write.row.id]]]
}

/**
 * Another process's connection to the SQLite file (the CLI's, a second server's) running
 * `statements` in a transaction and so holding the write lock, as lockEvent takes it, for
 * SQLITE_HOLD_MS; then it commits. A process of its own: the server's driver is synchronous, so
 * its busy wait stops this process too, and a connection of the test's own could never let go.
 * Resolves once the lock is held; `done` once it is let go.
 */
export async function holdSqlite(file: string, statements: readonly Statement[]): Promise<{ done: Promise<void> }> {
  const script = `
    const Database = require('better-sqlite3')
    const [file, statements, holdMs] = process.argv.slice(1)
    const db = new Database(file)
    db.exec('begin immediate')
    for (const [sql, params] of JSON.parse(statements)) db.prepare(sql).run(...params)
    process.stdout.write('locked\\n')
    setTimeout(() => { db.exec('commit'); db.close() }, Number(holdMs))`
  const child = spawn(process.execPath, ['-e', script, file, JSON.stringify(statements), String(SQLITE_HOLD_MS)], { stdio: ['ignore', 'pipe', 'inherit'] })
  const done = new Promise<void>((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`holder exited ${code}`)))))
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve())
    child.on('exit', (code) => reject(new Error(`holder exited ${code} before locking`)))
  })
  return { done }
}

/**
 * Holds event `eventId`'s lock from another connection, doing `write` under it, while `calls`
 * start, then lets it go; answers the calls. On PostgreSQL it lets go only once every call waits
 * on a lock (the server's lock, or its write, comes after the held one); on SQLite, where the
 * server runs one transaction at a time, after SQLITE_HOLD_MS, and the other connection is
 * another process's as the CLI's would be.
 */
export async function underHeldEvent<T>(server: TestServer, eventId: number, write: HeldEventWrite, calls: () => Promise<T>[]): Promise<T[]> {
  const { venueId, row } = write
  if (server.config.database.kind === 'sqlite') {
    const holder = await holdSqlite(server.config.database.file, sqliteStatements(eventId, write))
    const answers = calls()
    await holder.done
    return Promise.all(answers)
  }
  const locks = await lockRig(server)
  try {
    await locks.blocker.query('begin')
    if (venueId === undefined) await locks.blocker.query('select id from events where id = $1 for no key update', [eventId])
    else await locks.blocker.query('update events set venue_id = $1 where id = $2', [venueId, eventId])
    if (row !== undefined) await locks.blocker.query(`update ${row.table} set ${row.column} = $1 where id = $2`, [row.value, row.id])
    const answers = calls()
    expect(await locks.untilLockWaiters(answers.length)).toBe(answers.length)
    await locks.blocker.query(venueId === undefined && row === undefined ? 'rollback' : 'commit')
    return await Promise.all(answers)
  } finally {
    await locks.release()
    await locks.end()
  }
}
