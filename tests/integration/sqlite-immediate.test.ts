import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect } from '../../src/server/db/connect'
import { startTestServer, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'

/**
 * How long the other connection holds SQLite's write lock: long enough for the server's call to
 * reach the database under it, well under the server's busy timeout (db/connect.ts
 * SQLITE_BUSY_TIMEOUT_MS, 5 s), so a call that waits for it is not refused busy either.
 */
const SQLITE_HOLD_MS = 800
/** Per test: a server, an operator, a holder process. */
const TEST_MS = 30_000

type Statement = [sql: string, params: readonly (number | string)[]]

/**
 * Another process's connection to the SQLite file (the CLI's, a second server's) writing
 * `statements` in a transaction, so holding the write lock, for SQLITE_HOLD_MS; then it commits.
 * A process of its own: the server's driver is synchronous, so its busy wait stops this process
 * too, and a connection of the test's own could never let go. Resolves once the lock is held;
 * `done` once the write is committed and the process gone.
 */
async function holdSqlite(file: string, statements: readonly Statement[]): Promise<{ done: Promise<void> }> {
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
 * Every transaction on SQLite begins IMMEDIATE (db/sqlite-immediate.ts). A transaction begun
 * plainly (DEFERRED) that reads first holds a read snapshot; its first write must then upgrade to
 * the write lock, and while another connection holds that lock, or has committed since the
 * snapshot (SQLITE_BUSY_SNAPSHOT), SQLite refuses the upgrade at once without calling the busy
 * handler: busy_timeout did not apply, and the operator got 503 busy instead of a short wait.
 * Seen failing so without the change (the archive answered 503, the db-level write threw SQLITE_BUSY).
 */
describe('a write transaction that reads first waits for another SQLite connection\'s write instead of failing busy', () => {
  let server: TestServer
  let manager: AdminClient

  beforeAll(async () => {
    server = await startTestServer({ db: 'sqlite' })
    manager = await signedIn(server, 'manager')
  })
  afterAll(async () => {
    await server?.close()
  })

  it(
    "a console write that reads before it writes (archiving a tag: find it, then update it) waits for another process's write and then goes through",
    async () => {
      const tag = (await manager.post<{ id: number }>('/api/admin/tags', { name_ru: 'Тег для архива' })).body.id
      const other = (await manager.post<{ id: number }>('/api/admin/tags', { name_ru: 'Другой тег' })).body.id
      const file = server.config.database.kind === 'sqlite' ? server.config.database.file : ''
      // The other connection renames the other tag and holds the write lock while the archive runs.
      const holder = await holdSqlite(file, [['update tags set name_ru = ? where id = ?', ['Переименован', other]]])
      const archived = manager.post(`/api/admin/tags/${tag}/archive`, {})
      await holder.done
      const answer = await archived
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const rows = await server.db.selectFrom('tags').select(['id', 'name_ru', 'archived_at']).where('id', 'in', [tag, other]).orderBy('id').execute()
      expect(rows.find((r) => r.id === tag)?.archived_at).toEqual(expect.any(Number))
      expect(rows.find((r) => r.id === other)?.name_ru).toBe('Переименован')
    },
    TEST_MS,
  )
})

describe("db.transaction() on SQLite begins IMMEDIATE: a read then a write waits for another process's write", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-immediate-'))
  const file = path.join(dir, 'db.sqlite')
  const db = connect({ kind: 'sqlite', file })

  beforeAll(async () => {
    await sql`create table counters (id integer primary key, n integer not null)`.execute(db)
    await sql`insert into counters (id, n) values (1, 0)`.execute(db)
  })
  afterAll(async () => {
    await db.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it(
    'the increment read under the transaction counts the other connection\'s committed one (no lost update, no SQLITE_BUSY)',
    async () => {
      const holder = await holdSqlite(file, [['update counters set n = n + 1 where id = ?', [1]]])
      await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`select n from counters where id = 1`.execute(trx)
        await sql`update counters set n = ${rows[0].n + 1} where id = 1`.execute(trx)
      })
      await holder.done
      const { rows } = await sql<{ n: number }>`select n from counters where id = 1`.execute(db)
      expect(rows[0].n).toBe(2)
    },
    TEST_MS,
  )
})
