/**
 * The ArrayBuffers of a VenueData, for a worker's transfer list: every per-seat, per-sector and
 * decoration array, the string table, the seat keys' runs and the seat index. Transferring moves them (zero copy); the
 * sender's views become empty, so a sender that still needs the data must copy first.
 */
import type { VenueData } from '../model'

export function venueTransferables(venue: VenueData): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>()
  const add = (v: unknown) => {
    if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer && v.buffer.byteLength > 0) buffers.add(v.buffer)
  }
  for (const group of [venue.seats, venue.sectors, venue.decorations, venue.strings, venue.keyRuns ?? {}] as object[])
    for (const value of Object.values(group)) add(value)
  if (venue.seatIndex.byteLength > 0) buffers.add(venue.seatIndex)
  return [...buffers]
}

/** Bytes the venue's arrays and indexes hold (what the engine keeps per venue). */
export function venueByteSize(venue: VenueData): number {
  return venueTransferables(venue).reduce((sum, b) => sum + b.byteLength, 0)
}
