/**
 * Static spatial index of seat (or sector) boxes, serialised into one transferable ArrayBuffer.
 *
 * Backed by Flatbush (packed Hilbert R-tree), chosen over RBush by bench/spatial.bench.ts
 * (results/…-spatial.json, 1M seats): build 0.7 s vs 2.8 s, point query 1.6 vs 2.7 µs,
 * 5%-viewport query 58 vs 106 µs, 12 vs ~35 bytes per seat (RBush is slightly faster on point
 * queries at 10k, where both are under 1 µs). And the index *is* its ArrayBuffer, so it crosses
 * the worker boundary without serialising; an RBush is a tree of objects to rebuild.
 *
 * Coordinates are quantized to 16 bits on one uniform grid over the items' extent (a 32-byte
 * header holds the grid), so the index costs ~12.2 bytes per item instead of ~20 with Float32.
 * Boxes and queries are rounded outward: a query never misses an item, and returns extra items
 * at most one grid step (extent / 65535) away, which the exact hit-test and culling absorb.
 * Limitation: read-only; seats never move after parsing.
 */
import Flatbush from 'flatbush'

/**
 * Items per tree node. bench/seat-index-node-size.bench.ts at 1M seats: 16 → 12.8 bytes/seat,
 * point query 0.9 µs; 64 → 12.2 bytes/seat, 1.1 µs, viewport queries alike. Memory per seat is
 * the tighter target (≤ 64 bytes in all), queries stay far under the 10 µs hit-test target.
 */
export const SEAT_INDEX_NODE_SIZE = 64
/** Largest quantized coordinate (Uint16). */
const Q_MAX = 65535
/** Header: magic+version (Float64 slot), minX, minY, step: 4 × 8 bytes. */
const HEADER_BYTES = 32
const MAGIC = 0x5ea7_0001
/** Smallest step relative to coordinate magnitude (float64 error is ~1e-16 of it). */
const MIN_STEP_RATIO = 1e-12
/** Outward slack in steps when rounding, covering float error in (v - min) / step. */
const SLACK = 1e-3

export class SeatIndex {
  private constructor(
    private readonly tree: Flatbush | null,
    /** The serialised index (empty when there are no items). */
    readonly buffer: ArrayBuffer,
    private readonly minX: number,
    private readonly minY: number,
    /** Drawing units per grid step. */
    readonly step: number,
  ) {}

  /** Number of indexed items. */
  get size(): number {
    return this.tree ? this.tree.numItems : 0
  }

  /** Builds the index buffer from boxes laid out [minX, minY, maxX, maxY] per item. */
  static buildFromBoxes(boxes: ArrayLike<number>, nodeSize = SEAT_INDEX_NODE_SIZE): ArrayBuffer {
    const count = Math.floor(boxes.length / 4)
    return build(count, nodeSize, (i, out) => {
      out[0] = boxes[4 * i]
      out[1] = boxes[4 * i + 1]
      out[2] = boxes[4 * i + 2]
      out[3] = boxes[4 * i + 3]
    })
  }

  /** Builds the index buffer from centres and half extents already worked out (the parser's, which it also outlines with). */
  static buildFromCentres(x: ArrayLike<number>, y: ArrayLike<number>, hx: ArrayLike<number>, hy: ArrayLike<number>): ArrayBuffer {
    return build(x.length, SEAT_INDEX_NODE_SIZE, (i, out) => {
      out[0] = x[i] - hx[i]
      out[1] = y[i] - hy[i]
      out[2] = x[i] + hx[i]
      out[3] = y[i] + hy[i]
    })
  }

  /** Builds the index buffer from seat centres, sizes and rotations (the rotated box's extent). */
  static buildFromSeats(seats: {
    count: number; x: ArrayLike<number>; y: ArrayLike<number>; w: ArrayLike<number>; h: ArrayLike<number>; rotation: ArrayLike<number>
  }): ArrayBuffer {
    return build(seats.count, SEAT_INDEX_NODE_SIZE, (i, out) => {
      const [hx, hy] = rotatedHalfExtent(seats.w[i], seats.h[i], seats.rotation[i])
      out[0] = seats.x[i] - hx
      out[1] = seats.y[i] - hy
      out[2] = seats.x[i] + hx
      out[3] = seats.y[i] + hy
    })
  }

  /** Rehydrates an index built by `buildFrom*` (no copy: the buffer is used in place). */
  static fromBuffer(buf: ArrayBuffer): SeatIndex {
    if (buf.byteLength === 0) return new SeatIndex(null, buf, 0, 0, 1)
    const header = new Float64Array(buf, 0, 4)
    if (header[0] !== MAGIC) throw new Error('not a seat index buffer')
    return new SeatIndex(Flatbush.from(buf, HEADER_BYTES), buf, header[1], header[2], header[3])
  }

  private qLow(v: number, min: number): number {
    return Math.min(Q_MAX, Math.max(0, Math.floor((v - min) / this.step - SLACK)))
  }
  private qHigh(v: number, min: number): number {
    return Math.min(Q_MAX, Math.max(0, Math.ceil((v - min) / this.step + SLACK)))
  }

  /**
   * Indices of items whose box intersects the query box (any order), appended to `out` when
   * given (the caller clears it; same contract as the renderer's SeatQuery). O(log n + k).
   */
  search(minX: number, minY: number, maxX: number, maxY: number, out: number[] = []): number[] {
    const tree = this.tree
    if (!tree || !(minX <= maxX && minY <= maxY)) return out
    // Entirely outside the grid (by more than a step): nothing, rather than clamping to its edge.
    const ext = (Q_MAX + 1) * this.step
    if (maxX < this.minX - this.step || maxY < this.minY - this.step || minX > this.minX + ext || minY > this.minY + ext) return out
    const found = tree.search(this.qLow(minX, this.minX), this.qLow(minY, this.minY), this.qHigh(maxX, this.minX), this.qHigh(maxY, this.minY))
    for (let i = 0; i < found.length; i++) out.push(found[i])
    return out
  }

  /** Up to maxResults item indices by increasing box distance from (x, y), within maxDistance. */
  nearest(x: number, y: number, maxResults: number, maxDistance?: number): number[] {
    if (!this.tree) return []
    const qx = (x - this.minX) / this.step
    const qy = (y - this.minY) / this.step
    return this.tree.neighbors(qx, qy, maxResults, maxDistance === undefined ? undefined : maxDistance / this.step + 1)
  }
}

function build(count: number, nodeSize: number, boxOf: (i: number, out: number[]) => void): ArrayBuffer {
  if (count === 0) return new ArrayBuffer(0)
  const box = [0, 0, 0, 0]
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (let i = 0; i < count; i++) {
    boxOf(i, box)
    if (box[0] < minX) minX = box[0]
    if (box[1] < minY) minY = box[1]
    if (box[2] > maxX) maxX = box[2]
    if (box[3] > maxY) maxY = box[3]
  }
  // One step for both axes keeps distances (nearest) proportional to drawing units. The floor
  // relative to the coordinates' magnitude keeps float error far below one step.
  const magnitude = Math.abs(minX) + Math.abs(minY) + Math.abs(maxX) + Math.abs(maxY)
  const step = Math.max((maxX - minX) / Q_MAX, (maxY - minY) / Q_MAX, magnitude * MIN_STEP_RATIO, Number.MIN_VALUE * 1e10)
  const tree = new Flatbush(count, nodeSize, Uint16Array)
  const lo = (v: number, min: number) => Math.min(Q_MAX, Math.max(0, Math.floor((v - min) / step - SLACK)))
  const hi = (v: number, min: number) => Math.min(Q_MAX, Math.max(0, Math.ceil((v - min) / step + SLACK)))
  for (let i = 0; i < count; i++) {
    boxOf(i, box)
    tree.add(lo(box[0], minX), lo(box[1], minY), hi(box[2], minX), hi(box[3], minY))
  }
  tree.finish()
  const data = new Uint8Array(tree.data as ArrayBuffer)
  const out = new ArrayBuffer(HEADER_BYTES + data.byteLength)
  new Float64Array(out, 0, 4).set([MAGIC, minX, minY, step])
  new Uint8Array(out, HEADER_BYTES).set(data)
  return out
}

/** Half width and half height of the axis-aligned box around a w × h box rotated by `rot`. */
export function rotatedHalfExtent(w: number, h: number, rot: number): [number, number] {
  if (rot === 0) return [w / 2, h / 2]
  const c = Math.abs(Math.cos(rot))
  const s = Math.abs(Math.sin(rot))
  return [(c * w + s * h) / 2, (s * w + c * h) / 2]
}
