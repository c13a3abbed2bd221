import { afterEach, describe, expect, it, vi } from 'vitest'
import { SeatMapEngine } from '../../../src/engine/SeatMapEngine'
import type { MapRenderer } from '../../../src/engine/render/MapRenderer'
import type { RenderBackendEvents } from '../../../src/engine/render/RenderBackend'
import { syntheticVenue } from '../../../lab/syntheticVenue'

/**
 * The snapshot's `drawn`: true only once the renderer reports a frame drawn after the batch that
 * carried the venue, the moment the map is on screen (hasVenue turns true when the engine holds
 * it, before the seats have reached the renderer). The engine runs without a canvas; its renderer
 * gets a backend that records batches and lets the test report frames, as a render worker does.
 */
function harness() {
  // Node has no animation frames: the engine's own frame loop does not run (the test reports frames).
  vi.stubGlobal('requestAnimationFrame', () => 1)
  vi.stubGlobal('cancelAnimationFrame', () => {})
  const engine = new SeatMapEngine({} as HTMLElement, { initDelayMs: 0 })
  let events: RenderBackendEvents | null = null
  const seqs: number[] = []
  const renderer = (engine as unknown as { renderer: MapRenderer }).renderer
  renderer.attach((e) => {
    events = e
    return {
      kind: 'worker',
      init: () => Promise.reject(new Error('attached')),
      submit: (seq) => seqs.push(seq),
      recordFrames: () => ({ stop: () => Promise.resolve([]) }),
      destroy: () => {},
    }
  })
  // As after init (a canvas and a renderer): venues go to the renderer as they are set.
  ;(engine as unknown as { initialized: boolean }).initialized = true
  const frame = (batch: number, rendered = true) => events!.frame({ rendered, batch, stats: renderer.stats(), cameraLatencyMs: null } as never)
  return { engine, renderer, seqs, frame }
}

describe('SeatMapEngine snapshot: drawn', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('turns true at the first frame drawn with the venue, not when the engine takes it', () => {
    const h = harness()
    h.frame(-1)
    expect(h.engine.getSnapshot().drawn).toBe(false)
    h.engine.setVenue(syntheticVenue(50))
    expect(h.engine.getSnapshot().hasVenue).toBe(true)
    expect(h.engine.getSnapshot().drawn).toBe(false)
    h.renderer.flush()
    const venueBatch = h.seqs[h.seqs.length - 1]
    // A frame of an earlier batch, or one that drew nothing, is not the venue on screen.
    h.frame(venueBatch - 1)
    h.frame(venueBatch, false)
    expect(h.engine.getSnapshot().drawn).toBe(false)
    h.frame(venueBatch)
    expect(h.engine.getSnapshot().drawn).toBe(true)

    // Another venue is not drawn until a frame holds it.
    h.engine.setVenue(syntheticVenue(60))
    expect(h.engine.getSnapshot().drawn).toBe(false)
    h.frame(venueBatch)
    expect(h.engine.getSnapshot().drawn).toBe(false)
    h.renderer.flush()
    h.frame(h.seqs[h.seqs.length - 1])
    expect(h.engine.getSnapshot().drawn).toBe(true)
  })
})
