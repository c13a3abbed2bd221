import { Buffer, BufferUsage, Container, Geometry, Mesh, type Shader } from 'pixi.js'
import type { RenderVenue } from './renderProtocol'
import { createSeatShader } from './seatShader'
import { lookupBytes, MAX_SEATS_PER_TILE, SEATS_PER_TILE, SeatTileBuilder, type SeatTiles, tileColors, type TileLookup, VERTS_PER_SEAT } from './seatTiles'

/**
 * All seats as quads (see seatShader for why not instancing), split into spatial tiles
 * (seatTiles) so a zoomed-in view draws only the tiles it sees: a few dozen draw calls at most,
 * never one display object per seat.
 *
 * Per seat on the GPU: 4 corners × (2 floats + 4 colour bytes) = 48 bytes, plus one index buffer
 * shared by every tile. A status change rebuilds the colour words of the tiles it touched from the
 * seat columns and re-uploads only those colour buffers, in the next frame, without rebuilding any
 * geometry.
 *
 * CPU copies: with an uploader (setUploader: the renderer's own buffer upload), each tile's
 * vertex data goes to the GPU as the tile is installed and the layer lets go of it (Pixi's Buffer
 * otherwise keeps `data` for as long as the buffer lives: 48 bytes per seat in the render worker
 * beside the same 48 on the GPU). What stays per seat is the tile lookup (6-8 bytes). The cost:
 * Pixi can no longer upload those buffers again by itself, so they are kept out of its GPU
 * garbage collection (which unloads buffers unused for a minute and uploads them again from
 * `data`), and a lost and restored context needs the tiles built again from the seat columns
 * (RenderCore does that on SceneRenderer's context-restored call).
 */

const INDICES_PER_SEAT = 6

interface Tile {
  mesh: Mesh<Geometry, Shader>
  positionBuffer: Buffer
  colorBuffer: Buffer
  /** Seats in the tile. */
  size: number
  bbox: [number, number, number, number]
  dirty: boolean
}

/** Uploads a buffer's data to the GPU now (the renderer's buffer system). */
export type BufferUpload = (buffer: Buffer) => void

/** What a buffer holds once its CPU copy is let go of (a zero-length view of its own type). */
const RELEASED = { f32: new Float32Array(0), u32: new Uint32Array(0) }

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
  private lookup: TileLookup | null = null
  private upload: BufferUpload | null = null
  private building = false
  private buildId = 0
  private shaders: { round: Shader; square: Shader } | null = null
  private indexBuffer: Buffer | null = null
  private pendingIndices: number[] = []
  private pendingAll = false

  /**
   * @param seatsPerTile grid target (see SEATS_PER_TILE; 1k, 4k and 16k were measured, 4k kept).
   * @param makeShader the seat shader (compiling one needs a GPU context: Node tests pass another).
   */
  constructor(
    private readonly seatsPerTile = SEATS_PER_TILE,
    private readonly makeShader: (round: boolean) => Shader = createSeatShader,
  ) {}

  /**
   * Sets how tile buffers reach the GPU at once; from then on tiles installed or recoloured drop
   * their CPU copies after the upload. Without one (Node tests) Pixi uploads lazily from `data`.
   */
  setUploader(upload: BufferUpload | null): void {
    this.upload = upload
  }

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
    let installed = 0
    return (budgetMs: number) => {
      // A later build (another venue) makes this one moot.
      if (!this.building || build !== this.buildId) return true
      const deadline = performance.now() + budgetMs
      if (!builder.step(deadline)) return false
      // Installing uploads each tile at once (~48 bytes per seat): in slices too.
      const data = builder.tiles
      while (installed < data.sizes.length) {
        this.installTile(data, installed++)
        if (installed < data.sizes.length && performance.now() >= deadline) return false
      }
      this.lookup = data.lookup
      this.building = false
      return true
    }
  }

  /** True once every tile exists (colour updates wait until then). */
  get ready(): boolean {
    return !this.building
  }

  private installTile(data: SeatTiles, t: number): void {
    this.shaders ??= { round: this.makeShader(true), square: this.makeShader(false) }
    this.indexBuffer ??= new Buffer({ data: quadIndices(MAX_SEATS_PER_TILE), usage: BufferUsage.INDEX })
    const positionBuffer = this.vertexBuffer(data.positions[t], BufferUsage.VERTEX)
    const colorBuffer = this.vertexBuffer(data.colors[t], BufferUsage.VERTEX | BufferUsage.COPY_DST)
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
    this.tiles.push({ mesh, positionBuffer, colorBuffer, size: data.sizes[t], bbox: data.bboxes[t], dirty: false })
    // The tile's arrays now live in its buffers only (and, once uploaded, nowhere on this side).
    data.positions[t] = RELEASED.f32
    data.colors[t] = RELEASED.u32
    this.sendAndRelease(positionBuffer, RELEASED.f32)
    this.sendAndRelease(colorBuffer, RELEASED.u32)
  }

  private vertexBuffer(data: Float32Array | Uint32Array, usage: number): Buffer {
    // shrinkToFit off: a buffer whose data is let go of keeps its GPU size (see sendAndRelease).
    const buffer = new Buffer({ data, usage, shrinkToFit: false })
    // Pixi's GPU garbage collection would unload a tile unseen for a minute and upload it again
    // from `data`, which is gone once released.
    if (this.upload) buffer.autoGarbageCollect = false
    return buffer
  }

  /**
   * With an uploader: sends the buffer's data to the GPU now and swaps in a zero-length array.
   * With shrinkToFit off, a smaller array is a plain update of the same GPU buffer (Pixi's
   * bufferSubData / writeBuffer of zero bytes), so the GPU copy stays as uploaded.
   */
  private sendAndRelease(buffer: Buffer, empty: Float32Array | Uint32Array): void {
    if (!this.upload) return
    this.upload(buffer)
    buffer.data = empty
  }

  /** Queue colour updates for these seats; they are written and uploaded in `flush()`. */
  markDirty(indices: ArrayLike<number>): void {
    if (this.pendingAll) return
    if (indices.length > (this.lookup?.seatTile.length ?? 0) / 4) {
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

  /** Rebuilds the colours of the tiles holding queued seats from the venue's columns and uploads them. */
  flush(venue: RenderVenue, zoneColors: ArrayLike<number>): void {
    const lookup = this.lookup
    if (!lookup) {
      this.pendingAll = false
      this.pendingIndices = []
      return
    }
    const n = Math.min(venue.seats.count, lookup.seatTile.length)
    if (this.pendingAll) for (const t of this.tiles) t.dirty = true
    else for (const i of this.pendingIndices) if (i >= 0 && i < n) this.tiles[lookup.seatTile[i]].dirty = true
    this.pendingAll = false
    this.pendingIndices = []
    for (let t = 0; t < this.tiles.length; t++) {
      const tile = this.tiles[t]
      if (!tile.dirty) continue
      tile.dirty = false
      // A new array for the tile (its old one was let go of, or is replaced whole): Pixi
      // re-uploads on the next draw, or the uploader sends it now and it is let go of again.
      tile.colorBuffer.data = tileColors(lookup, t, tile.size, venue, zoneColors)
      this.sendAndRelease(tile.colorBuffer, RELEASED.u32)
    }
  }

  /** Bytes of typed arrays this layer keeps on the CPU: tile vertex data not let go of, and the tile lookup. */
  heldBytes(): { tileVertices: number; tileLookup: number } {
    let vertices = 0
    for (const t of this.tiles) vertices += (t.positionBuffer.data?.byteLength ?? 0) + (t.colorBuffer.data?.byteLength ?? 0)
    return { tileVertices: vertices, tileLookup: this.lookup ? lookupBytes(this.lookup) : 0 }
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
    for (const t of this.tiles) if (t.mesh.visible) n += t.size
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
    this.lookup = null
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
