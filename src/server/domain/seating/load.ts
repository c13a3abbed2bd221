import type { Db } from '../../db/connect'
import { drawingQualityVersion, listDrawingSeats } from './seating.repository'
import { QUALITY_RECHECK_MS, SEATING_CACHE_SIZE } from './constants'
import { buildSeatingIndex, type SeatingIndex } from './rows'

/**
 * The seating index of a drawing, built once from its seats and kept for the most recently used
 * SEATING_CACHE_SIZE drawings per database. A drawing's seats never change after import; a
 * painted quality does, so an entry carries the drawing's quality version (count and sum of the
 * painted values), checked again (one aggregate query over the drawing's seats) at most every
 * QUALITY_RECHECK_MS: a repaint reaches every process within that time without a scan per call.
 */
interface Entry {
  version: string
  checkedAt: number
  index: Promise<SeatingIndex>
}
const caches = new WeakMap<Db, Map<number, Entry>>()

export async function seatingIndexOf(db: Db, drawingId: number, now = Date.now()): Promise<SeatingIndex> {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new Map()))
  const entry = cache.get(drawingId)
  if (entry && now - entry.checkedAt < QUALITY_RECHECK_MS) return entry.index
  const version = await drawingQualityVersion(db, drawingId)
  cache.delete(drawingId)
  if (entry && entry.version === version) {
    entry.checkedAt = now
    cache.set(drawingId, entry)
    return entry.index
  }
  const index = loadIndex(db, drawingId)
  index.catch(() => cache.delete(drawingId))
  cache.set(drawingId, { version, checkedAt: now, index })
  while (cache.size > SEATING_CACHE_SIZE) cache.delete(cache.keys().next().value!)
  return index
}

async function loadIndex(db: Db, drawingId: number): Promise<SeatingIndex> {
  const rows = await listDrawingSeats(db, drawingId)
  const count = rows.length
  const records = {
    count,
    ids: new Int32Array(count),
    keys: new Array<string>(count),
    sector: new Int32Array(count),
    row: new Array<string>(count),
    x: new Float64Array(count),
    y: new Float64Array(count),
    zone: new Int32Array(count),
    quality: new Float64Array(count),
  }
  rows.forEach((r, i) => {
    records.ids[i] = r.id
    records.keys[i] = r.seat_key
    records.sector[i] = r.sector_id
    records.row[i] = r.row_label
    records.x[i] = Number(r.x)
    records.y[i] = Number(r.y)
    records.zone[i] = r.zone_id ?? -1
    records.quality[i] = r.quality === null ? Number.NaN : Number(r.quality)
  })
  return buildSeatingIndex(records)
}
