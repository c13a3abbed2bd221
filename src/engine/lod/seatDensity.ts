/**
 * How many seats a view holds, estimated from a coarse grid of seat counts over the venue: what
 * the level of detail's seat budget (lod.ts, MAX_SEATS_DRAWN) reads on every camera move.
 *
 * Why not the spatial index: a view at the seat tier of a 1M-seat stadium holds tens of
 * thousands of seats, and listing them (SeatIndex.search) on every camera move would cost the
 * main thread milliseconds and an array each time, only to count them. The grid answers in
 * O(cells the view overlaps) (at most DENSITY_GRID² = 4,096 cell reads), assuming seats spread
 * evenly inside a cell; its error is a fraction of the seats of the cells cut by the view's edge.
 *
 * Cost: one pass over the seats to build (~3 ms at 1M here), 16 KiB of counts.
 */

/** Cells along the venue's longer side (and proportionally fewer along the shorter one). */
export const DENSITY_GRID = 64

type Rect = readonly [number, number, number, number]

export class SeatDensity {
  private readonly cols: number
  private readonly rows: number
  private readonly counts: Uint32Array
  private readonly cellW: number
  private readonly cellH: number

  /**
   * @param x seat centres (drawing units), `count` of them
   * @param bbox the venue's bounds [minX, minY, maxX, maxY]
   */
  constructor(
    x: ArrayLike<number>,
    y: ArrayLike<number>,
    count: number,
    private readonly bbox: Rect,
    grid = DENSITY_GRID,
  ) {
    const w = Math.max(1e-6, bbox[2] - bbox[0])
    const h = Math.max(1e-6, bbox[3] - bbox[1])
    const long = Math.max(w, h)
    this.cols = Math.max(1, Math.round((grid * w) / long))
    this.rows = Math.max(1, Math.round((grid * h) / long))
    this.cellW = w / this.cols
    this.cellH = h / this.rows
    this.counts = new Uint32Array(this.cols * this.rows)
    for (let i = 0; i < count; i++) {
      const cx = Math.min(this.cols - 1, Math.max(0, Math.floor((x[i] - bbox[0]) / this.cellW)))
      const cy = Math.min(this.rows - 1, Math.max(0, Math.floor((y[i] - bbox[1]) / this.cellH)))
      this.counts[cy * this.cols + cx]++
    }
  }

  /** Estimated seats whose centres lie in `rect` (drawing units): cell counts × the share of each cell inside. */
  seatsIn(rect: Rect): number {
    const [minX, minY] = this.bbox
    const c0 = Math.max(0, Math.floor((rect[0] - minX) / this.cellW))
    const c1 = Math.min(this.cols - 1, Math.floor((rect[2] - minX) / this.cellW))
    const r0 = Math.max(0, Math.floor((rect[1] - minY) / this.cellH))
    const r1 = Math.min(this.rows - 1, Math.floor((rect[3] - minY) / this.cellH))
    let total = 0
    for (let r = r0; r <= r1; r++) {
      const y0 = minY + r * this.cellH
      const fy = (Math.min(rect[3], y0 + this.cellH) - Math.max(rect[1], y0)) / this.cellH
      if (fy <= 0) continue
      for (let c = c0; c <= c1; c++) {
        const n = this.counts[r * this.cols + c]
        if (n === 0) continue
        const x0 = minX + c * this.cellW
        const fx = (Math.min(rect[2], x0 + this.cellW) - Math.max(rect[0], x0)) / this.cellW
        if (fx > 0) total += n * fx * fy
      }
    }
    return Math.round(total)
  }
}
