import { z } from 'zod'
import { idSchema } from '../entities/common'
import { LANGS, type Lang } from '../lang'
import { utf8FitsIn } from '../rules/utf8'
import { ISSUE } from './issues'
import { warningDetailsSchema } from './venueWarnings'

/**
 * The console's catalogue: what an operator creates and edits (issue 17 item 2). Every form of
 * the console validates with these schemas before sending, and the server validates the same
 * schemas again, so a form and the server always agree on what is wrong.
 *
 * Texts are per language (`name_ru`, `name_en`, `name_kz`, `name_ch`); Russian, the default
 * language, is required where the storefront must show something, the others may be ''
 * (the storefront falls back, see contract/lang.ts).
 */

/** Longest single-line text (names, addresses). */
export const MAX_NAME = 300
/** Longest long text (descriptions, rules). */
export const MAX_TEXT = 50_000
/** Most sessions one "repeat" may create at once. */
export const MAX_REPEAT = 366

type LocShape<K extends string> = { [L in Lang as `${K}_${L}`]: z.ZodType<string, string> }

/** Localized text fields; with `required`, the Russian text must not be empty. */
export function locInput<K extends string>(key: K, opts: { required?: boolean; max?: number } = {}): LocShape<K> {
  const max = opts.max ?? MAX_NAME
  const shape: Record<string, z.ZodType> = {}
  for (const lang of LANGS) {
    const base = z.string().trim().max(max)
    shape[`${key}_${lang}`] = opts.required && lang === 'ru' ? base.min(1) : base.default('')
  }
  return shape as unknown as LocShape<K>
}

const flag = z.union([z.literal(0), z.literal(1)])
const id = idSchema
/** YYYY-MM-DD, a real calendar day. */
export const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, ISSUE.day).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), ISSUE.day)
/** HH:MM, 00:00-23:59. */
export const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, ISSUE.time)
/** Epoch milliseconds, or null for "no bound". */
const instant = z.number().int().min(0).nullable()

export const EVENT_FLAGS = ['usepushkarta', 'usenopushkarta', 'signlang', 'maybefree', 'writeticketname', 'mailconfirm', 'showticketcount', 'showquant', 'soon_on_sale'] as const
export type EventFlag = (typeof EVENT_FLAGS)[number]

/** One main-menu item's sub-menu item in an event's placement. */
export const subMenuPickSchema = z.object({ main_menu_id: id, sub_menu_id: id })

/** An event as the console creates or edits it (every field the storefront reads). */
export const eventInputSchema = z.object({
  menu_kind_id: id,
  /** Where it happens (the listing shows the venue's name and address). */
  venue_id: id,
  ...locInput('name', { required: true }),
  ...locInput('descript', { max: MAX_TEXT }),
  ...locInput('note', { max: MAX_TEXT }),
  ...locInput('ticketinfo', { max: MAX_TEXT }),
  /** 1 = sold on the seat map (sessions need a drawing); 0 = general admission. */
  scheme: flag.default(0),
  usepushkarta: flag.default(0),
  usenopushkarta: flag.default(1),
  signlang: flag.default(0),
  maybefree: flag.default(0),
  writeticketname: flag.default(0),
  mailconfirm: flag.default(0),
  showticketcount: flag.default(1),
  showquant: flag.default(1),
  soon_on_sale: flag.default(0),
  age_from: z.number().int().min(0).max(99).default(0),
  /** Price rows shown before "more" on the event page. */
  rowcount: z.number().int().min(1).max(100).default(5),
  /** Most tickets per order. */
  demquantlimit: z.number().int().min(1).max(1000).default(10),
  sortnum: z.number().int().min(0).max(1_000_000).default(0),
  /** Main-menu items that list the event (at least one, or the listing cannot show it). */
  main_menu_ids: z.array(id).min(1).max(50),
  /**
   * The sub-menu item under each chosen main-menu item (the storefront's listing filters by it),
   * at most one per main item; a main item not named here has none. Left out, every main item
   * the event keeps keeps its sub-menu, so a save that does not touch the menus drops nothing.
   * The server refuses a sub-menu of another main item (admin-sub-menu-mismatch).
   */
  sub_menus: z.array(subMenuPickSchema).max(50).optional(),
  tag_ids: z.array(id).max(50).default([]),
  /**
   * An edit only: the event's `version` the form was filled from. The server refuses the save
   * (409 with `stale: true`) when another save came since, so a stale form cannot put back the
   * names, menus or tags it loaded over another operator's. Left out, the save overwrites whatever
   * is stored (scripts that own the event); a new event ignores it.
   */
  version: z.number().int().min(0).max(2_147_483_647).optional(),
})
  .superRefine((e, ctx) => {
    const seen = new Set<number>()
    e.sub_menus?.forEach((pick, i) => {
      if (!e.main_menu_ids.includes(pick.main_menu_id)) ctx.addIssue({ code: 'custom', path: ['sub_menus', i, 'main_menu_id'], message: ISSUE.subMenuOutside })
      else if (seen.has(pick.main_menu_id)) ctx.addIssue({ code: 'custom', path: ['sub_menus', i, 'main_menu_id'], message: ISSUE.subMenuTwice })
      seen.add(pick.main_menu_id)
    })
  })
export type EventInput = z.input<typeof eventInputSchema>

/** A saved edit: the event's version now, for the editor's next save. */
export const eventSavedSchema = z.object({ ok: z.literal(true), version: z.number().int() })

export const publishRequestSchema = z.object({ published: flag })

/** A session: one date and time, or `repeat` more every N days. */
export const sessionInputSchema = z
  .object({
    day: daySchema,
    time: timeSchema,
    /** Tickets a general-admission session sells in all (null = the price rows' quantities). */
    capacity: z.number().int().min(0).max(10_000_000).nullable().default(null),
    /** The venue drawing of a seat-map session. */
    drawing_id: id.nullable().default(null),
    active: flag.default(1),
    sale_from: instant.default(null),
    sale_to: instant.default(null),
    repeat: z.object({ every_days: z.number().int().min(1).max(366), count: z.number().int().min(1).max(MAX_REPEAT) }).optional(),
  })
  .refine((s) => s.sale_from === null || s.sale_to === null || s.sale_from < s.sale_to, { message: ISSUE.startBeforeEnd, path: ['sale_to'] })
export type SessionInput = z.input<typeof sessionInputSchema>
export const sessionUpdateSchema = z
  .object({
    day: daySchema,
    time: timeSchema,
    capacity: z.number().int().min(0).max(10_000_000).nullable(),
    active: flag,
    sale_from: instant,
    sale_to: instant,
    /**
     * The operator has been told (the answer UNCONFIRMED with `tickets` and `orders`) and goes on:
     * moving a session with sold tickets (each buyer is e-mailed the new date and time) or
     * switching it off (the door admits none of them while it is off; buyers are not told).
     * Without it such a change is refused and nothing is saved.
     */
    confirm_buyers: z.boolean(),
  })
  .partial()
  // Both bounds in one edit are checked here, as a new session's are; one bound against the saved other, by updateSession.
  .refine((s) => s.sale_from === undefined || s.sale_from === null || s.sale_to === undefined || s.sale_to === null || s.sale_from < s.sale_to, { message: ISSUE.startBeforeEnd, path: ['sale_to'] })

/**
 * Cancel a session and refund everyone (admin/catalogue/session-cancel.ts). Without `confirm` the
 * call changes nothing and is refused (UNCONFIRMED) with the orders and tickets it would refund,
 * for the console's confirmation; with it the session is switched off for good and every ticket
 * the door would admit there is refunded, each buyer e-mailed (a big session in the background).
 */
export const sessionCancelSchema = z.object({ confirm: z.boolean().optional(), lang: z.enum(LANGS).optional() })
export const sessionCancelResponseSchema = z.object({
  /** Orders and tickets of the session the door admitted when the cancellation was made (0 on a repeat). */
  orders: z.number().int(),
  tickets: z.number().int(),
  /** Orders refunded by this call itself; the rest (`remaining`) are refunded in the background. */
  refunded: z.number().int(),
  remaining: z.number().int(),
  /** The session was cancelled already: nothing changed but what was still left to refund. */
  repeat: z.boolean(),
})
export type SessionCancelResult = z.infer<typeof sessionCancelResponseSchema>

/** A price row of a session: a price category (client category) in a zone. */
export const priceInputSchema = z.object({
  client_category_id: id,
  zone_id: id,
  /** Minor units (kopecks). */
  price: z.number().int().min(0).max(1_000_000_000),
  /** Tickets of this row for sale (general admission) or places it covers. */
  quantity: z.number().int().min(0).max(10_000_000).default(0),
  /** Service fee: minor units when currency_id is 1, hundredths of a percent when 2 (500 = 5 %). */
  priceservise: z.number().int().min(0).max(1_000_000_000).default(0),
  currency_id: z.union([z.literal(1), z.literal(2)]).default(1),
  /** Minimum tickets of this row per order (0 = none). */
  needprice: z.number().int().min(0).max(1000).default(0),
  /** A group pass: the ticket admits this many people (0 = one). */
  passagequant: z.number().int().min(0).max(1000).default(0),
  /** Gift-card rule: 0 = not with the card, 1 = only with the card, 2 = with or without. */
  useproculture: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  for_subscription: flag.default(0),
  sortnum: z.number().int().min(0).max(100_000).default(0),
})
export type PriceInput = z.input<typeof priceInputSchema>

export const venueInputSchema = z.object({
  ...locInput('name', { required: true }),
  ...locInput('address'),
  urlyandexmap: z.union([z.literal(''), z.string().url().max(2000)]).default(''),
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
})
/**
 * Bounds of a venue's map detail threshold in percent (001 §9: default 500, "max zoom 2000"). The
 * engine's MIN_/MAX_/DEFAULT_DETAIL_THRESHOLD_PERCENT (engine/lod/lod.ts) are the same numbers; the
 * contract imports no engine, and a unit test (tests/unit/contract/map-meta.test.ts) keeps them equal.
 */
export const MAP_DETAIL_THRESHOLD_MIN = 100
/** The threshold when a venue sets none (null), 001 §9's default; the engine's DEFAULT_DETAIL_THRESHOLD_PERCENT. */
export const MAP_DETAIL_THRESHOLD_DEFAULT = 500
export const MAP_DETAIL_THRESHOLD_MAX = 2000
/**
 * A venue's map metadata (POST /api/admin/venues/:id/map-meta), set whole: the detail switch
 * threshold in whole percent, or null for the default (500 %). Every version of the venue's map
 * answers it in the storefront's map meta (contract/entities/scheme.ts schemeMapMetaSchema).
 */
export const venueMapMetaSchema = z.object({
  detail_threshold: z.number().int().min(MAP_DETAIL_THRESHOLD_MIN).max(MAP_DETAIL_THRESHOLD_MAX).nullable(),
})
export type VenueMapMetaInput = z.input<typeof venueMapMetaSchema>

/**
 * Largest drawing accepted, in its UTF-8 bytes as in the file (the 60,000-seat stadium's SVG is a
 * few MB): the one size rule of a drawing upload. The console checks the file's size, then its
 * text, and the server the text it gets, all with utf8ByteLength (contract/rules/utf8.ts); a
 * drawing over it is answered 413 "too large" naming this limit, however it was sent.
 */
export const MAX_DRAWING_BYTES = 48 * 1024 * 1024
/**
 * How much larger than the drawing its JSON string may be: every character XML allows in a
 * drawing takes at most twice its UTF-8 bytes once JSON-escaped (a newline, tab, carriage return,
 * quote or backslash takes 2 bytes; a lone surrogate `\udXXX` 6 for the 3 it counts), so a drawing
 * of many short lines that passes MAX_DRAWING_BYTES is never refused by the body limit instead.
 * Not covered: control characters XML forbids (6 bytes each) and a client that writes non-ASCII as
 * \uXXXX (Python's json.dumps default: up to 3 times for Cyrillic); such a body over the limit is
 * answered 413 naming MAX_DRAWING_BYTES too. What it costs: a drawing upload's body may be read
 * into memory up to twice MAX_DRAWING_BYTES (96 MB) before it is parsed, once per upload in flight
 * (catalogue.write operators only); a larger body, hostile or not, is refused while it arrives.
 */
export const DRAWING_JSON_ESCAPE_FACTOR = 2
/** Bytes of a drawing upload's body beside the drawing's string: its name (MAX_NAME characters, 6 bytes each at worst escaped), keys and quotes. */
export const DRAWING_ENVELOPE_BYTES = 4096
/** The drawing upload's body limit (the route's bodyLimit): the transport's bound, not the rule (MAX_DRAWING_BYTES). */
export const DRAWING_BODY_LIMIT = MAX_DRAWING_BYTES * DRAWING_JSON_ESCAPE_FACTOR + DRAWING_ENVELOPE_BYTES
export const drawingUploadSchema = z.object({
  name: z.string().trim().min(1).max(MAX_NAME),
  /** The SVG text; at most MAX_DRAWING_BYTES in UTF-8 (not in UTF-16 code units, zod's `max`). */
  svg: z.string().min(1).refine((svg) => utf8FitsIn(svg, MAX_DRAWING_BYTES), ISSUE.tooLarge),
})
export const drawingReportSchema = z.object({
  drawing_id: z.number().int(),
  seats: z.number().int(),
  standing_places: z.number().int(),
  sectors: z.number().int(),
  zones: z.number().int(),
  /** The import's warnings in English (as before codes existed); `warning_details` has each one's code and params. */
  warnings: z.array(z.string()),
  warning_details: warningDetailsSchema,
  parse_ms: z.number(),
  /** Seats per type the drawing's markup gives (accessible seating), and companion seats linked to a wheelchair space. */
  seat_types: z.object({
    wheelchair: z.number().int(),
    companion: z.number().int(),
    transfer: z.number().int(),
    restricted: z.number().int(),
    signlang: z.number().int(),
    companions_linked: z.number().int(),
  }),
})
export type DrawingReport = z.infer<typeof drawingReportSchema>

export const categoryInputSchema = z.object({
  ...locInput('name', { required: true }),
  ...locInput('descript', { max: MAX_TEXT }),
  needage: z.number().int().min(0).max(120).default(0),
  needmiddlename: flag.default(0),
  needdocument: flag.default(0),
  needcountry: flag.default(0),
  needregion: flag.default(0),
  sortnum: z.number().int().min(0).max(100_000).default(0),
})
/** A price zone of general admission (seat-map zones come from the drawing). */
export const zoneInputSchema = z.object({
  ...locInput('name', { required: true }),
  ...locInput('descript'),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, ISSUE.colour).default('#3a86ff'),
  sortnum: z.number().int().min(0).max(100_000).default(0),
})
export const menuInputSchema = z.object({
  menu_kind_id: id,
  ...locInput('name', { required: true }),
  showimage: flag.default(1),
  showfiltercalendar: flag.default(1),
  showattribute: flag.default(1),
  menucolumncount: z.number().int().min(0).max(6).default(3),
  menurowcount: z.number().int().min(0).max(100).default(0),
  sortnum: z.number().int().min(0).max(100_000).default(0),
})
/** A section of the shop's top menu (menu kind); kind 2 is the subscriptions' (contract/constants.ts). */
export const kindInputSchema = z.object({ ...locInput('name', { required: true }), sortnum: z.number().int().min(0).max(100_000).default(0) })
export const tagInputSchema = z.object({ ...locInput('name', { required: true }), sortnum: z.number().int().min(0).max(100_000).default(0) })
/** A rules or contacts text (the storefront's setup.db.rules). */
export const ruleInputSchema = z.object({
  slug: z.string().trim().regex(/^[a-z0-9-]{1,60}$/),
  ...locInput('infname', { required: true }),
  ...locInput('url', { max: 2000 }),
  ...locInput('filebody', { max: MAX_TEXT }),
  sortnum: z.number().int().min(0).max(100_000).default(0),
})

/** Reference rows the forms choose from. Rows are the tables' own columns. */
const row = z.record(z.string(), z.unknown())
export const refsResponseSchema = z.object({
  kinds: z.array(row),
  menus: z.array(row),
  sub_menus: z.array(row),
  tags: z.array(row),
  venues: z.array(row),
  drawings: z.array(row),
  categories: z.array(row),
  zones: z.array(row),
  rules: z.array(row),
})
export const eventListItemSchema = z.object({
  id: z.number().int(),
  hash_id: z.string(),
  name_ru: z.string(),
  name_en: z.string(),
  name_kz: z.string(),
  name_ch: z.string(),
  scheme: z.number().int(),
  published: z.number().int(),
  archived_at: z.number().nullable(),
  sessions: z.number().int(),
  next_day: z.string().nullable(),
})
export const eventListResponseSchema = z.object({ events: z.array(eventListItemSchema) })
export const eventDetailSchema = z.object({
  event: row,
  main_menu_ids: z.array(z.number().int()),
  /** The main-menu items that have a sub-menu item, with it. */
  sub_menus: z.array(z.object({ main_menu_id: z.number().int(), sub_menu_id: z.number().int() })),
  tag_ids: z.array(z.number().int()),
  sessions: z.array(row),
  prices: z.array(row),
})
export const idResponseSchema = z.object({ id: z.number().int() })
export const idsResponseSchema = z.object({ ids: z.array(z.number().int()) })
export const listQuerySchema = z.object({ archived: z.coerce.number().int().min(0).max(1).default(0) })
