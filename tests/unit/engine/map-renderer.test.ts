import { describe, expect, it } from 'vitest'
import { MapRenderer } from '../../../src/engine/render/MapRenderer'
import type { RenderBackend, RenderBackendEvents } from '../../../src/engine/render/RenderBackend'
import type { RenderCommand, RenderStats } from '../../../src/engine/render/renderProtocol'
import { syntheticVenue } from '../../../lab/syntheticVenue'

/**
 * MapRenderer's batching, against a backend that records the batches it is handed and reports
 * frames when the test says so (as a worker would, later than the batch was sent).
 */
const STATS: RenderStats = { tiles: 3, seatsShown: 10, labels: 0, pendingColors: false, bufferWidth: 100, bufferHeight: 50, gpu: 'webgl', gpuClass: 'software', gpuMemory: { buffers: 0, textures: 0, drawingBuffer: 0 }, heldBytes: { seatColumns: 0, tileVertices: 0, tileLookup: 0 } }

function harness() {
  const batches: { seq: number; commands: RenderCommand[]; now: boolean }[] = []
  const frames: { rendered: boolean; venue: boolean; statuses: boolean }[] = []
  let events!: RenderBackendEvents
  const r = new MapRenderer({ frame: (rendered, venue, statuses) => frames.push({ rendered, venue, statuses }) })
  r.attach((e) => {
    events = e
    const backend: RenderBackend = {
      kind: 'worker',
      init: () => Promise.reject(new Error('attached')),
      submit: (seq, commands, now) => batches.push({ seq, commands, now }),
      recordFrames: () => ({ stop: () => Promise.resolve([]) }),
      destroy: () => {},
    }
    return backend
  })
  /** The backend drew a frame after applying batch `seq`. */
  const drew = (seq: number) => events.frame({ rendered: true, batch: seq, stats: STATS })
  return { r, batches, frames, drew, pixels: (id: number, px: Uint8Array) => events.pixels(id, px) }
}

describe('MapRenderer', () => {
  it('sends nothing when nothing changed, and only the last camera of a batch', () => {
    const h = harness()
    h.r.flush()
    expect(h.batches).toEqual([])
    h.r.setCamera(1, 1, 1, 10, 10, [0, 0, 1, 1])
    h.r.setCamera(2, 2, 1, 10, 10, [0, 0, 2, 2])
    h.r.setTier('seats')
    h.r.setCamera(3, 3, 1, 10, 10, [0, 0, 3, 3])
    h.r.flush()
    expect(h.batches).toHaveLength(1)
    expect(h.batches[0].commands.map((c) => (c.op === 'camera' ? `camera ${c.centerX}` : c.op))).toEqual(['camera 2', 'tier', 'camera 3'])
    expect(h.r.currentTier).toBe('seats')
    expect(h.r.hasWork).toBe(false)
  })

  it('reports whether a frame holds the current venue', () => {
    const h = harness()
    h.r.setCamera(1, 1, 1, 10, 10, [0, 0, 1, 1])
    h.r.flush() // batch 0: no venue
    h.r.setVenue(syntheticVenue(100), [0xff0000])
    h.r.flush() // batch 1
    h.drew(0)
    h.drew(1)
    expect(h.frames).toEqual([{ rendered: true, venue: false, statuses: true }, { rendered: true, venue: true, statuses: true }])
    const cmd = h.batches[1].commands[0]
    // Only the renderer's columns travel: no labels, keys or index.
    expect(cmd.op === 'venue' && Object.keys(cmd.venue.seats).sort()).toEqual(['count', 'h', 'rotation', 'sector', 'shape', 'status', 'w', 'x', 'y', 'zone'])
  })

  it('holds status colours pending until a frame with their batch is reported, and copies the arrays', () => {
    const h = harness()
    const ids = [1, 2, 3]
    h.r.setStatuses(ids, 3)
    expect(h.r.stats().pendingColors).toBe(true)
    h.r.flush() // batch 0
    ids[0] = 99
    const sent = h.batches[0].commands[0]
    expect(sent.op === 'statuses' && Array.from(sent.indices)).toEqual([1, 2, 3])
    expect(h.r.stats().pendingColors).toBe(true)
    h.r.setCamera(1, 1, 1, 10, 10, [0, 0, 1, 1])
    h.r.flush() // batch 1
    h.drew(0)
    expect(h.r.stats()).toMatchObject({ pendingColors: false, tiles: 3, bufferWidth: 100 })
    h.r.setZoneColors([0x00ff00])
    expect(h.r.stats().pendingColors).toBe(true)
    h.r.flush() // batch 2
    h.drew(1)
    expect(h.r.stats().pendingColors).toBe(true)
    h.drew(2)
    expect(h.r.stats().pendingColors).toBe(false)
    // The frame event says which frames were drawn after the last change reached the renderer.
    expect(h.frames.map((f) => f.statuses)).toEqual([true, false, true])
  })

  it('resizes in a batch of its own that asks to be drawn at once', () => {
    const h = harness()
    h.r.setCamera(1, 1, 1, 10, 10, [0, 0, 1, 1])
    h.r.resize(20, 10, 2)
    expect(h.batches).toHaveLength(1)
    expect(h.batches[0].now).toBe(true)
    expect(h.batches[0].commands.map((c) => c.op)).toEqual(['camera', 'resize'])
  })

  it('answers pixel reads when the backend sends them back, and empty ones on destroy', async () => {
    const h = harness()
    const first = h.r.readPixels(1.4, 2.6, 2, 2)
    const second = h.r.readPixels(0, 0, 1, 1)
    h.r.flush()
    const cmds = h.batches[0].commands
    expect(cmds).toEqual([{ op: 'readPixels', id: 1, x: 1, y: 3, width: 2, height: 2 }, { op: 'readPixels', id: 2, x: 0, y: 0, width: 1, height: 1 }])
    h.pixels(1, new Uint8Array([1, 2, 3, 4]))
    expect(Array.from(await first)).toEqual([1, 2, 3, 4])
    h.r.destroy()
    expect((await second).length).toBe(0)
  })
})
