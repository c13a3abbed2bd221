/**
 * Which candidates are seats: shapes are grouped by signature (family and size bucket, joined
 * with neighbouring buckets into clusters); a cluster repeated at least MIN_REPEAT times, small
 * against the drawing, is seats. When the drawing labels some clusters (rows or numbers in its
 * markup), clusters it leaves unlabelled are something else (legend swatches, icons). Then, among
 * seats: a smaller seat shape lying inside a larger one is a part of it (an outlined number, a
 * cushion), and a seat of the same cluster at the same place is a stacked duplicate.
 * Cost: O(candidates); the spatial passes are in overlaps.ts.
 */
import { Candidates, KIND_NAMES } from './candidates'
import { containersOf, markDuplicates } from './overlaps'
import { tableClusters } from './tables'

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
/** Share of a cluster inside another cluster's seats that makes it parts of them … */
const PART_SHARE = 0.6
/** … when the host cluster has at least this share of its count (else the host is an outline). */
const PART_HOST_SHARE = 0.4
/** Sizes sampled per cluster for its median and spread. */
const SIZE_SAMPLE = 4096
/** Shapes that hold this many seats each (on average) are outlines of loges or blocks. */
const OUTLINE_HOLDS = 2

export interface ClusterReport {
  /** "circle/ellipse ≈ 18.0" : family and median size in drawing units. */
  signature: string
  shapes: number
  seats: number
  labelled: number
  verdict: 'seats' | 'too few' | 'too large' | 'unlabelled beside labelled seats' | 'parts of larger seats' | 'enclosing outlines' | 'sizes vary' | 'tables'
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
  // The signatures candidates have (shapes merged into compounds left theirs at 0).
  const sigs: number[] = []
  for (const [sig, shapes] of c.signatureCount) if (shapes > 0) sigs.push(sig)
  sigs.sort((a, b) => a - b)
  const clusterOf = new Map<number, number>()
  let cluster = -1
  let previous = -Infinity
  for (const s of sigs) {
    if (s - previous > 1) cluster++
    clusterOf.set(s, cluster)
    previous = s
  }
  const count = cluster + 1
  const { cl, members, labelled, numbered, sizes, kinds } = clusterStats(c, clusterOf, count)
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
  // In a cluster the drawing labels, a member without any label is not a seat.
  const seatCluster = new Uint8Array(count)
  const wellLabelled = new Uint8Array(count)
  for (let k = 0; k < count; k++) {
    seatCluster[k] = verdict[k] === 'seats' ? 1 : 0
    wellLabelled[k] = labelled[k] >= members[k] * WELL_LABELLED_SHARE ? 1 : 0
  }
  // Unlabelled shapes ringed by chairs of the main cluster are tables (cabaret seating).
  for (const k of tableClusters(c, cl, seatCluster, members, median)) {
    if (labelled[k] >= members[k] * LABELLED_SHARE) continue
    verdict[k] = 'tables'
    seatCluster[k] = 0
  }
  const unlabelledMembers = keepMembers(c, cl, seatCluster, wellLabelled, seat)
  rejectedUnlabelled += unlabelledMembers
  const perCluster = new Uint32Array(count)
  let parts = 0
  let keptCount = 0
  for (let i = 0; i < n; i++) if (seat[i]) keptCount++
  const kept = new Int32Array(keptCount)
  for (let i = 0, k = 0; i < n; i++) if (seat[i]) kept[k++] = i
  const isSeat = new Uint8Array(count)
  let cell = 0
  for (let k = 0; k < count; k++) {
    if (verdict[k] !== 'seats') continue
    isSeat[k] = 1
    cell = Math.max(cell, median[k])
  }
  cell = Math.max(cell, 1e-6)
  const size = new Float64Array(n)
  let largestSeat = 0
  for (const i of kept) {
    size[i] = Math.sqrt(c.w[i] * c.h[i])
    if (size[i] > largestSeat) largestSeat = size[i]
  }
  if (kept.length > 0 && isSeat.reduce((a, b) => a + b, 0) > 1) {
    const container = containersOf(c, kept, cl, isSeat, members, size, cell)
    // Shapes holding several seats each are outlines (loges, blocks), not seats.
    const holds = new Uint32Array(count)
    for (const i of kept) if (container[i] >= 0) holds[cl[container[i]]]++
    for (let k = 0; k < count; k++) if (verdict[k] === 'seats' && holds[k] >= OUTLINE_HOLDS * members[k]) verdict[k] = 'enclosing outlines'
    // A cluster whose shapes mostly lie inside (or across) another cluster's seats is parts of
    // those seats; the most repeated clusters are settled first, so a host is never a part itself.
    const containerCluster = new Int32Array(n).fill(-1)
    const byCluster: number[][] = Array.from({ length: count }, () => [])
    // Only seats with a container take part below.
    for (const i of kept) if (container[i] >= 0) byCluster[cl[i]].push(i)
    const order = [...Array(count).keys()].filter((k) => verdict[k] === 'seats').sort((p, q) => members[q] - members[p] || p - q)
    for (const p of order) {
      const hits = new Map<number, number>()
      for (const i of byCluster[p]) {
        const j = container[i]
        // A container in a cluster found to be outlines or parts is none (the search skips them).
        if (j < 0 || verdict[cl[j]] !== 'seats') continue
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
        if (seat[i] === 2) {
          parts++
          // A part's type (a wheelchair icon drawn on the seat) is its seat's.
          if (c.access[i] !== 0 && c.access[container[i]] === 0) c.access[container[i]] = c.access[i]
        }
      }
    }
  }
  const duplicates = kept.length > 0 ? markDuplicates(c, kept, cl, seat, size, largestSeat, perCluster) : 0
  const clusters: ClusterReport[] = []
  for (let k = 0; k < count; k++) {
    clusters.push({ signature: `${KIND_NAMES[kinds[k]]} ≈ ${round(median[k])}`, shapes: members[k], seats: perCluster[k], labelled: labelled[k], verdict: verdict[k] })
  }
  // The report lists seat clusters first, then the largest others.
  clusters.sort((a, b) => b.seats - a.seats || b.shapes - a.shapes || (a.signature < b.signature ? -1 : 1))
  return { seat, clusters, duplicates, parts, rejectedUnlabelled }
}

/** Each candidate's cluster, and per cluster: members, labelled members, sizes (a sample). */
function clusterStats(c: Candidates, clusterOf: Map<number, number>, count: number) {
  const n = c.length
  const members = new Uint32Array(count)
  const labelled = new Uint32Array(count)
  /** Members numbered by attributes (not ids, which tools make up: "use3"). */
  const numbered = new Uint32Array(count)
  const sizes: number[][] = Array.from({ length: count }, () => [])
  const kinds = new Int32Array(count)
  const cl = new Int32Array(n)
  let lastSig = NaN
  let k = 0
  for (let i = 0; i < n; i++) {
    // Neighbours mostly share a signature: the map is read once per run.
    if (c.sig[i] !== lastSig) {
      lastSig = c.sig[i]
      k = clusterOf.get(lastSig) ?? 0
    }
    cl[i] = k
    members[k]++
    kinds[k] = c.kind[i]
    if (c.number.has(i)) {
      labelled[k]++
      const source = c.source.get(i)
      if (source !== 'id' && source !== undefined) numbered[k]++
    }
    if (sizes[k].length < SIZE_SAMPLE) sizes[k].push(Math.sqrt(c.w[i] * c.h[i]))
  }
  return { cl, members, labelled, numbered, sizes, kinds }
}

/**
 * Marks members of seat clusters as seats (seat[i] = 1), except, in a cluster the drawing labels,
 * members without any label (an outlined digit of seat size, a legend sample). Returns those.
 */
function keepMembers(c: Candidates, cl: Int32Array, isSeat: Uint8Array, wellLabelled: Uint8Array, seat: Uint8Array): number {
  let unlabelled = 0
  for (let i = 0; i < c.length; i++) {
    const k = cl[i]
    if (!isSeat[k]) continue
    if (wellLabelled[k] && !c.number.has(i) && !c.row.has(i) && c.unitId.get(i) === undefined) unlabelled++
    else seat[i] = 1
  }
  return unlabelled
}

function round(v: number): number {
  return Math.round(v * 100) / 100
}
