import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { clientBuildReason } from '../../src/cli/start'
import { spawnSync } from 'node:child_process'
import { ConfigError, loadConfig, refuseUnsafeProductionStart } from '../../src/server/config'
import { startTestServer } from '../support/server'
import { NPM_START_ARGS } from './cluster-helpers'

/** The mail settings a production shop gives (without them each is warned about). */
const MAIL_SET = { PUBLIC_URL: 'https://tickets.example.org', SMTP_URL: 'smtp://relay.example.org:587', MAIL_FROM: 'Box office <tickets@example.org>' }

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({}, '/srv/app')
    expect(c.port).toBe(8080)
    expect(c.host).toBe('0.0.0.0')
    expect(c.dataDir).toBe('/srv/app/data')
    expect(c.database).toEqual({ kind: 'sqlite', file: '/srv/app/data/storefront.sqlite' })
    expect(c.orderReserveSeconds).toBe(900)
    expect(c.cartHoldSeconds).toBe(600)
    expect(c.smtpUrl).toBeUndefined()
    expect(c.mailFrom).toBe('Seatwise <no-reply@seatwise.local>')
    expect(c.outboxDir).toBe('/srv/app/data/outbox')
    expect(c.logLevel).toBe('info')
    expect(c.demoData).toBe(true)
    expect(c.clientDir).toBe('/srv/app/dist/client')
    expect(c.publicUrl).toBe('http://localhost:8080')
    expect(c.trustProxy).toBe(false)
    expect(c.devSecrets).toEqual(['CRM_SECRET', 'SESSION_SECRET'])
  })

  it('reads every variable; empty strings count as unset', () => {
    const c = loadConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/sw',
        DATABASE_URL: 'postgres://u@db:5432/sw',
        ORDER_RESERVE_SECONDS: '1200',
        CART_HOLD_SECONDS: '300',
        SMTP_URL: 'smtp://mail:25',
        MAIL_FROM: 'Box Office <tickets@theatre.example.org>',
        LOG_LEVEL: 'debug',
        CRM_SECRET: 'crm-secret-123',
        SESSION_SECRET: 'session-secret-123',
        PUBLIC_URL: 'https://tickets.example.org/',
        DEMO_DATA: '0',
        CLIENT_DIR: '/opt/client',
        TRUST_PROXY: '10.0.0.0/8',
        HOME: '',
      },
      '/x',
    )
    expect(c.port).toBe(9000)
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/sw', namedStatements: true })
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/sw', DB_NAMED_STATEMENTS: '0' }).database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/sw', namedStatements: false })
    expect(c.orderReserveSeconds).toBe(1200)
    expect(c.cartHoldSeconds).toBe(300)
    expect(c.smtpUrl).toBe('smtp://mail:25')
    expect(c.mailFrom).toBe('Box Office <tickets@theatre.example.org>')
    expect(loadConfig({ MAIL_FROM: 'tickets@theatre.example.org' }).mailFrom).toBe('tickets@theatre.example.org')
    expect(c.mailReplyTo).toBeUndefined()
    expect(loadConfig({ MAIL_REPLY_TO: ' Box office <boxoffice@theatre.example.org> ' }).mailReplyTo).toBe('Box office <boxoffice@theatre.example.org>')
    expect(c.publicUrl).toBe('https://tickets.example.org')
    expect(c.demoData).toBe(false)
    expect(c.trustProxy).toEqual(['10.0.0.0/8'])
    expect(c.devSecrets).toEqual([])
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).database.kind).toBe('sqlite')
  })

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres/],
    [{ ORDER_RESERVE_SECONDS: '-5' }, /ORDER_RESERVE_SECONDS/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ CRM_SECRET: 'short' }, /CRM_SECRET must be at least 8/],
    [{ DEMO_DATA: 'yes' }, /DEMO_DATA/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ TRUST_PROXY: '1' }, /TRUST_PROXY=1 would trust every hop/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY=true would trust every hop/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /not understood: 10.0.0.0\/33/],
    [{ TRUST_PROXY: 'proxy.local' }, /not understood: proxy.local/],
    [{ TRUST_PROXY: '0.0.0.0/0' }, /TRUST_PROXY=0.0.0.0\/0 is every address/],
    [{ TRUST_PROXY: '10.0.0.5,::/0' }, /TRUST_PROXY=::\/0 is every address/],
    [{ IPV6_LIMIT_PREFIX: '16' }, /IPV6_LIMIT_PREFIX/],
    [{ IPV6_LIMIT_PREFIX: '129' }, /IPV6_LIMIT_PREFIX/],
    [{ DB_LOCK_TIMEOUT_MS: '0' }, /DB_LOCK_TIMEOUT_MS/],
    [{ MAIL_FROM: 'Seatwise' }, /MAIL_FROM must be an e-mail address/],
    [{ MAIL_FROM: 'Seatwise <no-reply>' }, /MAIL_FROM must be an e-mail address/],
    [{ MAIL_FROM: 'Seatwise\r\nBcc: all@example.org <a@example.org>' }, /MAIL_FROM must be an e-mail address/],
    [{ MAIL_REPLY_TO: 'the box office' }, /MAIL_REPLY_TO must be an e-mail address/],
    [{ MAIL_REPLY_TO: 'Desk\r\nBcc: all@example.org <a@example.org>' }, /MAIL_REPLY_TO must be an e-mail address/],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })
})

describe('TRUST_PROXY and production mode', () => {
  it('takes explicit proxies: addresses, CIDRs and named ranges; 0 and unset use the socket', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual(['10.0.0.5', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback'])
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false)
    expect(loadConfig({}).trustProxy).toBe(false)
  })

  it('warns about a very wide TRUST_PROXY range; counts IPv6 clients by /64 unless IPV6_LIMIT_PREFIX says otherwise', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).warnings).toEqual([])
    expect(loadConfig({ TRUST_PROXY: '0.0.0.0/1,128.0.0.0/1' }).warnings.join('\n')).toMatch(/TRUST_PROXY lists 0.0.0.0\/1,[\s\S]*TRUST_PROXY lists 128.0.0.0\/1,/)
    expect(loadConfig({}).ipv6LimitPrefix).toBe(64)
    expect(loadConfig({ IPV6_LIMIT_PREFIX: '48' }).ipv6LimitPrefix).toBe(48)
  })

  it('has the documented database timeouts and request deadline, each configurable', () => {
    const c = loadConfig({})
    expect(c.dbTimeouts).toEqual({ lockTimeoutMs: 2000, statementTimeoutMs: 10_000, idleInTransactionTimeoutMs: 15_000 })
    expect(c.requestDeadlineMs).toBe(20_000)
    expect(c.buyingLaneWaitMs).toBe(10_000)
    const d = loadConfig({ DB_LOCK_TIMEOUT_MS: '500', DB_STATEMENT_TIMEOUT_MS: '3000', DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '4000', REQUEST_DEADLINE_MS: '5000', BUYING_LANE_WAIT_MS: '2500' })
    expect(d.dbTimeouts).toEqual({ lockTimeoutMs: 500, statementTimeoutMs: 3000, idleInTransactionTimeoutMs: 4000 })
    expect(d.requestDeadlineMs).toBe(5000)
    expect(d.buyingLaneWaitMs).toBe(2500)
    expect(() => loadConfig({ BUYING_LANE_WAIT_MS: '0' })).toThrow(/BUYING_LANE_WAIT_MS/)
  })

  it('NODE_ENV=production: no sandbox bank or demo data unless asked for, with warnings when asked', () => {
    const quiet = loadConfig({ NODE_ENV: 'production', CRM_SECRET: 'crm-secret-123', SESSION_SECRET: 'session-secret-123', ...MAIL_SET })
    expect(quiet.production).toBe(true)
    expect(quiet.sandboxBank).toBe(false)
    expect(quiet.demoData).toBe(false)
    expect(quiet.warnings).toEqual([])
    expect(quiet.devSecrets).toEqual([])
    const asked = loadConfig({ NODE_ENV: 'production', SANDBOX_BANK: '1', DEMO_DATA: '1' })
    expect(asked.sandboxBank).toBe(true)
    expect(asked.demoData).toBe(true)
    expect(asked.warnings.join('\n')).toMatch(/SANDBOX_BANK=1 in production/)
    expect(asked.warnings.join('\n')).toMatch(/DEMO_DATA=1 in production/)
    // CRM_SECRET unset in production turns the CRM sign-in off instead (warned, below).
    expect(asked.devSecrets).toEqual(['SESSION_SECRET', 'SANDBOX_BANK_SECRET'])
    // Development keeps both on, as before.
    const dev = loadConfig({})
    expect([dev.production, dev.sandboxBank, dev.demoData]).toEqual([false, true, true])
  })

  it('production without CRM_SECRET (or with its public default): the CRM sign-in is off, with a warning saying how to turn it on; development keeps it', () => {
    const secrets = { SESSION_SECRET: 'session-secret-123', ...MAIL_SET }
    for (const crm of [{}, { CRM_SECRET: 'dev-crm-secret-change-me' }]) {
      const off = loadConfig({ NODE_ENV: 'production', ...secrets, ...crm })
      expect(off.crmSignIn).toBe(false)
      expect(off.warnings.join('\n')).toMatch(/CRM_SECRET is not set in production[\s\S]*the CRM sign-in \(`\?crm=` links from the account system\) is off[\s\S]*set CRM_SECRET/)
      // The server starts all the same: a venue without a CRM has no key to set.
      expect(() => refuseUnsafeProductionStart(off)).not.toThrow()
    }
    const on = loadConfig({ NODE_ENV: 'production', ...secrets, CRM_SECRET: 'crm-secret-123' })
    expect([on.crmSignIn, on.warnings]).toEqual([true, []])
    const dev = loadConfig({})
    expect([dev.crmSignIn, dev.devSecrets.includes('CRM_SECRET')]).toEqual([true, true])
  })

  it('production without PUBLIC_URL, SMTP_URL or with the default MAIL_FROM: a warning for each, saying what buyers would miss; the server still starts; development says nothing', () => {
    const base = { NODE_ENV: 'production', CRM_SECRET: 'crm-secret-123', SESSION_SECRET: 'session-secret-123' }
    const bare = loadConfig({ ...base, PORT: '4100' })
    const text = bare.warnings.join('\n')
    expect(bare.warnings).toHaveLength(3)
    expect(text).toMatch(/PUBLIC_URL is not set in production: the links in e-mails .* point at http:\/\/localhost:4100/)
    expect(text).toMatch(/SMTP_URL is not set in production: no e-mail leaves the server/)
    expect(text).toMatch(/MAIL_FROM is its default \(Seatwise <no-reply@seatwise\.local>\) in production/)
    expect(() => refuseUnsafeProductionStart(bare)).not.toThrow()
    // Each setting silences its own warning only.
    expect(loadConfig({ ...base, PUBLIC_URL: MAIL_SET.PUBLIC_URL }).warnings.join('\n')).not.toMatch(/PUBLIC_URL/)
    expect(loadConfig({ ...base, SMTP_URL: MAIL_SET.SMTP_URL }).warnings).toHaveLength(2)
    expect(loadConfig({ ...base, ...MAIL_SET }).warnings).toEqual([])
    expect(loadConfig({}).warnings).toEqual([])
  })

  it('refuses to start in production with the public default SESSION_SECRET (it signs admission tokens)', async () => {
    const secret = { SESSION_SECRET: 'session-secret-123' }
    expect(() => refuseUnsafeProductionStart(loadConfig({ NODE_ENV: 'production' }))).toThrow(/SESSION_SECRET: must be set in production/)
    expect(() => refuseUnsafeProductionStart(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'dev-session-secret-change-me' }))).toThrow(ConfigError)
    expect(() => refuseUnsafeProductionStart(loadConfig({ NODE_ENV: 'production', ...secret }))).not.toThrow()
    // Development keeps its default, with the start-up warning.
    expect(() => refuseUnsafeProductionStart(loadConfig({}))).not.toThrow()

    // startServer (every worker of a cluster goes through it) refuses too.
    await expect(startTestServer({ db: 'sqlite', env: { NODE_ENV: 'production', SESSION_SECRET: '' } })).rejects.toThrow(/SESSION_SECRET: must be set in production/)

    // The real entry point exits with the message before it opens anything.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-prod-'))
    try {
      const env = { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }
      const run = spawnSync(process.execPath, NPM_START_ARGS, { env, encoding: 'utf8', timeout: 60_000 })
      expect(run.status).toBe(1)
      expect(run.stderr).toMatch(/SESSION_SECRET: must be set in production \(NODE_ENV=production\)/)
      expect(fs.readdirSync(dataDir)).toEqual([])
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('npm start rebuilds the client only when needed', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-start-'))
  const client = path.join(root, 'dist/client')
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

  /** Writes a file with mtime `at`, and gives the folders it created the same time. */
  const touch = (file: string, at: number) => {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, 'x')
    for (let p = file; p.startsWith(root) && p !== root; p = path.dirname(p)) fs.utimesSync(p, at / 1000, at / 1000)
  }

  // Folder times count too: a deleted source file changes its folder's time and means a rebuild.
  it('builds when index.html is missing, skips when it is newer than every source, rebuilds after a change', () => {
    const t = Date.now() - 60_000
    touch(path.join(root, 'src/app/main.tsx'), t)
    touch(path.join(root, 'src/engine/deep/nested/file.ts'), t)
    touch(path.join(root, 'index.html'), t)
    expect(clientBuildReason(root, client)).toMatch(/missing/)
    touch(path.join(client, 'index.html'), t + 10_000)
    expect(clientBuildReason(root, client)).toBeNull()
    touch(path.join(root, 'src/engine/deep/nested/file.ts'), t + 20_000)
    expect(clientBuildReason(root, client)).toMatch(/changed/)
    touch(path.join(client, 'index.html'), t + 30_000)
    touch(path.join(root, 'src/contract/calls.ts'), t + 40_000)
    expect(clientBuildReason(root, client)).toMatch(/changed/)
  })
})
