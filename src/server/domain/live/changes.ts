import type { SeatStatus } from '../../../contract/entities/scheme'
import type { Db } from '../../db/connect'
import { standingCapacity } from '../inventory/holds.repository'
import { listChangeRows, liveStandingHeld, type ChangeRow } from './changes.repository'

/** One change of the log with the place's key in the drawing. */
export interface Change {
  id: number
  calendarId: number
  /** seat_id of the map: the seat key or the standing place key. */
  key: string
  status: SeatStatus
}

/**
 * Changes with id above `afterId` (of one session, or of all), oldest first, with the place keys.
 * A standing place's status is what the place offers now: 'free' while it has room, else
 * 'sold' (the map reads its exact quant from /api/scheme/map).
 */
export async function readChanges(db: Db, afterId: number, limit: number, calendarId?: number): Promise<Change[]> {
  const rows = await listChangeRows(db, afterId, limit, calendarId)
  const standing = rows.filter((r) => r.standing_place_id !== null)
  const room = standing.length ? await standingRoom(db, standing) : new Map<string, number>()
  const out: Change[] = []
  for (const r of rows) {
    const key = r.seat_key ?? r.place_key
    if (key === null) continue
    const status = r.standing_place_id === null ? r.status : (room.get(`${r.calendar_id}:${r.standing_place_id}`) ?? 0) > 0 ? 'free' : 'sold'
    out.push({ id: Number(r.id), calendarId: r.calendar_id, key, status })
  }
  return out
}

async function standingRoom(db: Db, rows: readonly ChangeRow[]): Promise<Map<string, number>> {
  const now = Date.now()
  const out = new Map<string, number>()
  const places = [...new Set(rows.map((r) => r.standing_place_id!))]
  const calendars = [...new Set(rows.map((r) => r.calendar_id))]
  const capacity = await standingCapacity(db, places)
  const held = await liveStandingHeld(db, calendars, places, now)
  const heldBy = new Map(held.map((h) => [`${h.calendar_id}:${h.standing_place_id}`, Number(h.n)]))
  for (const r of rows) {
    const cap = capacity.get(r.standing_place_id!) ?? 0
    const key = `${r.calendar_id}:${r.standing_place_id}`
    out.set(key, cap - (heldBy.get(key) ?? 0))
  }
  return out
}
