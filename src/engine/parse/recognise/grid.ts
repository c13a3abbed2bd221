/**
 * A hashed uniform grid over points in typed arrays: insert n points, then visit the points in
 * the 3×3 cells around a query. Used for duplicates, seat parts, text numbers and row neighbours.
 * Cost: O(n) to build; a query visits its cells' chains (hash collisions included, so callers
 * check distances). Memory: 4 bytes per point plus 4 per slot (2 slots per point).
 */
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
  ) {
    let size = 16
    while (size < indices.length * 2) size *= 2
    this.mask = size - 1
    this.head = new Int32Array(size).fill(-1)
    this.next = new Int32Array(capacity).fill(-1)
    for (let k = 0; k < indices.length; k++) this.insert(indices[k])
  }

  /** The cell coordinate of x or y. */
  cellOf(v: number): number {
    return Math.floor(v / this.cell)
  }

  slot(ix: number, iy: number): number {
    return (Math.imul(ix, 73856093) ^ Math.imul(iy, 19349663)) & this.mask
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
