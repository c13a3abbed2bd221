/**
 * `npm run bench` — Node benchmarks of the venue engine, each beside a baseline in the same run:
 *   parse+index of generated stadiums vs a generic DOM parse of the same text (@xmldom/xmldom),
 *   parse with general seat recognition vs the frozen parser it replaced (bench/baseline-parse),
 *   hit-test (LoadedVenue.seatAt, the map's path, with its pointer slop) vs a linear scan, viewport query flatbush (ours) vs rbush,
 *   status update of 10,000 seats (typed array by key) vs per-seat objects.
 * Writes bench/results/<date>-node.json with the machine noted and bytes per seat.
 *
 * Flags: --short (small sizes, few iterations: for CI), --check (exit 1 when a ratio against its
 * baseline regresses past RATIO_BOUNDS, or a target is missed), --sizes=10000,100000.
 */
import { spawnSync } from 'node:child_process'
import { getHeapStatistics } from 'node:v8'
import { DOMParser } from '@xmldom/xmldom'
import RBush from 'rbush'
import { generateVenue } from '../src/engine/generate/index'
import { parseVenue } from '../src/engine/parse/parseVenue'
import { parseVenue as parseVenueBaseline } from './baseline-parse/parseVenue'
import { venueByteSize } from '../src/engine/parse/transfer'
import { SeatStatus, type VenueData } from '../src/engine/model'
import { SeatIndex, rotatedHalfExtent } from '../src/engine/spatial/SeatIndex'
import { LoadedVenue } from '../src/engine/LoadedVenue'
import { HIT_SLOP_PX, hitTestLinear } from '../src/engine/spatial/hitTest'
import { MIN_SEAT_PX } from '../src/engine/lod/lod'
import { seatKeyId } from '../src/engine/seatKeys'
import { StringTable } from '../src/engine/strings/StringTable'
import { machine, measure, measureAlternated, points, writeResults, type Timing } from './lib'

/** Bounds on ours ÷ baseline (lower is better); --check fails when a ratio goes past one. */
export const RATIO_BOUNDS = {
  /** Issue target: 1M seats parsed and indexed in at most half the xmldom time. */
  parseVsXmldom: 0.5,
  /** The index must stay far ahead of scanning every seat. */
  hitTestVsLinear: 0.1,
  /** Flatbush was chosen over rbush for queries at least as fast. */
  viewportVsRbush: 1.25,
  /** Status writes by key must not cost more than per-seat objects. */
  statusVsObjects: 1.5,
  /** Issue 15: general seat recognition adds at most 30 % to the parse of the parser it replaced. */
  recognitionVsFrozenParser: 1.3,
} as const
/**
 * Bounds for --short (CI, ≤ 10,000 seats). At small sizes fixed costs (index build, outlines,
 * string table) weigh more against a DOM parse: the parse ratio measured 0.37–0.53 at 10k on the
 * shared 2-core box on 2026-11-24, and 0.60–0.80 on busy boxes since (the recognition passes added
 * after it), where a bound of 0.75 failed CI on noise alone. Alternated rounds (measureAlternated)
 * now give medians of 0.61–0.73 on an idle box; the short guard is 1.0, "still faster than a DOM
 * parse", which a structural regression (a quadratic pass, an object per seat) crosses by far.
 * It catches regressions; the 1M target (0.5) is the full run's. A 5 % viewport query at 10k seats answers in 1–2 µs, where timer and GC noise moved
 * the ratio between 1.09 and 1.42 across CI runs; the short guard allows 2, still far below what a
 * real regression (a scan instead of the index) costs.
 */
/*
 * Recognition vs the frozen parser: the bound (1.3) is for 1M seats in the full run; at
 * 2k/10k it guards against a structural regression (a per-seat sort, a quadratic pass, an object
 * per seat kept alive), not the target. Measured on the shared 2-core box on 2026-11-24 after the
 * typed-column rewrite (best of interleaved runs, `npm run bench:recognition`): 1.42 at 10k,
 * 1.32 at 100k, 1.42 at 1M; wall-time ratios at 10k swung between 0.6 and 1.5 under load, so
 * the short guard is 2.5 (the code before the rewrite measured up to 3.7 at 100k).
 */
export const RATIO_BOUNDS_SHORT = { ...RATIO_BOUNDS, parseVsXmldom: 1, viewportVsRbush: 2, recognitionVsFrozenParser: 2.5 } as const
/** Issue targets in absolute terms. */
export const TARGETS = { hitTestP50Microseconds: 10, bytesPerSeat: 64 } as const

const FULL_SIZES = [10_000, 100_000, 1_000_000]
const SHORT_SIZES = [2_000, 10_000]
/** Heap needed for xmldom's DOM of the 1,000,000-seat drawing (it holds several GB). */
const BIG_HEAP_MB = 12_288
const STATUS_UPDATES = 10_000
/** Below this many samples a median is noise; ratioOf compares minimums instead. */
const MIN_SAMPLES_FOR_MEDIAN = 10
const QUERY_POINTS = 4_096
/** Viewport side as a fraction of the venue's side (a zoomed-in screen). */
const VIEWPORT_FRACTION = 0.05

const args = process.argv.slice(2)
const short = args.includes('--short')
const check = args.includes('--check')
const sizesArg = args.find((a) => a.startsWith('--sizes='))
const sizes = sizesArg ? sizesArg.slice(8).split(',').map(Number) : short ? SHORT_SIZES : FULL_SIZES
const BOUNDS = short ? RATIO_BOUNDS_SHORT : RATIO_BOUNDS

function relaunchWithBigHeap(): boolean {
  if (short || getHeapStatistics().heap_size_limit >= BIG_HEAP_MB * 2 ** 20 * 0.9 || process.env.BENCH_CHILD) return false
  const result = spawnSync(process.execPath, [`--max-old-space-size=${BIG_HEAP_MB}`, '--import', 'tsx', new URL(import.meta.url).pathname, ...args], {
    stdio: 'inherit', env: { ...process.env, BENCH_CHILD: '1' },
  })
  process.exitCode = result.status ?? 1
  return true
}

interface Row {
  name: string
  seats: number
  ours: Timing
  baseline: Timing
  baselineName: string
  ratio: number
  bound?: number
}

/**
 * Ours ÷ baseline. The bench machine is shared, so one slow sample can swing a mean: tasks with
 * many samples compare medians, tasks with a handful (large parses) compare their best runs,
 * the samples least disturbed by other load.
 */
function ratioOf(ours: Timing, baseline: Timing): number {
  return Math.min(ours.samples, baseline.samples) >= MIN_SAMPLES_FOR_MEDIAN ? ours.p50 / baseline.p50 : ours.min / baseline.min
}

/**
 * Alternated rounds for the parse comparisons (each round parses once per side). Short runs take
 * 15 rounds so the ratio is one of medians (≥ MIN_SAMPLES_FOR_MEDIAN), not of two best calls: a
 * 10k parse is ~10-30 ms a side, so this is under two seconds.
 */
function parseRoundsFor(seats: number): { rounds: number; warmup: boolean } {
  if (short) return { rounds: 15, warmup: true }
  if (seats >= 1_000_000) return { rounds: 3, warmup: false }
  if (seats >= 100_000) return { rounds: 5, warmup: true }
  return { rounds: 20, warmup: true }
}

function rbushOf(venue: VenueData): RBush<{ minX: number; minY: number; maxX: number; maxY: number; i: number }> {
  const tree = new RBush<{ minX: number; minY: number; maxX: number; maxY: number; i: number }>()
  const s = venue.seats
  const items = Array.from({ length: s.count }, (_, i) => {
    const [hx, hy] = rotatedHalfExtent(s.w[i], s.h[i], s.rotation[i])
    return { minX: s.x[i] - hx, minY: s.y[i] - hy, maxX: s.x[i] + hx, maxY: s.y[i] + hy, i }
  })
  tree.load(items)
  return tree
}

async function benchSize(seats: number, rows: Row[], memory: Record<string, unknown>[]): Promise<void> {
  const svg = generateVenue({ kind: 'stadium', seats, seed: 1 })
  process.stderr.write(`${seats} seats: ${(svg.length / 2 ** 20).toFixed(1)} MB of SVG\n`)
  let venue = parseVenue(svg)
  const parseRounds = parseRoundsFor(seats)
  const parse = measureAlternated({
    ours: () => (venue = parseVenue(svg)),
    xmldom: () => new DOMParser().parseFromString(svg, 'image/svg+xml'),
  }, parseRounds)
  rows.push({ name: 'parse+index vs DOM parse', seats, ours: parse.ours, baseline: parse.xmldom, baselineName: '@xmldom/xmldom parseFromString', ratio: ratioOf(parse.ours, parse.xmldom), bound: BOUNDS.parseVsXmldom })
  // The same drawing through the parser as it was before general recognition (bench/baseline-parse).
  if (parseVenueBaseline(svg).seats.count !== venue.seats.count) throw new Error('the frozen parser and ours disagree on the seat count')
  const recognition = measureAlternated({
    ours: () => (venue = parseVenue(svg)),
    frozen: () => parseVenueBaseline(svg),
  }, parseRounds)
  rows.push({ name: 'parse with recognition vs frozen rule parser', seats, ours: recognition.ours, baseline: recognition.frozen, baselineName: 'bench/baseline-parse (parser before issue 15)', ratio: ratioOf(recognition.ours, recognition.frozen), bound: BOUNDS.recognitionVsFrozenParser })

  const bytes = venueByteSize(venue)
  memory.push({
    seats, bytesPerSeat: Math.round((bytes / seats) * 10) / 10, totalMB: Math.round(bytes / 2 ** 20),
    seatIndexBytesPerSeat: Math.round((venue.seatIndex.byteLength / seats) * 10) / 10,
    stringBytesPerSeat: Math.round(((venue.strings.bytes.byteLength + venue.strings.offsets.byteLength) / seats) * 10) / 10,
  })

  const [x0, y0, x1, y1] = venue.bbox
  const q = points(QUERY_POINTS * 2, seats)
  // Half the probes aim at seat centres (hits), half anywhere (mostly misses).
  const px = new Float64Array(QUERY_POINTS)
  const py = new Float64Array(QUERY_POINTS)
  for (let k = 0; k < QUERY_POINTS; k++) {
    if (k % 2 === 0) {
      const i = Math.floor(q[2 * k] * venue.seats.count)
      px[k] = venue.seats.x[i]
      py[k] = venue.seats.y[i]
    } else {
      px[k] = x0 + q[2 * k] * (x1 - x0)
      py[k] = y0 + q[2 * k + 1] * (y1 - y0)
    }
  }
  let k = 0
  let sink = 0
  // The path the map calls on every pointer frame: SeatMapEngine.seatAt → LoadedVenue.seatAt,
  // with the map's pointer slop (HIT_SLOP_PX / scale) at the zoom where seats first draw and can
  // be hit (the largest seat MIN_SEAT_PX on screen, DetailController.tier): the widest pad in
  // drawing units, so the most candidates per query. The baseline tests the same padded outlines.
  const loaded = new LoadedVenue(venue)
  const pad = (HIT_SLOP_PX * loaded.maxHalf * 2) / MIN_SEAT_PX
  const hit = await measure({
    ours: () => {
      sink += loaded.seatAt(px[k], py[k], pad)
      k = (k + 1) % QUERY_POINTS
    },
    linear: () => {
      sink += hitTestLinear(venue, px[k], py[k], pad)
      k = (k + 1) % QUERY_POINTS
    },
  }, { iterations: short ? 200 : seats >= 1_000_000 ? 100 : 1000, time: short ? 50 : 1000 })
  rows.push({ name: 'hit-test vs linear scan', seats, ours: hit.ours, baseline: hit.linear, baselineName: 'linear scan with exact shape test (same pad)', ratio: ratioOf(hit.ours, hit.linear), bound: BOUNDS.hitTestVsLinear })

  const index = SeatIndex.fromBuffer(venue.seatIndex)
  const tree = rbushOf(venue)
  const vw = (x1 - x0) * VIEWPORT_FRACTION
  const vh = (y1 - y0) * VIEWPORT_FRACTION
  const out: number[] = []
  const view = await measure({
    ours: () => {
      const x = x0 + q[2 * k] * (x1 - x0 - vw)
      const y = y0 + q[2 * k + 1] * (y1 - y0 - vh)
      out.length = 0
      sink += index.search(x, y, x + vw, y + vh, out).length
      k = (k + 1) % QUERY_POINTS
    },
    rbush: () => {
      const x = x0 + q[2 * k] * (x1 - x0 - vw)
      const y = y0 + q[2 * k + 1] * (y1 - y0 - vh)
      sink += tree.search({ minX: x, minY: y, maxX: x + vw, maxY: y + vh }).length
      k = (k + 1) % QUERY_POINTS
    },
  }, { iterations: short ? 100 : 500, time: short ? 50 : 1000 })
  rows.push({ name: `viewport query (${VIEWPORT_FRACTION * 100}% side) flatbush vs rbush`, seats, ours: view.ours, baseline: view.rbush, baselineName: 'rbush search', ratio: ratioOf(view.ours, view.rbush), bound: BOUNDS.viewportVsRbush })

  // Status updates arrive by seat key (server events): ours writes the typed array through a
  // key → index map built once; the baseline keeps one object per seat in a Map by key.
  const strings = new StringTable(venue.strings)
  const keys = Array.from({ length: venue.seats.count }, (_, i) => strings.get(seatKeyId(venue, i)))
  const keyIndex = new Map(keys.map((key, i) => [key, i]))
  const objects = new Map(keys.map((key, i) => [key, { key, row: strings.get(venue.seats.row[i]), status: 0 as number }]))
  const updates = Array.from({ length: STATUS_UPDATES }, (_, j) => keys[Math.floor(q[j % q.length] * keys.length)])
  const status = venue.seats.status
  let flip = 0
  // A round takes ~0.2 ms: 20 rounds (the old short setting) left the p50 to JIT warm-up and one
  // GC (a CI run measured ours at p50 279 µs, min 143 µs, and failed the bound); 200 rounds cost
  // some 80 ms more and settle it.
  const upd = await measure({
    ours: () => {
      flip ^= 1
      const value = flip ? SeatStatus.Sold : SeatStatus.Free
      for (let j = 0; j < updates.length; j++) {
        const i = keyIndex.get(updates[j])
        if (i !== undefined) status[i] = value
      }
    },
    objects: () => {
      flip ^= 1
      const value = flip ? SeatStatus.Sold : SeatStatus.Free
      for (let j = 0; j < updates.length; j++) {
        const seat = objects.get(updates[j])
        if (seat) seat.status = value
      }
    },
  }, { iterations: 200, time: short ? 100 : 500 })
  rows.push({ name: `status update of ${STATUS_UPDATES} seats`, seats, ours: upd.ours, baseline: upd.objects, baselineName: 'per-seat objects in a Map', ratio: ratioOf(upd.ours, upd.objects), bound: BOUNDS.statusVsObjects })
  if (sink === Number.MIN_VALUE) process.stderr.write('unreachable\n')
}

async function main(): Promise<void> {
  if (relaunchWithBigHeap()) return
  const rows: Row[] = []
  const memory: Record<string, unknown>[] = []
  for (const seats of sizes) await benchSize(seats, rows, memory)
  const largest = Math.max(...sizes)
  const failures: string[] = []
  for (const row of rows) {
    if (row.seats === largest && row.bound !== undefined && row.ratio > row.bound)
      failures.push(`${row.name} at ${row.seats}: ratio ${row.ratio.toFixed(3)} > bound ${row.bound}`)
  }
  const hitRow = rows.find((r) => r.seats === largest && r.name.startsWith('hit-test'))
  const hitP50us = hitRow ? hitRow.ours.p50 * 1000 : NaN
  const bytesPerSeat = Number((memory.find((m) => m.seats === largest) ?? {}).bytesPerSeat)
  const targets = {
    hitTestP50Microseconds: { value: hitP50us, target: TARGETS.hitTestP50Microseconds, met: hitP50us <= TARGETS.hitTestP50Microseconds },
    bytesPerSeat: { value: bytesPerSeat, target: TARGETS.bytesPerSeat, met: bytesPerSeat <= TARGETS.bytesPerSeat },
    parseVsXmldom: { value: rows.find((r) => r.seats === largest && r.name.startsWith('parse'))?.ratio, target: BOUNDS.parseVsXmldom },
  }
  if (!short) {
    if (!targets.hitTestP50Microseconds.met) failures.push(`hit-test p50 ${hitP50us.toFixed(2)} µs > ${TARGETS.hitTestP50Microseconds} µs`)
    if (!targets.bytesPerSeat.met) failures.push(`${bytesPerSeat} bytes/seat > ${TARGETS.bytesPerSeat}`)
  }
  const file = writeResults(short ? 'node-short' : 'node', {
    date: new Date().toISOString(), machine: machine(), mode: short ? 'short' : 'full', sizes,
    results: rows.map((r) => ({ ...r, ratio: Math.round(r.ratio * 1000) / 1000 })), memory, targets, failures,
  })
  for (const r of rows)
    process.stdout.write(`${r.name.padEnd(48)} ${String(r.seats).padStart(8)}  ours p50 ${fmt(r.ours.p50)} min ${fmt(r.ours.min)}  ${r.baselineName}: p50 ${fmt(r.baseline.p50)} min ${fmt(r.baseline.min)}  ratio ${r.ratio.toFixed(3)}\n`)
  for (const m of memory) process.stdout.write(`memory ${JSON.stringify(m)}\n`)
  process.stdout.write(`results: ${file}\n`)
  if (failures.length) process.stdout.write(`bounds missed:\n  ${failures.join('\n  ')}\n`)
  if (check && failures.length) process.exitCode = 1
}

function fmt(ms: number): string {
  return ms >= 1 ? `${ms.toFixed(1)} ms` : `${(ms * 1000).toFixed(2)} µs`
}

await main()
