import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NPM_START_ARGS } from './cluster-helpers'
import { freshPgDatabase } from './scheme-helpers'

/**
 * Expected mistakes at `npm start` (src/cli/start.ts, start-errors.ts): each ends the process
 * with exit 1 and one line naming the variable or the cause, with no stack trace.
 */
interface Ended {
  code: number | null
  output: string
}

/** Runs `npm start`'s command (node bin/start.mjs) with `env` until it exits (or `timeoutMs`, then kills it). */
function runStart(env: Record<string, string>, timeoutMs = 90_000): Promise<Ended> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-start-'))
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, NPM_START_ARGS, {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: path.join(os.tmpdir(), 'seatwise-no-client'), LOG_LEVEL: 'info', DEMO_DATA: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', reject)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

/** A stack trace's frame line ("    at foo (file:1:2)"). */
const STACK_FRAME = /^\s+at .+/m

function expectOneLine(ended: Ended, message: RegExp): void {
  expect(ended.code, ended.output).toBe(1)
  expect(ended.output).toMatch(message)
  expect(ended.output, ended.output).not.toMatch(STACK_FRAME)
}

describe('npm start with a startup mistake', () => {
  const dirs: string[] = []
  const tempDir = (): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-start-'))
    dirs.push(dir)
    return dir
  }
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('a database that refuses connections: says it could not be reached, not that a migration failed', async () => {
    const ended = await runStart({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/seatwise', DATA_DIR: tempDir() })
    expectOneLine(ended, /The database could not be reached: .*ECONNREFUSED.*DATABASE_URL/)
    expect(ended.output).not.toMatch(/Migration .* failed/)
  }, 120_000)

  it('a database that does not exist', async () => {
    const ended = await runStart({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/seatwise_no_such_database', DATA_DIR: tempDir() })
    expectOneLine(ended, /The database could not be reached: database "seatwise_no_such_database" does not exist/)
  }, 120_000)

  it('a missing TICKET_SIGNING_KEY_FILE', async () => {
    const dir = tempDir()
    const ended = await runStart({ TICKET_SIGNING_KEY_FILE: path.join(dir, 'missing.pem'), DATA_DIR: dir })
    expectOneLine(ended, /TICKET_SIGNING_KEY_FILE .*missing\.pem does not exist/)
  }, 120_000)

  it('a bad TICKET_PUBLIC_KEYS, and no signing key file is written before the failure', async () => {
    const dir = tempDir()
    const ended = await runStart({ TICKET_PUBLIC_KEYS: 'not-a-key', DATA_DIR: dir })
    expectOneLine(ended, /TICKET_PUBLIC_KEYS: not a base64url Ed25519 public key: not-a-key/)
    expect(fs.existsSync(path.join(dir, 'keys'))).toBe(false)
  }, 120_000)

  it('DATA_DIR pointing at a file', async () => {
    const file = path.join(tempDir(), 'a-file')
    fs.writeFileSync(file, 'x')
    const ended = await runStart({ DATA_DIR: file })
    expectOneLine(ended, /DATA_DIR .*a-file is not a directory/)
  }, 120_000)

  it('a HOST that does not resolve', async () => {
    const ended = await runStart({ HOST: 'seatwise-no-such-host.invalid', DATA_DIR: tempDir() })
    expectOneLine(ended, /HOST seatwise-no-such-host\.invalid cannot be resolved/)
  }, 120_000)

  it('a PORT already taken (one process)', async () => {
    const { server, port } = await occupyPort()
    try {
      const ended = await runStart({ PORT: String(port), DATA_DIR: tempDir() })
      expectOneLine(ended, new RegExp(`Cannot listen on 127\\.0\\.0\\.1:${port}: the port is already in use`))
    } finally {
      server.close()
    }
  }, 300_000)
})

async function occupyPort(): Promise<{ server: net.Server; port: number }> {
  const server = net.createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  return { server, port: (server.address() as net.AddressInfo).port }
}

/**
 * WORKERS=N with the port taken: the workers die before ever listening; the primary gives up
 * after a few such deaths in a row (cluster/primary.ts) and exits 1 naming the cause, instead
 * of restarting them forever.
 */
describe('WORKERS=3 npm start on a port already taken', () => {
  let database: Awaited<ReturnType<typeof freshPgDatabase>>
  beforeAll(async () => {
    // Migrated already (the test template): the primary gets to forking its workers sooner.
    database = await freshPgDatabase('migrated')
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('exits 1 within a bound, saying the port is in use', async () => {
    const { server, port } = await occupyPort()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-start-'))
    try {
      const started = Date.now()
      // Killed past the bound: without the fix the primary restarts its workers forever.
      const ended = await runStart({ WORKERS: '3', PORT: String(port), DATABASE_URL: database.url, DATA_DIR: dir }, 240_000)
      expect(ended.code, ended.output).toBe(1)
      expect(Date.now() - started).toBeLessThan(240_000)
      expect(ended.output).toMatch(new RegExp(`workers cannot start, stopping: Cannot listen on 127\\.0\\.0\\.1:${port}: the port is already in use`))
    } finally {
      server.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 300_000)
})
