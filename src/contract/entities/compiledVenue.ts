import { z } from 'zod'
import { hashSchema, idSchema } from './common'
import { schemeMapResponseSchema, seatNumberSchema, seatStandSchema } from './scheme'

/**
 * The seat map in compiled form (issue 16.1, our design): the storefront's map downloads the
 * drawing once as the engine's binary venue (src/engine/compiled/format.ts) at an immutable URL
 * named by its content hash, and per session only a byte per seat. /api/scheme/map keeps the
 * spec's JSON shape for any other client.
 */

/** Path of a compiled venue; `:hash` is its content hash (32 hex digits). */
export const COMPILED_VENUE_PATH = '/api/venues/compiled/:hash'
export const SCHEME_MAP_STATUSES_PATH = '/api/scheme/map/statuses'

/** Content hash of a compiled venue: the first 32 hex digits of SHA-256 of its bytes. */
export const compiledVenueHashSchema = z.string().regex(/^[0-9a-f]{32}$/)
export const compiledVenueParamsSchema = z.object({ hash: compiledVenueHashSchema })

/**
 * One byte per seat of the compiled venue, in its seat order (GET /api/scheme/map/statuses):
 * free, held (in someone's cart), sold (in an order), or not for sale in this session (its zone
 * has no price row, or it has no zone).
 */
export const SEAT_STATUS_BYTE = { free: 0, held: 1, sold: 2, off: 3 } as const
export type SeatStatusByte = (typeof SEAT_STATUS_BYTE)[keyof typeof SEAT_STATUS_BYTE]

/** POST /api/scheme/map/compiled answer: where the session's map lies, and what is small. */
export const schemeMapCompiledResponseSchema = z.object({
  venue: z.object({
    /** Immutable URL of the compiled drawing (long-lived cache, ETag). */
    url: z.string(),
    content_hash: compiledVenueHashSchema,
    format_version: z.number().int().positive(),
    seat_count: z.number().int().min(0),
    /** Compressed sizes, for progress and the benchmarks. */
    bytes: z.object({ raw: z.number().int(), gzip: z.number().int(), brotli: z.number().int() }),
  }),
  /** URL of this session's status bytes (no-store). */
  statuses_url: z.string(),
  seat_stand: z.array(seatStandSchema),
  meta: schemeMapResponseSchema.shape.meta,
  /**
   * The change-log position read before this answer (as /api/scheme/map's `version`): the status
   * bytes fetched after it are at least this new, and the live stream opened from it replays every
   * change since, so none falls between the two.
   */
  version: schemeMapResponseSchema.shape.version,
  /**
   * Our addition (issue 20 item 3): the map's typed seats (accessible seating), as seat_numbers
   * entries; absent or empty = none. A handful per venue, so they travel here rather than as a
   * column of the compiled drawing, which stays the same for every session of a version.
   */
  access: z.array(seatNumberSchema.omit({ status: true, zonelevel_id: true })).optional(),
})
export type SchemeMapCompiledResponse = z.infer<typeof schemeMapCompiledResponseSchema>

/** Query of GET /api/scheme/map/statuses. */
export const schemeMapStatusesQuerySchema = z.object({
  hash: hashSchema,
  calendar_id: z.coerce.number().pipe(idSchema),
})

/** A binary answer in OpenAPI (the typed client never parses these; the venue worker fetches them). */
export const binaryAnswerSchema = z.string().meta({ format: 'binary' })
