import { cacheOwnerOf, perHandle, type Db } from '../../db/connect'
import type { Place, SeatPlace } from '../inventory/places'
import { findPlaces, placesById } from '../inventory/places.repository'
import { drawingQualityVersion, drawingSectorNames, listDrawingSeats } from './seating.repository'
import { QUALITY_RECHECK_MS, SEATING_CACHE_SIZE } from './constants'
import { buildSeatingIndex, posOfId, type SeatingIndex } from './rows'

/**
 * The seating index of a drawing, built once from its seats and kept for the most recently used
 * SEATING_CACHE_SIZE drawings per database. The seats of a version a session sells never change
 * (it is sealed: a studio save makes a copy; only drafts, which no session uses, are edited in
 * place); a painted quality does, so an entry carries the drawing's quality version (count and sum of the
 * painted values), checked again (one aggregate query over the drawing's seats) at most every
 * QUALITY_RECHECK_MS: a repaint reaches every process within that time without a scan per call.
 */
interface Entry {
  version: string
  checkedAt: number
  index: Promise<SeatingIndex>
}
const caches = new WeakMap<Db, Map<number, Entry>>()
/**
 * Checks (and loads) in flight per drawing: the holds that arrive together at a cold process, or
 * together when an entry's recheck is due, share one version query and one build instead of each
 * building the whole index (a worker built it 14 times at the start of a rush; at 1M seats each
 * build is seconds of CPU).
 */
const inFlight = new WeakMap<Db, Map<number, Promise<SeatingIndex>>>()

export function seatingIndexOf(db: Db, drawingId: number, now = Date.now()): Promise<SeatingIndex> {
  const cache = perHandle(caches, db, () => new Map())
  const entry = cache.get(drawingId)
  if (entry && now - entry.checkedAt < QUALITY_RECHECK_MS) return entry.index
  const pending = perHandle(inFlight, db, () => new Map())
  const shared = pending.get(drawingId)
  if (shared) return shared
  const checked = recheck(db, cache, drawingId, entry, now)
  pending.set(drawingId, checked)
  const done = () => pending.delete(drawingId)
  checked.then(done, done)
  return checked
}

/** Whether this process holds the drawing's seating index (built or being built): start-up's warming and its test. */
export function seatingIndexKept(db: Db, drawingId: number): boolean {
  return caches.get(cacheOwnerOf(db))?.has(drawingId) ?? false
}

async function recheck(db: Db, cache: Map<number, Entry>, drawingId: number, entry: Entry | undefined, now: number): Promise<SeatingIndex> {
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

/**
 * What a seat's label needs beyond the index, by record (index.record[pos]): its number label
 * and sector name (its row label is the records'). Kept beside the index (same lifetime), so the cart's seats are known from
 * memory instead of a read per request (~25 B a seat more).
 */
interface SeatLabels {
  number: string[]
  row: string[]
  sector: Int32Array
  sectorName: Map<number, string>
}
const labelsOf = new WeakMap<SeatingIndex, SeatLabels>()

function seatAt(index: SeatingIndex, labels: SeatLabels, pos: number): SeatPlace {
  const r = index.record[pos]
  const zone = index.zone[pos]
  return { kind: 'seat', key: index.keys[pos], id: index.ids[pos], zoneId: zone === -1 ? null : zone, sector: labels.sectorName.get(labels.sector[r]) ?? '', row: labels.row[r], seat: labels.number[r] }
}

/**
 * Places of a session's drawing by key, as findPlaces answers them: the seats from the seating
 * index (the session's drawing is sealed, so its seats never change), standing places and keys
 * the drawing lacks read as before. The on-sale rush's hold thus costs no read of its seats.
 */
export async function sessionPlacesByKey(db: Db, drawingId: number, keys: readonly string[]): Promise<Map<string, Place>> {
  const index = await seatingIndexOf(db, drawingId)
  const labels = labelsOf.get(index)!
  const out = new Map<string, Place>()
  const rest: string[] = []
  for (const key of keys) {
    const pos = index.posByKey.get(key)
    if (pos === undefined) rest.push(key)
    else out.set(key, seatAt(index, labels, pos))
  }
  if (rest.length) for (const [key, place] of await findPlaces(db, drawingId, rest)) out.set(key, place)
  return out
}

/**
 * Seats by id as placesById answers them: those of the session's drawing from the seating index,
 * any other (a hold made before the session moved to another map version) read.
 */
export async function sessionSeatsById(db: Db, drawingId: number, ids: readonly number[]): Promise<Map<number, SeatPlace>> {
  const out = new Map<number, SeatPlace>()
  if (ids.length === 0) return out
  const index = await seatingIndexOf(db, drawingId)
  const labels = labelsOf.get(index)!
  const rest: number[] = []
  for (const id of ids) {
    const pos = posOfId(index, id)
    if (pos !== undefined && index.ids[pos] === id) out.set(id, seatAt(index, labels, pos))
    else rest.push(id)
  }
  if (rest.length) for (const [id, seat] of (await placesById(db, rest, [])).seats) out.set(id, seat)
  return out
}

async function loadIndex(db: Db, drawingId: number): Promise<SeatingIndex> {
  const [rows, sectorName] = await Promise.all([listDrawingSeats(db, drawingId), drawingSectorNames(db, drawingId)])
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
  const index = buildSeatingIndex(records)
  labelsOf.set(index, { number: rows.map((r) => r.number_label), row: records.row, sector: records.sector, sectorName })
  return index
}
