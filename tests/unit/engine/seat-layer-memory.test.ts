import { beforeAll, describe, expect, it } from 'vitest'
import type { Buffer as PixiBuffer, Shader as PixiShader } from 'pixi.js'
import { syntheticVenue } from '../../../lab/syntheticVenue'
import { SeatStatus } from '../../../src/engine/model'
import { abgr, SeatTileBuilder, VERTS_PER_SEAT } from '../../../src/engine/render/seatTiles'
import { rgbaOf, SELECTED_COLOR } from '../../../src/engine/render/colors'
import type { SeatLayer as SeatLayerType } from '../../../src/engine/render/SeatLayer'

/**
 * The seat layer's CPU copies (issue 16, memory per seat): with an uploader, each tile's vertex
 * data goes to the GPU once as the tile is installed and the layer lets go of it; a status change
 * rebuilds the touched tile's colours from the seat columns and uploads them. Pixi's Buffer and
 * Mesh run in Node; the seat shader needs a GPU context to compile, so a shader without programs
 * stands in for it (nothing is drawn here). The uploader records what the GPU would get.
 */

let SeatLayer: typeof SeatLayerType
let Shader: typeof PixiShader
let gpuMemoryOf: typeof import('../../../src/engine/render/gpuMemory').gpuMemoryOf

beforeAll(async () => {
  // Pixi reads navigator when its modules load; Node 20 has none.
  const g = globalThis as { navigator?: unknown }
  g.navigator ??= { userAgent: 'node' }
  ;({ SeatLayer } = await import('../../../src/engine/render/SeatLayer'))
  ;({ Shader } = await import('pixi.js'))
  ;({ gpuMemoryOf } = await import('../../../src/engine/render/gpuMemory'))
})

// A shader with no programs: enough for a Mesh to hold, never compiled or drawn here.
const stubShader = () => new Shader({ resources: {} } as unknown as ConstructorParameters<typeof Shader>[0])

interface Upload {
  buffer: PixiBuffer
  data: Float32Array | Uint32Array
}

describe('seat layer memory', () => {
  const venue = syntheticVenue(20_000)
  const zoneColors = venue.zones.map((z) => z.color)
  const n = venue.seats.count

  const layerWithUploads = () => {
    const layer = new SeatLayer(undefined, stubShader)
    const uploads: Upload[] = []
    layer.setUploader((buffer) => uploads.push({ buffer, data: (buffer.data as Float32Array | Uint32Array).slice() }))
    return { layer, uploads }
  }

  // The same build as the layer's, for the tile and slot of a seat.
  const reference = () => {
    const b = new SeatTileBuilder(venue, zoneColors)
    b.step(Infinity)
    return b.tiles
  }
  const slotOf = (tiles: ReturnType<typeof reference>, seat: number) => {
    const t = tiles.lookup.seatTile[seat]
    const from = tiles.lookup.start[t]
    for (let k = 0; k < tiles.sizes[t]; k++) if (tiles.lookup.order[from + k] === seat) return { t, slot: k }
    throw new Error('seat not in its tile')
  }

  it('uploads every tile once as it is installed and keeps no vertex data, only the lookup', () => {
    const { layer, uploads } = layerWithUploads()
    layer.build(venue, zoneColors)
    const ref = reference()
    expect(layer.tileCount).toBe(ref.sizes.length)
    // Per tile: its positions, then its colours, each with the whole data at upload time.
    expect(uploads.length).toBe(2 * ref.sizes.length)
    for (let t = 0; t < ref.sizes.length; t++) {
      expect(Array.from(uploads[2 * t].data)).toEqual(Array.from(ref.positions[t]))
      expect(Array.from(uploads[2 * t + 1].data)).toEqual(Array.from(ref.colors[t]))
    }
    for (const u of uploads) {
      expect(u.buffer.data.length).toBe(0)
      // Out of Pixi's GPU garbage collection, which would upload again from the dropped data.
      expect(u.buffer.autoGarbageCollect).toBe(false)
    }
    expect(layer.heldBytes()).toEqual({ tileVertices: 0, tileLookup: n * 6 + ref.sizes.length * 4 })
    // The GPU side keeps its size: 4 corners × (8 position + 4 colour bytes) per seat.
    const gpu = gpuMemoryOf(layer.container, 0)
    expect(gpu.buffers - (layer as unknown as { indexBuffer: PixiBuffer }).indexBuffer.descriptor.size).toBe(n * VERTS_PER_SEAT * 12)
    layer.destroy()
  })

  it('repaints a status change: rebuilds and uploads only the touched tile, then lets go of it again', () => {
    const { layer, uploads } = layerWithUploads()
    layer.build(venue, zoneColors)
    uploads.length = 0
    const seat = 4321
    const { t, slot } = slotOf(reference(), seat)
    const saved = venue.seats.status[seat]
    venue.seats.status[seat] = SeatStatus.Selected
    try {
      layer.markDirty([seat])
      expect(layer.hasPending).toBe(true)
      layer.flush(venue, zoneColors)
      expect(uploads.length).toBe(1)
      const colors = uploads[0].data
      expect(colors.length).toBe(reference().sizes[t] * VERTS_PER_SEAT)
      for (let c = 0; c < VERTS_PER_SEAT; c++) expect(colors[slot * VERTS_PER_SEAT + c]).toBe(abgr(rgbaOf(SELECTED_COLOR)))
      expect(uploads[0].buffer.data.length).toBe(0)
      expect(layer.heldBytes().tileVertices).toBe(0)
      // Every tile at once (a zone colour change): each uploaded once more.
      layer.markAllDirty()
      layer.flush(venue, zoneColors)
      expect(uploads.length).toBe(1 + layer.tileCount)
    } finally {
      venue.seats.status[seat] = saved
      layer.destroy()
    }
  })

  it('builds the same tiles again from the seat columns (after a lost context), uploading them anew', () => {
    const { layer, uploads } = layerWithUploads()
    layer.build(venue, zoneColors)
    const first = uploads.map((u) => Array.from(u.data))
    uploads.length = 0
    layer.build(venue, zoneColors)
    expect(uploads.map((u) => Array.from(u.data))).toEqual(first)
    expect(layer.heldBytes().tileVertices).toBe(0)
    layer.destroy()
  })

  it('without an uploader keeps the data for Pixi to upload lazily, and writes status colours into it', () => {
    const layer = new SeatLayer(undefined, stubShader)
    layer.build(venue, zoneColors)
    expect(layer.heldBytes().tileVertices).toBe(n * VERTS_PER_SEAT * 12)
    const seat = 777
    const { t, slot } = slotOf(reference(), seat)
    const saved = venue.seats.status[seat]
    venue.seats.status[seat] = SeatStatus.Selected
    try {
      layer.markDirty([seat])
      layer.flush(venue, zoneColors)
      const mesh = layer.container.children[t] as unknown as { geometry: { getAttribute(name: string): { buffer: PixiBuffer } } }
      const words = mesh.geometry.getAttribute('aColor').buffer.data as Uint32Array
      expect(words[slot * VERTS_PER_SEAT]).toBe(abgr(rgbaOf(SELECTED_COLOR)))
    } finally {
      venue.seats.status[seat] = saved
      layer.destroy()
    }
  })
})
