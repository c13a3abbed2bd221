import type { Db } from '../../db/connect'
import { SEALED_PLACES_CACHE_SIZE, sealedPlacesPerZone } from '../inventory/sealed-places'
import { SEATING_CACHE_SIZE } from './constants'
import { seatingIndexOf } from './load'
import { upcomingSessionDrawings } from './seating.repository'

/**
 * What a process builds before it listens (server.ts startServer): for the drawings of sessions
 * to come, the places per zone (sealed-places.ts: the listing and every scheme page count them)
 * and, for the largest of them, the seating index (load.ts: every hold and best-available pick
 * reads it).
 *
 * Why: both were built by the first visitor who needed them. At 1,000,000 seats the seating index
 * took 7.5-8.5 s of the first hold after a start (every seat of the drawing read: ~4 s of
 * synchronous SQLite, which stopped the whole process, then ~1.5 s of indexing), and the first
 * listing paid ~300 ms a big drawing. A process is started before a rush, not in it; in a
 * cluster the others serve while one restarts. What it costs: the start takes that long instead
 * (about 5 s a million seats here), and the memory is taken at start, not at the first hold.
 */

export interface WarmStartReport {
  drawings: number
  indexed: number
  seats: number
  ms: number
}

export async function warmSeatingAtStart(db: Db, now = Date.now()): Promise<WarmStartReport> {
  const started = performance.now()
  const drawings = await upcomingSessionDrawings(db, now, SEALED_PLACES_CACHE_SIZE)
  const size = new Map<number, number>()
  for (const r of await sealedPlacesPerZone(db, drawings, false)) size.set(r.drawing_id, (size.get(r.drawing_id) ?? 0) + Number(r.n))
  // Only SEATING_CACHE_SIZE indexes fit: the largest, as a small drawing's index builds in milliseconds on demand.
  const largest = [...drawings].sort((a, b) => (size.get(b) ?? 0) - (size.get(a) ?? 0) || a - b).slice(0, SEATING_CACHE_SIZE)
  let seats = 0
  // Most expensive last in, so the least recently used the cache would drop is the cheapest.
  for (const id of [...largest].reverse()) seats += (await seatingIndexOf(db, id)).count
  return { drawings: drawings.length, indexed: largest.length, seats, ms: Math.round(performance.now() - started) }
}
