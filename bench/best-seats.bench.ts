/**
 * `npm run bench:best` — best available (issue 20) at 100,000 and 1,000,000 seats, beside a naive
 * baseline in the same run:
 *
 * - ours: pickBest on the seating index built once per drawing (typed arrays, one pass with a
 *   sliding window), plus the per-request status array built from the live holds, as the server
 *   does on each request (index build timed apart: it is paid once per drawing);
 * - naive: what one writes first: per request, group seat objects into rows, sort each row, and
 *   try every window of N seats, summing its costs and checking its neighbours from scratch.
 *
 * Venues are generated stadium-like halls: 40 sectors around a field, rows curved around it, an
 * aisle in each row; HOLD_SHARE of the seats held at random (a seeded sequence), so free runs are
 * short and both sides must search. Target: ours ≤ 100 ms per request at both sizes
 * (TARGET_MS); --check exits 1 when missed. Writes bench/results/<date>-best-seats.json with the
 * machine noted. Flags: --short (10k and 100k seats, for CI), --check.
 */
import { loadavg } from 'node:os'
import { FREE, pickBest, TAKEN, WANTED } from '../src/server/domain/seating/best'
import { buildSeatingIndex, posOfId, type SeatingIndex, type SeatRecords } from '../src/server/domain/seating/rows'
import { machine, measure, points, writeResults, type Timing } from './lib'

const TARGET_MS = 100
const QUANTITY = 4
const HOLD_SHARE = 0.55
const SECTORS = 40
const SEATS_PER_ROW = 50
const AISLE_AFTER = 25
const OURS_ITERATIONS = 20
const NAIVE_ITERATIONS = 3

const args = process.argv.slice(2)
const short = args.includes('--short')
const check = args.includes('--check')
const sizes = short ? [10_000, 100_000] : [100_000, 1_000_000]

/** A stadium-like hall of about `count` seats (see the module's comment). */
function stadium(count: number): SeatRecords {
  const rowsPerSector = Math.max(1, Math.round(count / SECTORS / SEATS_PER_ROW))
  const n = SECTORS * rowsPerSector * SEATS_PER_ROW
  const rec: SeatRecords = {
    count: n,
    ids: new Int32Array(n),
    keys: new Array<string>(n),
    sector: new Int32Array(n),
    row: new Array<string>(n),
    x: new Float64Array(n),
    y: new Float64Array(n),
    zone: new Int32Array(n),
    quality: new Float64Array(n).fill(Number.NaN),
  }
  let i = 0
  const sectorAngle = (2 * Math.PI) / SECTORS
  for (let s = 0; s < SECTORS; s++) {
    for (let r = 0; r < rowsPerSector; r++) {
      const radius = 100 + r * 1.2
      for (let k = 0; k < SEATS_PER_ROW; k++) {
        // Seats 1 unit apart along the arc, 3 units across the aisle.
        const along = k + (k >= AISLE_AFTER ? 2 : 0)
        const angle = s * sectorAngle + (along / (SEATS_PER_ROW + 6)) * sectorAngle * 0.9
        rec.ids[i] = i + 1
        rec.keys[i] = `s${s}-r${r + 1}-${k + 1}`
        rec.sector[i] = s
        rec.row[i] = String(r + 1)
        rec.x[i] = Math.cos(angle) * radius * (1 + 0.5 * Math.abs(Math.cos(angle)))
        rec.y[i] = Math.sin(angle) * radius
        rec.zone[i] = 1 + (r < rowsPerSector / 3 ? 0 : 1)
        i++
      }
    }
  }
  return rec
}

/** Held seats (by record index) from a seeded sequence. */
function holds(count: number): Set<number> {
  const rnd = points(count, 7)
  const out = new Set<number>()
  for (let i = 0; i < count; i++) if (rnd[i] < HOLD_SHARE) out.add(i)
  return out
}

/** The per-request work of the server around pickBest: a status per position from the holds. */
function ours(index: SeatingIndex, held: Set<number>, zone: number) {
  const byZone = Uint8Array.from(index.zones, (z) => (z === zone ? WANTED : FREE))
  const status = new Uint8Array(index.count)
  for (let p = 0; p < index.count; p++) status[p] = byZone[index.zoneIdx[p]]
  for (const r of held) status[posOfId(index, r + 1)!] = TAKEN
  return pickBest(index, status, QUANTITY)
}

interface NaiveSeat {
  key: string
  sector: number
  row: string
  x: number
  y: number
  cost: number
  zone: number
  free: boolean
}

/** The baseline: objects, grouping and sorting per request, every window checked from scratch. */
function naive(rec: SeatRecords, cost: Float64Array, held: Set<number>, zone: number): string[] | null {
  const rows = new Map<string, NaiveSeat[]>()
  for (let i = 0; i < rec.count; i++) {
    const k = `${rec.sector[i]}|${rec.row[i]}`
    if (!rows.has(k)) rows.set(k, [])
    rows.get(k)!.push({ key: rec.keys[i], sector: rec.sector[i], row: rec.row[i], x: rec.x[i], y: rec.y[i], cost: cost[i], zone: rec.zone[i], free: !held.has(i) })
  }
  let best: { keys: string[]; sum: number } | null = null
  for (const seats of rows.values()) {
    const cx = seats.reduce((s, a) => s + a.x, 0) / seats.length
    const cy = seats.reduce((s, a) => s + a.y, 0) / seats.length
    seats.sort((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx))
    for (let w = 0; w + QUANTITY <= seats.length; w++) {
      const win = seats.slice(w, w + QUANTITY)
      if (!win.every((s) => s.free && s.zone === zone)) continue
      // Adjacent: no gap wider than an aisle inside the window.
      let adjacent = true
      for (let j = 1; j < win.length; j++) if (Math.hypot(win[j].x - win[j - 1].x, win[j].y - win[j - 1].y) > 2) adjacent = false
      if (!adjacent) continue
      const left = seats[w - 1]
      const left2 = seats[w - 2]
      const right = seats[w + QUANTITY]
      const right2 = seats[w + QUANTITY + 1]
      const single = (left?.free && !left2?.free) || (right?.free && !right2?.free)
      if (single) continue
      const sum = win.reduce((s, a) => s + a.cost, 0)
      if (!best || sum < best.sum) best = { keys: win.map((s) => s.key), sum }
    }
  }
  return best?.keys ?? null
}

interface Row {
  seats: number
  indexBuildMs: number
  ours: Timing
  naive: Timing
  ratio: number
  oursP50WithinTarget: boolean
}

async function main() {
  // The benchmark box is shared: the load average says how much of a core this run had.
  const loadBefore = loadavg()
  const rows: Row[] = []
  for (const size of sizes) {
    const rec = stadium(size)
    const t0 = performance.now()
    const index = buildSeatingIndex(rec)
    const indexBuildMs = performance.now() - t0
    const cost = new Float64Array(rec.count)
    for (let p = 0; p < index.count; p++) cost[index.record[p]] = index.cost[p]
    const held = holds(rec.count)
    const zone = 1
    const pick = ours(index, held, zone)
    if (!pick) throw new Error(`no pick at ${size}`)
    // The baseline takes seconds a call at a million seats: few runs, no warm-up (it is not what we tune).
    const timings = {
      ...(await measure({ ours: () => ours(index, held, zone) }, { iterations: OURS_ITERATIONS, time: short ? 300 : 1_000 })),
      ...(await measure({ naive: () => naive(rec, cost, held, zone) }, { iterations: size >= 1_000_000 ? 2 : NAIVE_ITERATIONS, time: 0, warmup: false })),
    }
    const ratio = timings.ours.p50 / timings.naive.p50
    rows.push({ seats: rec.count, indexBuildMs, ours: timings.ours, naive: timings.naive, ratio, oursP50WithinTarget: timings.ours.p50 <= TARGET_MS })
    console.log(`${rec.count} seats: ours p50 ${timings.ours.p50.toFixed(2)} ms, naive p50 ${timings.naive.p50.toFixed(2)} ms (ratio ${ratio.toFixed(3)}); index build ${indexBuildMs.toFixed(0)} ms once per drawing`)
  }
  const file = writeResults(short ? 'best-seats-short' : 'best-seats', { machine: machine(), loadAverage: { before: loadBefore, after: loadavg() }, quantity: QUANTITY, holdShare: HOLD_SHARE, targetMs: TARGET_MS, rows })
  console.log(`wrote ${file}`)
  if (check && rows.some((r) => !r.oursP50WithinTarget || r.ratio >= 1)) {
    console.error('best available missed its target or lost to the baseline')
    process.exitCode = 1
  }
}

await main()
