import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { NPM_START_ARGS, START_FROM_SOURCE_ARGS } from '../../tests/integration/cluster-helpers'
import { ROOT } from './labDist'

/**
 * The real storefront server for the storefront benchmark: its own process (so its memory is
 * measured apart from the bench), on a random port, over a temporary copy of a SQLite database
 * seeded the way an operator would (`npm run venue -- seed-big N`, which loads the demo first).
 * The seeded database is made once per day and sources and kept in the temp folder: seeding the
 * 1,000,000-seat venue costs about a minute and a gigabyte.
 */

/** Sources whose change changes the seeded database. */
const SEED_SOURCES = ['src/server/migrations', 'src/server/seed', 'src/server/venues', 'src/engine/generate', 'src/engine/parse', 'src/engine/model.ts', 'src/server/venue-time.ts']
/** How long a server may take to start (migrations on a copy are instant; a cold tsx compile is not). */
const START_TIMEOUT_MS = 120_000
/** Seeding both big venues on 2 busy cores took ~90 s; leave room. */
const SEED_TIMEOUT_MS = 15 * 60_000

function hashTree(hash: ReturnType<typeof createHash>, target: string): void {
  const stat = fs.statSync(target, { throwIfNoEntry: false })
  if (!stat) return
  if (!stat.isDirectory()) {
    hash.update(target).update(fs.readFileSync(target))
    return
  }
  for (const entry of fs.readdirSync(target).sort()) hashTree(hash, path.join(target, entry))
}

/** A DATA_DIR holding the demo plus generated stadiums of `bigSeats` seats; made once, then reused. */
export function seededDataDir(bigSeats: readonly number[]): string {
  const hash = createHash('sha256')
  for (const s of SEED_SOURCES) hashTree(hash, path.resolve(ROOT, s))
  hash.update(new Date().toISOString().slice(0, 10)).update(bigSeats.join(','))
  const dir = path.join(os.tmpdir(), `seatwise-bench-db-${hash.digest('hex').slice(0, 12)}`)
  if (fs.existsSync(path.join(dir, 'storefront.sqlite'))) return dir
  const building = `${dir}.building-${process.pid}`
  fs.rmSync(building, { recursive: true, force: true })
  fs.mkdirSync(building, { recursive: true })
  const env = { ...process.env, DATA_DIR: building, DATABASE_URL: '', DEMO_DATA: '1', LOG_LEVEL: 'warn' }
  // seed-big loads the demo into the empty database first; with no sizes, only the demo.
  const args = ['--import', 'tsx', 'src/cli/venue.ts', 'seed-big', ...(bigSeats.length ? bigSeats.map(String) : ['--demo-only'])]
  process.stdout.write(`seeding the benchmark database (${bigSeats.length ? bigSeats.join(', ') + ' seats + demo' : 'demo'}) … `)
  const r = spawnSync(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'], timeout: SEED_TIMEOUT_MS, encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`seeding failed (${r.status ?? r.signal}): ${r.stdout}`)
  console.log(r.stdout.trim().split('\n').join('; '))
  fs.rmSync(dir, { recursive: true, force: true })
  fs.renameSync(building, dir)
  return dir
}

export interface StorefrontServer {
  url: string
  pid: number
  /** Resident memory now and at its peak (kB, from /proc), or null off Linux. */
  memory(): { rssKb: number; peakKb: number } | null
  close(): Promise<void>
}

function procMemory(pid: number): { rssKb: number; peakKb: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (key: string) => Number(/\s(\d+) kB/.exec(status.split('\n').find((l) => l.startsWith(key)) ?? '')?.[1] ?? NaN)
    return { rssKb: kb('VmRSS:'), peakKb: kb('VmHWM:') }
  } catch {
    return null
  }
}

/**
 * Starts the server as `npm start` does (bin/start.mjs, the bundled server; a checkout from before
 * 2026-12-07 has no launcher and runs `src/cli/start.ts` through tsx) on a copy of `dataDir`,
 * serving the client built in `clientDir`; `root` is the checkout whose server runs (another one
 * for a same-run baseline).
 */
export async function startStorefront(dataDir: string, clientDir: string, root = ROOT): Promise<StorefrontServer> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-bench-run-'))
  fs.cpSync(dataDir, work, { recursive: true })
  const env = { ...process.env, DATA_DIR: work, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', CLIENT_DIR: clientDir, DEMO_DATA: '1', LOG_LEVEL: 'info', NODE_ENV: 'development' }
  const launcher = fs.existsSync(path.join(root, NPM_START_ARGS[0])) ? NPM_START_ARGS : START_FROM_SOURCE_ARGS
  const child: ChildProcess = spawn(process.execPath, launcher, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`storefront did not start within ${START_TIMEOUT_MS} ms: ${log.slice(-2000)}`)), START_TIMEOUT_MS)
    const onData = (chunk: Buffer) => {
      log += chunk.toString()
      const m = /"msg":"storefront listening"/.test(log) ? /"url":"(http:[^"]+)"/.exec(log) : null
      if (m) {
        clearTimeout(timer)
        resolve(m[1])
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`storefront exited (${code}): ${log.slice(-2000)}`))
    })
  })
  // Keep reading so a full pipe never blocks the server; keep only the tail.
  child.stdout!.on('data', () => {
    log = log.slice(-4000)
  })
  return {
    url,
    pid: child.pid!,
    memory: () => procMemory(child.pid!),
    close: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await new Promise((r) => child.once('exit', r))
      }
      fs.rmSync(work, { recursive: true, force: true })
    },
  }
}
