import { z } from 'zod'
import { idSchema } from '../entities/common'
import { accessTypeSchema } from '../entities/access'
import { schemeMapMetaSchema } from '../entities/scheme'
import { MAX_NAME } from './catalogue'
import { paintKindOpSchemas } from './studio-paint'
import { warningDetailsSchema } from './venueWarnings'

/**
 * The venue map studio (issue 17 item 3): what the console reads of a drawing to show and paint
 * it, and the edits it saves. A version a session was ever put on is never changed: a save on it
 * makes a new version (a new drawing id) of the venue's map, so a session keeps the version it
 * went on sale with and the storefront's per-drawing caches never go stale. A draft (the venue's
 * newest studio-made version, never put on sale) is saved in place: same id and number, its
 * revision one higher (server/admin/studio/edit.ts).
 */

/** Most edits one save may carry. */
export const MAX_STUDIO_OPS = 200
/** Most seat keys one edit may name (the stadium has 60,000 seats; a 1,000,000-seat venue is painted by sector or range). */
export const MAX_OP_SEATS = 100_000

/**
 * Which seats an edit applies to: named seat keys (clicks, box selection), or a sector by its
 * index, optionally narrowed to a range of rows ("rows 1–10 of Parterre": numeric row labels
 * from `from_row` to `to_row` inclusive when both bounds are numbers, and any row equal to a
 * bound; the rule's one home is rowRange.ts).
 */
export const seatSelectionSchema = z.union([
  z.object({ keys: z.array(z.string().min(1).max(200)).min(1).max(MAX_OP_SEATS) }),
  z.object({ sector: z.number().int().min(0), from_row: z.string().trim().max(50).optional(), to_row: z.string().trim().max(50).optional() }),
])
export type SeatSelection = z.infer<typeof seatSelectionSchema>

const zoneRef = z.union([z.number().int().positive(), z.string().regex(/^new:\d{1,3}$/)])
export const studioOpSchema = z.discriminatedUnion('op', [
  /** A new price zone of this map; later ops of the same save name it `new:<n>` (n = its order among the save's add-zone ops, from 0). */
  z.object({ op: z.literal('add-zone'), name: z.string().trim().min(1).max(MAX_NAME), color: z.string().regex(/^#[0-9a-fA-F]{6}$/) }),
  /** Seats into a price zone; zone null takes them out of every zone (not for sale in any session of this version). */
  z.object({ op: z.literal('paint'), zone: zoneRef.nullable(), seats: seatSelectionSchema }),
  /**
   * Blocks seats for the venue (camera positions, house seats: off sale in every session put on
   * this version, whatever their zone), or unblocks them. A session can still be unblocked or
   * blocked seat by seat (sessionBlocks).
   */
  z.object({ op: z.literal('block'), blocked: z.boolean(), seats: seatSelectionSchema }),
  /** Rows of a sector become one row labelled `into` (seats keep their numbers; renumber after if needed). */
  z.object({ op: z.literal('merge-rows'), sector: z.number().int().min(0), rows: z.array(z.string().max(50)).min(2).max(50), into: z.string().trim().min(1).max(50) }),
  /** A row's seats after the first `keep` from the left (by x) become a new row labelled `to`. */
  z.object({ op: z.literal('split-row'), sector: z.number().int().min(0), row: z.string().max(50), keep: z.number().int().min(1).max(100_000), to: z.string().trim().min(1).max(50) }),
  /** A standing area's capacity (places sold by quantity). */
  z.object({ op: z.literal('capacity'), place_key: z.string().min(1).max(200), capacity: z.number().int().min(0).max(1_000_000) }),
  z.object({ op: z.literal('rename-sector'), sector: z.number().int().min(0), name: z.string().trim().min(1).max(MAX_NAME) }),
  z.object({ op: z.literal('rename-row'), sector: z.number().int().min(0), row: z.string().max(50), to: z.string().trim().min(1).max(50) }),
  /** Numbers a row's seats from `start` by `step`, left to right (by x). */
  z.object({ op: z.literal('renumber-row'), sector: z.number().int().min(0), row: z.string().max(50), start: z.number().int().min(-100_000).max(100_000), step: z.number().int().min(-100).max(100).refine((s) => s !== 0).default(1) }),
  /** Stray seats recognition made of decoration: gone from the inventory of this version. */
  z.object({ op: z.literal('delete-seats'), seats: seatSelectionSchema }),
  /** Seat types and seat quality (issue 20): studio-paint.ts. */
  ...paintKindOpSchemas(seatSelectionSchema),
])
export type StudioOp = z.infer<typeof studioOpSchema>

export const studioEditRequestSchema = z.object({
  ops: z.array(studioOpSchema).min(1).max(MAX_STUDIO_OPS),
  /**
   * A save for one session (seats blocked for it only): the session moves onto the version the
   * edits land in, also when that version's copy finishes in the background.
   */
  session_id: idSchema.optional(),
})
/** A version's copy still going on in the background: seats copied of its source's. */
export const studioCopyingSchema = z.object({ copied: z.number().int(), total: z.number().int() })
/**
 * `in_place`: the save changed the draft it was made on (same drawing_id and version, `revision`
 * one higher); otherwise a new version. `copying`: the new version's copy (a big venue's) goes on
 * in the background; until it is null (the plan's `drawing.copying`) the version takes no save
 * and no session, and the save's edits are applied when the copy is done.
 */
export const studioEditResponseSchema = z.object({
  drawing_id: z.number().int(),
  version: z.number().int(),
  revision: z.number().int(),
  in_place: z.boolean(),
  seats: z.number().int(),
  changed: z.number().int(),
  copying: studioCopyingSchema.nullable(),
})

const zoneView = z.object({ id: z.number().int(), zone_key: z.string(), name: z.string(), color: z.string() })
/**
 * A drawing as the studio shows it: the svg the engine parses, its sectors and zones, every seat
 * as parallel arrays (60,000 seats as objects would be several MB more), the standing areas, the
 * import's warnings and the venue's versions with the sessions on each.
 */
export const studioPlanSchema = z.object({
  /** `draft`: a save edits this version in place (no session was ever put on it); `revision`: its in-place saves so far. */
  drawing: z.object({
    id: z.number().int(),
    venue_id: z.number().int(),
    name: z.string(),
    version: z.number().int(),
    revision: z.number().int(),
    draft: z.boolean(),
    /** The copy that makes this version, while it goes on (seats, zones and the save's edits not all there yet). */
    copying: studioCopyingSchema.nullable(),
    parent_id: z.number().int().nullable(),
    created_at: z.number(),
    /** The import's warnings in English; `warning_details` has each one's code and params, which the studio words. */
    warnings: z.array(z.string()),
    warning_details: warningDetailsSchema,
  }),
  svg: z.string(),
  sectors: z.array(z.object({ index: z.number().int(), name: z.string(), kind: z.number().int(), seat_count: z.number().int() })),
  zones: z.array(zoneView),
  seats: z.object({
    key: z.array(z.string()),
    sector: z.array(z.number().int()),
    row: z.array(z.string()),
    number: z.array(z.string()),
    zone: z.array(z.number().int().nullable()),
    blocked: z.array(z.number().int().min(0).max(1)),
    /** Each seat's accessible type (issue 20: imported or painted); null = ordinary. */
    access: z.array(accessTypeSchema.nullable()),
    /** A companion seat's wheelchair space (its seat key); null for every other seat. */
    companion_of: z.array(z.string().nullable()),
  }),
  standing: z.array(z.object({ place_key: z.string(), name: z.string(), sector: z.number().int(), zone_id: z.number().int().nullable(), capacity: z.number().int() })),
  versions: z.array(z.object({ id: z.number().int(), version: z.number().int(), name: z.string(), seat_count: z.number().int(), created_at: z.number(), sessions: z.number().int() })),
  /** Sessions sold on this version (the studio can move one with no sales onto a version made for it). */
  sessions: z.array(z.object({ id: z.number().int(), day: z.string(), time: z.string(), event: z.string() })),
  /** The map metadata the storefront's map answers carry (the venue's detail threshold): the studio's map draws by it too. */
  meta: schemeMapMetaSchema,
})
export type StudioPlan = z.infer<typeof studioPlanSchema>

export const sessionMapRequestSchema = z.object({ drawing_id: idSchema })

/**
 * Blocking seats of one session (camera positions, house seats), also while it sells: a blocked
 * seat is off sale at once in the shop (the stock rule and the live stream see it). Refused
 * whole when one of the seats is held or sold; unblocking frees only seats blocked.
 */
export const sessionBlocksRequestSchema = z.object({ blocked: z.boolean(), seats: seatSelectionSchema })
export const sessionBlocksResponseSchema = z.object({ changed: z.number().int() })
/** The seats blocked in a session now (keys of its map version). */
export const sessionBlockedSchema = z.object({ drawing_id: z.number().int(), keys: z.array(z.string()) })
