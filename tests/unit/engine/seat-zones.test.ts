import { describe, expect, it } from 'vitest'
import { SeatMapEngine } from '../../../src/engine/SeatMapEngine'
import type { MapRenderer } from '../../../src/engine/render/MapRenderer'
import type { RenderBackend } from '../../../src/engine/render/RenderBackend'
import { batchTransferables, type RenderCommand } from '../../../src/engine/render/renderProtocol'
import { syntheticVenue } from '../../../lab/syntheticVenue'

/**
 * SeatMapEngine.setSeatZones (the studio draws paint not saved yet): the engine's per-seat zone
 * column changes for the named seats only, and the change reaches the renderer as one 'zones'
 * command whose arrays are the renderer's own copies, moved (not cloned) to a render worker.
 * The engine runs without init (no canvas in node); its renderer gets a backend that records the
 * batches it is handed, as in map-renderer.test.ts.
 */
function harness() {
  const engine = new SeatMapEngine({} as HTMLElement, { initDelayMs: 0 })
  const venue = syntheticVenue(100)
  engine.setVenue(venue)
  const batches: RenderCommand[][] = []
  const renderer = (engine as unknown as { renderer: MapRenderer }).renderer
  renderer.attach(() => {
    const backend: RenderBackend = {
      kind: 'worker',
      init: () => Promise.reject(new Error('attached')),
      submit: (_seq, commands) => batches.push(commands),
      recordFrames: () => ({ stop: () => Promise.resolve([]) }),
      destroy: () => {},
    }
    return backend
  })
  return { engine, venue, renderer, batches }
}

describe('SeatMapEngine.setSeatZones', () => {
  it('rewrites the zone of the named seats only and sends one zones command with copied arrays', () => {
    const h = harness()
    const before = Uint16Array.from(h.venue.seats.zone)
    const revision = h.engine.getSnapshot().statusRevision
    const ids = [3, 5, 7, 1000, -1]
    const zones = [2, 0, 7, 1, 1]
    h.engine.setSeatZones(ids, zones)
    const after = h.venue.seats.zone
    expect([after[3], after[5], after[7]]).toEqual([2, 0, 7])
    // Every other seat keeps its zone; out-of-range indexes change nothing.
    for (let i = 0; i < after.length; i++) if (![3, 5, 7].includes(i)) expect(after[i], `seat ${i}`).toBe(before[i])
    expect(h.engine.getSnapshot().statusRevision).toBe(revision + 1)
    expect(h.renderer.stats().pendingColors).toBe(true)

    ids[0] = 42
    h.renderer.flush()
    expect(h.batches).toHaveLength(1)
    const cmd = h.batches[0].find((c) => c.op === 'zones')
    expect(cmd?.op).toBe('zones')
    if (cmd?.op !== 'zones') return
    expect(cmd.indices).toBeInstanceOf(Int32Array)
    expect(cmd.zones).toBeInstanceOf(Uint16Array)
    expect(Array.from(cmd.indices)).toEqual([3, 5, 7, 1000, -1])
    expect(Array.from(cmd.zones as Uint16Array)).toEqual(zones)
    // The worker backend transfers exactly these two buffers.
    expect(batchTransferables(h.batches[0])).toEqual([(cmd.indices as Int32Array).buffer, (cmd.zones as Uint16Array).buffer])
  })

  it('sends one zone for all seats as a number, and transfers only the indexes then', () => {
    const h = harness()
    h.engine.setSeatZones([10, 11], 1)
    expect([h.venue.seats.zone[10], h.venue.seats.zone[11]]).toEqual([1, 1])
    h.renderer.flush()
    const cmd = h.batches[0].find((c) => c.op === 'zones')
    expect(cmd?.op === 'zones' && cmd.zones).toBe(1)
    expect(batchTransferables(h.batches[0])).toHaveLength(1)
  })

  it('does nothing before a venue is set', () => {
    const engine = new SeatMapEngine({} as HTMLElement, { initDelayMs: 0 })
    engine.setSeatZones([0], 1)
    expect(engine.getVenue()).toBeNull()
    expect((engine as unknown as { renderer: MapRenderer }).renderer.hasWork).toBe(false)
  })

  it('keeps status changes transferable as before', () => {
    const commands: RenderCommand[] = [{ op: 'statuses', indices: Int32Array.from([1, 2]), statuses: Uint8Array.from([3, 4]) }, { op: 'tier', tier: 'seats' }]
    expect(batchTransferables(commands)).toHaveLength(2)
  })
})

describe('SeatMapEngine.setZoneNames', () => {
  it("renames the seats' category by zone id, in seat infos and in the focused seat's snapshot and announcement", () => {
    const { engine, venue } = harness()
    const seat = Array.from(venue.seats.zone).findIndex((z) => z === 0)
    const zone = venue.zones[0]
    engine.setFocus(seat)
    expect(engine.getSeatInfo(seat)?.category).toBe(zone.name)
    expect(engine.getSnapshot().focus?.category).toBe(zone.name)

    engine.setZoneNames({ [zone.id]: 'Партер', 'no such zone': 'x' })
    expect(engine.getSeatInfo(seat)?.category).toBe('Партер')
    expect(engine.getSnapshot().focus?.category).toBe('Партер')
    expect(engine.getSnapshot().announcement).toContain('Партер')
    // Other zones keep their names; colours and ids are untouched.
    expect(venue.zones.slice(1).map((z) => z.name)).toEqual(harness().venue.zones.slice(1).map((z) => z.name))
    expect(venue.zones[0]).toEqual({ ...zone, name: 'Партер' })
  })

  it('does nothing before a venue is set', () => {
    const engine = new SeatMapEngine({} as HTMLElement, { initDelayMs: 0 })
    engine.setZoneNames({ a: 'b' })
    expect(engine.getVenue()).toBeNull()
  })
})
