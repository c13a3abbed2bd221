import type { SchemeMapResponse, SeatStatus } from '../../../contract/entities/scheme'
import type { Db } from '../../db/connect'
import { latestChangeId } from '../live/changes.repository'
import { drawingParts } from './drawing-cache'
import { cachedMapAnswer, MAP_CACHE_MAX_AGE_MS, MapAnswer } from './map-cache'
import { mapMetaOfDrawing } from './map-meta.repository'
import { listLiveSeatStates, listStandingWithHolds, seatStateVersion } from './map.repository'
import { loadSchemeSession } from './repository'

/** What the map shows for a live hold's state: a cart holds, an order (paid or not) sells. */
export function statusOfState(state: string | null): SeatStatus {
  if (state === null) return 'free'
  return state === 'cart' ? 'held' : 'sold'
}

/**
 * POST /api/scheme/map, as JSON text (schemeMapResponseSchema):
 *
 * - svg, sectors: the drawing's, serialized once per drawing (drawing-cache.ts);
 * - seat_numbers: the seats of the zones priced in this session, at regular or subscription
 *   prices (the engine shows every other seat as not for sale), each with its live status; a hold past its expiry reads as free at
 *   once, before the sweeper writes its release;
 * - seat_stand: the priced standing places with the places still free (quant) and the most one
 *   order may take there (limit: capacity capped by demquantlimit);
 * - meta: the map metadata, the venue's detail threshold (map-meta.repository.ts), null when none is set;
 * - version: the newest change log id read before the holds, so every change after it reaches
 *   the client through the live stream it opens with last_event_id = version.
 *
 * The stadium has 60,000 seats, so the answer is joined from the cached per-seat JSON (no
 * per-seat objects, no second serialization) after one indexed query of the session's live
 * holds, and the whole answer (with its gzip) is reused while the session's seat-state version
 * (map-cache.ts), its priced zones and its order limit stay the same and none of its holds has
 * expired, for at most MAP_CACHE_MAX_AGE_MS (so its version stays within the kept change log).
 * The session itself is checked on every request. The route sends the text as it is.
 */
export async function schemeMapAnswer(db: Db, hash: string, calendarId: number, now = Date.now()): Promise<MapAnswer> {
  const session = await loadSchemeSession(db, calendarId, now, hash, { viewOnly: true })
  // Zones sold at regular or subscription prices: the page marks those its visitor cannot buy in
  // the mode chosen (a subscription covers some zones only).
  const priced = [...new Set([...session.prices, ...session.subscriptionPrices].map((p) => p.zone_id))].sort((a, b) => a - b)
  // Read before the holds: a change committed meanwhile makes the next request rebuild.
  const version = await seatStateVersion(db, calendarId)
  // The meta is in the key: an operator's change of it reaches the next answer, not one 10 minutes on.
  const meta = JSON.stringify(await mapMetaOfDrawing(db, session.drawingId))
  const key = `${version}|${session.drawingId}|${priced.join(',')}|${session.event.demquantlimit}|${meta}`
  return cachedMapAnswer(db, calendarId, key, now, () => buildAnswer(db, key, session.drawingId, calendarId, new Set(priced), session.event.demquantlimit, meta, now))
}

async function buildAnswer(db: Db, key: string, drawingId: number, calendarId: number, priced: Set<number>, orderLimit: number, metaJson: string, now: number): Promise<MapAnswer> {
  const parts = await drawingParts(db, drawingId)
  const logVersion = await latestChangeId(db)
  const holds = await listLiveSeatStates(db, calendarId, now)
  let validUntil = now + MAP_CACHE_MAX_AGE_MS
  const statusOf = new Map<number, SeatStatus>()
  for (const h of holds) {
    statusOf.set(h.seat_id, statusOfState(h.state))
    if (h.expires_at !== null && h.expires_at > now && h.expires_at < validUntil) validUntil = h.expires_at
  }

  const seats: string[] = []
  const { seatIds, seatZones, seatPrefix } = parts
  for (let i = 0; i < seatIds.length; i++) {
    if (!priced.has(seatZones[i])) continue
    seats.push(`${seatPrefix[i]}${statusOf.get(seatIds[i]) ?? 'free'}"}`)
  }
  const stands = await standingView(db, drawingId, calendarId, [...priced], orderLimit, now)
  validUntil = Math.min(validUntil, stands.validUntil)
  const json = `{"svg":${parts.svgJson},"sectors":${parts.sectorsJson},"seat_numbers":[${seats.join(',')}],"seat_stand":${JSON.stringify(stands.list)},"meta":${metaJson},"version":${logVersion}}`
  return new MapAnswer(key, validUntil, json)
}

/** The priced standing places with their places still free (also the compiled map's seat_stand). */
export async function standingView(db: Db, drawingId: number, calendarId: number, priced: number[], orderLimit: number, now: number): Promise<{ list: SchemeMapResponse['seat_stand']; validUntil: number }> {
  if (priced.length === 0) return { list: [], validUntil: Number.POSITIVE_INFINITY }
  const stands = await listStandingWithHolds(db, drawingId, calendarId, priced, now)
  let validUntil = Number.POSITIVE_INFINITY
  const list = stands.map((p) => {
    if (p.ends !== null && p.ends !== undefined) validUntil = Math.min(validUntil, Number(p.ends))
    return {
      seat_id: p.place_key,
      seat_name: p.name || p.place_key,
      cat: p.zone_id!,
      limit: Math.min(p.capacity, orderLimit),
      quant: Math.max(0, p.capacity - Number(p.n ?? 0)),
    }
  })
  return { list, validUntil }
}
