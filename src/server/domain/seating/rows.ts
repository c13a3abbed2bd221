import { AISLE_GAP_FACTOR, PARALLEL_LINES_EPSILON, ROW_ORDER_WEIGHT, STAGE_DISTANCE_WEIGHT } from './constants'

/**
 * The seats of a drawing as indexable rows, built once per drawing (pure: no database here).
 *
 * A row is the seats of one sector that share a row label. Seats are ordered along the row by
 * their projection on the row's main axis (principal component of their positions), so odd/even
 * numbering, labels in any script and curved rows all come out in their physical order. A gap
 * wider than AISLE_GAP_FACTOR × the row's usual spacing is an aisle: the row splits into
 * segments there, and only seats of one segment are adjacent.
 *
 * Every seat gets a cost in 0..1 (lower is better): 1 - quality where the operator painted a
 * quality (seats.quality, 0 worst … 1 best), else the default from the geometry: distance from
 * the stage centre (normalised over the venue) and the row's order from the stage in its sector.
 * The stage centre is where the sectors face: for each sector, the line from its back row to its
 * front row (rows ordered by their labels, naturally); the point nearest all those lines. Where
 * the lines are (nearly) parallel (one block of stalls) it is half a sector depth in front of
 * the front rows. No drawing's names or ids are read: only sectors, row labels and positions.
 *
 * Layout: positions 0..count-1 run sector by sector, row by row (front to back), segment by
 * segment, seat by seat along the row; everything per request is a typed array over positions.
 */
export interface SeatRecords {
  count: number
  /** Seat row ids (seats.id). */
  ids: Int32Array
  keys: string[]
  sector: Int32Array
  row: string[]
  x: Float64Array
  y: Float64Array
  /** Zone id, -1 for none. */
  zone: Int32Array
  /** Painted quality 0..1, NaN where none is painted. */
  quality: Float64Array
}

export interface SeatingIndex {
  count: number
  /** Original record index at each position. */
  record: Int32Array
  ids: Int32Array
  keys: string[]
  zone: Int32Array
  /** The drawing's zone ids (-1 = none) and each position's index into them: a per-request table per zone, not a lookup per seat. */
  zones: number[]
  zoneIdx: Int32Array
  x: Float64Array
  y: Float64Array
  cost: Float64Array
  /** Segment s holds positions segStart[s] .. segStart[s+1]-1. */
  segStart: Int32Array
  /** The row of each segment. */
  segRow: Int32Array
  /** Row r holds segments rowSegStart[r] .. rowSegStart[r+1]-1. */
  rowSegStart: Int32Array
  /** Sector of each row; rows of a sector are consecutive, front (nearest the stage) first. */
  rowSector: Int32Array
  /** Segment of each position. */
  segOf: Int32Array
  /** Position of a seat key. */
  posByKey: Map<string, number>
  /**
   * Position of seat id idBase + i at posOfIdDense[i] (-1: none): seat ids of one drawing are
   * inserted together, so a dense array replaces a Map lookup per held seat (the per-request
   * cost at a million seats). Use posOfId().
   */
  idBase: number
  posOfIdDense: Int32Array
  /** Ids outside the dense range (a drawing whose ids are scattered). */
  posOfIdSparse: Map<number, number>
  stage: { x: number; y: number }
}

/** The dense id lookup spans this many times the seat count (ids beyond go to a Map). */
const DENSE_ID_SPAN = 2

/** Position of seat id `id`, undefined when the drawing has no such seat. */
export function posOfId(index: SeatingIndex, id: number): number | undefined {
  const slot = id - index.idBase
  if (slot >= 0 && slot < index.posOfIdDense.length) {
    const p = index.posOfIdDense[slot]
    return p < 0 ? undefined : p
  }
  return index.posOfIdSparse.get(id)
}

const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

interface RowGroup {
  sector: number
  label: string
  members: number[]
  cx: number
  cy: number
}

export function buildSeatingIndex(seats: SeatRecords): SeatingIndex {
  const groups = groupRows(seats)
  const stage = stageCentre(seats, groups)
  const { x, y } = seats

  // Rows of each sector, front (nearest the stage) first; sectors in id order.
  const bySector = new Map<number, RowGroup[]>()
  for (const g of groups) {
    let list = bySector.get(g.sector)
    if (!list) bySector.set(g.sector, (list = []))
    list.push(g)
  }
  const sectorIds = [...bySector.keys()].sort((a, b) => a - b)
  const dist = (g: RowGroup) => Math.hypot(g.cx - stage.x, g.cy - stage.y)

  const n = seats.count
  const record = new Int32Array(n)
  const segOf = new Int32Array(n)
  const rowRankNorm = new Float64Array(n)
  const segStarts: number[] = []
  const segRows: number[] = []
  const rowSegStarts: number[] = []
  const rowSectors: number[] = []
  let pos = 0
  for (const sector of sectorIds) {
    const rows = bySector.get(sector)!.sort((a, b) => dist(a) - dist(b) || natural.compare(a.label, b.label))
    rows.forEach((g, rank) => {
      const row = rowSectors.length
      rowSectors.push(sector)
      rowSegStarts.push(segStarts.length)
      const ordered = orderAlongRow(g.members, x, y)
      const cuts = aisleCuts(ordered, x, y)
      for (let i = 0; i < ordered.length; i++) {
        if (i === 0 || cuts.has(i)) {
          segStarts.push(pos)
          segRows.push(row)
        }
        record[pos] = ordered[i]
        segOf[pos] = segStarts.length - 1
        rowRankNorm[pos] = rows.length > 1 ? rank / (rows.length - 1) : 0
        pos++
      }
    })
  }
  segStarts.push(pos)
  rowSegStarts.push(segRows.length)

  const ids = new Int32Array(n)
  const keys = new Array<string>(n)
  const zone = new Int32Array(n)
  const px = new Float64Array(n)
  const py = new Float64Array(n)
  const cost = new Float64Array(n)
  let dMin = Number.POSITIVE_INFINITY
  let dMax = 0
  for (let p = 0; p < n; p++) {
    const r = record[p]
    const d = Math.hypot(x[r] - stage.x, y[r] - stage.y)
    dMin = Math.min(dMin, d)
    dMax = Math.max(dMax, d)
  }
  const span = dMax - dMin || 1
  const posByKey = new Map<string, number>()
  const zoneSlot = new Map<number, number>()
  const zoneIdx = new Int32Array(n)
  let idMin = Number.POSITIVE_INFINITY
  for (let i = 0; i < n; i++) idMin = Math.min(idMin, seats.ids[i])
  const idBase = n ? idMin : 0
  const posOfIdDense = new Int32Array(n * DENSE_ID_SPAN).fill(-1)
  const posOfIdSparse = new Map<number, number>()
  for (let p = 0; p < n; p++) {
    const r = record[p]
    ids[p] = seats.ids[r]
    keys[p] = seats.keys[r]
    zone[p] = seats.zone[r]
    let slot = zoneSlot.get(zone[p])
    if (slot === undefined) zoneSlot.set(zone[p], (slot = zoneSlot.size))
    zoneIdx[p] = slot
    px[p] = x[r]
    py[p] = y[r]
    const q = seats.quality[r]
    const d = (Math.hypot(x[r] - stage.x, y[r] - stage.y) - dMin) / span
    cost[p] = Number.isFinite(q) ? 1 - Math.min(1, Math.max(0, q)) : STAGE_DISTANCE_WEIGHT * d + ROW_ORDER_WEIGHT * rowRankNorm[p]
    const idSlot = ids[p] - idBase
    if (idSlot < posOfIdDense.length) posOfIdDense[idSlot] = p
    else posOfIdSparse.set(ids[p], p)
    posByKey.set(keys[p], p)
  }
  return {
    count: n,
    record,
    ids,
    keys,
    zone,
    zones: [...zoneSlot.keys()],
    zoneIdx,
    x: px,
    y: py,
    cost,
    segStart: Int32Array.from(segStarts),
    segRow: Int32Array.from(segRows),
    rowSegStart: Int32Array.from(rowSegStarts),
    rowSector: Int32Array.from(rowSectors),
    segOf,
    posByKey,
    idBase,
    posOfIdDense,
    posOfIdSparse,
    stage,
  }
}

function groupRows(seats: SeatRecords): RowGroup[] {
  // Sector, then row label: no key string built per seat.
  const bySector = new Map<number, Map<string, RowGroup>>()
  const groups: RowGroup[] = []
  for (let i = 0; i < seats.count; i++) {
    let rows = bySector.get(seats.sector[i])
    if (!rows) bySector.set(seats.sector[i], (rows = new Map()))
    let g = rows.get(seats.row[i])
    if (!g) {
      rows.set(seats.row[i], (g = { sector: seats.sector[i], label: seats.row[i], members: [], cx: 0, cy: 0 }))
      groups.push(g)
    }
    g.members.push(i)
  }
  for (const g of groups) {
    for (const i of g.members) {
      g.cx += seats.x[i]
      g.cy += seats.y[i]
    }
    g.cx /= g.members.length
    g.cy /= g.members.length
  }
  return groups
}

/** Members sorted by their projection on the row's principal axis (ties by record order). */
function orderAlongRow(members: number[], x: Float64Array, y: Float64Array): number[] {
  if (members.length < 2) return members.slice()
  let mx = 0
  let my = 0
  for (const i of members) {
    mx += x[i]
    my += y[i]
  }
  mx /= members.length
  my /= members.length
  let sxx = 0
  let syy = 0
  let sxy = 0
  for (const i of members) {
    const dx = x[i] - mx
    const dy = y[i] - my
    sxx += dx * dx
    syy += dy * dy
    sxy += dx * dy
  }
  // Angle of the principal axis of the 2×2 covariance; a row always runs left to right or top to bottom.
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy)
  let ux = Math.cos(angle)
  let uy = Math.sin(angle)
  if (ux < 0 || (ux === 0 && uy < 0)) {
    ux = -ux
    uy = -uy
  }
  const proj = new Float64Array(members.length)
  members.forEach((i, k) => (proj[k] = (x[i] - mx) * ux + (y[i] - my) * uy))
  const order = Array.from(members.keys()).sort((a, b) => proj[a] - proj[b] || members[a] - members[b])
  return order.map((k) => members[k])
}

/** Indexes in `ordered` that start a new segment: gaps wider than AISLE_GAP_FACTOR × the median gap. */
function aisleCuts(ordered: number[], x: Float64Array, y: Float64Array): Set<number> {
  const cuts = new Set<number>()
  if (ordered.length < 3) return cuts
  const gaps: number[] = []
  for (let i = 1; i < ordered.length; i++) gaps.push(Math.hypot(x[ordered[i]] - x[ordered[i - 1]], y[ordered[i]] - y[ordered[i - 1]]))
  const median = [...gaps].sort((a, b) => a - b)[gaps.length >> 1]
  if (median <= 0) return cuts
  gaps.forEach((g, i) => {
    if (g > AISLE_GAP_FACTOR * median) cuts.add(i + 1)
  })
  return cuts
}

/** Where the sectors face (see the module's comment). */
export function stageCentre(seats: Pick<SeatRecords, 'count' | 'x' | 'y'>, groups: readonly RowGroup[]): { x: number; y: number } {
  const bySector = new Map<number, RowGroup[]>()
  for (const g of groups) {
    let list = bySector.get(g.sector)
    if (!list) bySector.set(g.sector, (list = []))
    list.push(g)
  }
  // Least squares: sum over lines of (I - d dᵀ) p = sum (I - d dᵀ) a, weighted by seats.
  let a11 = 0
  let a12 = 0
  let a22 = 0
  let b1 = 0
  let b2 = 0
  const fronts: { x: number; y: number; dx: number; dy: number; depth: number; w: number }[] = []
  for (const rows of bySector.values()) {
    if (rows.length < 2) continue
    const sorted = [...rows].sort((a, b) => natural.compare(a.label, b.label))
    const front = sorted[0]
    const back = sorted[sorted.length - 1]
    const depth = Math.hypot(front.cx - back.cx, front.cy - back.cy)
    if (depth === 0) continue
    const dx = (front.cx - back.cx) / depth
    const dy = (front.cy - back.cy) / depth
    const w = rows.reduce((s, g) => s + g.members.length, 0)
    const m11 = 1 - dx * dx
    const m12 = -dx * dy
    const m22 = 1 - dy * dy
    a11 += w * m11
    a12 += w * m12
    a22 += w * m22
    b1 += w * (m11 * front.cx + m12 * front.cy)
    b2 += w * (m12 * front.cx + m22 * front.cy)
    fronts.push({ x: front.cx, y: front.cy, dx, dy, depth, w })
  }
  const weight = fronts.reduce((s, f) => s + f.w, 0)
  const det = a11 * a22 - a12 * a12
  if (weight > 0 && det / (weight * weight) > PARALLEL_LINES_EPSILON) {
    return { x: (a22 * b1 - a12 * b2) / det, y: (a11 * b2 - a12 * b1) / det }
  }
  if (weight > 0) {
    let sx = 0
    let sy = 0
    for (const f of fronts) {
      sx += f.w * (f.x + (f.dx * f.depth) / 2)
      sy += f.w * (f.y + (f.dy * f.depth) / 2)
    }
    return { x: sx / weight, y: sy / weight }
  }
  // No sector with two rows: the middle of the seats.
  let sx = 0
  let sy = 0
  for (let i = 0; i < seats.count; i++) {
    sx += seats.x[i]
    sy += seats.y[i]
  }
  return seats.count ? { x: sx / seats.count, y: sy / seats.count } : { x: 0, y: 0 }
}
