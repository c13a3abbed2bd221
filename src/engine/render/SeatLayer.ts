import { Buffer, BufferUsage, Container, Geometry, Mesh, type Shader } from 'pixi.js'
import type { VenueData } from '../model'
import { seatRgba } from './colors'
import { createSeatShader } from './seatShader'

/**
 * All seats as instanced quads, split into spatial tiles so a zoomed-in view draws only the tiles
 * it sees: a handful of draw calls whatever the seat count, never one display object per seat.
 *
 * Per seat: 6 floats (x, y, w, h, rotation, shape) plus 4 colour bytes, i.e. 28 bytes of GPU
 * data. A status change rewrites 4 bytes per seat and re-uploads only the tiles it touched, in
 * the next frame, without rebuilding any geometry.
 */

/** Seats per tile: big enough that 1M seats is ~60 tiles, small enough that culling pays. */
export const SEATS_PER_TILE = 16384
const FLOATS_PER_SEAT = 6

interface Tile {
  mesh: Mesh<Geometry, Shader>
  colors: Uint8Array
  colorBuffer: Buffer
  bbox: [number, number, number, number]
  dirty: boolean
}

const QUAD = new Float32Array([-0.5, -0.5, 0.5, -0.5, 0.5, 0.5, -0.5, 0.5])
const QUAD_INDEX = new Uint16Array([0, 1, 2, 0, 2, 3])

export class SeatLayer {
  readonly container = new Container({ label: 'seats', eventMode: 'none', interactiveChildren: false })
  private tiles: Tile[] = []
  /** Seat index → tile number and slot inside the tile. */
  private seatTile = new Uint32Array(0)
  private seatSlot = new Uint32Array(0)
  private shader: Shader | null = null
  private readonly quadBuffer = new Buffer({ data: QUAD, usage: BufferUsage.VERTEX })
  private readonly indexBuffer = new Buffer({ data: QUAD_INDEX, usage: BufferUsage.INDEX })
  private pendingIndices: number[] = []
  private pendingAll = false

  build(venue: VenueData, zoneColors: ArrayLike<number>): void {
    this.clear()
    const s = venue.seats
    const n = s.count
    if (n === 0) return
    this.shader ??= createSeatShader()
    // Grid of roughly square tiles over the venue bbox, sized so tiles average SEATS_PER_TILE.
    const [minX, minY, maxX, maxY] = venue.bbox
    const w = Math.max(1e-6, maxX - minX)
    const h = Math.max(1e-6, maxY - minY)
    const tileCount = Math.max(1, Math.ceil(n / SEATS_PER_TILE))
    const cols = Math.max(1, Math.round(Math.sqrt((tileCount * w) / h)))
    const rows = Math.max(1, Math.ceil(tileCount / cols))
    const cell = new Uint32Array(n)
    const counts = new Uint32Array(cols * rows)
    for (let i = 0; i < n; i++) {
      const cx = Math.min(cols - 1, Math.max(0, Math.floor(((s.x[i] - minX) / w) * cols)))
      const cy = Math.min(rows - 1, Math.max(0, Math.floor(((s.y[i] - minY) / h) * rows)))
      const c = cy * cols + cx
      cell[i] = c
      counts[c]++
    }
    // Map grid cells to non-empty tiles.
    const tileOfCell = new Int32Array(cols * rows).fill(-1)
    const sizes: number[] = []
    for (let c = 0; c < counts.length; c++) {
      if (counts[c] > 0) {
        tileOfCell[c] = sizes.length
        sizes.push(counts[c])
      }
    }
    const data = sizes.map((k) => new Float32Array(k * FLOATS_PER_SEAT))
    const colors = sizes.map((k) => new Uint8Array(k * 4))
    const fill = new Uint32Array(sizes.length)
    const bboxes = sizes.map(() => [Infinity, Infinity, -Infinity, -Infinity] as [number, number, number, number])
    this.seatTile = new Uint32Array(n)
    this.seatSlot = new Uint32Array(n)
    for (let i = 0; i < n; i++) {
      const t = tileOfCell[cell[i]]
      const slot = fill[t]++
      this.seatTile[i] = t
      this.seatSlot[i] = slot
      const d = data[t]
      const o = slot * FLOATS_PER_SEAT
      const x = s.x[i]
      const y = s.y[i]
      const sw = s.w[i]
      const sh = s.h[i]
      d[o] = x
      d[o + 1] = y
      d[o + 2] = sw
      d[o + 3] = sh
      d[o + 4] = s.rotation[i]
      d[o + 5] = s.shape[i]
      writeColor(colors[t], slot, seatRgba(s.status[i], s.zone[i], zoneColors))
      const r = Math.max(sw, sh) / 2
      const b = bboxes[t]
      if (x - r < b[0]) b[0] = x - r
      if (y - r < b[1]) b[1] = y - r
      if (x + r > b[2]) b[2] = x + r
      if (y + r > b[3]) b[3] = y + r
    }
    for (let t = 0; t < sizes.length; t++) {
      const instanceBuffer = new Buffer({ data: data[t], usage: BufferUsage.VERTEX })
      const colorBuffer = new Buffer({ data: colors[t], usage: BufferUsage.VERTEX | BufferUsage.COPY_DST })
      const geometry = new Geometry({
        attributes: {
          aPosition: { buffer: this.quadBuffer, format: 'float32x2' },
          aSeat: { buffer: instanceBuffer, format: 'float32x4', stride: FLOATS_PER_SEAT * 4, offset: 0, instance: true },
          aSeatExtra: { buffer: instanceBuffer, format: 'float32x2', stride: FLOATS_PER_SEAT * 4, offset: 16, instance: true },
          aColor: { buffer: colorBuffer, format: 'unorm8x4', stride: 4, offset: 0, instance: true },
        },
        indexBuffer: this.indexBuffer,
        instanceCount: sizes[t],
      })
      const mesh = new Mesh<Geometry, Shader>({ geometry, shader: this.shader, eventMode: 'none' })
      this.container.addChild(mesh)
      this.tiles.push({ mesh, colors: colors[t], colorBuffer, bbox: bboxes[t], dirty: false })
    }
  }

  /** Queue colour updates for these seats; they are written and uploaded in `flush()`. */
  markDirty(indices: ArrayLike<number>): void {
    if (this.pendingAll) return
    if (indices.length > this.seatTile.length / 4) {
      this.pendingAll = true
      this.pendingIndices = []
      return
    }
    for (let k = 0; k < indices.length; k++) this.pendingIndices.push(indices[k])
  }

  markAllDirty(): void {
    this.pendingAll = true
    this.pendingIndices = []
  }

  get hasPending(): boolean {
    return this.pendingAll || this.pendingIndices.length > 0
  }

  /** Write queued colours from the venue's status array and upload touched tiles. */
  flush(venue: VenueData, zoneColors: ArrayLike<number>): void {
    const s = venue.seats
    if (this.pendingAll) {
      for (let i = 0; i < s.count; i++) writeColor(this.tiles[this.seatTile[i]].colors, this.seatSlot[i], seatRgba(s.status[i], s.zone[i], zoneColors))
      for (const t of this.tiles) t.dirty = true
    } else {
      for (const i of this.pendingIndices) {
        if (i < 0 || i >= s.count) continue
        const tile = this.tiles[this.seatTile[i]]
        writeColor(tile.colors, this.seatSlot[i], seatRgba(s.status[i], s.zone[i], zoneColors))
        tile.dirty = true
      }
    }
    this.pendingAll = false
    this.pendingIndices = []
    for (const t of this.tiles) {
      if (t.dirty) {
        t.colorBuffer.update()
        t.dirty = false
      }
    }
  }

  /** Show only tiles that intersect the visible world rectangle. Returns the number drawn. */
  cull(rect: readonly [number, number, number, number]): number {
    let shown = 0
    for (const t of this.tiles) {
      const b = t.bbox
      const v = b[0] <= rect[2] && b[2] >= rect[0] && b[1] <= rect[3] && b[3] >= rect[1]
      t.mesh.visible = v
      if (v) shown++
    }
    return shown
  }

  get tileCount(): number {
    return this.tiles.length
  }

  clear(): void {
    for (const t of this.tiles) {
      t.mesh.geometry.destroy(false)
      t.mesh.destroy()
    }
    this.tiles = []
    this.container.removeChildren()
    this.pendingAll = false
    this.pendingIndices = []
  }

  destroy(): void {
    this.clear()
    this.shader?.destroy()
    this.shader = null
    this.container.destroy()
  }
}

function writeColor(out: Uint8Array, slot: number, rgba: number): void {
  const o = slot * 4
  out[o] = rgba >>> 24
  out[o + 1] = (rgba >>> 16) & 0xff
  out[o + 2] = (rgba >>> 8) & 0xff
  out[o + 3] = rgba & 0xff
}
