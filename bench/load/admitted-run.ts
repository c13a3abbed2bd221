/**
 * `npm run bench:load:admitted` (issue 18): only the rush behind the waiting room
 * (bench/load/admitted.ts), at several admission rates, on the SQLite default (one process) and on
 * `WORKERS=4` on PostgreSQL, each measurement on freshly started servers and a fresh database.
 * The measurements alternate (rate by rate, SQLite then the cluster), with the load average noted
 * before each, so the two deployments see the same box. What `bench:load` runs in 7 minutes
 * besides (bursts, faults, on-sale, canaries) is left out: this finds the highest rate at which a
 * deployment meets hold p99 ≤ 300 ms and unrelated page p99 ≤ 200 ms.
 *
 *   npm run bench:load:admitted -- --rates=600,900,1200 [--buyers=200] [--deployments=sqlite,cluster] [--workers=4]
 *     [--env=NAME=VALUE ...] [--profile=DIR] [--tag=NAME]
 *
 * Results: bench/results/<date>-load-admitted[-NAME].json.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { connect } from '../../src/server/db/connect'
import { NPM_START_ARGS, spawnCluster, START_FROM_SOURCE_ARGS } from '../../tests/integration/cluster-helpers'
import { freshPgDatabase } from '../../tests/integration/scheme-helpers'
import { machine, writeResults } from '../lib'
import { admittedRush } from './admitted'
import { LOAD_SERVER_ENV } from './serverEnv'

const opt = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const RATES = (opt('rates') ?? '600').split(',').map(Number)
const BUYERS = Number(opt('buyers') ?? 200)
const DEPLOYMENTS = (opt('deployments') ?? 'sqlite,cluster').split(',')
const TAG = opt('tag')
/** `--profile=DIR`: every cluster process writes a CPU profile (node --cpu-prof) there when it stops. */
const PROFILE_DIR = opt('profile')
/** `--env=NAME=VALUE` (repeatable): extra server environment for an A/B of a setting. */
const EXTRA_ENV = Object.fromEntries(process.argv.filter((a) => a.startsWith('--env=')).map((a) => { const [k, ...v] = a.slice('--env='.length).split('='); return [k, v.join('=')] }))
/** `--workers=N`: the cluster's processes (4, as bench:load). */
const CLUSTER_WORKERS = Number(opt('workers') ?? 4)
/** As bench:load's servers, with the `--env` settings on top. */
const SERVER_ENV = { ...LOAD_SERVER_ENV, ...EXTRA_ENV }
if (RATES.some((r) => !(r > 0)) || !(BUYERS > 0)) throw new Error('--rates and --buyers take positive numbers')

const load = () => os.loadavg().map((x) => Math.round(x * 100) / 100)

async function onSqlite(rate: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-load-'))
  const server = await spawnCluster(1, SERVER_ENV, dataDir)
  const db = connect({ kind: 'sqlite', file: path.join(dataDir, 'storefront.sqlite') })
  try {
    return await admittedRush({ url: server.url, db }, BUYERS, rate)
  } finally {
    await db.destroy()
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

async function onCluster(rate: number) {
  const database = await freshPgDatabase()
  const cluster = await spawnCluster(CLUSTER_WORKERS, { ...SERVER_ENV, DATABASE_URL: database.url }, undefined, PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [], PROFILE_DIR ? START_FROM_SOURCE_ARGS : NPM_START_ARGS)
  const db = connect({ kind: 'postgres', url: database.url })
  try {
    await cluster.waitFor('a leader', () => cluster.leaderPids().length > 0, 30_000)
    return await admittedRush({ url: cluster.url, db }, BUYERS, rate)
  } finally {
    await db.destroy()
    await cluster.stop()
    await database.drop()
  }
}

const runs: Array<Record<string, unknown>> = []
const started = new Date().toISOString()
for (const rate of RATES) {
  for (const d of DEPLOYMENTS) {
    const at = { started: new Date().toISOString(), loadavg_at_start: load() }
    const r = d === 'cluster' ? await onCluster(rate) : await onSqlite(rate)
    const meets = r.holds.call.p99_ms <= 300 && r.unrelated.p99_ms <= 200
    runs.push({ deployment: d === 'cluster' ? `PostgreSQL, WORKERS=${CLUSTER_WORKERS}` : 'SQLite, 1 process', rate, ...at, loadavg_at_end: load(), meets_targets: meets, ...r })
    console.log(`${at.started} load ${at.loadavg_at_start.join(' ')} ${d} ${rate}/min: holds ${r.holds.per_s}/s p50 ${r.holds.call.p50_ms} p99 ${r.holds.call.p99_ms} ms (ok ${r.holds.call.ok}/${r.holds.call.calls}); orders p99 ${r.orders.call.p99_ms} ms; status p50/p99 ${r.queue_status.p50_ms}/${r.queue_status.p99_ms} ms; unrelated p50/p99 ${r.unrelated.p50_ms}/${r.unrelated.p99_ms} ms (${r.unrelated.calls}); admitted ${r.admission.admitted}, early ${r.admission.admitted_before_the_clock_allowed}; targets ${meets ? 'met' : 'missed'}`)
  }
}
const file = writeResults(TAG ? `load-admitted-${TAG}` : 'load-admitted', { started, buyers: BUYERS, server_env: SERVER_ENV, machine: { ...machine(), loadavg_at_end: load() }, runs })
console.log(`results: ${file}`)
