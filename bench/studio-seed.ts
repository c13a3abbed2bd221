import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { Actor } from '../src/server/admin/context'
import { connect, type Db } from '../src/server/db/connect'
import type { CommitGate } from '../src/server/domain/orders/commit-gate'
import { loadConfig } from '../src/server/config'
import { DEFAULT_DB_TIMEOUTS } from '../src/server/config-defaults'
import { loadDemoData } from '../src/server/seed'
import { migrateToLatest } from '../src/server/migrations'
import { setupTimeouts } from '../src/server/prepare'
import { seedBigVenue } from '../src/server/seed/big-venue'

/**
 * What the studio benchmarks (studio-paint, studio-copy) share: their database, made and dropped
 * per run, and the sold big venue they save on.
 */

/**
 * A gate that never refuses: a benchmark measures a 1M-seat save to its end (as its setup timeouts
 * do), where the server's clock bound (clockGate, 15 s) would roll it back.
 */
const UNBOUNDED_GATE: CommitGate = { commitBy: Number.POSITIVE_INFINITY, passed: false, enter: () => undefined, leave: () => undefined }

/** Who saves in the studio benchmarks. */
export const BENCH_ACTOR: Actor = { role: 'owner', operatorId: null, tokenId: null, label: 'bench', ip: '127.0.0.1', operator: null, csrf: null, sessionHash: null, gate: UNBOUNDED_GATE }
const quiet = { info: () => undefined }

/**
 * A migrated database with the demo's menus and categories (the big venue's event needs them, as
 * `npm run venue -- seed-big` loads them): SQLite in a temporary folder, or with `usePg` a fresh
 * PostgreSQL database at 127.0.0.1:5432 (user postgres) named `<name>_<pid>`, dropped by `drop`.
 * PostgreSQL runs with the setup timeouts, so a 1M-seat save (and a baseline) is measured to its
 * end: with the server's defaults (DB_STATEMENT_TIMEOUT_MS, 10 s) it would be refused.
 */
export async function studioBenchDatabase(usePg: boolean, name: string): Promise<{ db: Db; drop: () => Promise<void>; kind: 'sqlite' | 'postgres' }> {
  const made = usePg ? await postgres(`${name}_${process.pid}`) : sqlite(name)
  await migrateToLatest(made.db)
  await loadDemoData(made.db, loadConfig(), quiet as never)
  return made
}

function sqlite(name: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-`))
  const db = connect({ kind: 'sqlite', file: path.join(dir, 'bench.sqlite') })
  return { db, kind: 'sqlite' as const, drop: async () => { await db.destroy(); rmSync(dir, { recursive: true, force: true }) } }
}

async function postgres(name: string) {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const db = connect({ kind: 'postgres', url: `postgres://postgres@127.0.0.1:5432/${name}` }, setupTimeouts({ dbTimeouts: DEFAULT_DB_TIMEOUTS }))
  return { db, kind: 'postgres' as const, drop: async () => { await db.destroy(); await admin.query(`drop database if exists ${name}`); await admin.end() } }
}

/** A big venue of `seats` with a session on sale on it (seed/big-venue.ts): its version and its biggest seated sector. */
export async function seedSoldVenue(db: Db, seats: number) {
  const seeded = await seedBigVenue(db, seats, quiet)
  const cal = await db.selectFrom('calendars').select(['id', 'drawing_id']).where('id', '=', seeded.calendarId).executeTakeFirstOrThrow()
  const drawingId = Number(cal.drawing_id)
  const sector = await db.selectFrom('sectors').select(['sector_index', 'seat_count']).where('drawing_id', '=', drawingId).where('kind', '=', 0).orderBy('seat_count', 'desc').executeTakeFirstOrThrow()
  return { calendarId: Number(cal.id), drawingId, sector }
}
