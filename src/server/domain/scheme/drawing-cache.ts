import { ACCESS_TYPES, type AccessType } from '../../../contract/entities/access'
import type { SchemeMapResponse, SeatNumber } from '../../../contract/entities/scheme'
import { perHandle, type Db } from '../../db/connect'
import { findDrawingSvg, listMapSeats, listSectorNames } from './map.repository'

/** Drawings whose map parts are kept in memory (the demo has three; each costs ~2× its svg plus ~100 B per seat). */
export const DRAWING_CACHE_SIZE = 6

/**
 * The parts of a map answer that never change for a drawing, serialized once: the svg and the
 * sectors as JSON, and each seat as the JSON of its fields up to its status. Only versions a
 * session sells come here, and those are sealed: a studio save on one makes a copy (a new drawing
 * id), and only drafts, which no session uses, are edited in place (drawing_states' revision). So
 * the cache never goes stale; it only holds the most recently used DRAWING_CACHE_SIZE drawings.
 */
export interface DrawingParts {
  svgJson: string
  sectorsJson: string
  seatIds: Int32Array
  seatZones: Int32Array
  /** `{"seat_id":…,"zonelevel_id":…,"status":"` per seat: the status and `"}` follow. */
  seatPrefix: string[]
}

/** Per database (tests run several servers in one process; drawing ids repeat across databases). */
const caches = new WeakMap<Db, Map<number, Promise<DrawingParts>>>()

export function drawingParts(db: Db, drawingId: number): Promise<DrawingParts> {
  const cache = perHandle(caches, db, () => new Map())
  let entry = cache.get(drawingId)
  if (entry) {
    // Most recently used last (Map keeps insertion order).
    cache.delete(drawingId)
    cache.set(drawingId, entry)
    return entry
  }
  entry = loadParts(db, drawingId)
  entry.catch(() => cache.delete(drawingId))
  cache.set(drawingId, entry)
  while (cache.size > DRAWING_CACHE_SIZE) cache.delete(cache.keys().next().value!)
  return entry
}

async function loadParts(db: Db, drawingId: number): Promise<DrawingParts> {
  const drawing = await findDrawingSvg(db, drawingId)
  const sectors = await listSectorNames(db, drawingId)
  const seats = await listMapSeats(db, drawingId)
  const sectorList: SchemeMapResponse['sectors'] = sectors.map((s) => {
    const id = s.name || `sector-${s.sector_index}`
    return { sector_id: id, sector_ru: id, sector_en: id, sector_kz: id, sector_ch: id }
  })
  const seatIds = new Int32Array(seats.length)
  const seatZones = new Int32Array(seats.length)
  const seatPrefix = new Array<string>(seats.length)
  seats.forEach((s, i) => {
    seatIds[i] = s.id
    seatZones[i] = s.zone_id!
    const fields: Omit<SeatNumber, 'status'> = { seat_id: s.seat_key, sector: s.sector, row: s.row_label, seat: s.number_label, zonelevel_id: s.zone_id! }
    // Accessible seating (issue 20 item 3): present only on typed seats, so old clients and plain maps read the same.
    if (s.access_type && isAccessType(s.access_type)) fields.access = s.access_type
    if (s.companion_of) fields.companion_of = s.companion_of
    seatPrefix[i] = `${JSON.stringify(fields).slice(0, -1)},"status":"`
  })
  return { svgJson: JSON.stringify(drawing.svg), sectorsJson: JSON.stringify(sectorList), seatIds, seatZones, seatPrefix }
}

const isAccessType = (v: string): v is AccessType => (ACCESS_TYPES as readonly string[]).includes(v)
