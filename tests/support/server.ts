import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import pino from 'pino'
import { loadConfig, type Config } from '../../src/server/config'
import { sql } from 'kysely'
import { connect, type Db } from '../../src/server/db/connect'
import { migrateToLatest } from '../../src/server/migrations'
import { openDatabase } from '../../src/server/prepare'
import { startServer, type RunningServer } from '../../src/server/server'

/** The PostgreSQL the tests use: local, trust auth (see the team brief). */
export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export type TestDb = 'sqlite' | 'postgres'
export const TEST_DBS: TestDb[] = ['sqlite', 'postgres']

export interface TestServer {
  url: string
  db: Db
  config: Config
  /** The temporary DATA_DIR (SQLite file, outbox). */
  dataDir: string
  /** What the start asked before listening (WARM_START=1; server.ts warmed). */
  warmed: RunningServer['warmed']
  /** Stops the server, closes the database, removes the temp dir and drops the PG database. */
  close(): Promise<void>
}

function pgUrl(database: string): string {
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${database}`
  return url.toString()
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** Sources whose change changes what a freshly seeded database contains. */
const SEED_SOURCES = ['src/server/migrations', 'src/server/seed', 'src/server/venues', 'src/engine/generate', 'src/engine/parse', 'src/engine/model.ts', 'src/server/venue-time.ts']

function hashTree(hash: ReturnType<typeof createHash>, target: string): void {
  const stat = fs.statSync(target, { throwIfNoEntry: false })
  if (!stat) return
  if (!stat.isDirectory()) {
    hash.update(target).update(fs.readFileSync(target))
    return
  }
  for (const entry of fs.readdirSync(target).sort()) hashTree(hash, path.join(target, entry))
}

/**
 * Key of the seeded-database template: the seed and schema sources plus today's date (demo
 * dates are relative to the day of seeding) and the venue time zone (the demo's sessions are
 * days and times on its clock). A new key means a new template.
 */
function templateKey(config: Config, kind: TemplateKind): string {
  const hash = createHash('sha256')
  for (const source of SEED_SOURCES) hashTree(hash, path.resolve(source))
  hash.update(new Date().toISOString().slice(0, 10))
  hash.update(config.venueTimeZone)
  hash.update(kind)
  return hash.digest('hex').slice(0, 12)
}

/**
 * What a template holds: 'seeded', a demo first start's database (migrations, system rows, demo
 * data); 'migrated', the schema only, for servers started with DEMO_DATA=0, which write their
 * system rows themselves at start as on a new install (those rows depend on the server's own
 * configuration, its banks). Migrating an empty database cost about a second on PostgreSQL for
 * each of the ~70 DEMO_DATA=0 servers a run starts there; a copy costs a fraction of that.
 */
export type TemplateKind = 'seeded' | 'migrated'

/** Brings a new database to the template's state by the real paths: the first start's openDatabase, or the migrator alone. */
async function fillTemplate(config: Config, kind: TemplateKind, database: Config['database']): Promise<Db> {
  if (kind === 'seeded') return openDatabase({ ...config, database }, silent)
  const db = connect(database)
  await migrateToLatest(db)
  return db
}

const TEMPLATE_PREFIX = 'seatwise_tpl_'
/** A template of other sources is removed only when older than this (see sqliteTemplate, postgresTemplate). */
const TEMPLATE_KEEP_MS = 6 * 60 * 60 * 1000
const silent = pino({ level: 'silent' })

/**
 * A migrated and demo-seeded database made once by the real first-start path (openDatabase) and
 * then copied for each test server: a file copy for SQLite, CREATE DATABASE … TEMPLATE for
 * PostgreSQL. Seeding 66,000 seats costs seconds; a copy costs milliseconds. Built under a
 * temporary name and renamed, so two test runs at once never see a half-made template.
 */
async function sqliteTemplate(config: Config, kind: TemplateKind): Promise<string> {
  const file = path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${templateKey(config, kind)}.sqlite`)
  if (fs.existsSync(file)) return file
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-tpl-'))
  try {
    const db = await fillTemplate(config, kind, { kind: 'sqlite', file: path.join(work, 'seed.sqlite') })
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`
    await sql`vacuum into ${tmp}`.execute(db)
    await db.destroy()
    fs.renameSync(tmp, file)
    // Templates of earlier days or sources are no longer used, but a file of this run with
    // another venue time zone, or another checkout's run, may be copying one right now: as for
    // PostgreSQL, only those made over TEMPLATE_KEEP_MS ago are removed.
    for (const entry of fs.readdirSync(os.tmpdir())) {
      const other = path.join(os.tmpdir(), entry)
      if (!/^seatwise_tpl_[0-9a-f]{12}\.sqlite$/.test(entry) || other === file) continue
      const made = fs.statSync(other, { throwIfNoEntry: false })?.mtimeMs
      if (made !== undefined && Date.now() - made > TEMPLATE_KEEP_MS) fs.rmSync(other, { force: true })
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
  return file
}

async function postgresTemplate(config: Config, kind: TemplateKind): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${templateKey(config, kind)}`
  const exists = await withAdmin(async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1)
  if (exists) return name
  const work = `${name}_${randomBytes(4).toString('hex')}`
  await withAdmin((c) => c.query(`create database ${work}`))
  try {
    const db = await fillTemplate(config, kind, { kind: 'postgres', url: pgUrl(work) })
    await db.destroy()
    await withAdmin(async (c) => {
      // The time it was made goes on the work database, before the rename (a comment belongs to
      // the database, so it stays): commented after the rename, another run's clean-up below
      // could see the new template without a time in between, judge it stale and drop it under
      // this run's servers (seen in CI with two integration files at once: "template database
      // … does not exist"; files with another venue time zone use a template of another key).
      await c.query(`comment on database ${work} is '${new Date().toISOString()}'`)
      // Templates of earlier days or sources are no longer used, but another checkout on the
      // same machine (a second worktree, a CI run beside a session) may be using one of other
      // sources right now: only templates made over TEMPLATE_KEEP_MS ago are dropped (work
      // databases of a concurrent run have a longer name and are left alone).
      const old = await c.query<{ datname: string; made: string | null }>(
        "select datname, shobj_description(oid, 'pg_database') as made from pg_database where datname like $1 and datname <> $2",
        [`${TEMPLATE_PREFIX}%`, name],
      )
      for (const row of old.rows) {
        const made = Date.parse(row.made ?? '')
        const stale = !Number.isFinite(made) || Date.now() - made > TEMPLATE_KEEP_MS
        if (stale && /^seatwise_tpl_[0-9a-f]{12}$/.test(row.datname)) await c.query(`drop database if exists ${row.datname} with (force)`)
      }
      await c.query(`alter database ${work} rename to ${name}`)
    })
  } catch (err) {
    const raced = await withAdmin(async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1)
    await withAdmin((c) => c.query(`drop database if exists ${work} with (force)`))
    if (!raced) throw err
  }
  return name
}

/** The environment of a test server (startTestServer) before its database and the test's own variables. */
function testEnv(dataDir: string): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    CRM_SECRET: 'test-crm-secret-0123456789',
    SESSION_SECRET: 'test-session-secret-0123456789',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    // Tests act as many visitors from one machine by sending X-Forwarded-For.
    TRUST_PROXY: 'loopback',
    // Many tests start dozens of visitors from 127.0.0.1 within a minute; the per-address
    // bounds have their own test (address-limits.test.ts), which sets them low.
    SESSIONS_PER_ADDRESS_PER_MINUTE: '100000',
    STREAMS_PER_ADDRESS: '1000',
    // Building the demo's seating before listening costs ~0.1-0.3 s a start, ~150 starts a run;
    // the caches build on first use all the same. warm-start.test.ts starts with it on.
    WARM_START: '0',
  }
}

/**
 * A new PostgreSQL database copied from a template (TemplateKind), for servers the test starts as
 * child processes (`npm start`'s bin/start.mjs, one process or a `WORKERS=N` cluster): they find it as
 * their first start, or a test server's, would leave it, without each run migrating or seeding
 * anew. `drop` removes it.
 */
export async function templatedPgDatabase(kind: TemplateKind): Promise<{ url: string; drop(): Promise<void> }> {
  const template = await postgresTemplate(loadConfig(testEnv(os.tmpdir())), kind)
  const name = `seatwise_test_${randomBytes(6).toString('hex')}`
  await withAdmin((c) => c.query(`create database ${name} template ${template}`))
  return { url: pgUrl(name), drop: () => withAdmin(async (c) => void (await c.query(`drop database if exists ${name} with (force)`))) }
}

/**
 * Starts the real server in-process on a random port with a fresh database: a temporary SQLite
 * file, or a new PostgreSQL database (dropped on close). Migrations and demo data are those of a
 * first `npm start`, copied from a template seeded once per run (see sqliteTemplate); with
 * DEMO_DATA: '0' from one only migrated (TemplateKind), and the server writes its system rows
 * itself at start, as on a new install. `env` overrides any variable (e.g. CRM_SECRET).
 * `prepare` runs once the database is in place and before the server starts, with the DATA_DIR
 * and the environment the server will get. Logs are silent unless TEST_LOG_LEVEL is set.
 */
export async function startTestServer(opts: { db: TestDb; env?: Record<string, string>; prepare?: (dataDir: string, env: Record<string, string>) => Promise<void> | void }): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-test-'))
  let pgDatabase: string | null = null
  const env = testEnv(dataDir)
  const base = loadConfig({ ...env, ...opts.env })
  const kind: TemplateKind = base.demoData ? 'seeded' : 'migrated'
  if (opts.db === 'postgres') {
    pgDatabase = `seatwise_test_${randomBytes(6).toString('hex')}`
    const template = await postgresTemplate(base, kind)
    await withAdmin((c) => c.query(`create database ${pgDatabase} template ${template}`))
    env.DATABASE_URL = pgUrl(pgDatabase)
  } else {
    fs.copyFileSync(await sqliteTemplate(base, kind), path.join(dataDir, 'storefront.sqlite'))
  }
  const cleanup = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true })
    if (pgDatabase) {
      const name = pgDatabase
      await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`))
    }
  }
  try {
    // Work on the database before the server opens it (e.g. an operator's CLI run over it).
    await opts.prepare?.(dataDir, { ...env, ...opts.env })
    const config = loadConfig({ ...env, ...opts.env })
    const server = await startServer(config, pino({ level: config.logLevel }))
    return {
      url: server.url,
      db: server.db,
      config,
      dataDir,
      warmed: server.warmed,
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
