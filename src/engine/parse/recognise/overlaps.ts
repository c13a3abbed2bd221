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
import { PointGrid, ROW_SCATTER } from './grid'

/** A seat shape inside another one at least this much larger is a part of that one. */
export const PART_SIZE_RATIO = 1.25
/** Two seats of one cluster closer than this fraction of their size are one seat drawn twice. */
export const DUPLICATE_FRACTION = 0.25
/** Clusters are told apart by a bit each in a 32-bit mask when there are at most this many. */
const CLUSTER_BITS = 31
/** Coarse cells for telling where seat clusters meet: this many search cells a side. */
const COARSE = 4

/** Coarse cell coordinates beyond this are not keyed (absurd coordinates): every seat is searched. */
const MAX_CELL = 2 ** 30

/**
 * Per coarse cell (COARSE × `cell`), the bits of the clusters whose seats lie in it: an
 * open-addressed table keyed exactly by the cell (a Map keyed by gx × 2^24 + gy, as before,
 * hashed a heap number per lookup: 0.1 s at 1M seats). Rows of cells start at scattered slots and
 * run on along x, as in PointGrid, so neighbouring cells share cache lines.
 */
class ClusterCells {
  private readonly kx: Int32Array
  private readonly ky: Int32Array
  private readonly bits: Int32Array
  private readonly used: Uint8Array
  private readonly mask: number

  constructor(cells: number) {
    let slots = 1024
    while (slots < cells * 2) slots *= 2
    this.kx = new Int32Array(slots)
    this.ky = new Int32Array(slots)
    this.bits = new Int32Array(slots)
    this.used = new Uint8Array(slots)
    this.mask = slots - 1
  }

  /** The slot of cell (gx, gy): its own, or the empty one where it would go. */
  private find(gx: number, gy: number): number {
    let s = (Math.imul(gy, ROW_SCATTER) + gx) & this.mask
    while (this.used[s] && (this.kx[s] !== gx || this.ky[s] !== gy)) s = (s + 1) & this.mask
    return s
  }

  add(gx: number, gy: number, bits: number): void {
    const s = this.find(gx, gy)
    this.used[s] = 1
    this.kx[s] = gx
    this.ky[s] = gy
    this.bits[s] |= bits
  }

  get(gx: number, gy: number): number {
    return this.bits[this.find(gx, gy)]
  }
}

function clusterCells(c: Candidates, kept: Int32Array, cl: Int32Array, clusters: number, coarse: number): ClusterCells | null {
  if (clusters > CLUSTER_BITS) return null
  // Runs of seats sharing a cell (in document order) bound the distinct cells: the table stays
  // at most half full.
  let runs = 0
  let runX = NaN
  let runY = NaN
  for (let k = 0; k < kept.length; k++) {
    const i = kept[k]
    const gx = Math.floor(c.x[i] / coarse)
    const gy = Math.floor(c.y[i] / coarse)
    if (!(Math.abs(gx) < MAX_CELL && Math.abs(gy) < MAX_CELL)) return null
    if (gx !== runX || gy !== runY) {
      runs++
      runX = gx
      runY = gy
    }
  }
  const cells = new ClusterCells(runs)
  runX = NaN
  runY = NaN
  let runBits = 0
  for (let k = 0; k < kept.length; k++) {
    const i = kept[k]
    const gx = Math.floor(c.x[i] / coarse)
    const gy = Math.floor(c.y[i] / coarse)
    // Neighbours in document order mostly share a cell: one write per run of them.
    if (gx !== runX || gy !== runY) {
      if (runBits) cells.add(runX, runY, runBits)
      runX = gx
      runY = gy
      runBits = 0
    }
    runBits |= 1 << cl[i]
  }
  if (runBits) cells.add(runX, runY, runBits)
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
  let lastGx = NaN
  let lastGy = NaN
  let lastAround = 0
  for (let k = 0; k < kept.length; k++) {
    const i = kept[k]
    const xi = x[i]
    const yi = y[i]
    const ci = cl[i]
    if (cells) {
      const gx = Math.floor(xi / coarse)
      const gy = Math.floor(yi / coarse)
      if (gx !== lastGx || gy !== lastGy) {
        lastGx = gx
        lastGy = gy
        lastAround = 0
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) lastAround |= cells.get(gx + dx, gy + dy)
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
  // Seats are inserted as they are checked: the grid holds only earlier seats kept once, so a
  // query walks half the chains and needs no order or status test.
  const grid = new PointGrid(c.x, c.y, cell, kept, c.length, false)
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
          if (cl[j] !== cl[i]) continue
          // Squared distances: Math.hypot cost as much as the rest of this loop.
          const dx = xi - x[j]
          const dy = yi - y[j]
          const reachJ = DUPLICATE_FRACTION * Math.max(si, size[j])
          if (dx * dx + dy * dy < reachJ * reachJ) {
            duplicate = true
            // The copy kept takes the dropped one's type (a typed seat drawn over a plain one).
            if (c.access[j] === 0) c.access[j] = c.access[i]
            break search
          }
        }
      }
    }
    if (duplicate) {
      seat[i] = 2
      duplicates++
    } else {
      perCluster[cl[i]]++
      grid.insert(i)
    }
  }
  return duplicates
}
