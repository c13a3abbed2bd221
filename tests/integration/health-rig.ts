import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import pg from 'pg'
import pino from 'pino'
import { loadConfig } from '../../src/server/config'
import { startServer, type RunningServer } from '../../src/server/server'
import { PG_ADMIN_URL, type TestDb } from '../support/server'

/** A statement on the PostgreSQL admin database (create or drop a test database). */
export async function pgAdmin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL })
  await client.connect()
  try {
    await client.query(query)
  } finally {
    await client.end()
  }
}

export interface HealthRig {
  server: RunningServer
  /** Every log line the server wrote, parsed. */
  lines: Array<Record<string, unknown>>
  dataDir: string
  /** The PostgreSQL database's name (null on SQLite). */
  pgDatabase: string | null
  /** DATABASE_URL of the server (undefined on SQLite). */
  databaseUrl: string | undefined
  close(): Promise<void>
}

/**
 * The real server (startServer) on a random port over an empty, migrated database, with its log
 * captured line by line: tests/support/server.ts keeps the server's logger and app to itself, and
 * these tests read both (the request log, the app's close state).
 */
export async function startHealthRig(dbKind: TestDb, env: Record<string, string> = {}): Promise<HealthRig> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-health-'))
  const pgDatabase = dbKind === 'postgres' ? `seatwise_test_${randomBytes(6).toString('hex')}` : null
  let databaseUrl: string | undefined
  if (pgDatabase) {
    await pgAdmin(`create database ${pgDatabase}`)
    const url = new URL(PG_ADMIN_URL)
    url.pathname = `/${pgDatabase}`
    databaseUrl = url.toString()
  }
  const lines: Array<Record<string, unknown>> = []
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>)
      done()
    },
  })
  const cleanup = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true })
    if (pgDatabase) await pgAdmin(`drop database if exists ${pgDatabase} with (force)`)
  }
  try {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      WARM_START: '0',
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      SESSION_SECRET: 'test-session-secret-0123456789',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    })
    const server = await startServer(config, pino({ level: 'info' }, sink))
    return {
      server,
      lines,
      dataDir,
      pgDatabase,
      databaseUrl,
      close: async () => {
        await server.close()
        await cleanup()
      },
    }
  } catch (err) {
    await cleanup()
    throw err
  }
}
