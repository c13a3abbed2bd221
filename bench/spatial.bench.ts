/**
 * `npx tsx bench/spatial.bench.ts [--short]` — the seat index choice: rbush (dynamic R-tree of
 * objects, the named choice) against flatbush (static packed Hilbert R-tree in one
 * transferable ArrayBuffer), on generated stadium seat boxes. Measures build, point query,
 * viewport query and nearest, plus memory (flatbush: its buffer; rbush: heap growth while
 * building). Writes bench/results/<date>-spatial.json. The decision is recorded in
 * src/engine/spatial/SeatIndex.ts.
 */
import Flatbush from 'flatbush'
import RBush from 'rbush'
import { generateVenue } from '../src/engine/generate/index'
import { parseVenue } from '../src/engine/parse/parseVenue'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { SEAT_INDEX_NODE_SIZE, SeatIndex, rotatedHalfExtent } from '../src/engine/spatial/SeatIndex'
import { machine, measure, points, writeResults } from './lib'

const short = process.argv.includes('--short')
const SIZES = short ? [10_000] : [10_000, 100_000, 1_000_000]
const VIEWPORT_FRACTION = 0.05

interface Item { minX: number; minY: number; maxX: number; maxY: number; i: number }

// A collectable heap for memory estimates (same trick as `node --expose-gc`).
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

async function main(): Promise<void> {
  const rows: Record<string, unknown>[] = []
  for (const seats of SIZES) {
    const venue = parseVenue(generateVenue({ kind: 'stadium', seats, seed: 1 }))
    const s = venue.seats
    const boxes = new Float64Array(s.count * 4)
    for (let i = 0; i < s.count; i++) {
      const [hx, hy] = rotatedHalfExtent(s.w[i], s.h[i], s.rotation[i])
      boxes.set([s.x[i] - hx, s.y[i] - hy, s.x[i] + hx, s.y[i] + hy], i * 4)
    }
    const items: Item[] = Array.from({ length: s.count }, (_, i) => ({ minX: boxes[4 * i], minY: boxes[4 * i + 1], maxX: boxes[4 * i + 2], maxY: boxes[4 * i + 3], i }))
    const buildFlat = () => {
      const f = new Flatbush(s.count, SEAT_INDEX_NODE_SIZE, Float32Array)
      for (let i = 0; i < s.count; i++) f.add(boxes[4 * i], boxes[4 * i + 1], boxes[4 * i + 2], boxes[4 * i + 3])
      f.finish()
      return f
    }
    const buildR = () => new RBush<Item>().load(items)
    gc()
    const heapBefore = process.memoryUsage().heapUsed
    const rtree = buildR()
    gc()
    const rbushHeapBytes = Math.max(0, process.memoryUsage().heapUsed - heapBefore)
    const flat = buildFlat()
    const buildOurs = () => SeatIndex.buildFromBoxes(boxes)
    const ours = SeatIndex.fromBuffer(buildOurs())
    const build = await measure({ flatbush: buildFlat, seatIndex: buildOurs, rbush: buildR }, { iterations: short ? 3 : seats >= 1_000_000 ? 3 : 10, time: short ? 50 : 300 })
    const [x0, y0, x1, y1] = venue.bbox
    const q = points(8192, 7)
    let k = 0
    let sink = 0
    const next = () => {
      k = (k + 2) % q.length
      return [x0 + q[k] * (x1 - x0), y0 + q[k + 1] * (y1 - y0)]
    }
    const point = await measure({
      flatbush: () => {
        const [x, y] = next()
        sink += flat.search(x, y, x, y).length
      },
      seatIndex: () => {
        const [x, y] = next()
        sink += ours.search(x, y, x, y).length
      },
      rbush: () => {
        const [x, y] = next()
        sink += rtree.search({ minX: x, minY: y, maxX: x, maxY: y }).length
      },
    }, { iterations: 1000, time: short ? 50 : 500 })
    const vw = (x1 - x0) * VIEWPORT_FRACTION
    const vh = (y1 - y0) * VIEWPORT_FRACTION
    const viewport = await measure({
      flatbush: () => {
        const [x, y] = next()
        sink += flat.search(x, y, x + vw, y + vh).length
      },
      seatIndex: () => {
        const [x, y] = next()
        sink += ours.search(x, y, x + vw, y + vh).length
      },
      rbush: () => {
        const [x, y] = next()
        sink += rtree.search({ minX: x, minY: y, maxX: x + vw, maxY: y + vh }).length
      },
    }, { iterations: 500, time: short ? 50 : 500 })
    const nearest = await measure({
      flatbush: () => {
        const [x, y] = next()
        sink += flat.neighbors(x, y, 5).length
      },
    }, { iterations: 500, time: short ? 50 : 300 })
    const row = {
      seats,
      note: 'flatbush = Float32 Flatbush; seatIndex = our SeatIndex (Flatbush on 16-bit quantized coordinates)',
      buildMs: { flatbush: build.flatbush.mean, seatIndex: build.seatIndex.mean, rbush: build.rbush.mean },
      pointQueryUs: { flatbush: point.flatbush.p50 * 1000, seatIndex: point.seatIndex.p50 * 1000, rbush: point.rbush.p50 * 1000 },
      viewportQueryUs: { flatbush: viewport.flatbush.p50 * 1000, seatIndex: viewport.seatIndex.p50 * 1000, rbush: viewport.rbush.p50 * 1000 },
      nearest5Us: { flatbush: nearest.flatbush.p50 * 1000, rbush: 'no built-in kNN (rbush-knn is a separate package)' },
      bytesPerSeat: { flatbush: flat.data.byteLength / seats, seatIndex: ours.buffer.byteLength / seats, rbushHeapEstimate: rbushHeapBytes / seats },
      transferable: { flatbush: 'one ArrayBuffer, Flatbush.from() on the other side', rbush: 'object tree: rebuild or JSON (toJSON/fromJSON)' },
    }
    rows.push(row)
    process.stdout.write(`${JSON.stringify(row)}\n`)
    if (sink === -1) process.stdout.write('\n')
  }
  const file = writeResults(short ? 'spatial-short' : 'spatial', { date: new Date().toISOString(), machine: machine(), rows })
  process.stdout.write(`results: ${file}\n`)
}

await main()
