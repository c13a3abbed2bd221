/**
 * The outline of a sector that the drawing does not outline: the band its seats sweep.
 *
 * A convex hull is wrong for the curved sectors theatres are full of: a balcony bent along a
 * 2-radian arc has a hull that is the whole circular segment under its chord, which covers the
 * stage, the boxes and the stalls in the zoomed-out view. Instead the seats' boxes are cut into
 * columns across one axis, each column keeps its lowest and highest seat edge, and the outline
 * runs along the upper edges and back along the lower ones: a polygon monotone along that axis,
 * exact for any band that a line across the axis crosses once (arcs up to a half turn facing
 * either way, straight and slanted blocks). Both axes are tried and the smaller band is kept, so
 * a balcony bent sideways is as tight as one bent downwards. A shape no axis crosses once (a
 * horseshoe, a ring) gets its span filled, as the hull did.
 *
 * Columns are at least ENVELOPE_COLUMN_SEATS seat widths wide, so every column meets a seat of
 * each row it spans (a narrower column falling into the gap between two seats would take its
 * edge from the next row and notch the outline by a row). Cost: two passes over the sector's
 * seats and 2 × 2 × columns numbers; the caller simplifies the result.
 */

/** Most columns per axis: the band's edge is followed to 1/128 of the sector's length. */
export const ENVELOPE_MAX_COLUMNS = 128
/** Narrowest column, in mean seat widths along the axis (gaps between seats narrower than this are bridged). */
export const ENVELOPE_COLUMN_SEATS = 2
/** Seats whose box comes this close to an end of the band (in mean seat widths) make its cap there. */
export const ENVELOPE_END_SEATS = 0.5

/** Seats as centres and half extents of their axis-aligned boxes (rotated seats: the rotated box's). */
export interface SeatBoxes {
  x: ArrayLike<number>
  y: ArrayLike<number>
  hx: ArrayLike<number>
  hy: ArrayLike<number>
}

/**
 * Outline (x, y pairs) of the seats `members[from..to)` of `boxes`, whose bounding box is
 * `[x0, y0, x1, y1]`. Empty when there are no seats.
 */
export function seatBandOutline(boxes: SeatBoxes, members: ArrayLike<number>, from: number, to: number, box: ArrayLike<number>): number[] {
  if (to <= from) return []
  const alongX = band(boxes, members, from, to, box, true)
  const alongY = band(boxes, members, from, to, box, false)
  return polygonArea(alongY) < polygonArea(alongX) ? alongY : alongX
}

function band(boxes: SeatBoxes, members: ArrayLike<number>, from: number, to: number, box: ArrayLike<number>, alongX: boolean): number[] {
  // u runs along the chosen axis, v across it.
  const [u, v, hu, hv] = alongX ? [boxes.x, boxes.y, boxes.hx, boxes.hy] : [boxes.y, boxes.x, boxes.hy, boxes.hx]
  const u0 = alongX ? box[0] : box[1]
  const u1 = alongX ? box[2] : box[3]
  const span = u1 - u0
  let size = 0
  for (let k = from; k < to; k++) size += 2 * hu[members[k]]
  size /= to - from
  const columns = span > 0 ? Math.max(1, Math.min(ENVELOPE_MAX_COLUMNS, Math.floor(span / (ENVELOPE_COLUMN_SEATS * Math.max(size, Number.MIN_VALUE))))) : 1
  const width = span / columns
  const low = new Float64Array(columns).fill(Infinity)
  const high = new Float64Array(columns).fill(-Infinity)
  const columnOf = (at: number) => (width > 0 ? Math.min(columns - 1, Math.max(0, Math.floor((at - u0) / width))) : 0)
  // The ends' caps span only the seats that reach the ends (within half a seat): a slanted
  // block's end is its corner seat, where a cap as tall as the end column reached into the
  // neighbouring block. [start low, start high, end low, end high].
  const caps = [Infinity, -Infinity, Infinity, -Infinity]
  const reach = size * ENVELOPE_END_SEATS
  for (let k = from; k < to; k++) {
    const i = members[k]
    const top = v[i] - hv[i]
    const bottom = v[i] + hv[i]
    for (let c = columnOf(u[i] - hu[i]), last = columnOf(u[i] + hu[i]); c <= last; c++) {
      if (top < low[c]) low[c] = top
      if (bottom > high[c]) high[c] = bottom
    }
    if (u[i] - hu[i] <= u0 + reach) {
      if (top < caps[0]) caps[0] = top
      if (bottom > caps[1]) caps[1] = bottom
    }
    if (u[i] + hu[i] >= u1 - reach) {
      if (top < caps[2]) caps[2] = top
      if (bottom > caps[3]) caps[3] = bottom
    }
  }
  // A vertex at each column's centre, on the column's outermost seat edge, and the caps at the box's ends.
  const used: number[] = []
  for (let c = 0; c < columns; c++) if (low[c] <= high[c]) used.push(c)
  const chain: number[] = []
  const put = (uu: number, vv: number) => (alongX ? chain.push(uu, vv) : chain.push(vv, uu))
  const centre = (c: number) => u0 + (c + 0.5) * width
  put(u0, caps[0])
  for (const c of used) put(centre(c), low[c])
  put(u1, caps[2])
  put(u1, caps[3])
  for (let n = used.length - 1; n >= 0; n--) put(centre(used[n]), high[used[n]])
  put(u0, caps[1])
  return chain
}

/** Area of a polygon given as x, y pairs (shoelace, unsigned). */
export function polygonArea(points: readonly number[]): number {
  let twice = 0
  const n = points.length / 2
  for (let i = 0, j = n - 1; i < n; j = i++) twice += points[2 * j] * points[2 * i + 1] - points[2 * i] * points[2 * j + 1]
  return Math.abs(twice) / 2
}
