/**
 * The generator's intermediate plan: sectors made of rows, each row a count of seats laid
 * along a line or an arc. Seats are never materialised here, so a 1,000,000-seat plan is a
 * few thousand row records; the SVG writer expands rows into seats while it streams.
 */

/** Distance between seat centres along a row, in drawing units. */
export const SEAT_PITCH = 10
/** Distance between rows, in drawing units. */
export const ROW_PITCH = 11
/** Seat radius (circles) / half size (squares), in drawing units. */
export const SEAT_RADIUS = 4

/**
 * A straight row: front-centre point and the rotation of its seats (radians; 0 faces -y, the
 * stage side). Seats run along (cos rot, sin rot).
 */
export interface LineGeom {
  type: 'line'
  x: number
  y: number
  rot: number
}

/** A curved row: seats on a circle of radius r around (cx, cy), centred on angle `mid`. */
export interface ArcGeom {
  type: 'arc'
  cx: number
  cy: number
  r: number
  mid: number
}

export interface RowPlan {
  label: string
  count: number
  geom: LineGeom | ArcGeom
  /** 0 for the sector's outermost row: trimming to the exact seat count starts there. */
  layer: number
  trimmable: boolean
}

export interface StandingPlan {
  x: number
  y: number
  w: number
  h: number
  capacity: number
}

export interface SectorPlan {
  name: string
  zone: number
  rows: RowPlan[]
  standing?: StandingPlan
}

export interface ShapePlan {
  kind: 'stage' | 'field' | 'wall'
  /** Closed polygon as x, y pairs. */
  points: number[]
  label?: string
}

export interface VenuePlan {
  sectors: SectorPlan[]
  shapes: ShapePlan[]
}

export interface Point {
  x: number
  y: number
  /** Seat rotation in radians. */
  rot: number
}

/** Centre and rotation of seat `j` of a row of `n` seats. */
export function seatPoint(geom: LineGeom | ArcGeom, j: number, n: number, out: Point): Point {
  const offset = (j - (n - 1) / 2) * SEAT_PITCH
  if (geom.type === 'line') {
    out.x = geom.x + offset * Math.cos(geom.rot)
    out.y = geom.y + offset * Math.sin(geom.rot)
    out.rot = geom.rot
  } else {
    const a = geom.mid + offset / geom.r
    out.x = geom.cx + geom.r * Math.cos(a)
    out.y = geom.cy + geom.r * Math.sin(a)
    out.rot = a - Math.PI / 2
  }
  return out
}

/** How many seats fit an arc of `span` radians at radius r. */
export function arcCapacity(span: number, r: number): number {
  return Math.max(1, Math.floor((span * r) / SEAT_PITCH) + 1)
}

/** Row labels: numbers, or letters A..Z, AA.. (skipping I and O, as theatres do). */
export function rowLabel(index: number, letters: boolean): string {
  if (!letters) return String(index + 1)
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
  let n = index
  let label = ''
  do {
    label = alphabet[n % alphabet.length] + label
    n = Math.floor(n / alphabet.length) - 1
  } while (n >= 0)
  return label
}

/** Capacity of a plan: seats in rows (standing capacity is separate). */
export function planSeatCount(plan: VenuePlan): number {
  let total = 0
  for (const sector of plan.sectors) for (const row of sector.rows) total += row.count
  return total
}

/**
 * Removes `excess` seats from the outermost trimmable rows, spread over all sectors in
 * proportion to row length so the drawing stays balanced. Runs in O(rows × layers).
 */
export function trimPlan(plan: VenuePlan, excess: number): void {
  let left = excess
  for (let layer = 0; left > 0; layer++) {
    const rows: RowPlan[] = []
    for (const sector of plan.sectors)
      for (const row of sector.rows) if (row.trimmable && row.layer === layer && row.count > 0) rows.push(row)
    if (rows.length === 0) {
      if (layer > 100_000) throw new Error('cannot trim the plan to the requested seat count')
      continue
    }
    const total = rows.reduce((sum, row) => sum + row.count, 0)
    if (left >= total) {
      for (const row of rows) row.count = 0
      left -= total
      continue
    }
    let removed = 0
    for (const row of rows) {
      const take = Math.min(row.count, Math.floor((left * row.count) / total))
      row.count -= take
      removed += take
    }
    for (let i = 0; removed < left; i = (i + 1) % rows.length) {
      if (rows[i].count > 0) {
        rows[i].count--
        removed++
      }
    }
    left = 0
  }
  for (const sector of plan.sectors) sector.rows = sector.rows.filter((row) => row.count > 0)
}
