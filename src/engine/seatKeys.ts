import { buildKeyRuns, seatOfKey } from './keyRuns'
import type { KeyRunBuffers, VenueData } from './model'
import { StringTable } from './strings/StringTable'

type KeyedVenue = Pick<VenueData, 'seats' | 'strings'>

/**
 * String-table index of seat `i`'s key: the venue's key column, or, where the keys are kept as
 * parts (a compiled venue, model.ts: no column), the i-th part string after the packed strings.
 */
export function seatKeyId(venue: KeyedVenue, i: number): number {
  const column = venue.seats.key
  return column !== undefined ? column[i] : venue.strings.offsets.length - 1 + i
}

/** Finds a seat by its key (the server's seat_id): -1 when no seat has it. */
export interface SeatKeyLookup {
  indexOf(key: string): number
}

/**
 * The one seat key → seat index map (seat keys are the server's seat_id): used by the page's
 * engine (LoadedVenue.indexOfKey: live changes and the cart) and by the worker that applies the
 * JSON map's metadata (parse/metadata.ts). Cost: one string per seat, built once per venue; at
 * 1,000,000 seats about 60 B a seat of heap and 1.7 s of CPU (Node, this machine), so the page
 * finds a venue's seats through the key parts' runs where it has them (seatKeyLookup).
 */
export function seatKeyIndex(venue: KeyedVenue, strings = new StringTable(venue.strings)): Map<string, number> {
  const byKey = new Map<string, number>()
  for (let i = 0; i < venue.seats.count; i++) byKey.set(strings.get(seatKeyId(venue, i)), i)
  return byKey
}

/**
 * The page's key lookup: through the key parts' runs (keyRuns.ts) when the venue keeps its keys
 * as parts (every compiled venue; the venue worker built the runs with the decode, else they are
 * built here), else the string map above.
 */
export function seatKeyLookup(venue: KeyedVenue & { keyRuns?: KeyRunBuffers }): SeatKeyLookup {
  const runs = venue.seats.key === undefined ? (venue.keyRuns ?? buildKeyRuns(venue.strings)) : undefined
  if (runs !== undefined) {
    const names: (string | undefined)[] = new Array<string | undefined>(runs.prefixes.length)
    return { indexOf: (key) => seatOfKey(venue.strings, runs, key, names) }
  }
  const map = seatKeyIndex(venue)
  return { indexOf: (key) => map.get(key) ?? -1 }
}
