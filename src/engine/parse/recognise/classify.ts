/**
 * Which candidates are seats: shapes are grouped by signature (family and size bucket, joined
 * with neighbouring buckets into clusters); a cluster repeated at least MIN_REPEAT times, small
 * against the drawing, is seats. When the drawing labels some clusters (rows or numbers in its
 * markup), clusters it leaves unlabelled are something else (legend swatches, icons). Then, among
 * seats: a smaller seat shape lying inside a larger one is a part of it (an outlined number, a
 * cushion), and a seat of the same cluster at the same place is a stacked duplicate.
 * Cost: O(candidates) with a hashed grid; nothing at all for a drawing with a single cluster.
 */
import { Candidates, KIND_NAMES } from './candidates'
import { PointGrid } from './grid'

/** A shape repeated fewer times than this is a decoration (stage, wall, legend, logo). */
export const MIN_REPEAT = 10
/** A cluster whose attributes number its seats needs only this many members (a loge's few seats). */
export const MIN_REPEAT_LABELLED = 1
/** An unlabelled cluster beside a main one needs at least this share of the main one's count. */
const MIN_SHARE_OF_MAIN = 0.02
/** Share of members with markup labels that makes a cluster "labelled". */
const LABELLED_SHARE = 0.5
/** From this share on, a cluster's members without labels are not seats. */
const WELL_LABELLED_SHARE = 0.8
/** Sizes within this ratio of a labelled seat's are "a seat's size". */
const SEAT_SIZE_LIKE = 1.5
/** Below this share a cluster is "unlabelled" (rejected beside labelled clusters). */
const UNLABELLED_SHARE = 0.05
/** A seat is at most this fraction of the drawing's larger side. */
export const MAX_SEAT_FRACTION = 0.08
/**
 * Seats of one kind are drawn alike: a cluster whose 90th-percentile size is more than this times
 * its 10th (sizes chained bucket to bucket) is outlined text or drawing, unless labelled.
 */
const MAX_SIZE_SPREAD = 1.4
/** Two seats of one cluster closer than this fraction of their size are one seat drawn twice. */
const DUPLICATE_FRACTION = 0.25
/** A seat shape inside another one at least this much larger is a part of that one. */
const PART_SIZE_RATIO = 1.25
/** Share of a cluster inside another cluster's seats that makes it parts of them … */
const PART_SHARE = 0.6
/** … when the host cluster has at least this share of its count (else the host is an outline). */
const PART_HOST_SHARE = 0.4
/** Shapes that hold this many seats each (on average) are outlines of loges or blocks. */
const OUTLINE_HOLDS = 2

export interface ClusterReport {
  /** "circle/ellipse ≈ 18.0" : family and median size in drawing units. */
  signature: string
  shapes: number
  seats: number
  labelled: number
  verdict: 'seats' | 'too few' | 'too large' | 'unlabelled beside labelled seats' | 'parts of larger seats' | 'enclosing outlines' | 'sizes vary'
}

export interface Classification {
  /** 1 for candidates kept as seats, 2 for parts of seats and duplicates (not drawn), 0 for decorations. */
  seat: Uint8Array
  clusters: ClusterReport[]
  duplicates: number
  parts: number
  rejectedUnlabelled: number
}

export function classify(c: Candidates, extent: number): Classification {
  const n = c.length
  const seat = new Uint8Array(n)
  // Clusters: per family, runs of neighbouring size buckets.
  const sigs = [...new Set(c.sig)].sort((a, b) => a - b)
  const clusterOf = new Map<number, number>()
  let cluster = -1
  let previous = -Infinity
  for (const s of sigs) {
    if (s - previous > 1) cluster++
    clusterOf.set(s, cluster)
    previous = s
  }
  const count = cluster + 1
  const members = new Uint32Array(count)
  const labelled = new Uint32Array(count)
  /** Members numbered by attributes (not ids, which tools make up: "use3"). */
  const numbered = new Uint32Array(count)
  const sizes: number[][] = Array.from({ length: count }, () => [])
  const kinds = new Int32Array(count)
  const cl = new Int32Array(n)
  for (let i = 0; i < n; i++) {
    const k = clusterOf.get(c.sig[i]) ?? 0
    cl[i] = k
    members[k]++
    kinds[k] = c.kind[i]
    if (c.number[i] !== undefined) {
      labelled[k]++
      if (c.source[i] !== 'id' && c.source[i] !== undefined) numbered[k]++
    }
    if (sizes[k].length < 4096) sizes[k].push(Math.sqrt(c.w[i] * c.h[i]))
  }
  const median = sizes.map((s) => (s.length ? s.sort((a, b) => a - b)[s.length >> 1] : 0))
  const verdict: ClusterReport['verdict'][] = []
  let anyLabelled = false
  for (let k = 0; k < count; k++) {
    const isLabelled = labelled[k] >= members[k] * LABELLED_SHARE && (members[k] >= MIN_REPEAT || numbered[k] >= MIN_REPEAT_LABELLED)
    const sorted = sizes[k]
    const spread = sorted.length >= MIN_REPEAT ? sorted[Math.floor(sorted.length * 0.9)] / Math.max(sorted[Math.floor(sorted.length * 0.1)], 1e-12) : 1
    if (extent > 0 && median[k] > extent * MAX_SEAT_FRACTION) verdict.push('too large')
    else if (spread > MAX_SIZE_SPREAD && !isLabelled) verdict.push('sizes vary')
    else if (members[k] >= MIN_REPEAT || isLabelled) {
      verdict.push('seats')
      if (isLabelled) anyLabelled = true
    } else verdict.push('too few')
  }
  // Beside a main cluster, an unlabelled cluster a fraction of its size is icons or markers.
  let main = 0
  for (let k = 0; k < count; k++) if (verdict[k] === 'seats' && members[k] > main) main = members[k]
  for (let k = 0; k < count; k++) if (verdict[k] === 'seats' && labelled[k] === 0 && members[k] < main * MIN_SHARE_OF_MAIN) verdict[k] = 'too few'
  let rejectedUnlabelled = 0
  if (anyLabelled) {
    const seatSizes: number[] = []
    for (let k = 0; k < count; k++) if (verdict[k] === 'seats' && labelled[k] >= members[k] * LABELLED_SHARE) seatSizes.push(median[k])
    for (let k = 0; k < count; k++) {
      if (verdict[k] === 'seats' && labelled[k] < members[k] * UNLABELLED_SHARE) {
        verdict[k] = 'unlabelled beside labelled seats'
        // Worth a warning only when they are drawn at a seat's size.
        if (seatSizes.some((m) => median[k] <= m * SEAT_SIZE_LIKE && m <= median[k] * SEAT_SIZE_LIKE)) rejectedUnlabelled += members[k]
      }
    }
  }
  // In a cluster the drawing labels, a member without any label is not a seat (an outlined
  // digit of seat size, a legend sample).
  let unlabelledMembers = 0
  for (let i = 0; i < n; i++) {
    if (verdict[cl[i]] !== 'seats') continue
    const k = cl[i]
    if (labelled[k] >= members[k] * WELL_LABELLED_SHARE && c.number[i] === undefined && c.row[i] === undefined && c.unitId[i] === undefined) {
      unlabelledMembers++
      continue
    }
    seat[i] = 1
  }
  rejectedUnlabelled += unlabelledMembers
  const perCluster = new Uint32Array(count)
  let parts = 0
  let duplicates = 0
  const kept: number[] = []
  for (let i = 0; i < n; i++) if (seat[i]) kept.push(i)
  let cell = 0
  for (let k = 0; k < count; k++) if (verdict[k] === 'seats') cell = Math.max(cell, median[k])
  cell = Math.max(cell, 1e-6)
  const grid = kept.length > 0 ? new PointGrid(c.x, c.y, cell, kept, n) : null
  const size = (i: number) => Math.sqrt(c.w[i] * c.h[i])
  /** The smallest seat of another seat cluster, at least PART_SIZE_RATIO larger, holding i's centre. */
  const containerOf = (i: number): number => {
    const si = size(i)
    let best = -1
    let bestSize = Infinity
    grid?.near(c.x[i], c.y[i], (j) => {
      if (cl[j] === cl[i] || verdict[cl[j]] !== 'seats') return
      const sj = size(j)
      if (sj >= bestSize) return
      const [hx, hy] = c.halfExtent(j)
      const inJ = Math.abs(c.x[i] - c.x[j]) <= hx && Math.abs(c.y[i] - c.y[j]) <= hy
      // Larger and holding i's centre; or overlapping a shape of a more repeated cluster (a
      // number outlined across its seat).
      let hit = inJ && sj >= si * PART_SIZE_RATIO
      if (!hit && members[cl[j]] > members[cl[i]]) {
        const [ix, iy] = c.halfExtent(i)
        hit = inJ || (Math.abs(c.x[i] - c.x[j]) <= ix && Math.abs(c.y[i] - c.y[j]) <= iy)
      }
      if (hit) {
        best = j
        bestSize = sj
      }
    })
    return best
  }
  if (grid && verdict.filter((v) => v === 'seats').length > 1) {
    // Shapes holding several seats each are outlines (loges, blocks), not seats.
    const holds = new Uint32Array(count)
    for (const i of kept) {
      const j = containerOf(i)
      if (j >= 0) holds[cl[j]]++
    }
    for (let k = 0; k < count; k++) if (verdict[k] === 'seats' && holds[k] >= OUTLINE_HOLDS * members[k]) verdict[k] = 'enclosing outlines'
    // A cluster whose shapes mostly lie inside (or across) another cluster's seats is parts of
    // those seats; the most repeated clusters are settled first, so a host is never a part itself.
    const containerCluster = new Int32Array(n).fill(-1)
    const byCluster: number[][] = Array.from({ length: count }, () => [])
    for (const i of kept) byCluster[cl[i]].push(i)
    const order = [...Array(count).keys()].filter((k) => verdict[k] === 'seats').sort((p, q) => members[q] - members[p] || p - q)
    for (const p of order) {
      const hits = new Map<number, number>()
      for (const i of byCluster[p]) {
        const j = containerOf(i)
        if (j < 0) continue
        containerCluster[i] = cl[j]
        hits.set(cl[j], (hits.get(cl[j]) ?? 0) + 1)
      }
      for (const [k, h] of hits) if (h >= PART_SHARE * members[p] && members[k] >= PART_HOST_SHARE * members[p]) verdict[p] = 'parts of larger seats'
    }
    for (const i of kept) {
      const v = verdict[cl[i]]
      if (v === 'enclosing outlines') seat[i] = 0
      else if (v === 'parts of larger seats') {
        seat[i] = containerCluster[i] >= 0 ? 2 : 0
        if (seat[i] === 2) parts++
      }
    }
  }
  if (grid) {
    for (const i of kept) {
      if (seat[i] !== 1) continue
      const si = size(i)
      let duplicate = false
      grid.near(c.x[i], c.y[i], (j) => {
        if (j < i && seat[j] === 1 && cl[j] === cl[i] && Math.hypot(c.x[i] - c.x[j], c.y[i] - c.y[j]) < DUPLICATE_FRACTION * Math.max(si, size(j))) {
          duplicate = true
          return true
        }
      })
      if (duplicate) {
        seat[i] = 2
        duplicates++
      } else perCluster[cl[i]]++
    }
  }
  const clusters: ClusterReport[] = []
  for (let k = 0; k < count; k++) {
    clusters.push({ signature: `${KIND_NAMES[kinds[k]]} ≈ ${round(median[k])}`, shapes: members[k], seats: perCluster[k], labelled: labelled[k], verdict: verdict[k] })
  }
  // The report lists seat clusters first, then the largest others.
  clusters.sort((a, b) => b.seats - a.seats || b.shapes - a.shapes || (a.signature < b.signature ? -1 : 1))
  return { seat, clusters, duplicates, parts, rejectedUnlabelled }
}

function round(v: number): number {
  return Math.round(v * 100) / 100
}
