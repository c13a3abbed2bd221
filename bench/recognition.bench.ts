/**
 * `npm run bench:recognition [-- --sizes=100000,1000000 --rounds=5 --short --check]` — issue 15's speed
 * target: the parse with general seat recognition against the frozen rule parser it replaced
 * (bench/baseline-parse), on the same generated stadium, in the same process.
 *
 * The benchmark box is shared, so the two parsers run alternately (ours, frozen, ours, …) and each
 * is timed twice: wall clock and this process's CPU time (user + system, which counts the GC's
 * helper threads too); the ratio of the best runs of each is reported for both, with the load
 * average before and after. Each size gets one warm-up round (not counted). The recognition
 * report's phases are not timed here: profile with `node --cpu-prof` (see bench/README.md).
 * Writes bench/results/<date>-recognition.json with the machine noted.
 * --short (like the other benches' quick mode) runs 100,000 seats, 2 rounds, unless --sizes/--rounds say otherwise.
 * --check exits 1 when the CPU-time ratio at the largest size passes RECOGNITION_BOUND.
 */
import { loadavg } from 'node:os'
import { spawnSync } from 'node:child_process'
import { getHeapStatistics } from 'node:v8'
import { generateVenue } from '../src/engine/generate/index'
import { recogniseVenue } from '../src/engine/parse/parseVenue'
import { parseVenue as parseVenueBaseline } from './baseline-parse/parseVenue'
import { machine, writeResults } from './lib'

/** Issue 15: recognition adds at most 30 % to the parse time of the parser it replaced (1M seats). */
export const RECOGNITION_BOUND = 1.3
/** Heap for two 1M-seat parses side by side (the SVG text alone is 120 MB). */
const BIG_HEAP_MB = 6_144

const args = process.argv.slice(2)
const sizesArg = args.find((a) => a.startsWith('--sizes='))
const roundsArg = args.find((a) => a.startsWith('--rounds='))
const short = args.includes('--short')
/** --short: one mid-size venue, few rounds (a quick look, not the target's measurement). */
const SHORT_SIZES = [100_000]
const SHORT_ROUNDS = 2
const sizes = sizesArg ? sizesArg.slice(8).split(',').map(Number) : short ? SHORT_SIZES : [100_000, 1_000_000]
const rounds = roundsArg ? Number(roundsArg.slice(9)) : short ? SHORT_ROUNDS : 5
const check = args.includes('--check')

interface Sample {
  wallMs: number
  cpuMs: number
}

function timed(fn: () => unknown): Sample {
  const cpu = process.cpuUsage()
  const start = performance.now()
  fn()
  const wallMs = performance.now() - start
  const d = process.cpuUsage(cpu)
  return { wallMs, cpuMs: (d.user + d.system) / 1000 }
}

function best(samples: Sample[], key: keyof Sample): number {
  return Math.min(...samples.map((s) => s[key]))
}

function median(samples: Sample[], key: keyof Sample): number {
  const v = samples.map((s) => s[key]).sort((a, b) => a - b)
  return v[v.length >> 1]
}

function relaunchWithBigHeap(): boolean {
  if (getHeapStatistics().heap_size_limit >= BIG_HEAP_MB * 2 ** 20 * 0.9 || process.env.BENCH_CHILD) return false
  const result = spawnSync(process.execPath, [`--max-old-space-size=${BIG_HEAP_MB}`, '--import', 'tsx', new URL(import.meta.url).pathname, ...args], {
    stdio: 'inherit', env: { ...process.env, BENCH_CHILD: '1' },
  })
  process.exitCode = result.status ?? 1
  return true
}

function main(): void {
  if (relaunchWithBigHeap()) return
  const results: Record<string, unknown>[] = []
  for (const seats of sizes) {
    const svg = generateVenue({ kind: 'stadium', seats, seed: 1 })
    const loadBefore = loadavg()
    // Warm-up round: both parsers once, and the counts must agree.
    const { venue, report } = recogniseVenue(svg)
    if (parseVenueBaseline(svg).seats.count !== venue.seats.count) throw new Error('the frozen parser and ours disagree on the seat count')
    const ours: Sample[] = []
    const frozen: Sample[] = []
    for (let r = 0; r < rounds; r++) {
      ours.push(timed(() => recogniseVenue(svg)))
      frozen.push(timed(() => parseVenueBaseline(svg)))
    }
    const row = {
      seats, bytes: svg.length, rounds, method: report.method, loadBefore, loadAfter: loadavg(),
      ours: { bestWallMs: best(ours, 'wallMs'), bestCpuMs: best(ours, 'cpuMs'), medianCpuMs: median(ours, 'cpuMs'), samples: ours },
      frozen: { bestWallMs: best(frozen, 'wallMs'), bestCpuMs: best(frozen, 'cpuMs'), medianCpuMs: median(frozen, 'cpuMs'), samples: frozen },
      ratioCpu: best(ours, 'cpuMs') / best(frozen, 'cpuMs'),
      ratioWall: best(ours, 'wallMs') / best(frozen, 'wallMs'),
    }
    results.push(row)
    process.stdout.write(`${String(seats).padStart(8)} seats  ours cpu ${row.ours.bestCpuMs.toFixed(0)} ms wall ${row.ours.bestWallMs.toFixed(0)} ms  frozen cpu ${row.frozen.bestCpuMs.toFixed(0)} ms wall ${row.frozen.bestWallMs.toFixed(0)} ms  ratio cpu ${row.ratioCpu.toFixed(3)} wall ${row.ratioWall.toFixed(3)}  load ${loadBefore[0].toFixed(1)}\n`)
  }
  const largest = results[results.length - 1] as { seats: number; ratioCpu: number }
  const met = largest.ratioCpu <= RECOGNITION_BOUND
  const file = writeResults(short ? 'recognition-short' : 'recognition', { date: new Date().toISOString(), machine: machine(), bound: RECOGNITION_BOUND, met, results })
  process.stdout.write(`results: ${file}\n${met ? 'target met' : `target missed: ${largest.ratioCpu.toFixed(3)} > ${RECOGNITION_BOUND} at ${largest.seats} seats`}\n`)
  if (check && !met) process.exitCode = 1
}

main()
