import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import pg from 'pg'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { PG_ADMIN_URL, TEST_DBS } from '../support/server'
import { NPM_START_ARGS } from './cluster-helpers'

/** A free TCP port: bind to 0, read the port, release it. */
async function freePort(): Promise<number> {
  const srv = net.createServer()
  srv.listen(0, '127.0.0.1')
  await once(srv, 'listening')
  const port = (srv.address() as net.AddressInfo).port
  srv.close()
  await once(srv, 'close')
  return port
}

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL })
  await client.connect()
  try {
    await client.query(query)
  } finally {
    await client.end()
  }
}

describe.each(TEST_DBS)('graceful shutdown of the server process on %s', (dbKind) => {
  it('SIGTERM: stops listening, closes the database, exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-shutdown-'))
    const port = await freePort()
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DEMO_DATA: '0', CLIENT_DIR: path.join(dataDir, 'no-client') }
    let database: string | null = null
    if (dbKind === 'postgres') {
      database = `seatwise_test_${randomBytes(6).toString('hex')}`
      await admin(`create database ${database}`)
      const url = new URL(PG_ADMIN_URL)
      url.pathname = `/${database}`
      env.DATABASE_URL = url.toString()
    } else delete env.DATABASE_URL
    try {
      // `npm start`'s own process (node bin/start.mjs), not through npm or the tsx CLI: those relay
      // signals to a child (tsx SIGKILLs one that does not acknowledge within 30 ms, which happens
      // on a busy machine), which would test them instead of our graceful close.
      const child = spawn(process.execPath, NPM_START_ARGS, { env, stdio: ['ignore', 'pipe', 'pipe'] })
      let logs = ''
      child.stdout.on('data', (d: Buffer) => (logs += d.toString()))
      child.stderr.on('data', (d: Buffer) => (logs += d.toString()))
      // 'close' (not 'exit') waits until stdout and stderr are drained, so the logs are complete.
      const exited = once(child, 'close')
      await new Promise<void>((resolve, reject) => {
        const check = () => (logs.includes('storefront listening') ? resolve() : undefined)
        child.stdout.on('data', check)
        child.on('exit', () => reject(new Error(`server exited before listening:\n${logs}`)))
      })
      const res = await fetch(`http://127.0.0.1:${port}/api/setup`)
      expect(res.status).toBe(200)

      child.kill('SIGTERM')
      const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null]
      expect({ code, signal }).toEqual({ code: 0, signal: null })
      expect(logs).toMatch(/"signal":"SIGTERM".*shutting down/)
      expect(logs).toMatch(/server closed/)
      await expect(fetch(`http://127.0.0.1:${port}/api/setup`)).rejects.toThrow()
      if (dbKind === 'sqlite') {
        // SQLite removes the write-ahead log when the last connection closes cleanly.
        expect(fs.existsSync(path.join(dataDir, 'storefront.sqlite'))).toBe(true)
        expect(fs.existsSync(path.join(dataDir, 'storefront.sqlite-wal'))).toBe(false)
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
      if (database) await admin(`drop database if exists ${database} with (force)`)
    }
  })
})
