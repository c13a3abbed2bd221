import type { Db } from '../../db/connect'
import { placesPerZone } from './stock.repository'

/** Places of one drawing and zone: seats counted, standing places by capacity (zone null: none). */
export interface ZonePlaces {
  drawing_id: number
  zone_id: number | null
  n: number
}

/**
 * Drawings whose places per zone this process keeps: each entry is a few rows (one per zone), so
 * this bounds the map, not the memory; more drawings than this on sale only re-count the oldest.
 */
export const SEALED_PLACES_CACHE_SIZE = 256

/** Per database (tests run several servers in one process; drawing ids repeat across databases). */
const caches = new WeakMap<Db, Map<number, Promise<ZonePlaces[]>>>()

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
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new Map()))
  const out: ZonePlaces[] = []
  for (const id of new Set(drawingIds)) {
    let entry = cache.get(id)
    if (entry) {
      // Most recently used last (a Map keeps insertion order).
      cache.delete(id)
    } else {
      const missing = placesPerZone(db, [id], false)
      missing.catch(() => cache.delete(id))
      entry = missing
    }
    cache.set(id, entry)
    while (cache.size > SEALED_PLACES_CACHE_SIZE) cache.delete(cache.keys().next().value!)
    for (const row of await entry) if (!zonedOnly || row.zone_id !== null) out.push(row)
  }
  return out
}
