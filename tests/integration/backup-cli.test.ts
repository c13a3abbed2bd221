import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { TEST_DBS } from '../support/server'
import { startHealthRig, type HealthRig } from './health-rig'

/** Rows written before the backup: enough that a copy without the WAL's pages would miss them. */
const ROWS = 200

/** `npm run backup -- …` as npm runs it (node with tsx's loader), with its exit code and output. */
async function backupCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const base = { ...process.env }
  delete base.DATABASE_URL
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', ...args], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr.on('data', (d: Buffer) => (output += d.toString()))
  const [code] = (await once(child, 'close')) as [number | null]
  return { code, output }
}

describe.each(TEST_DBS)('npm run backup on %s', (dbKind) => {
  let rig: HealthRig | null = null
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-backup-'))
  afterEach(async () => {
    await rig?.close()
    rig = null
    fs.rmSync(scratch, { recursive: true, force: true })
    fs.mkdirSync(scratch)
  })

  it(dbKind === 'sqlite' ? 'copies the database with its WAL while the server holds it open' : 'refuses and prints the pg_dump command, without the password', async () => {
    if (dbKind === 'postgres') {
      const database = 'seatwise_shop'
      const { code, output } = await backupCli([path.join(scratch, 'x.dump')], { DATABASE_URL: `postgres://seatwise:s3cret-pass@db.internal:6543/${database}` })
      expect(code).not.toBe(0)
      expect(output).toMatch(new RegExp(`pg_dump --dbname=postgres://seatwise@db.internal:6543/${database} --format=custom --file=\\S+x\\.dump`))
      expect(output).toContain(`pg_restore`)
      expect(output).not.toContain('s3cret-pass')
      expect(fs.existsSync(path.join(scratch, 'x.dump'))).toBe(false)
      return
    }
    rig = await startHealthRig('sqlite')
    await sql`create table backup_probe (id integer primary key, note text not null)`.execute(rig.server.db)
    for (let i = 1; i <= ROWS; i++) await sql`insert into backup_probe (id, note) values (${i}, ${`row ${i}`})`.execute(rig.server.db)
    // The rows are in the write-ahead log, not yet in the main file: a plain file copy would lose them.
    const wal = path.join(rig.dataDir, 'storefront.sqlite-wal')
    expect(fs.statSync(wal).size).toBeGreaterThan(0)

    const target = path.join(scratch, 'copy.sqlite')
    const { code, output } = await backupCli([target], { DATA_DIR: rig.dataDir })
    expect({ code, output }).toMatchObject({ code: 0, output: expect.stringContaining('backup written') })
    // The server still answers from its own file meanwhile.
    expect((await fetch(`${rig.server.url}/healthz`)).status).toBe(200)

    const copy = new SQLite(target, { readonly: true, fileMustExist: true })
    try {
      expect(copy.prepare('select count(*) as n, max(note) as last from backup_probe').get()).toEqual({ n: ROWS, last: 'row 99' })
      expect(copy.pragma('quick_check', { simple: true })).toBe('ok')
    } finally {
      copy.close()
    }
    expect(fs.readdirSync(scratch).filter((f) => f.endsWith('.partial'))).toEqual([])

    // A second run to the same file is refused: a backup never overwrites one.
    const again = await backupCli([target], { DATA_DIR: rig.dataDir })
    expect(again.code).not.toBe(0)
    expect(again.output).toMatch(/exists/)
  })

  it('without a file name prints its usage and fails', async () => {
    const { code, output } = await backupCli([], { DATA_DIR: scratch })
    expect(code).not.toBe(0)
    expect(output).toMatch(/usage: npm run backup -- FILE/)
  })
})
