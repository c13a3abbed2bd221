/**
 * `npm run bench:load` (issue 18.7): the on-sale rush against the documented deployments, in one
 * run, each with the same scenarios:
 *
 * - baseline: the SQLite default, one process (`npm start`);
 * - cluster: `WORKERS=4 npm start` on one PostgreSQL, with kill -9 of one worker and SIGSTOP of
 *   another (for FREEZE_MS) during the distinct-seat holds and again during its payments.
 *
 * Scenarios (bench/load/scenarios.ts): N buyers racing for the same 20 seats (the winners then
 * order), N buyers holding distinct seats of one session (then ordering them, and half of them
 * paying through the sandbox bank: bench/load/payments.ts), N buyers for the
 * last GA_LEFT general-admission tickets, and an on-sale of V visitors through the waiting room.
 * Each reports calls a second, p50/p99 of the call, the p99 of an unrelated page (the listing)
 * during the rush, and the database is checked afterwards (including that every payment the bank
 * confirmed to its buyer left the order paid with its lines and tickets: no lost paid order). The canary (on the cluster's database,
 * after it stopped) drops the live-hold unique index and claims one seat with an unprotected
 * check-then-insert from many connections: the same check must find the double sale, or the
 * check is worthless and the run fails; likewise one confirmed paid order is marked unpaid behind
 * the server's back and the paid-order check must count it lost.
 *
 * --short: 200 buyers, 1,000 visitors (a few minutes on a 2-core box); default: 1,000 and 10,000.
 * Not in CI (it needs PostgreSQL and several processes, minutes of both cores); results go to
 * bench/results/<date>-load-short.json or -load-full.json with the machine noted.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { connect } from '../../src/server/db/connect'
import { spawnCluster, type ClusterProcess } from '../../tests/integration/cluster-helpers'
import { freshPgDatabase } from '../../tests/integration/scheme-helpers'
import { machine, writeResults } from '../lib'
import { checkPaidOrders, type Confirmed } from './payments'
import { checkDatabase, distinctSeats, lastTickets, onSale, raceForTwenty, type Target } from './scenarios'

const short = process.argv.includes('--short')
const BUYERS = short ? 200 : 1000
const VISITORS = short ? 1000 : 10_000
const CLUSTER_WORKERS = 4
/** Tickets left in the general-admission race. */
const GA_LEFT = 50
/** Admissions a minute in the on-sale: a tenth of the room a minute. */
const ADMIT_PER_MINUTE = Math.round(VISITORS / 10)
/** How long the SIGSTOPped worker stays frozen. */
const FREEZE_MS = 3_000
/** Unprotected claimers of the canary, each with its own connection. */
const CANARY_CLAIMERS = 20

/** REQUEST_LOG=errors: the request log as production has it (config.ts); a build without the setting ignores it. */
const SERVER_ENV = { DEMO_DATA: '1', SESSIONS_PER_ADDRESS_PER_MINUTE: '1000000', REQUEST_LOG: 'errors' }

async function scenarios(t: Target) {
  const race = await raceForTwenty(t, BUYERS)
  const distinct = await distinctSeats(t, BUYERS)
  const ga = await lastTickets(t, BUYERS, GA_LEFT)
  const room = await onSale(t, VISITORS, ADMIT_PER_MINUTE)
  const { confirmed, ...distinctOut } = distinct
  const rows = await checkDatabase(t.db, ga.calendarId, GA_LEFT)
  const paid = await checkPaidOrders(t.db, confirmed)
  const database = { ...rows, paid_orders: paid, pass: rows.pass && paid.pass }
  return { race_for_20_seats: race, distinct_seats: distinctOut, last_ga_tickets: ga, waiting_room_on_sale: room, database, confirmed }
}

async function baseline() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-load-'))
  const cluster = await spawnCluster(1, SERVER_ENV, dataDir)
  const db = connect({ kind: 'sqlite', file: path.join(dataDir, 'storefront.sqlite') })
  try {
    const { confirmed: _c, ...out } = await scenarios({ url: cluster.url, db })
    return { deployment: 'SQLite, 1 process', ...out }
  } finally {
    await db.destroy()
    await cluster.stop()
  }
}

/** kill -9 of one worker and SIGSTOP of another (neither the background leader) while a rush runs. */
function faultsOf(cluster: ClusterProcess) {
  return async () => {
    await new Promise((ok) => setTimeout(ok, 300))
    const leader = cluster.leaderPids().at(-1)
    const live = cluster.workerPids().filter((p) => p !== leader && isAlive(p))
    const [killed, frozen] = live
    // Called twice (the holds, then the payments): the killed worker is respawned by then.
    if (killed === undefined || frozen === undefined) return { skipped: `only ${live.length} live workers besides the leader` }
    process.kill(killed, 'SIGKILL')
    process.kill(frozen, 'SIGSTOP')
    await new Promise((ok) => setTimeout(ok, FREEZE_MS))
    process.kill(frozen, 'SIGCONT')
    return { killed_with_sigkill: killed, frozen_with_sigstop: frozen, frozen_ms: FREEZE_MS }
  }
}
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function clustered() {
  const database = await freshPgDatabase()
  const cluster = await spawnCluster(CLUSTER_WORKERS, { ...SERVER_ENV, DATABASE_URL: database.url })
  const db = connect({ kind: 'postgres', url: database.url })
  try {
    await cluster.waitFor('a leader', () => cluster.leaderPids().length > 0, 30_000)
    const { confirmed, ...out } = await scenarios({ url: cluster.url, db, duringRush: faultsOf(cluster) })
    await cluster.stop()
    return { deployment: `PostgreSQL, WORKERS=${CLUSTER_WORKERS}`, ...out, canary: { ...(await canary(database.url, db)), ...(await paidCanary(db, confirmed)) } }
  } finally {
    await db.destroy()
    await cluster.stop()
    await database.drop()
  }
}

/**
 * Protection off: without the live-hold unique index, claimers that check a seat is free and
 * then insert (in separate statements, as a naive claim path does) sell it more than once; the
 * database check must say so.
 */
async function canary(url: string, db: ReturnType<typeof connect>) {
  await sql`drop index if exists seat_holds_live_uq`.execute(db)
  const seat = await db.selectFrom('seats').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
  const calendar = await db.selectFrom('seat_holds').select('calendar_id').executeTakeFirstOrThrow()
  const claim = async () => {
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    try {
      const taken = await c.query('select 1 from seat_holds where calendar_id = $1 and seat_id = $2 and released_at is null', [calendar.calendar_id, seat.id])
      await c.query('select pg_sleep(0.05)')
      if (taken.rowCount === 0) {
        await c.query("insert into seat_holds (calendar_id, seat_id, state, created_at, expires_at) values ($1, $2, 'cart', $3, $4)", [calendar.calendar_id, seat.id, Date.now(), Date.now() + 60_000])
      }
    } finally {
      await c.end()
    }
  }
  await Promise.all(Array.from({ length: CANARY_CLAIMERS }, claim))
  const check = await checkDatabase(db, -1, 0)
  return { claimers: CANARY_CLAIMERS, seats_live_more_than_once: check.seats_live_more_than_once, found_double_sale: check.seats_live_more_than_once > 0 }
}

/**
 * The paid-order check's canary: one confirmed order's paid flag undone behind the server's back
 * (as a lost settlement would leave it); the check must count exactly that one as lost.
 */
async function paidCanary(db: ReturnType<typeof connect>, confirmed: Confirmed[]) {
  const [victim] = confirmed
  if (!victim) return { found_lost_paid_order: false }
  await db.updateTable('orders').set({ paid: 0 }).where('hash', '=', victim.hash).execute()
  const check = await checkPaidOrders(db, confirmed)
  return { found_lost_paid_order: check.lost_paid_orders === 1 && check.lost_examples[0]?.hash === victim.hash }
}

const started = new Date().toISOString()
const load = os.loadavg()
const results = { started, short, buyers: BUYERS, visitors: VISITORS, machine: { ...machine(), loadavg_at_start: load.map((x) => Math.round(x * 100) / 100) }, baseline: await baseline(), cluster: await clustered() }
const file = writeResults(short ? 'load-short' : 'load-full', results)
const line = (name: string, r: { race_for_20_seats: { holds: { per_s: number; call: { p50_ms: number; p99_ms: number } } }; distinct_seats: { holds: { per_s: number; call: { p50_ms: number; p99_ms: number; errors5xx: number }; unrelated: { p99_ms: number } }; orders: { per_s: number } }; database: { pass: boolean; paid_orders: { confirmed_payments: number; lost_paid_orders: number } } }) =>
  `${name}: distinct holds ${r.distinct_seats.holds.per_s}/s p50 ${r.distinct_seats.holds.call.p50_ms} ms p99 ${r.distinct_seats.holds.call.p99_ms} ms, unrelated p99 ${r.distinct_seats.holds.unrelated.p99_ms} ms, orders ${r.distinct_seats.orders.per_s}/s; race holds p99 ${r.race_for_20_seats.holds.call.p99_ms} ms; paid orders confirmed by the bank ${r.database.paid_orders.confirmed_payments}, lost ${r.database.paid_orders.lost_paid_orders}; db checks ${r.database.pass ? 'pass' : 'FAIL'}`
console.log(line('baseline', results.baseline))
console.log(line('cluster ', results.cluster))
console.log(`canary found a double sale: ${results.cluster.canary.found_double_sale}; found the lost paid order: ${results.cluster.canary.found_lost_paid_order}`)
console.log(`results: ${file}`)
const pass = results.baseline.database.pass && results.cluster.database.pass && results.cluster.canary.found_double_sale && results.cluster.canary.found_lost_paid_order
process.exit(pass ? 0 : 1)
