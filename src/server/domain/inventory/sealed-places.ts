import type { Db } from '../../db/connect'
import { ProcessCache } from '../../db/process-cache'
import { placesPerZone, type ZonePlaces } from './stock.repository'

/**
 * Drawings whose places per zone this process keeps: each entry is a few rows (one per zone), so
 * this bounds the map, not the memory; past it the map starts again empty.
 */
export const SEALED_PLACES_CACHE_SIZE = 256

/** A sealed drawing's counts never change, so they never age; an operator's write still voids them (process-cache.ts). */
const places = new ProcessCache<number, ZonePlaces[]>(Number.POSITIVE_INFINITY, SEALED_PLACES_CACHE_SIZE)

/**
 * Places per drawing and zone (stock.repository.ts placesPerZone) of drawings that sessions sell,
 * kept in this process by drawing id. A drawing a session is on is sealed (drawing_states, set by
 * a trigger on calendars in the same transaction) and never edited in place again: a studio save
 * on it makes a new version (migration 2026_11_24_17_d9_01), so the counts never go stale, as for
 * the map's own caches (scheme/drawing-cache.ts). Only callers whose drawings come from sessions
 * may use it (the listing's stock, the scheme page's free places); drafts change.
 *
 * Why: the count scans every seat of the drawing. At 1,000,000 seats that was ~300 ms of SQLite,
 * synchronous on the event loop (better-sqlite3), in every listing and every scheme page's
 * sessions call (`POST /api/scheme/sessions`: 412 ms of server time on the 60k stadium in a
 * storefront timeline, before the page may ask where its map is); now one scan per drawing and
 * process.
 */
export async function sealedPlacesPerZone(db: Db, drawingIds: readonly number[], zonedOnly: boolean): Promise<ZonePlaces[]> {
  const out: ZonePlaces[] = []
  for (const id of new Set(drawingIds)) {
    for (const row of await places.get(db, id, () => placesPerZone(db, [id], false))) if (!zonedOnly || row.zone_id !== null) out.push(row)
  }
  return out
}

/** Whether this process holds the drawing's places per zone (start-up's warming and its test). */
export function sealedPlacesKept(db: Db, drawingId: number): boolean {
  return places.has(db, drawingId)
}
