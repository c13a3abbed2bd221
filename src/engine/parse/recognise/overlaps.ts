/**
 * The spatial passes of classification, each a small function with one hot loop so the JIT
 * optimises it on its own (one large function run once per import was deoptimised loop after
 * loop, which made these passes cost more than the whole rule-set parse's seat handling):
 *  - containersOf: for each seat, the smallest seat of another seat cluster holding its centre
 *    (parts of seats, outlines of loges);
 *  - markDuplicates: seats of one cluster stacked at the same place.
 * Cost: O(seats) with hashed grids; containers are searched only where two seat clusters meet.
 */
import type { Candidates } from './candidates'
import { PointGrid } from './grid'

/** A seat shape inside another one at least this much larger is a part of that one. */
export const PART_SIZE_RATIO = 1.25
/** Two seats of one cluster closer than this fraction of their size are one seat drawn twice. */
export const DUPLICATE_FRACTION = 0.25
/** Clusters are told apart by a bit each in a 32-bit mask when there are at most this many. */
const CLUSTER_BITS = 31
/** Coarse cells for telling where seat clusters meet: this many search cells a side. */
const COARSE = 4
/** Coarse cell keys are gx × SPAN + gy, exact while |gx|, |gy| < HALF (well inside 2^53). */
const COARSE_KEY_SPAN = 2 ** 24
const COARSE_KEY_HALF = 2 ** 22

/**
 * Per coarse cell (COARSE × `cell`), the bits of the clusters whose seats lie in it, keyed
 * exactly; null when there are too many clusters or coordinates too large for the key.
 */
function clusterCells(c: Candidates, kept: Int32Array, cl: Int32Array, clusters: number, coarse: number): Map<number, number> | null {
  if (clusters > CLUSTER_BITS) return null
  const cells = new Map<number, number>()
  let runKey = NaN
  let runBits = 0
  for (let k = 0; k < kept.length; k++) {
    const i = kept[k]
    const gx = Math.floor(c.x[i] / coarse)
    const gy = Math.floor(c.y[i] / coarse)
    if (!(Math.abs(gx) < COARSE_KEY_HALF && Math.abs(gy) < COARSE_KEY_HALF)) return null
    const key = gx * COARSE_KEY_SPAN + gy
    // Neighbours in document order mostly share a cell: one map write per run of them.
    if (key !== runKey) {
      if (runBits) cells.set(runKey, (cells.get(runKey) ?? 0) | runBits)
      runKey = key
      runBits = 0
    }
    runBits |= 1 << cl[i]
  }
  if (runBits) cells.set(runKey, (cells.get(runKey) ?? 0) | runBits)
  return cells
}

/**
 * For each kept seat i, the smallest seat j of another seat cluster (`isSeat[cl[j]]`) that is at
 * least PART_SIZE_RATIO larger and holds i's centre, or that overlaps i while its cluster is more
 * repeated (a number outlined across its seat); -1 when none. `cell`: the largest seat size.
 */
export function containersOf(c: Candidates, kept: Int32Array, cl: Int32Array, isSeat: Uint8Array, members: Uint32Array, size: Float64Array, cell: number): Int32Array {
  const n = c.length
  const container = new Int32Array(n).fill(-1)
  const grid = new PointGrid(c.x, c.y, cell, kept, n)
  const coarse = cell * COARSE
  // A seat whose 3×3 coarse cells hold only its own cluster has no container: most seats sit
  // among their own kind, so most searches are skipped.
  const cells = clusterCells(c, kept, cl, isSeat.length, coarse)
  const { head, next } = grid
  const { x, y } = c
  let lastKey = NaN
  let lastAround = 0
  for (let k = 0; k < kept.length; k++) {
    const i = kept[k]
    const xi = x[i]
    const yi = y[i]
    const ci = cl[i]
    if (cells) {
      const key = Math.floor(xi / coarse) * COARSE_KEY_SPAN + Math.floor(yi / coarse)
      if (key !== lastKey) {
        lastKey = key
        lastAround = 0
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) lastAround |= cells.get(key + dx * COARSE_KEY_SPAN + dy) ?? 0
      }
      if ((lastAround & ~(1 << ci)) === 0) continue
    }
    const si = size[i]
    let best = -1
    let bestSize = Infinity
    const cx = grid.cellOf(xi)
    const cy = grid.cellOf(yi)
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        for (let j = head[grid.slot(cx + dx, cy + dy)]; j >= 0; j = next[j]) {
          if (cl[j] === ci || !isSeat[cl[j]]) continue
          const sj = size[j]
          if (sj >= bestSize) continue
          const inJ = Math.abs(xi - x[j]) <= c.halfX(j) && Math.abs(yi - y[j]) <= c.halfY(j)
          let hit = inJ && sj >= si * PART_SIZE_RATIO
          if (!hit && members[cl[j]] > members[ci]) hit = inJ || (Math.abs(xi - x[j]) <= c.halfX(i) && Math.abs(yi - y[j]) <= c.halfY(i))
          if (hit) {
            best = j
            bestSize = sj
          }
        }
      }
    }
    container[i] = best
  }
  return container
}

/**
 * Marks seats (seat[i] === 1) lying within DUPLICATE_FRACTION of an earlier seat of their cluster
 * as duplicates (seat[i] = 2); counts the rest per cluster. Returns the duplicates dropped.
 * `largest`: the largest seat size (cells of twice that fraction of it mostly hold no seat, so a
 * query mostly reads empty slots instead of its neighbours' coordinates).
 */
export function markDuplicates(c: Candidates, kept: Int32Array, cl: Int32Array, seat: Uint8Array, size: Float64Array, largest: number, perCluster: Uint32Array): number {
  // Cells twice the largest duplicate distance: a seat's duplicates lie in the 2×2 cells on the
  // side of its cell it sits nearer to, so a query probes 4 slots instead of 9.
  const reach = Math.max(DUPLICATE_FRACTION * largest, 1e-6)
  const cell = 2 * reach
  const grid = new PointGrid(c.x, c.y, cell, kept, c.length)
  const { head, next } = grid
  const { x, y } = c
  let duplicates = 0
  for (let k = 0; k < kept.length; k++) {
    const i = kept[k]
    if (seat[i] !== 1) continue
    const si = size[i]
    const xi = x[i]
    const yi = y[i]
    let duplicate = false
    const fx = xi / cell
    const fy = yi / cell
    const cx = Math.floor(fx)
    const cy = Math.floor(fy)
    const x0 = fx - cx < 0.5 ? cx - 1 : cx
    const y0 = fy - cy < 0.5 ? cy - 1 : cy
    search: for (let gy = y0; gy <= y0 + 1; gy++) {
      for (let gx = x0; gx <= x0 + 1; gx++) {
        for (let j = head[grid.slot(gx, gy)]; j >= 0; j = next[j]) {
          if (j < i && seat[j] === 1 && cl[j] === cl[i] && Math.hypot(xi - x[j], yi - y[j]) < DUPLICATE_FRACTION * Math.max(si, size[j])) {
            duplicate = true
            break search
          }
        }
      }
    }
    if (duplicate) {
      seat[i] = 2
      duplicates++
    } else perCluster[cl[i]]++
  }
  return duplicates
}
