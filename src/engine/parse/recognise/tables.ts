/**
 * Cabaret seating: tables drawn as repeated shapes (a circle or a rect per table) with chairs of
 * the main seat cluster set around each. The tables repeat tens of times and are of one size, so
 * classification alone would sell them as seats; what tells them apart is geometry: each is much
 * larger than the chairs and has several chairs just outside its edge, on more than one side
 * (a wheelchair space in a row has neighbours on two opposite sides only, and a loge outline holds
 * its seats inside, not around).
 * Cost: O(chairs + tables × chairs near each) with one hashed grid, run only when a seat cluster
 * is TABLE_SIZE_RATIO times larger than the main one (never on ordinary halls).
 */
import type { Candidates } from './candidates'
import { PointGrid } from './grid'

/** A table is at least this many times the chairs' size. */
export const TABLE_SIZE_RATIO = 2.5
/** Chairs count as a table's when their centre lies within this many chair sizes of its edge. */
const CHAIR_REACH = 1.5
/** A table has at least this many chairs around it … */
const MIN_CHAIRS = 4
/** … not all on one line: the smaller spread of their directions is at least this share of the larger. */
const MIN_DIRECTION_SPREAD = 0.15
/** A cluster is tables when at least this share of its shapes are ringed by chairs. */
const TABLE_SHARE = 0.6

/**
 * The seat clusters that are tables around the chairs of the main
 * cluster. `seatCluster[k]` is 1 for clusters currently judged seats; `median[k]` their size.
 */
export function tableClusters(c: Candidates, cl: Int32Array, seatCluster: Uint8Array, members: Uint32Array, median: number[]): number[] {
  let main = -1
  for (let k = 0; k < seatCluster.length; k++) if (seatCluster[k] && (main < 0 || members[k] > members[main])) main = k
  if (main < 0) return []
  const chair = median[main]
  const candidates: number[] = []
  for (let k = 0; k < seatCluster.length; k++) if (seatCluster[k] && k !== main && median[k] >= chair * TABLE_SIZE_RATIO) candidates.push(k)
  if (candidates.length === 0 || chair <= 0) return []
  const chairs: number[] = []
  const byCluster = new Map<number, number[]>(candidates.map((k) => [k, []]))
  for (let i = 0; i < c.length; i++) {
    if (cl[i] === main) chairs.push(i)
    else byCluster.get(cl[i])?.push(i)
  }
  const tables: number[] = []
  for (const k of candidates) {
    const shapes = byCluster.get(k) ?? []
    const cell = median[k] / 2 + chair * CHAIR_REACH
    const grid = new PointGrid(c.x, c.y, cell, chairs, c.length)
    let ringed = 0
    for (const t of shapes) if (isRinged(c, grid, t, chair)) ringed++
    if (ringed >= shapes.length * TABLE_SHARE) tables.push(k)
  }
  return tables
}

function isRinged(c: Candidates, grid: PointGrid, t: number, chair: number): boolean {
  const x = c.x[t]
  const y = c.y[t]
  const halfW = c.w[t] / 2
  const halfH = c.h[t] / 2
  const reach = Math.max(halfW, halfH) + chair * CHAIR_REACH
  let n = 0
  let xx = 0
  let yy = 0
  let xy = 0
  grid.near(x, y, (j) => {
    const dx = c.x[j] - x
    const dy = c.y[j] - y
    const d = Math.hypot(dx, dy)
    if (d > reach || d === 0) return
    // A chair's centre inside the table's box is a seat of a loge, not a chair at a table.
    if (Math.abs(dx) < halfW && Math.abs(dy) < halfH && d < Math.min(halfW, halfH)) return
    n++
    xx += (dx * dx) / (d * d)
    yy += (dy * dy) / (d * d)
    xy += (dx * dy) / (d * d)
  })
  if (n < MIN_CHAIRS) return false
  // Eigenvalues of the directions' second moment: near 0 for chairs on one line through the centre.
  const mean = (xx + yy) / 2
  const root = Math.sqrt(((xx - yy) / 2) ** 2 + xy * xy)
  return mean - root >= MIN_DIRECTION_SPREAD * (mean + root)
}
