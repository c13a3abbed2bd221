import type { VenueData } from './model'
import { StringTable } from './strings/StringTable'

/**
 * The one seat key → seat index map (seat keys are the server's seat_id): used by the page's
 * engine (LoadedVenue.indexOfKey: live changes and the cart) and by the worker that applies the
 * JSON map's metadata (parse/metadata.ts). Cost: one string per seat, built once per venue.
 */
export function seatKeyIndex(venue: Pick<VenueData, 'seats' | 'strings'>, strings = new StringTable(venue.strings)): Map<string, number> {
  const { seats } = venue
  const byKey = new Map<string, number>()
  for (let i = 0; i < seats.count; i++) byKey.set(strings.get(seats.key[i]), i)
  return byKey
}
