/**
 * `npm run bench:load:cpu` (issue 18.7): where a hold's time goes. Starts `WORKERS=4` on a fresh
 * PostgreSQL database with the demo data, warms every worker, then fires N buyers' holds of
 * distinct seats of one session at once, and reads the CPU time (Linux /proc) that the server
 * processes, PostgreSQL's processes and this client spent on them: CPU milliseconds per hold.
 * A GET /api/token with a session (one indexed read) is measured the same way as the floor of any
 * request.
 *
 * Why CPU and not only wall time: on the shared 2-core box the wall time is mostly other
 * engineers' load, while CPU per hold says what the server path costs and so what rate the
 * cores could give at most (2 cores x 1000 ms / CPU ms per hold). Results go to
 * bench/results/<date>-load-cpu.json with the machine and load average.
 */
import fs from 'node:fs'
import os from 'node:os'
import pg from 'pg'
import { NPM_START_ARGS, spawnCluster, START_FROM_SOURCE_ARGS } from '../../tests/integration/cluster-helpers'
import { freshPgDatabase } from '../../tests/integration/scheme-helpers'
import { machine, writeResults } from '../lib'
import { startBuyers, stats, unrelatedVisitor, type Buyer, type CallResult } from './buyers'
import { cardTypeId, pay, PAY_SHARE } from './payments'
import { checkboxIds, hold as holdSeat, ordered, orderSeats, seatSession } from './seat-calls'
import { UNRELATED_PAGE } from './scenarios'
import { LOAD_SERVER_ENV } from './serverEnv'

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const BUYERS = arg('buyers', 400)
const WORKERS = arg('workers', 4)
/** `--profile=DIR`: every server process writes a CPU profile (node --cpu-prof) there when the cluster stops. */
const PROFILE_DIR = process.argv.find((a) => a.startsWith('--profile='))?.split('=')[1]
/**
 * The servers run as `npm start` runs them (bundled); from source through tsx with `--from-source`
 * (the A/B of the bundle) or when profiled, so a profile's frames name src/ files.
 */
const FROM_SOURCE = Boolean(PROFILE_DIR) || process.argv.includes('--from-source')
const START_ARGS = FROM_SOURCE ? START_FROM_SOURCE_ARGS : NPM_START_ARGS
/** `--env=NAME=VALUE` (repeatable): extra server environment, e.g. `--env=REQUEST_LOG=all --env=DB_POOL_MAX=4` for an A/B of a setting. */
const EXTRA_ENV = Object.fromEntries(process.argv.filter((a) => a.startsWith('--env=')).map((a) => { const [k, ...v] = a.slice('--env='.length).split('='); return [k, v.join('=')] }))
/** `--tag=NAME`: results go to <date>-load-cpu-NAME.json (alternated runs keep their own files). */
const TAG = process.argv.find((a) => a.startsWith('--tag='))?.split('=')[1]
/**
 * Holds made before the measured burst (`--warm=N`), so that no worker builds its caches while
 * measured. 40 leaves V8 still optimising during the burst (10 holds a worker); a server that has
 * been selling for a while is nearer --warm=400 (GET /api/token server CPU 1.4 -> 0.9 ms).
 */
const WARM_UP = arg('warm', 40)
/**
 * `--probes=N`: N visitors outside the rush, each in its own thread, fetch the unrelated page
 * (bench:load's) one after another during the holds and the orders: its p99 with more samples
 * than bench:load's one visitor gives, split into each one's first fetch (sent with the burst)
 * and the rest. Their fetches add to the CPU figures (the listing is ~10 ms of server CPU).
 */
const PROBES = arg('probes', 0)
/**
 * `--pay`: then every second buyer with an order pays it as bench:load's do (payments.ts: the
 * payment's start, Approve on the sandbox bank's page, whose signed callback settles the order
 * and e-mails the tickets), measured the same way (CPU ms a payment).
 */
const PAY = process.argv.includes('--pay')
const CLOCK_TICKS_PER_S = 100

/** CPU milliseconds used so far by the processes whose command line matches: user + system, and the system (kernel) part alone. */
function cpuMs(match: (cmdline: string, pid: number) => boolean): { total: number; system: number } {
  let ticks = 0
  let systemTicks = 0
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!match(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'), Number(pid))) continue
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
      systemTicks += Number(fields[12])
    } catch {
      // the process ended between listing and reading
    }
  }
  return { total: (ticks * 1000) / CLOCK_TICKS_PER_S, system: (systemTicks * 1000) / CLOCK_TICKS_PER_S }
}
/** This run's own server processes (primary and workers) and PostgreSQL backends (their title names the database): others on a shared box are not counted. */
const ownPids = new Set<number>()
let ownDatabase = ''
const serverCpu = () => cpuMs((c, pid) => ownPids.has(pid) && c.includes(START_ARGS[START_ARGS.length - 1]))
const postgresCpu = () => cpuMs((c) => c.startsWith('postgres') && c.includes(ownDatabase))
const clientCpu = () => {
  const u = process.cpuUsage()
  return { total: (u.user + u.system) / 1000, system: u.system / 1000 }
}

/**
 * Now on the monotonic clock, in µs: the clock of V8's CPU profiles (their startTime and sample
 * times), so `window_us` picks a phase's samples out of the --profile files
 * (bench/load/profile-phases.ts).
 */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n)

/** The unrelated page's fetches by `count` visitors (each in its own thread, buyers.ts unrelatedVisitor) while `calls` run. */
async function probed<T>(count: number, base: string, calls: () => Promise<T>): Promise<{ value: T; first: CallResult[]; rest: CallResult[] }> {
  const visitors = await Promise.all(Array.from({ length: count }, () => unrelatedVisitor(base, UNRELATED_PAGE)))
  // Started once the calls are sent, so each visitor's first fetch leaves with the burst, not before it.
  const pending = calls()
  for (const v of visitors) v.start()
  const value = await pending
  const pages = await Promise.all(visitors.map((v) => v.stop()))
  return { value, first: pages.flatMap((p) => p.slice(0, 1)), rest: pages.flatMap((p) => p.slice(1)) }
}

/** Orders paid in the run's database. */
async function countPaid(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return Number((await client.query('select count(*) as n from orders where paid = 1')).rows[0].n)
  } finally {
    await client.end()
  }
}

/** How many of the unrelated page's slowest fetches a phase lists (when sent, how long, which process). */
const SLOWEST_LISTED = 5

/** The slowest fetches: sent at (ms after the phase started), time taken, the answering process. */
const slowest = (page: readonly CallResult[], started: number) =>
  [...page].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_LISTED).map((r) => ({ sent_at_ms: Math.round(r.at - r.ms - started), ms: Math.round(r.ms), served_by: r.servedBy }))

/** Runs `calls` at once and answers their stats with each side's CPU ms per call. */
async function measured(calls: () => Promise<CallResult[]>, ok: (r: CallResult) => boolean = (r) => r.status === 200, probes = 0) {
  // Timed and CPU-read around the calls alone (the probes stop after).
  const { value: { results, before, after, wall, fromUs, toUs, started }, first, rest } = await probed(probes, cluster.url, async () => {
    const before = { server: serverCpu(), postgres: postgresCpu(), client: clientCpu() }
    const started = performance.now()
    const fromUs = monotonicUs()
    const results = await calls()
    const toUs = monotonicUs()
    const wall = performance.now() - started
    return { results, before, after: { server: serverCpu(), postgres: postgresCpu(), client: clientCpu() }, wall, fromUs, toUs, started }
  })
  const per = (ms: number) => Math.round((ms / results.length) * 100) / 100
  const sides = ['server', 'postgres', 'client'] as const
  const cpu = Object.fromEntries(sides.map((k) => [k, per(after[k].total - before[k].total)])) as Record<(typeof sides)[number], number>
  // The kernel's share (socket reads and writes, loopback TCP): 0.2-0.4 ms of a hold's server CPU
  // in the 2026-11-29 runs, so the rest is the server's own JavaScript (and its GC and JIT threads).
  const system = Object.fromEntries(sides.map((k) => [k, per(after[k].system - before[k].system)])) as Record<(typeof sides)[number], number>
  const total = cpu.server + cpu.postgres + cpu.client
  return { window_us: [fromUs, toUs], wall_ms: Math.round(wall), per_s: Math.round((results.filter(ok).length / wall) * 1000), call: stats(results, ok), cpu_ms_per_call: cpu, system_cpu_ms_per_call: system, ceiling_per_s_on_these_cores: Math.round((os.cpus().length * 1000) / total), ...(probes ? { unrelated_page: { all: stats([...first, ...rest]), first_of_each_probe: stats(first), the_rest: stats(rest), slowest: slowest([...first, ...rest], started) } } : {}) }
}

const database = await freshPgDatabase()
// The servers run as bench:load's do (serverEnv.ts: the production request log among them; before
// 2026-11-29 13:10 UTC this benchmark ran with the development default, a log line a request).
const cluster = await spawnCluster(WORKERS, { ...LOAD_SERVER_ENV, DATABASE_URL: database.url, ...EXTRA_ENV }, undefined, PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [], START_ARGS).catch(async (err: unknown) => {
  await database.drop()
  throw err
})
try {
  await cluster.waitFor('a leader', () => cluster.leaderPids().length > 0, 30_000)
  for (const pid of [cluster.child.pid ?? 0, ...cluster.workerPids()]) ownPids.add(pid)
  ownDatabase = new URL(database.url).pathname.slice(1)
  const [first] = await startBuyers(cluster.url, 1)
  // The seat-map calls as bench:load's buyers make them (seat-calls.ts): session 0's free seats.
  const session = await seatSession(first, 0)
  const hold = (b: Buyer, i: number) => holdSeat(b, session, session.free[i])
  const warm = await startBuyers(cluster.url, WARM_UP)
  await Promise.all(warm.map((b, i) => hold(b, BUYERS + i)))
  const buyers = await startBuyers(cluster.url, BUYERS)
  const loadavg = os.loadavg().map((x) => Math.round(x * 100) / 100)
  const token = await measured(() => Promise.all(buyers.map((b) => b.call('GET', '/api/token'))))
  const holds = await measured(() => Promise.all(buyers.map(hold)), undefined, PROBES)
  // Then each buyer orders the seat he holds (POST /api/order/create-scheme, as the storefront does).
  const checkboxes = await checkboxIds(first)
  const order = (b: Buyer, i: number) => orderSeats(b, session, session.free[i], checkboxes)
  let placed: CallResult[] = []
  const orders = await measured(async () => (placed = await Promise.all(buyers.map(order))), ordered, PROBES)
  const notOrdered = orders.call.calls - orders.call.ok
  const payers = PAY ? buyers.map((b, i) => ({ b, r: placed[i] })).filter((x) => ordered(x.r)).filter((_, i) => i % Math.round(1 / PAY_SHARE) === 0) : []
  const typeId = payers.length ? await cardTypeId(payers[0].b, String(payers[0].r.body!.hash)) : 0
  // A payment's answer is the bank page's Approve: 303 back to the order page when confirmed.
  const payments = payers.length ? await measured(async () => (await Promise.all(payers.map((p) => pay(p.b, String(p.r.body!.hash), typeId)))).map((x) => x.result), (r) => r.status === 303, PROBES) : null
  // What the payments settled, read from the database: a 303 alone is the bank page's answer, which
  // a callback not taken (answered busy or refused) also gets.
  const paidOrders = payments ? await countPaid(database.url) : null
  const results = { paid_orders_after: paidOrders, started: new Date().toISOString(), server_from: FROM_SOURCE ? 'src (tsx)' : 'dist/server (npm start)', buyers: BUYERS, workers: WORKERS, warm_up_holds: WARM_UP, server_env: EXTRA_ENV, machine: { ...machine(), loadavg_at_start: loadavg, loadavg_at_end: os.loadavg().map((x) => Math.round(x * 100) / 100) }, token_get: token, distinct_seat_holds: holds, orders_of_those_seats: orders, ...(payments ? { payments_of_half: payments } : {}) }
  const file = writeResults(TAG ? `load-cpu-${TAG}` : 'load-cpu', results)
  console.log(`GET /api/token: CPU ms a call server ${token.cpu_ms_per_call.server} (kernel ${token.system_cpu_ms_per_call.server}), PostgreSQL ${token.cpu_ms_per_call.postgres}, client ${token.cpu_ms_per_call.client}`)
  console.log(`hold: ${holds.per_s}/s p50 ${holds.call.p50_ms} ms p99 ${holds.call.p99_ms} ms; CPU ms a hold server ${holds.cpu_ms_per_call.server} (kernel ${holds.system_cpu_ms_per_call.server}), PostgreSQL ${holds.cpu_ms_per_call.postgres}, client ${holds.cpu_ms_per_call.client}; at most ${holds.ceiling_per_s_on_these_cores}/s on ${os.cpus().length} idle cores`)
  console.log(`order: ${orders.per_s}/s p50 ${orders.call.p50_ms} ms p99 ${orders.call.p99_ms} ms${notOrdered ? ` (${notOrdered} not ordered)` : ''}; CPU ms an order server ${orders.cpu_ms_per_call.server} (kernel ${orders.system_cpu_ms_per_call.server}), PostgreSQL ${orders.cpu_ms_per_call.postgres}, client ${orders.cpu_ms_per_call.client}`)
  if (payments) console.log(`payment: orders paid afterwards ${paidOrders} of ${payers.length}; ${payments.per_s}/s p50 ${payments.call.p50_ms} ms p99 ${payments.call.p99_ms} ms (${payments.call.ok} of ${payments.call.calls} confirmed); CPU ms a payment server ${payments.cpu_ms_per_call.server} (kernel ${payments.system_cpu_ms_per_call.server}), PostgreSQL ${payments.cpu_ms_per_call.postgres}, client ${payments.cpu_ms_per_call.client}`)
  for (const [name, phase] of [['holds', holds], ['orders', orders], ...(payments ? [['payments', payments] as const] : [])] as const) {
    const u = phase.unrelated_page
    if (u) console.log(`unrelated page during the ${name}: p50 ${u.all.p50_ms} p99 ${u.all.p99_ms} ms (${u.all.calls} fetches); each probe's first fetch p50 ${u.first_of_each_probe.p50_ms} max ${u.first_of_each_probe.max_ms} ms; the rest p50 ${u.the_rest.p50_ms} p99 ${u.the_rest.p99_ms} ms`)
  }
  console.log(`load average ${loadavg.join(' ')}; results: ${file}`)
} finally {
  await cluster.stop()
  await database.drop()
}
