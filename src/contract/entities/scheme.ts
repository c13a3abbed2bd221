import { z } from 'zod'
import { accessTypeSchema } from './access'
import { localized, requestLangSchema } from '../lang'
import { checkboxItemSchema, countSchema, daySchema, hashSchema, idSchema, timeSchema } from './common'
import { compositionLineSchema } from './afisha'
import { eventActionSchema } from './event'
import { priceRowSchema } from './price'

/** A session (date and time) of a seat-map event (001 §3 "Scheme event data"). */
export const schemeSessionSchema = z.object({
  calendar_id: idSchema,
  event_day: daySchema,
  event_time: timeSchema,
  quant: countSchema,
})
export type SchemeSession = z.infer<typeof schemeSessionSchema>

export const schemeRequestSchema = z.object({
  hash: hashSchema,
  lang: requestLangSchema,
})

/**
 * POST /api/scheme answer (our design; the spec lists the path only): the scheme-view page
 * header. action (flags and names), actionStr (subscription composition, titled
 * 'Состав абонемента'), checkboxList (agreements of the cart form). Dates, times and prices
 * come from /api/scheme/sessions, the drawing from /api/scheme/map.
 */
export const schemeResponseSchema = z.object({
  action: eventActionSchema,
  actionStr: z.array(compositionLineSchema),
  checkboxList: z.array(checkboxItemSchema),
})

export const schemeSessionsRequestSchema = z.object({ hash: hashSchema })

/**
 * POST /api/scheme/sessions answer (001 §7): calendar (sessions), prices (price rows; each
 * carries its calendar_id), action.
 */
export const schemeSessionsResponseSchema = z.object({
  calendar: z.array(schemeSessionSchema),
  prices: z.array(priceRowSchema),
  action: eventActionSchema,
})
export type SchemeSessionsResponse = z.infer<typeof schemeSessionsResponseSchema>

export const schemeMapRequestSchema = z.object({
  hash: hashSchema,
  calendar_id: idSchema,
})

/** Seat status as the map shows it: free to take, held in someone's cart, or sold. */
export const SEAT_STATUSES = ['free', 'held', 'sold'] as const
export const seatStatusSchema = z.enum(SEAT_STATUSES)
export type SeatStatus = z.infer<typeof seatStatusSchema>

/** A sector of the drawing: sector_id is its key in the svg; names per language. */
export const schemeSectorSchema = z.object({
  sector_id: z.string(),
  ...localized('sector'),
})

/**
 * A numbered seat: seat_id is the seat's key string in the drawing; sector, row and seat are the
 * display names; zonelevel_id links it to the price rows.
 */
export const seatNumberSchema = z.object({
  seat_id: z.string(),
  sector: z.string(),
  row: z.string(),
  seat: z.string(),
  zonelevel_id: idSchema,
  status: seatStatusSchema,
  /** Our addition (issue 20 item 3): what the seat is for; absent = an ordinary seat. */
  access: accessTypeSchema.optional(),
  /** A companion seat's wheelchair space (its seat_id). */
  companion_of: z.string().optional(),
})
export type SeatNumber = z.infer<typeof seatNumberSchema>

/**
 * A standing place (001 §3): seat_name its display name, cat its zone level id, limit the most
 * one order may take, quant the places still free.
 */
export const seatStandSchema = z.object({
  seat_id: z.string(),
  seat_name: z.string(),
  cat: idSchema,
  limit: countSchema,
  quant: countSchema,
})
export type SeatStand = z.infer<typeof seatStandSchema>

/**
 * The map metadata (our addition; 001 §9 "detail switch threshold default 500 percent, max zoom
 * 2000, overridable by map metadata"), in percent of the fit-to-view zoom; null = none set.
 * - detail_threshold: the zoom at which single seats replace the sectors (the engine's
 *   detailThreshold clamps it to 100..2000, the bounds the console accepts). An operator sets it
 *   per venue on the console's venues screen (venues.map_detail_threshold); every version of the
 *   venue's map answers it.
 * - max_zoom: not stored, always null: the camera stops at MAX_ZOOM (24, the same §9 line) on
 *   every map. The spec's "max zoom 2000" is read as the cap on the threshold above.
 */
export const schemeMapMetaSchema = z
  .object({
    detail_threshold: z.number().positive().nullable(),
    max_zoom: z.number().positive().nullable(),
  })
  .nullable()
export type SchemeMapMeta = z.infer<typeof schemeMapMetaSchema>

/**
 * POST /api/scheme/map answer (001 §7; issue "seat booking"): svg = the venue drawing ('' when
 * not uploaded yet: messages.scheme-not-loaded), sectors, seat_numbers, seat_stand.
 * meta: the map metadata (schemeMapMetaSchema); null when the venue sets none.
 */
export const schemeMapResponseSchema = z.object({
  svg: z.string(),
  sectors: z.array(schemeSectorSchema),
  seat_numbers: z.array(seatNumberSchema),
  seat_stand: z.array(seatStandSchema),
  meta: schemeMapMetaSchema,
  /**
   * Our addition: the position in the session's change log (seat_changes id) the statuses above
   * are as of. The client opens the live stream with last_event_id = version, so a change made
   * between this answer and the stream is replayed, not missed. Optional for clients and servers
   * that follow the spec's shape only (without it the stream starts from now).
   */
  version: z.number().int().min(0).optional(),
})
export type SchemeMapResponse = z.infer<typeof schemeMapResponseSchema>

/**
 * A message of the server-sent event stream GET /api/scheme/events?calendar_id= (our design):
 * each `data:` line is this JSON, sent whenever seats of that session change status. The stream
 * is not a registry call (it is not request/answer); the server documents it beside the map.
 */
export const seatStatusEventSchema = z.object({
  calendar_id: idSchema,
  changes: z.array(z.object({ seat_id: z.string(), status: seatStatusSchema })),
})
export type SeatStatusEvent = z.infer<typeof seatStatusEventSchema>

/**
 * The `event: sync` message of the same stream (our design): sent once per connection after
 * any replay. `version` = the stream's resume point (also its `id:`): every change up to it has
 * been sent or was already the client's. `resync` = true when the client must re-read the
 * statuses (/api/scheme/map) because it gave no resume point (no Last-Event-ID, no
 * last_event_id), gave one we never sent, or the changes it missed are no longer kept.
 */
export const seatSyncEventSchema = z.object({
  calendar_id: idSchema,
  version: z.number().int().min(0),
  resync: z.boolean(),
})
export type SeatSyncEvent = z.infer<typeof seatSyncEventSchema>

/** SSE event names of the stream: unnamed `data:` messages are seat changes (EventSource 'message'). */
export const SEAT_STREAM_EVENTS = { changes: 'message', sync: 'sync' } as const

/**
 * Query of GET /api/scheme/events. last_event_id: where the client's statuses stand in the change
 * log, for the first connection: the `version` of the map answer it drew. A reconnecting
 * EventSource sends the Last-Event-ID header instead, which wins over this.
 */
export const seatStatusStreamQuerySchema = z.object({
  calendar_id: z.coerce.number().pipe(idSchema),
  last_event_id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
})
export const SEAT_EVENTS_PATH = '/api/scheme/events'
