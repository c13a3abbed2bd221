/**
 * `npx tsx bench/seat-index-node-size.bench.ts [--short]` — SeatIndex node size: bytes per seat
 * against point (hit-test) and viewport query time, on generated stadiums. The choice is
 * SEAT_INDEX_NODE_SIZE in src/engine/spatial/SeatIndex.ts. Writes bench/results/<date>-seat-index-node-size.json.
 */
import { generateVenue } from '../src/engine/generate/index'
import { parseVenue } from '../src/engine/parse/parseVenue'
import { SeatIndex, rotatedHalfExtent } from '../src/engine/spatial/SeatIndex'
import { machine, measure, points, writeResults } from './lib'

const short = process.argv.includes('--short')
const SIZES = short ? [10_000] : [100_000, 1_000_000]
const NODE_SIZES = [8, 16, 32, 64]
const VIEWPORT_FRACTION = 0.05

async function main(): Promise<void> {
  const rows: Record<string, unknown>[] = []
  for (const seats of SIZES) {
    const v = parseVenue(generateVenue({ kind: 'stadium', seats, seed: 1 }))
    const s = v.seats
    const boxes = new Float64Array(s.count * 4)
    for (let i = 0; i < s.count; i++) {
      const [hx, hy] = rotatedHalfExtent(s.w[i], s.h[i], s.rotation[i])
      boxes.set([s.x[i] - hx, s.y[i] - hy, s.x[i] + hx, s.y[i] + hy], 4 * i)
    }
    const [x0, y0, x1, y1] = v.bbox
    const q = points(8192, 3)
    let k = 0
    let sink = 0
    const tasks: Record<string, () => void> = {}
    const bytes: Record<number, number> = {}
    for (const nodeSize of NODE_SIZES) {
      const index = SeatIndex.fromBuffer(SeatIndex.buildFromBoxes(boxes, nodeSize))
      bytes[nodeSize] = index.buffer.byteLength / seats
      tasks[`point ${nodeSize}`] = () => {
        k = (k + 2) % q.length
        const x = x0 + q[k] * (x1 - x0)
        const y = y0 + q[k + 1] * (y1 - y0)
        sink += index.search(x, y, x, y).length
      }
      tasks[`viewport ${nodeSize}`] = () => {
        k = (k + 2) % q.length
        const x = x0 + q[k] * (x1 - x0) * (1 - VIEWPORT_FRACTION)
        const y = y0 + q[k + 1] * (y1 - y0) * (1 - VIEWPORT_FRACTION)
        sink += index.search(x, y, x + (x1 - x0) * VIEWPORT_FRACTION, y + (y1 - y0) * VIEWPORT_FRACTION).length
      }
    }
    const t = await measure(tasks, { iterations: short ? 200 : 2000, time: short ? 50 : 400 })
    for (const nodeSize of NODE_SIZES) {
      const row = {
        seats, nodeSize, bytesPerSeat: Math.round(bytes[nodeSize] * 100) / 100,
        pointP50Us: Math.round(t[`point ${nodeSize}`].p50 * 1e5) / 100,
        viewportP50Us: Math.round(t[`viewport ${nodeSize}`].p50 * 1e5) / 100,
      }
      rows.push(row)
      process.stdout.write(`${JSON.stringify(row)}\n`)
    }
    if (sink === -1) process.stdout.write('\n')
  }
  const file = writeResults(short ? 'seat-index-node-size-short' : 'seat-index-node-size', { date: new Date().toISOString(), machine: machine(), rows })
  process.stdout.write(`results: ${file}\n`)
}

await main()
