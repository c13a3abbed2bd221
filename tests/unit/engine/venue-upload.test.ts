import { afterEach, describe, expect, it, vi } from 'vitest'
import { syntheticVenue } from '../../../lab/syntheticVenue'
import { GEOMETRY_COLUMNS, type RenderCommand, SEAT_COLUMNS, type ToRenderWorker, toRenderVenue } from '../../../src/engine/render/renderProtocol'
import { UPLOAD_SLICE_BYTES, uploadVenue, VenueAssembler } from '../../../src/engine/render/venueUpload'

afterEach(() => {
  vi.useRealTimers()
})

/** Runs an upload to the end with fake timers; returns the messages posted and the command sent in the venue's place. */
function runUpload(seats: number) {
  vi.useFakeTimers()
  const venue = toRenderVenue(syntheticVenue(seats))
  const cmd: Extract<RenderCommand, { op: 'venue' }> = { op: 'venue', venue, zoneColors: [1, 2, 3] }
  const posted: { m: ToRenderWorker; transfer: Transferable[]; tick: number }[] = []
  let tick = 0
  let light: RenderCommand | null = null
  uploadVenue(cmd, 7, (m, transfer) => posted.push({ m, transfer, tick }), (l) => (light = l))
  expect(posted).toHaveLength(0) // nothing in the caller's task
  while (!light) {
    tick++
    vi.advanceTimersToNextTimer()
  }
  return { venue, posted, light: light as RenderCommand }
}

/** Time limit of the test that builds a venue larger than one upload slice (see there). */
const LARGE_UPLOAD_TIMEOUT_MS = 60_000

describe('venue upload to the render worker', () => {
  it('sends every seat column in slices, one per task, and the worker gets the same columns back', () => {
    const { venue, posted, light } = runUpload(3000)
    expect(posted.map((p) => p.tick)).toEqual(posted.map((_, k) => k + 1))
    if (light.op !== 'venue') throw new Error('expected the venue command')
    expect(light.upload).toBe(7)
    expect(light.venue.seats.x.length).toBe(0)
    expect(light.venue.seats.count).toBe(3000)
    const assembler = new VenueAssembler()
    for (const p of posted) {
      if (p.m.type !== 'venuePart') throw new Error('expected parts only')
      expect(p.transfer).toEqual([p.m.array.buffer])
      assembler.add(p.m)
    }
    const full = assembler.complete(light)
    if (full.op !== 'venue') throw new Error('expected the venue command')
    for (const name of SEAT_COLUMNS) expect(Array.from(full.venue.seats[name])).toEqual(Array.from(venue.seats[name]))
    // The originals stay usable on the main thread (copies were moved, not the columns).
    expect(venue.seats.x.length).toBe(3000)
  })

  it('cuts large columns into slices of UPLOAD_SLICE_BYTES', () => {
    const seats = Math.ceil((UPLOAD_SLICE_BYTES / 4) * 1.5)
    const { posted } = runUpload(seats)
    const xParts = posted.filter((p) => p.m.type === 'venuePart' && p.m.name === 'x')
    expect(xParts).toHaveLength(2)
    for (const p of posted) if (p.m.type === 'venuePart') expect(p.m.array.byteLength).toBeLessThanOrEqual(UPLOAD_SLICE_BYTES)
    // A synthetic venue of 1.5 slices' worth of seats: quick alone, but it took 12 s on the shared
    // 2-core machine under load, past vitest's 5 s default. Not a speed check, so a wide limit.
  }, LARGE_UPLOAD_TIMEOUT_MS)

  it('sends the seat geometry again (a worker that let go of it after its tiles were built) as geometry columns only', () => {
    vi.useFakeTimers()
    const seats = toRenderVenue(syntheticVenue(3000)).seats
    const geometry = { x: seats.x, y: seats.y, w: seats.w, h: seats.h, rotation: seats.rotation, shape: seats.shape }
    const posted: ToRenderWorker[] = []
    let light: RenderCommand | null = null
    uploadVenue({ op: 'seatGeometry', seats: geometry }, 9, (m) => posted.push(m), (l) => (light = l))
    while (!light) vi.advanceTimersToNextTimer()
    const sent = new Set(posted.map((m) => (m.type === 'venuePart' ? m.name : '?')))
    expect([...sent].sort()).toEqual([...GEOMETRY_COLUMNS].sort())
    const got = light as RenderCommand
    if (got.op !== 'seatGeometry') throw new Error('expected the geometry command')
    expect(got.seats.x.length).toBe(0)
    const assembler = new VenueAssembler()
    for (const m of posted) if (m.type === 'venuePart') assembler.add(m)
    const full = assembler.complete(got)
    if (full.op !== 'seatGeometry') throw new Error('expected the geometry command')
    for (const name of GEOMETRY_COLUMNS) expect(Array.from(full.seats[name])).toEqual(Array.from(seats[name]))
  })

  it('passes other commands through and drops unfinished older uploads', () => {
    const a = new VenueAssembler()
    const cam: RenderCommand = { op: 'tier', tier: 'seats' }
    expect(a.complete(cam)).toBe(cam)
    a.add({ type: 'venuePart', upload: 1, name: 'x', length: 2, offset: 0, array: new Float32Array([1, 2]) })
    a.add({ type: 'venuePart', upload: 2, name: 'x', length: 2, offset: 1, array: new Float32Array([5]) })
    const venue = toRenderVenue(syntheticVenue(2))
    const done = a.complete({ op: 'venue', venue, zoneColors: [], upload: 2 })
    expect(done.op === 'venue' && Array.from(done.venue.seats.x)).toEqual([0, 5])
    // Upload 1 was dropped with it: completing it now finds nothing and keeps the command's own columns.
    const stale = a.complete({ op: 'venue', venue, zoneColors: [], upload: 1 })
    expect(stale.op === 'venue' && stale.venue.seats.x).toBe(venue.seats.x)
  })
})
