/**
 * A hashed uniform grid over points in typed arrays: insert n points, then visit the points in
 * the 3×3 cells around a query. Used for duplicates, seat parts, text numbers and row neighbours.
 * Cost: O(n) to build; a query visits its cells' chains (cells wrapped onto one slot included,
 * so callers check distances). Memory: 4 bytes per point plus 4 per slot (2 slots per point).
 */
/** Odd multiplier scattering the rows of cells over the table (2^32 / golden ratio). */
export const ROW_SCATTER = 0x9e3779b1

export class PointGrid {
  /** Chains for callers that walk cells inline (hot loops): head[slot] → next[i] → … → -1. */
  readonly head: Int32Array
  readonly next: Int32Array
  private readonly mask: number

  constructor(
    private readonly xs: ArrayLike<number>,
    private readonly ys: ArrayLike<number>,
    private readonly cell: number,
    indices: ArrayLike<number>,
    capacity: number,
    /** false: the table is sized for `indices` but they are inserted by the caller (insert). */
    insertAll = true,
  ) {
    let size = 16
    while (size < indices.length * 2) size *= 2
    this.mask = size - 1
    this.head = new Int32Array(size).fill(-1)
    this.next = new Int32Array(capacity).fill(-1)
    if (insertAll) for (let k = 0; k < indices.length; k++) this.insert(indices[k])
  }

  /** The cell coordinate of x or y. */
  cellOf(v: number): number {
    return Math.floor(v / this.cell)
  }

  /**
   * The slot of cell (ix, iy): each row of cells starts at a scattered slot (a multiplicative
   * hash of iy) and runs on contiguously along x. A query's three cells of a row share a cache
   * line, and the next seat along a row reads the same lines again, so at a million seats a query
   * mostly hits the cache (hashing every cell apart made each of its 9 probes a miss: 1.3 s of
   * the duplicate pass at 1M seats). Cells sharing a slot share its chain; callers check distances.
   */
  slot(ix: number, iy: number): number {
    return (Math.imul(iy, ROW_SCATTER) + ix) & this.mask
  }

  insert(i: number): void {
    const s = this.slot(Math.floor(this.xs[i] / this.cell), Math.floor(this.ys[i] / this.cell))
    this.next[i] = this.head[s]
    this.head[s] = i
  }

  /** Calls visit(i) for every point in the 3×3 cells around (x, y); stops when visit returns true. */
  near(x: number, y: number, visit: (i: number) => boolean | void): void {
    const cx = Math.floor(x / this.cell)
    const cy = Math.floor(y / this.cell)
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        for (let i = this.head[this.slot(cx + dx, cy + dy)]; i >= 0; i = this.next[i]) if (visit(i) === true) return
      }
    }
  }
}
