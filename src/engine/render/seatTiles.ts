import { SeatShape } from '../model'
import type { RenderVenue } from './renderProtocol'
import { seatRgba } from './colors'

/**
 * The seat layer's vertex data, built without Pixi so it can run in slices and be tested in Node:
 * seats grouped into spatial tiles (a grid over the venue bbox; round and square seats apart,
 * since one tile is one draw call with one shader setting), four placed corners per seat and
 * four colour words per seat.
 *
 * Cost: two passes over the seats (~100-150 ms at 1M on this machine's Chromium), done in
 * slices of SLICE seats so the caller can stop at a time budget between any two slices.
 */

/** Seats per tile the grid aims for: small enough that a zoomed-in view draws little beyond it. */
export const SEATS_PER_TILE = 4096
/** Hard cap: 4 vertices per seat must stay addressable by 16-bit indices. */
export const MAX_SEATS_PER_TILE = 16384
export const VERTS_PER_SEAT = 4
/** Seats per slice between two checks of the time budget (about 1 ms of work). */
const SLICE = 8192
/** Corner order of a seat's four vertices, matching the seat shader's gl_VertexID & 3. */
export const QUAD_CORNERS = [-1, -1, 1, -1, 1, 1, -1, 1] as const

export interface SeatTiles {
  /** Seats per tile. */
  sizes: number[]
  /** Whether the tile holds square (rect) seats; the others are round. */
  square: boolean[]
  /**
   * Per tile: x, y of each corner (8 floats per seat) and one 0xAABBGGRR word per corner (read
   * as R, G, B, A bytes on little-endian hosts): the first upload's data. The seat layer lets go
   * of both once they are on the GPU (32 + 16 bytes per seat), keeping only the lookup below.
   */
  positions: Float32Array[]
  colors: Uint32Array[]
  bboxes: [number, number, number, number][]
  /** The lookup a status change needs: which tile a seat is in, and each tile's seats. */
  lookup: TileLookup
}

/**
 * Seat → tile, and the seats of each tile in slot order: tile t draws seats
 * order[start[t] .. start[t] + size) (6 bytes per seat below 65,536 tiles, else 8). A tile's
 * colours are rebuilt from it and the seat columns (tileColors), so none are kept.
 */
export interface TileLookup {
  seatTile: Uint16Array | Uint32Array
  order: Uint32Array
  start: Uint32Array
}

/** Bytes a lookup holds. */
export const lookupBytes = (l: TileLookup): number => l.seatTile.byteLength + l.order.byteLength + l.start.byteLength

/** The colour words of tile `t` (4 per seat, slot order), from the seats' statuses and zones. */
export function tileColors(lookup: TileLookup, t: number, size: number, venue: RenderVenue, zoneColors: ArrayLike<number>): Uint32Array {
  const out = new Uint32Array(size * VERTS_PER_SEAT)
  const from = lookup.start[t]
  for (let k = 0; k < size; k++) out.fill(seatColorWord(venue, lookup.order[from + k], zoneColors), k * VERTS_PER_SEAT, (k + 1) * VERTS_PER_SEAT)
  return out
}

/** A packed 0xRRGGBBAA colour as the little-endian word whose bytes are R, G, B, A. */
export function abgr(rgba: number): number {
  return (((rgba & 0xff) << 24) | (((rgba >>> 8) & 0xff) << 16) | (((rgba >>> 16) & 0xff) << 8) | (rgba >>> 24)) >>> 0
}

export function seatColorWord(venue: RenderVenue, i: number, zoneColors: ArrayLike<number>): number {
  return abgr(seatRgba(venue.seats.status[i], venue.seats.zone[i], zoneColors))
}

/** Builds SeatTiles in slices: call `step(deadline)` until it answers true, then read `tiles`. */
export class SeatTileBuilder {
  private phase: 'group' | 'fill' | 'done' = 'group'
  private next = 0
  private readonly n: number
  private readonly cols: number
  private readonly rows: number
  /** Seat → grid group while building; let go of once the tiles are done. */
  private groupOf: Uint32Array
  private readonly groupSize: Uint32Array
  private firstTile = new Int32Array(0)
  private fillCount = new Uint32Array(0)
  private out: SeatTiles | null = null

  constructor(
    private readonly venue: RenderVenue,
    private readonly zoneColors: ArrayLike<number>,
    seatsPerTile = SEATS_PER_TILE,
  ) {
    this.n = venue.seats.count
    const [minX, minY, maxX, maxY] = venue.bbox
    const w = Math.max(1e-6, maxX - minX)
    const h = Math.max(1e-6, maxY - minY)
    const cellCount = Math.max(1, Math.ceil(this.n / Math.max(1, Math.min(seatsPerTile, MAX_SEATS_PER_TILE))))
    this.cols = Math.max(1, Math.round(Math.sqrt((cellCount * w) / h)))
    this.rows = Math.max(1, Math.ceil(cellCount / this.cols))
    this.groupOf = new Uint32Array(this.n)
    this.groupSize = new Uint32Array(this.cols * this.rows * 2)
  }

  /** Works until `deadline` (performance.now() time) or the end; true when the tiles are ready. */
  step(deadline: number): boolean {
    while (this.phase !== 'done') {
      const end = Math.min(this.n, this.next + SLICE)
      if (this.phase === 'group') this.group(this.next, end)
      else this.fill(this.next, end)
      this.next = end
      if (end === this.n) {
        if (this.phase === 'group') this.allocate()
        else {
          this.phase = 'done'
          this.groupOf = new Uint32Array(0)
          this.fillCount = new Uint32Array(0)
        }
      }
      if (performance.now() >= deadline) break
    }
    return this.phase === 'done'
  }

  get tiles(): SeatTiles {
    if (!this.out || this.phase !== 'done') throw new Error('seat tiles are not built yet')
    return this.out
  }

  private group(from: number, to: number): void {
    const s = this.venue.seats
    const [minX, minY, maxX, maxY] = this.venue.bbox
    const w = Math.max(1e-6, maxX - minX)
    const h = Math.max(1e-6, maxY - minY)
    const { cols, rows, groupOf, groupSize } = this
    for (let i = from; i < to; i++) {
      const cx = Math.min(cols - 1, Math.max(0, Math.floor(((s.x[i] - minX) / w) * cols)))
      const cy = Math.min(rows - 1, Math.max(0, Math.floor(((s.y[i] - minY) / h) * rows)))
      const g = (cy * cols + cx) * 2 + (s.shape[i] === SeatShape.Rect ? 1 : 0)
      groupOf[i] = g
      groupSize[g]++
    }
  }

  /** Each non-empty group gives ceil(size / cap) tiles, filled in seat order. */
  private allocate(): void {
    const { groupSize } = this
    this.firstTile = new Int32Array(groupSize.length).fill(-1)
    const sizes: number[] = []
    const square: boolean[] = []
    for (let g = 0; g < groupSize.length; g++) {
      let left = groupSize[g]
      if (left === 0) continue
      this.firstTile[g] = sizes.length
      while (left > 0) {
        const k = Math.min(left, MAX_SEATS_PER_TILE)
        sizes.push(k)
        square.push(g % 2 === 1)
        left -= k
      }
    }
    this.fillCount = new Uint32Array(sizes.length)
    const start = new Uint32Array(sizes.length)
    for (let t = 1; t < sizes.length; t++) start[t] = start[t - 1] + sizes[t - 1]
    this.out = {
      sizes,
      square,
      positions: sizes.map((k) => new Float32Array(k * VERTS_PER_SEAT * 2)),
      colors: sizes.map((k) => new Uint32Array(k * VERTS_PER_SEAT)),
      bboxes: sizes.map(() => [Infinity, Infinity, -Infinity, -Infinity]),
      lookup: { seatTile: sizes.length <= 0x10000 ? new Uint16Array(this.n) : new Uint32Array(this.n), order: new Uint32Array(this.n), start },
    }
    this.phase = 'fill'
    this.next = 0
  }

  private fill(from: number, to: number): void {
    const s = this.venue.seats
    const out = this.out as SeatTiles
    const { firstTile, fillCount, groupOf } = this
    const { seatTile, order, start } = out.lookup
    for (let i = from; i < to; i++) {
      let t = firstTile[groupOf[i]]
      while (fillCount[t] === out.sizes[t]) t++
      const slot = fillCount[t]++
      seatTile[i] = t
      order[start[t] + slot] = i
      const x = s.x[i]
      const y = s.y[i]
      const hw = s.w[i] / 2
      const hh = s.h[i] / 2
      const rot = s.rotation[i]
      const cos = rot === 0 ? 1 : Math.cos(rot)
      const sin = rot === 0 ? 0 : Math.sin(rot)
      const p = out.positions[t]
      const b = out.bboxes[t]
      for (let c = 0; c < VERTS_PER_SEAT; c++) {
        const lx = QUAD_CORNERS[c * 2] * hw
        const ly = QUAD_CORNERS[c * 2 + 1] * hh
        const px = x + lx * cos - ly * sin
        const py = y + lx * sin + ly * cos
        const o = (slot * VERTS_PER_SEAT + c) * 2
        p[o] = px
        p[o + 1] = py
        if (px < b[0]) b[0] = px
        if (py < b[1]) b[1] = py
        if (px > b[2]) b[2] = px
        if (py > b[3]) b[3] = py
      }
      out.colors[t].fill(seatColorWord(this.venue, i, this.zoneColors), slot * VERTS_PER_SEAT, (slot + 1) * VERTS_PER_SEAT)
    }
  }
}
