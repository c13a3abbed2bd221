import { Buffer, BufferUsage, Container, Geometry, Mesh, type Shader } from 'pixi.js'
import type { RenderVenue } from './renderProtocol'
import { createSeatShader } from './seatShader'
import { MAX_SEATS_PER_TILE, SEATS_PER_TILE, seatColorWord, SeatTileBuilder, type SeatTiles, VERTS_PER_SEAT } from './seatTiles'

/**
 * All seats as quads (see seatShader for why not instancing), split into spatial tiles
 * (seatTiles) so a zoomed-in view draws only the tiles it sees: a few dozen draw calls at most,
 * never one display object per seat.
 *
 * Per seat on the GPU: 4 corners × (2 floats + 4 colour bytes) = 48 bytes, plus one index buffer
 * shared by every tile. A status change rewrites 16 colour bytes per seat and re-uploads only the
 * colour buffers of the tiles it touched, in the next frame, without rebuilding any geometry.
 */

const INDICES_PER_SEAT = 6

interface Tile {
  mesh: Mesh<Geometry, Shader>
  positionBuffer: Buffer
  colors: Uint32Array
  colorBuffer: Buffer
  bbox: [number, number, number, number]
  dirty: boolean
}

/** Index pattern 0-1-2, 0-2-3 per seat, shared by every tile (each draws its own prefix). */
function quadIndices(seats: number): Uint16Array {
  const out = new Uint16Array(seats * INDICES_PER_SEAT)
  for (let k = 0, o = 0; k < seats; k++, o += INDICES_PER_SEAT) {
    const v = k * VERTS_PER_SEAT
    out[o] = v
    out[o + 1] = v + 1
    out[o + 2] = v + 2
    out[o + 3] = v
    out[o + 4] = v + 2
    out[o + 5] = v + 3
  }
  return out
}

export class SeatLayer {
  readonly container = new Container({ label: 'seats', eventMode: 'none', interactiveChildren: false })
  private tiles: Tile[] = []
  private built: SeatTiles | null = null
  private building = false
  private buildId = 0
  private shaders: { round: Shader; square: Shader } | null = null
  private indexBuffer: Buffer | null = null
  private pendingIndices: number[] = []
  private pendingAll = false

  /** @param seatsPerTile grid target (see SEATS_PER_TILE; 1k, 4k and 16k were measured, 4k kept). */
  constructor(private readonly seatsPerTile = SEATS_PER_TILE) {}

  /** Builds every tile now (tests, small venues). */
  build(venue: RenderVenue, zoneColors: ArrayLike<number>): void {
    const step = this.beginBuild(venue, zoneColors)
    while (!step(Infinity));
  }

  /**
   * Starts building the tiles and returns a step function: each call works for about
   * `budgetMs` of main thread and answers true once the tiles exist. The engine runs the steps
   * in separate tasks after the first frame (the zoomed-out view draws sectors, not seats), so a
   * 1M-seat venue never blocks the page for the whole build; it finishes the build at once when
   * seats are needed earlier.
   */
  beginBuild(venue: RenderVenue, zoneColors: ArrayLike<number>): (budgetMs: number) => boolean {
    this.clear()
    this.building = true
    const build = ++this.buildId
    const builder = new SeatTileBuilder(venue, zoneColors, this.seatsPerTile)
    return (budgetMs: number) => {
      // A later build (another venue) makes this one moot.
      if (!this.building || build !== this.buildId) return true
      if (!builder.step(performance.now() + budgetMs)) return false
      this.install(builder.tiles)
      return true
    }
  }

  /** True once every tile exists (colour updates wait until then). */
  get ready(): boolean {
    return !this.building
  }

  private install(data: SeatTiles): void {
    this.shaders ??= { round: createSeatShader(true), square: createSeatShader(false) }
    this.indexBuffer ??= new Buffer({ data: quadIndices(MAX_SEATS_PER_TILE), usage: BufferUsage.INDEX })
    for (let t = 0; t < data.sizes.length; t++) {
      const positionBuffer = new Buffer({ data: data.positions[t], usage: BufferUsage.VERTEX })
      const colorBuffer = new Buffer({ data: data.colors[t], usage: BufferUsage.VERTEX | BufferUsage.COPY_DST })
      const geometry = new Geometry({
        attributes: {
          aPosition: { buffer: positionBuffer, format: 'float32x2' },
          aColor: { buffer: colorBuffer, format: 'unorm8x4' },
        },
        indexBuffer: this.indexBuffer,
        indexCount: data.sizes[t] * INDICES_PER_SEAT,
      })
      const mesh = new Mesh<Geometry, Shader>({ geometry, shader: data.square[t] ? this.shaders.square : this.shaders.round, eventMode: 'none' })
      this.container.addChild(mesh)
      this.tiles.push({ mesh, positionBuffer, colors: data.colors[t], colorBuffer, bbox: data.bboxes[t], dirty: false })
    }
    this.built = data
    this.building = false
  }

  /** Queue colour updates for these seats; they are written and uploaded in `flush()`. */
  markDirty(indices: ArrayLike<number>): void {
    if (this.pendingAll) return
    if (indices.length > (this.built?.seatTile.length ?? 0) / 4) {
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

  /** Colour changes waiting for `flush()` (held back while the tiles are still being built). */
  get hasPending(): boolean {
    return !this.building && (this.pendingAll || this.pendingIndices.length > 0)
  }

  /** Write queued colours from the venue's status array and upload touched tiles. */
  flush(venue: RenderVenue, zoneColors: ArrayLike<number>): void {
    const data = this.built
    if (!data) {
      this.pendingAll = false
      this.pendingIndices = []
      return
    }
    const n = Math.min(venue.seats.count, data.seatTile.length)
    const write = (i: number) => {
      const tile = this.tiles[data.seatTile[i]]
      const o = data.seatSlot[i] * VERTS_PER_SEAT
      tile.colors.fill(seatColorWord(venue, i, zoneColors), o, o + VERTS_PER_SEAT)
      tile.dirty = true
    }
    if (this.pendingAll) for (let i = 0; i < n; i++) write(i)
    else for (const i of this.pendingIndices) if (i >= 0 && i < n) write(i)
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
      if (t.mesh.visible !== v) t.mesh.visible = v
      if (v) shown++
    }
    return shown
  }

  get tileCount(): number {
    return this.tiles.length
  }

  /** Seats in the tiles currently shown (what the GPU processes per frame at this tier). */
  get seatsShown(): number {
    let n = 0
    for (const t of this.tiles) if (t.mesh.visible) n += t.colors.length / VERTS_PER_SEAT
    return n
  }

  clear(): void {
    for (const t of this.tiles) {
      // The index buffer is shared by every tile and outlives a rebuild; the others are the tile's.
      t.positionBuffer.destroy()
      t.colorBuffer.destroy()
      t.mesh.geometry.destroy(false)
      t.mesh.destroy()
    }
    this.tiles = []
    this.built = null
    this.building = false
    this.container.removeChildren()
    this.pendingAll = false
    this.pendingIndices = []
  }

  destroy(): void {
    this.clear()
    this.shaders?.round.destroy()
    this.shaders?.square.destroy()
    this.shaders = null
    this.indexBuffer?.destroy()
    this.indexBuffer = null
    this.container.destroy()
  }
}
