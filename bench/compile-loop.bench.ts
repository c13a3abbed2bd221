/**
 * `npm run bench:compile-loop [-- --seats=1000000] [-- --mode=compile|import]` — issue 16: how long
 * a trivial request waits while the server does a venue's CPU-heavy work, on the event loop (the
 * path before the compile workers) against the compile workers (src/server/venues/compile-pool.ts),
 * in the same run, on the same generated stadium.
 *
 * - `compile` (the default): a stored map version's compile (recognition, the version's rows,
 *   encoding, hash, gzip, brotli), its rows fed in pages with a turn of the event loop between
 *   them, as the database reads do.
 * - `import`: a drawing's import (sanitising, recognition, encoding, hash, gzip, brotli): on the
 *   loop as import.ts did it before, then in the workers as it does now, both without the
 *   database; then the whole import as the console and `npm run venue` run it
 *   (importVenueDrawing, its rows inserted into a fresh SQLite database in a temporary folder).
 *
 * An HTTP server in this process answers a trivial request; a separate process (a visitor) sends
 * one every PROBE_INTERVAL_MS and records how long each took. For each phase the report gives its
 * wall time, the probes' latency (p50, p99, max) among those sent while it ran, and the event
 * loop's longest delay (perf_hooks), with the load average. Writes
 * bench/results/<date>-compile-loop.json (or -import-loop.json) with the machine noted.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setImmediate as turn } from 'node:timers/promises'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { generateVenue } from '../src/engine/generate/index'
import { NO_ZONE } from '../src/engine/model'
import { recogniseVenue } from '../src/engine/parse/index'
import { seatKeyId } from '../src/engine/seatKeys'
import { StringTable } from '../src/engine/strings/StringTable'
import { connect } from '../src/server/db/connect'
import { migrateToLatest } from '../src/server/migrations'
import { brotliOptions, encodeVenueBytes, GZIP_OPTIONS, seatPageOf, StoredCompile, type SeatPage, type StoredVersionRows } from '../src/server/venues/compile-job'
import { encodeInPool, runInPool, WorkerCompile } from '../src/server/venues/compile-pool'
import { insertVenue } from '../src/server/venues/drawing.repository'
import { importVenueDrawing, recogniseForImport } from '../src/server/venues/import'
import { recogniseDrawing } from '../src/server/venues/import-job'
import type { VersionSeat } from '../src/server/venues/version-venue'
import { machine, writeResults } from './lib'

/** How often the visitor process sends its trivial request. */
const PROBE_INTERVAL_MS = 20
/** Seats per page, as compiled.ts reads them. */
const PAGE_ROWS = 50_000
/** Quiet time before and between the compiles (probes here measure the idle baseline). */
const SETTLE_MS = 1_500

const seatsArg = process.argv.slice(2).find((a) => a.startsWith('--seats='))
const SEATS = seatsArg ? Number(seatsArg.slice(8)) : 1_000_000
const MODE = process.argv.slice(2).find((a) => a.startsWith('--mode='))?.slice(7) ?? 'compile'
if (MODE !== 'compile' && MODE !== 'import') throw new Error('--mode is compile or import')
/** Seats of the drawing the import mode's warm-up imports (it only starts the worker and loads the engine). */
const WARM_UP_SEATS = 1_000

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)

interface Probe {
  sentAt: number
  ms: number
  failed: boolean
}

function versionOf(svg: string): { rows: StoredVersionRows; pages: SeatPage[] } {
  const { venue } = recogniseVenue(svg)
  const strings = new StringTable(venue.strings)
  const seats: VersionSeat[] = []
  for (let i = 0; i < venue.seats.count; i++) {
    const z = venue.seats.zone[i]
    seats.push({ seat_key: strings.get(seatKeyId(venue, i)), zone_id: z === NO_ZONE ? null : z + 1, row_label: strings.get(venue.seats.row[i]), number_label: strings.get(venue.seats.number[i]) })
  }
  const pages: SeatPage[] = []
  for (let i = 0; i < seats.length; i += PAGE_ROWS) pages.push(seatPageOf(seats.slice(i, i + PAGE_ROWS)))
  const rows: StoredVersionRows = { zones: venue.zones.map((z, i) => ({ id: i + 1, color: '#336699', name: z.name })), sectorNames: [], capacities: [] }
  return { rows, pages }
}

const copyPage = (p: SeatPage): SeatPage => ({ ...p, zones: p.zones.slice() })

/** The path before the compile worker: everything on this thread but the compression (libuv's pool). */
async function onLoop(svg: string, version: ReturnType<typeof versionOf>) {
  await turn()
  const compile = new StoredCompile(svg, '{}', version.rows)
  for (const page of version.pages) {
    await turn()
    compile.add(copyPage(page))
  }
  const { venue, zoneIds } = compile.build()
  const { hash, raw } = encodeVenueBytes(venue, zoneIds)
  await Promise.all([gzip(raw, GZIP_OPTIONS), brotli(raw, brotliOptions(raw.length))])
  return hash
}

async function inWorker(svg: string, version: ReturnType<typeof versionOf>) {
  return runInPool(async (lane) => {
    const job = new WorkerCompile(lane, svg, '{}', version.rows)
    for (const page of version.pages) {
      await turn()
      job.page(copyPage(page))
    }
    return (await job.finish()).hash
  })
}

/** Zone i stored as id i + 1 (what an import's inserts give a fresh database). */
const zoneIdsOf = (zones: number) => Array.from({ length: zones }, (_, i) => i + 1)

/** An import's CPU work as import.ts did it before the workers: all on this thread but the compression. */
async function importOnLoop(svg: string) {
  await turn()
  const { venue } = recogniseDrawing(svg)
  await turn()
  const { hash, raw } = encodeVenueBytes(venue, zoneIdsOf(venue.zones.length))
  await Promise.all([gzip(raw, GZIP_OPTIONS), brotli(raw, brotliOptions(raw.length))])
  return hash
}

/** The same work as import.ts does it now: recognition, then (after the rows) encoding, in the workers. */
async function importInWorker(svg: string) {
  const { venue } = await recogniseForImport({ svg })
  await turn()
  return (await runInPool((lane) => encodeInPool(lane, venue, zoneIdsOf(venue.zones.length)))).hash
}

/** A fresh, migrated SQLite database in a temporary folder (made before the phase: migrating is not importing). */
async function freshDatabase() {
  const dir = fs.mkdtempSync(path.join(tmpdir(), 'seatwise-import-loop-'))
  const db = connect({ kind: 'sqlite', file: path.join(dir, 'bench.sqlite') })
  await migrateToLatest(db)
  const venueId = await insertVenue(db, 'bench')
  const close = async () => {
    await db.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  }
  return { db, venueId, close }
}

/** The whole import, as the console's upload and `npm run venue -- import` run it. */
async function wholeImport(into: Awaited<ReturnType<typeof freshDatabase>>, svg: string) {
  const result = await importVenueDrawing(into.db, { venueId: into.venueId, name: 'bench', svg })
  return `${result.seats} seats stored`
}

/** The visitor: one request every `every` ms, each result a JSON line on stdout as it comes. */
const PROBER = `
const url = process.argv[1], every = Number(process.argv[2])
;(async () => {
  for (;;) {
    const sentAt = Date.now()
    let failed = false
    try { await (await fetch(url, { signal: AbortSignal.timeout(60000) })).text() } catch { failed = true }
    process.stdout.write(JSON.stringify({ sentAt, ms: Date.now() - sentAt, failed }) + '\\n')
    await new Promise((r) => setTimeout(r, Math.max(0, every - (Date.now() - sentAt))))
  }
})()`

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0
}

async function main() {
  const loadBefore = loadavg()
  const svg = generateVenue({ kind: 'stadium', seats: SEATS, seed: 1 })
  console.log(`${new Date().toISOString()} generated ${SEATS} seats (${svg.length} chars)`)
  const version = MODE === 'compile' ? versionOf(svg) : null
  if (version) console.log(`${new Date().toISOString()} recognised`)
  const server = http.createServer((_req, res) => res.end('ok'))
  // A compile on the loop holds it for seconds: keep-alive sockets must outlive that.
  server.keepAliveTimeout = 60_000
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`
  const prober = spawn(process.execPath, ['-e', PROBER, url, String(PROBE_INTERVAL_MS)], { stdio: ['ignore', 'pipe', 'inherit'] })
  let output = ''
  prober.stdout.on('data', (d) => (output += d))
  const delay = monitorEventLoopDelay({ resolution: 10 })
  const phases: { name: string; from: number; to: number; loopMaxMs: number; hash: string }[] = []
  const phase = async (name: string, run: () => Promise<string>) => {
    console.log(`${new Date().toISOString()} ${name}`)
    delay.reset()
    delay.enable()
    const from = Date.now()
    const hash = await run()
    const to = Date.now()
    delay.disable()
    phases.push({ name, from, to, loopMaxMs: delay.max / 1e6, hash })
    await new Promise((r) => setTimeout(r, SETTLE_MS))
  }
  await phase('idle', () => new Promise((r) => setTimeout(() => r(''), SETTLE_MS)))
  if (version) {
    await phase('worker (warm-up: starts the thread, loads the engine)', () => inWorker(svg, version))
    await phase('on the event loop (before)', () => onLoop(svg, version))
    await phase('compile worker (after)', () => inWorker(svg, version))
  } else {
    const small = generateVenue({ kind: 'stadium', seats: WARM_UP_SEATS, seed: 1 })
    await phase('worker (warm-up: starts the thread, loads the engine)', () => importInWorker(small))
    await phase('import on the event loop (before)', () => importOnLoop(svg))
    await phase('import in the compile worker (after)', () => importInWorker(svg))
    const into = await freshDatabase()
    await phase('whole import, SQLite (after, the user path)', () => wholeImport(into, svg))
    await into.close()
  }
  prober.kill()
  server.close()
  const probes = output.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Probe)
  const results = phases.map((p) => {
    const sent = probes.filter((x) => x.sentAt >= p.from && x.sentAt < p.to)
    const during = sent.map((x) => x.ms).sort((a, b) => a - b)
    return { phase: p.name, compileMs: p.to - p.from, probes: during.length, failed: sent.filter((x) => x.failed).length, p50Ms: percentile(during, 0.5), p99Ms: percentile(during, 0.99), maxMs: during.at(-1) ?? 0, loopMaxDelayMs: Math.round(p.loopMaxMs), hash: p.hash }
  })
  const loadAfter = loadavg()
  console.table(results)
  console.log(`seats ${SEATS}; load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`)
  if (results[2].hash !== results[3].hash) throw new Error('the two paths compiled different bytes')
  const file = writeResults(MODE === 'compile' ? 'compile-loop' : 'import-loop', { mode: MODE, date: new Date().toISOString(), machine: machine(), seats: SEATS, probeIntervalMs: PROBE_INTERVAL_MS, loadBefore, loadAfter, results })
  console.log(`wrote ${file}`)
}

await main()
