/**
 * `npm run bench:load` (issue 18.7): the on-sale rush against the documented deployments, in one
 * run, each with the same scenarios:
 *
 * - baseline: the SQLite default, one process (`npm start`);
 * - cluster: `WORKERS=4 npm start` on one PostgreSQL. Its distinct-seat rush runs twice: without
 *   faults (capacity), then with kill -9 of one worker and SIGSTOP of another (for FREEZE_MS) once
 *   a tenth of the holds are answered, and again once a tenth of the payments are
 *   (resilience: the calls answered by the other processes are reported on their own, from the
 *   X-Served-By header the servers send under SERVED_BY_HEADER=1).
 *
 * Scenarios (bench/load/scenarios.ts): N buyers racing for the same 20 seats (the winners then
 * order), N buyers holding distinct seats of one session (then ordering them, and half of them
 * paying through the sandbox bank: bench/load/payments.ts), N buyers for the
 * last GA_LEFT general-admission tickets, N buyers behind a waiting room admitting
 * ADMITTED_PER_MINUTE who each hold a distinct seat and order it once admitted
 * (bench/load/admitted.ts), and an on-sale of V visitors through the waiting room.
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
import { admittedRush } from './admitted'
import { checkDatabase, distinctSeats, lastTickets, onSale, raceForTwenty, type Faults, type Target } from './scenarios'
import { LOAD_SERVER_ENV } from './serverEnv'

const short = process.argv.includes('--short')
/** `--tag=NAME`: results go to <date>-load-short-NAME.json (alternated runs keep their own files instead of overwriting one). */
const TAG = process.argv.find((a) => a.startsWith('--tag='))?.split('=')[1]
const BUYERS = short ? 200 : 1000
const VISITORS = short ? 1000 : 10_000
const CLUSTER_WORKERS = 4
/** Tickets left in the general-admission race. */
const GA_LEFT = 50
/** Admissions a minute in the on-sale: a tenth of the room a minute. */
const ADMIT_PER_MINUTE = Math.round(VISITORS / 10)
/**
 * The rate of the rush behind the waiting room: 3,000 a minute (50 buyers a second, each a hold,
 * an order and a few status polls). Chosen from the measured capacity: on a quiet box the
 * distinct-seat burst gave 251–370 holds/s (SQLite) and 589 (4 processes, no fault landing), and
 * orders come at about half the holds' rate; 50 admitted a second keeps the two cores below about
 * a third busy, which is what a p99 of 300 ms asks for when the box is shared.
 */
const DEFAULT_ADMITTED_PER_MINUTE = 3_000
/** `--admitted-per-minute=N`: another rate for that rush (what a box of this size keeps under a p99 of 300 ms). */
const ADMITTED_PER_MINUTE = Number(process.argv.find((a) => a.startsWith('--admitted-per-minute='))?.split('=')[1] ?? DEFAULT_ADMITTED_PER_MINUTE)
if (!(ADMITTED_PER_MINUTE > 0)) throw new Error('--admitted-per-minute must be a positive number')
/** How long the SIGSTOPped worker stays frozen. */
const FREEZE_MS = 3_000
/** Unprotected claimers of the canary, each with its own connection. */
const CANARY_CLAIMERS = 20


/** Every scenario on one installation; the distinct-seat rush again under faults where the target has them. */
async function scenarios(t: Target) {
  const race = await raceForTwenty(t, BUYERS)
  const { confirmed, ...distinct } = await distinctSeats(t, BUYERS)
  const faulted = t.faults ? await distinctSeats(t, BUYERS, true) : null
  const ga = await lastTickets(t, BUYERS, GA_LEFT)
  const admitted = await admittedRush(t, BUYERS, ADMITTED_PER_MINUTE)
  const room = await onSale(t, VISITORS, ADMIT_PER_MINUTE)
  const allConfirmed = [...confirmed, ...(faulted?.confirmed ?? [])]
  const rows = await checkDatabase(t.db, ga.calendarId, GA_LEFT)
  const paid = await checkPaidOrders(t.db, allConfirmed)
  const database = { ...rows, paid_orders: paid, pass: rows.pass && paid.pass }
  const underFaults = faulted ? (({ confirmed: _c, ...out }) => out)(faulted) : null
  return { race_for_20_seats: race, distinct_seats: distinct, distinct_seats_under_faults: underFaults, last_ga_tickets: ga, behind_waiting_room: admitted, waiting_room_on_sale: room, database, confirmed: allConfirmed }
}

async function baseline() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-load-'))
  const cluster = await spawnCluster(1, LOAD_SERVER_ENV, dataDir)
  const db = connect({ kind: 'sqlite', file: path.join(dataDir, 'storefront.sqlite') })
  try {
    const { confirmed: _c, ...out } = await scenarios({ url: cluster.url, db })
    return { deployment: 'SQLite, 1 process', ...out }
  } finally {
    await db.destroy()
    await cluster.stop()
  }
}

/** kill -9 of one worker and SIGSTOP of another (neither the background leader) once `start` resolves. */
function faultsOf(cluster: ClusterProcess) {
  return async (start: Promise<void>): Promise<Faults> => {
    await start
    const leader = cluster.leaderPids().at(-1)
    const live = cluster.workerPids().filter((p) => p !== leader && isAlive(p))
    const [killed, frozen] = live
    // Called twice (the holds, then the payments): the killed worker is respawned by then.
    if (killed === undefined || frozen === undefined) return { skipped: `only ${live.length} live workers besides the leader` }
    process.kill(killed, 'SIGKILL')
    process.kill(frozen, 'SIGSTOP')
    const from = performance.now()
    await new Promise((ok) => setTimeout(ok, FREEZE_MS))
    process.kill(frozen, 'SIGCONT')
    return { killed_with_sigkill: killed, frozen_with_sigstop: frozen, frozen_ms: FREEZE_MS, frozen_from: from, frozen_until: performance.now() }
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
  const cluster = await spawnCluster(CLUSTER_WORKERS, { ...LOAD_SERVER_ENV, DATABASE_URL: database.url })
  const db = connect({ kind: 'postgres', url: database.url })
  try {
    await cluster.waitFor('a leader', () => cluster.leaderPids().length > 0, 30_000)
    const { confirmed, ...out } = await scenarios({ url: cluster.url, db, faults: faultsOf(cluster) })
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
const file = writeResults(`${short ? 'load-short' : 'load-full'}${TAG ? `-${TAG}` : ''}`, results)
type Out = Omit<Awaited<ReturnType<typeof scenarios>>, 'confirmed'>
const line = (name: string, r: Out) =>
  `${name}: distinct holds ${r.distinct_seats.holds.per_s}/s p50 ${r.distinct_seats.holds.call.p50_ms} ms p99 ${r.distinct_seats.holds.call.p99_ms} ms, unrelated p99 ${r.distinct_seats.holds.unrelated.p99_ms} ms, orders ${r.distinct_seats.orders.per_s}/s; race holds p99 ${r.race_for_20_seats.holds.call.p99_ms} ms; paid orders confirmed by the bank ${r.database.paid_orders.confirmed_payments}, lost ${r.database.paid_orders.lost_paid_orders}; db checks ${r.database.pass ? 'pass' : 'FAIL'}`
const admittedLine = (name: string, r: Out) => {
  const a = r.behind_waiting_room
  return `${name}: behind the waiting room (${a.admit_per_minute}/min): holds ${a.holds.per_s}/s p50 ${a.holds.call.p50_ms} ms p99 ${a.holds.call.p99_ms} ms, unrelated p99 ${a.unrelated.p99_ms} ms; admitted ${a.admission.admitted} of ${a.buyers}, before the clock allowed ${a.admission.admitted_before_the_clock_allowed}, lag p99 ${a.admission.lag_after_allowed_p99_ms} ms`
}
const faultLine = (r: Out) => {
  const f = r.distinct_seats_under_faults
  if (!f) return 'no faults'
  const p = f.holds.by_process
  return `cluster under faults: holds ${f.holds.per_s}/s p99 ${f.holds.call.p99_ms} ms; fault after ${String(f.holds.faults?.after_answers)} of ${f.holds.buyers} answers, inside the burst: ${String(f.holds.faults?.landed_inside_burst)}; other processes' holds p99 ${p?.other_processes.p99_ms} ms (during the freeze ${p?.other_processes_during_freeze.p99_ms} ms, max ${p?.other_processes_during_freeze.max_ms} ms), frozen process's p99 ${p?.frozen_process.p99_ms} ms, its calls the freeze held ${p?.frozen_process_calls_held} (p99 ${p?.frozen_process_held.p99_ms} ms)`
}
console.log(line('baseline', results.baseline))
console.log(line('cluster ', results.cluster))
console.log(admittedLine('baseline', results.baseline))
console.log(admittedLine('cluster ', results.cluster))
console.log(faultLine(results.cluster))
console.log(`canary found a double sale: ${results.cluster.canary.found_double_sale}; found the lost paid order: ${results.cluster.canary.found_lost_paid_order}; found early admissions: ${results.baseline.behind_waiting_room.admission.canary_found_early_admissions} / ${results.cluster.behind_waiting_room.admission.canary_found_early_admissions}`)
console.log(`results: ${file}`)
// Correctness only (capacity is reported, not asserted): no double sale, no lost paid order, nobody admitted before the clock allowed, and the three canaries found what they should.
const admittedRight = (r: Out) => r.behind_waiting_room.admission.admitted_before_the_clock_allowed === 0 && r.behind_waiting_room.admission.canary_found_early_admissions
const pass = results.baseline.database.pass && results.cluster.database.pass && admittedRight(results.baseline) && admittedRight(results.cluster) && results.cluster.canary.found_double_sale && results.cluster.canary.found_lost_paid_order
process.exit(pass ? 0 : 1)
