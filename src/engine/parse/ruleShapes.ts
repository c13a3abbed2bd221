/**
 * Seats and standing areas chosen by a rule set (the override path; see RULES.md): a seat is the
 * element a seat rule matched, drawn by one or more shapes below it; its box is the one shape's,
 * or the union of all of them in the seat element's frame. A standing area is the box and first
 * outline of the shapes below the element a standing rule matched.
 */
import { SeatShape } from '../model'
import { IDENTITY, decompose, invert, multiply, transformBox, transformEllipseBox, applyX, applyY, type Matrix } from '../geometry/matrix'
import { MAX_COORDINATE } from './limits'
import type { CompiledRules } from './rules'
import type { ShapeGeometry } from './shapes'
import type { VenueBuilder } from './VenueBuilder'
import { venueWarning } from './warnings'

export interface SeatBuild<Root extends { matrix: Matrix; id: string | undefined }> {
  rule: CompiledRules['seats'][number]
  root: Root
  shapes: number
  first: { geometry: ShapeGeometry; matrix: Matrix } | null
  union: [number, number, number, number]
  inverse: Matrix | null
  sector: string
  row: string
  number: string
  zone: string | undefined
  /** Seat type the seat element's markup says (SeatAccess). */
  access: number
}

export interface StandingBuild {
  name: string
  capacity: number
  zone: string | undefined
  box: [number, number, number, number]
  outline: number[]
}

/** Adds a shape's box, in the seat element's frame, to the seat's union box. */
function uniteInSeatFrame<R extends { matrix: Matrix; id: string | undefined }>(seat: SeatBuild<R>, geometry: ShapeGeometry, matrix: Matrix): void {
  if (!seat.inverse) seat.inverse = invert(seat.root.matrix) ?? [...IDENTITY]
  const rel = multiply(seat.inverse, matrix)
  const [x0, y0, x1, y1] = geometry.ellipse
    ? transformEllipseBox(rel, ...geometry.ellipse)
    : transformBox(rel, ...geometry.box)
  const u = seat.union
  if (x0 < u[0]) u[0] = x0
  if (y0 < u[1]) u[1] = y0
  if (x1 > u[2]) u[2] = x1
  if (y1 > u[3]) u[3] = y1
}

export function addSeatShape<R extends { matrix: Matrix; id: string | undefined }>(seat: SeatBuild<R>, geometry: ShapeGeometry, matrix: Matrix): void {
  seat.shapes++
  // Most seats are one shape: the union (an inverse and a product per shape) is only worked
  // out once a second shape turns up.
  if (seat.shapes === 1) {
    seat.first = { geometry, matrix }
    return
  }
  if (seat.shapes === 2 && seat.first) uniteInSeatFrame(seat, seat.first.geometry, seat.first.matrix)
  uniteInSeatFrame(seat, geometry, matrix)
}

/** Adds the finished seat to the builder (or warns why it cannot). */
export function finishSeat<R extends { matrix: Matrix; id: string | undefined }>(seat: SeatBuild<R>, builder: VenueBuilder): void {
  if (seat.shapes === 0 || !seat.first) {
    builder.warn(venueWarning('seat-without-shape', { rule: seat.rule.name }))
    return
  }
  const single = seat.shapes === 1
  const m = single ? seat.first.matrix : seat.root.matrix
  const box = single ? seat.first.geometry.box : seat.union
  const { rotation, sx, sy } = decompose(m)
  const cx = (box[0] + box[2]) / 2
  const cy = (box[1] + box[3]) / 2
  const x = applyX(m, cx, cy)
  const y = applyY(m, cx, cy)
  const w = (box[2] - box[0]) * sx
  const h = (box[3] - box[1]) * sy
  if (!(Math.abs(x) <= MAX_COORDINATE && Math.abs(y) <= MAX_COORDINATE && w <= MAX_COORDINATE && h <= MAX_COORDINATE && Number.isFinite(rotation))) {
    builder.warn(venueWarning('bad-seat-coordinates', {}))
    return
  }
  builder.addSeat(x, y, w, h, rotation, single ? seat.first.geometry.kind : SeatShape.Path, seat.sector, seat.row, seat.number, seat.zone, seat.root.id, seat.access)
}

/** Grows a standing area by a shape's world polylines (its first one is the area's outline). */
export function collectStanding(standing: StandingBuild, lines: { points: number[] }[]): void {
  for (const line of lines) {
    for (let k = 0; k < line.points.length; k += 2) {
      const x = line.points[k]
      const y = line.points[k + 1]
      standing.box[0] = Math.min(standing.box[0], x)
      standing.box[1] = Math.min(standing.box[1], y)
      standing.box[2] = Math.max(standing.box[2], x)
      standing.box[3] = Math.max(standing.box[3], y)
    }
    if (standing.outline.length === 0) standing.outline = line.points
  }
}
