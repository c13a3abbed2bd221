import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { buildPath } from '../../../contract/calls'
import { COMPILED_VENUE_PATH, SCHEME_MAP_STATUSES_PATH, SEAT_STATUS_BYTE, type SchemeMapCompiledResponse } from '../../../contract/entities/compiledVenue'
import { perHandle, type Db } from '../../db/connect'
import { compiledVenueOfDrawing } from '../../venues/compiled'
import { UncompilableVersionError } from '../../venues/version-venue'
import { cachedSessionAnswer, type SessionAnswer } from './map-cache'
import { listLiveSeatStates, listSeatOrder, listTypedSeatNames, seatStateVersion } from './map.repository'
import { ApiFailure } from '../../errors'
import { standingView, statusOfState } from './map'
import { loadSchemeSession } from './repository'
import { mapMetaOfDrawing } from './map-meta.repository'
import { latestChangeId } from '../live/changes.repository'
import { accessTypeSchema } from '../../../contract/entities/access'

/**
 * The storefront's map in compiled form (issue 16.1): where the session's compiled drawing lies
 * (POST /api/scheme/map/compiled) and its statuses as one byte per seat in the compiled seat order
 * (GET /api/scheme/map/statuses). The seat order is the drawing's seats rows by id, the order of
 * the compiled venue's columns: the parser's order for an import (import.ts inserts them in it),
 * and for a version edited in the studio the same order less its deleted seats, compiled from
 * its rows (venues/version-venue.ts).
 */

const gzip = promisify(zlib.gzip)
/** Status bytes are built per change of a session: a fast level (1M seats: a few ms). */
const STATUS_GZIP_LEVEL = 6
/** Drawings whose seat order is kept in memory (4 bytes per seat each). */
const SEAT_ORDER_CACHE_SIZE = 6

export async function schemeMapCompiledAnswer(db: Db, hash: string, calendarId: number, now = Date.now()): Promise<SchemeMapCompiledResponse> {
  const version = await latestChangeId(db)
  const session = await loadSchemeSession(db, calendarId, now, hash, { viewOnly: true })
  const priced = pricedZones(session)
  const venue = await compiledVenueOf(db, session.drawingId)
  const stands = await standingView(db, session.drawingId, calendarId, [...priced], session.event.demquantlimit, now)
  return {
    venue: {
      url: buildPath(COMPILED_VENUE_PATH, { hash: venue.hash }),
      content_hash: venue.hash,
      format_version: venue.formatVersion,
      seat_count: venue.seatCount,
      bytes: venue.bytes,
    },
    statuses_url: `${SCHEME_MAP_STATUSES_PATH}?${new URLSearchParams({ hash, calendar_id: String(calendarId) })}`,
    seat_stand: stands.list,
    // Read per request (map-meta.repository.ts): the compiled venue is cached per drawing, the meta is the venue's and may change.
    meta: await mapMetaOfDrawing(db, session.drawingId),
    version,
    access: (await listTypedSeatNames(db, session.drawingId)).flatMap((r) => {
      const access = accessTypeSchema.safeParse(r.access_type)
      if (!access.success) return []
      return [{ seat_id: r.seat_key, sector: r.sector, row: r.row_label, seat: r.number_label, access: access.data, ...(r.companion_of ? { companion_of: r.companion_of } : {}) }]
    }),
  }
}

/**
 * The drawing's compiled venue. A version whose rows name a seat its drawing does not have cannot
 * be compiled: it answers not found, and the page takes the JSON path (SchemeMapController).
 */
async function compiledVenueOf(db: Db, drawingId: number) {
  try {
    return await compiledVenueOfDrawing(db, drawingId)
  } catch (e) {
    if (e instanceof UncompilableVersionError) throw new ApiFailure('compiled-venue-not-found', { hash: String(drawingId) })
    throw e
  }
}

function pricedZones(session: Awaited<ReturnType<typeof loadSchemeSession>>): Set<number> {
  return new Set([...session.prices, ...session.subscriptionPrices].map((p) => p.zone_id))
}

/** The status bytes of a session with their gzip, made once per change of the session. */
export class StatusBytes implements SessionAnswer {
  private gz: Promise<Buffer> | null = null

  constructor(
    readonly key: string,
    readonly validUntil: number,
    readonly bytes: Buffer,
  ) {}

  gzip(): Promise<Buffer> {
    this.gz ??= gzip(this.bytes, { level: STATUS_GZIP_LEVEL })
    return this.gz
  }
}

const statusCaches = new WeakMap<Db, Map<number, Promise<StatusBytes>>>()

/**
 * One byte per seat of the session's drawing (SEAT_STATUS_BYTE): seats of zones without a price
 * row (regular or subscription) are `off`, the rest free, held or sold by the live-hold rule. Cached
 * like the map answer: per session, under its seat-state version, priced zones and earliest expiry.
 */
export async function seatStatusBytes(db: Db, hash: string, calendarId: number, now = Date.now()): Promise<StatusBytes> {
  const session = await loadSchemeSession(db, calendarId, now, hash, { viewOnly: true })
  const priced = pricedZones(session)
  const version = await seatStateVersion(db, calendarId)
  // The compiled venue's hash keys the seat order: a draft compiled again after an edit in place
  // (forgetCompiledVenue) gets the order of the seats it has now, not one cached before.
  const venue = await compiledVenueOf(db, session.drawingId)
  const key = `${version}|${session.drawingId}|${venue.hash}|${[...priced].sort((a, b) => a - b).join(',')}`
  return cachedSessionAnswer(statusCaches, db, calendarId, key, now, async () => {
    const order = await seatOrder(db, session.drawingId, venue.hash)
    const holds = await listLiveSeatStates(db, calendarId, now)
    const bytes = Buffer.alloc(order.ids.length, SEAT_STATUS_BYTE.free)
    for (let i = 0; i < order.ids.length; i++) if (!priced.has(order.zones[i])) bytes[i] = SEAT_STATUS_BYTE.off
    let validUntil = Number.POSITIVE_INFINITY
    for (const h of holds) {
      const i = order.indexOf.get(h.seat_id)
      if (i === undefined || bytes[i] === SEAT_STATUS_BYTE.off) continue
      bytes[i] = SEAT_STATUS_BYTE[statusOfState(h.state)]
      if (h.expires_at !== null && h.expires_at > now && h.expires_at < validUntil) validUntil = h.expires_at
    }
    return new StatusBytes(key, validUntil, bytes)
  })
}

interface SeatOrder {
  ids: Int32Array
  /** Zone id per seat (0 = none). */
  zones: Int32Array
  indexOf: Map<number, number>
}

const orders = new WeakMap<Db, Map<string, Promise<SeatOrder>>>()

/** The drawing's seats in compiled order (by id), with their zones, for its compiled venue `hash`. */
function seatOrder(db: Db, drawingId: number, hash: string): Promise<SeatOrder> {
  const cache = perHandle(orders, db, () => new Map())
  const key = `${drawingId}|${hash}`
  let entry = cache.get(key)
  if (entry) return entry
  entry = (async () => {
    const rows = await listSeatOrder(db, drawingId)
    const ids = new Int32Array(rows.length)
    const zones = new Int32Array(rows.length)
    const indexOf = new Map<number, number>()
    rows.forEach((r, i) => {
      ids[i] = r.id
      zones[i] = r.zone_id ?? 0
      indexOf.set(r.id, i)
    })
    return { ids, zones, indexOf }
  })()
  entry.catch(() => cache.delete(key))
  cache.set(key, entry)
  while (cache.size > SEAT_ORDER_CACHE_SIZE) cache.delete(cache.keys().next().value!)
  return entry
}
