import { describe, expect, it } from 'vitest'
import { parseForTransfer } from '../../../src/engine/venueParser/workerApi'
import { SeatIndex } from '../../../src/engine/spatial/SeatIndex'
import { generateVenue } from '../../../src/engine/generate/index'
import { ParseErrorCode } from '../../../src/engine/parse/limits'
import { seatLabels } from './helpers'
import { maxSeatHalfSize } from '../../../src/engine/spatial/hitTest'

describe('venue worker API (the function the worker exposes)', () => {
  it('returns plain typed arrays and transfers every buffer', () => {
    const { result, transfer } = parseForTransfer(generateVenue({ kind: 'hall', seats: 2000, seed: 1 }))
    if (result.errorCode !== '0' || !('venue' in result)) throw new Error('parse failed')
    const venue = result.venue
    const views = [...Object.values(venue.seats), ...Object.values(venue.sectors), ...Object.values(venue.decorations), ...Object.values(venue.strings)]
      .filter((v): v is ArrayBufferView => ArrayBuffer.isView(v))
    for (const view of views) if (view.buffer.byteLength > 0) expect(transfer).toContain(view.buffer)
    expect(transfer).toContain(venue.seatIndex)
    expect(new Set(transfer).size).toBe(transfer.length)

    // Structured clone with the transfer list, as postMessage does: the receiver rebuilds
    // the index and labels; the sender's buffers are detached.
    const received = structuredClone(result, { transfer })
    if (!('venue' in received)) throw new Error('lost the venue')
    expect(venue.seats.x.length).toBe(0)
    expect(received.venue.seats.count).toBe(2000)
    // The hit-test padding comes computed, so the main thread skips an O(seats) pass.
    expect(received.venue.maxSeatHalf).toBe(maxSeatHalfSize(received.venue.seats))
    expect(received.venue.maxSeatHalf).toBeGreaterThan(0)
    expect(seatLabels(received.venue).length).toBe(2000)
    const index = SeatIndex.fromBuffer(received.venue.seatIndex)
    expect(index.search(received.venue.seats.x[5], received.venue.seats.y[5], received.venue.seats.x[5], received.venue.seats.y[5])).toContain(5)
  })

  it('answers errors as {errorCode, errorText}', () => {
    const { result, transfer } = parseForTransfer('<html/>')
    expect(result).toEqual({ errorCode: ParseErrorCode.NotSvg, errorText: expect.any(String) })
    expect(transfer).toEqual([])
  })
})

describe('createVenueParser', () => {
  it('falls back to the main thread where there are no workers (Node) with the same result', async () => {
    const { createVenueParser } = await import('../../../src/engine/venueParser/client')
    const parser = createVenueParser()
    const result = await parser.parse('<svg><circle class="seat" r="2" data-row="1" data-seat="9"/></svg>')
    parser.dispose()
    if (!('venue' in result)) throw new Error('parse failed')
    expect(seatLabels(result.venue)).toEqual([{ key: '|1|9', sector: '', row: '1', number: '9' }])
    const bad = await createVenueParser().parse('not svg')
    expect(bad.errorCode).toBe(ParseErrorCode.NotSvg)
  })
})
