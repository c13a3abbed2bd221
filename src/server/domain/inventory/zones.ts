import type { Db } from '../../db/connect'
import { sealedPlacesPerZone } from './sealed-places'
import { liveHoldsPerZone } from './stock.repository'

/**
 * Places still free per session and zone (zonelevel) of seat-map sessions: seats and standing
 * capacity of each zone of the drawing, minus live holds (cart, order or sold) that have not
 * expired at `now`. An expired hold counts as free at once, before the sweeper writes its
 * release. One grouped query of the holds whatever the number of sessions or seats (the places
 * per zone of a drawing are counted once per process: sealed-places.ts).
 */
export async function freeByZone(db: Db, calendars: readonly { id: number; drawing_id: number | null }[], now: number): Promise<Map<number, Map<number, number>>> {
  const out = new Map<number, Map<number, number>>()
  const mapped = calendars.filter((c): c is { id: number; drawing_id: number } => c.drawing_id !== null)
  if (mapped.length === 0) return out
  const drawingIds = [...new Set(mapped.map((c) => c.drawing_id))]
  const calendarIds = mapped.map((c) => c.id)

  const capacity = new Map<string, number>()
  for (const r of await sealedPlacesPerZone(db, drawingIds, true)) {
    const key = `${r.drawing_id}:${r.zone_id}`
    capacity.set(key, (capacity.get(key) ?? 0) + Number(r.n))
  }

  const taken = new Map<string, number>()
  for (const r of await liveHoldsPerZone(db, calendarIds, now)) {
    const key = `${r.calendar_id}:${r.zone_id}`
    taken.set(key, (taken.get(key) ?? 0) + Number(r.n))
  }

  for (const c of mapped) {
    const zones = new Map<number, number>()
    for (const [key, n] of capacity) {
      const [drawing, zone] = key.split(':').map(Number)
      if (drawing !== c.drawing_id) continue
      zones.set(zone, Math.max(0, n - (taken.get(`${c.id}:${zone}`) ?? 0)))
    }
    out.set(c.id, zones)
  }
  return out
}
