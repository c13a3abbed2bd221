import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect } from '../../src/server/db/connect'
import { startTestServer, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { holdSqlite } from './event-holder'

/** Per test: a server, an operator, a holder process. */
const TEST_MS = 30_000

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
