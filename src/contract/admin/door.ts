import { z } from 'zod'
import { idSchema, noNulText } from '../entities/common'
import { langSchema } from '../lang'
import { doorClockSchema, scanClockSchema } from './door-clock'
import { syncPlacesSchema } from './door-places'

/**
 * The door (issue 19.4): check-in lists (gates) set in the console, and the calls of the check-in
 * app at /door, signed in as an operator with the door role (cookie) or with an API token of
 * that role (`Authorization: Bearer sw_…`).
 */

/**
 * What a door scan answers. `valid` lets the holder through (in) or out; the rest refuse:
 * `already_used` (inside already, with when and at which gate it entered), `not_inside` (an exit
 * of a ticket that is not in), `wrong_session`, `not_on_list` (a ticket of the session this gate
 * does not admit: another category or sector), `refunded` (returned, or the order cancelled),
 * `replaced` (the old code of a reseated ticket), `unknown` (no such ticket, or its order is not
 * paid), `forged` (a signed code whose signature fails or whose key is not listed) and `unnamed`
 * (a named ticket whose holders are not entered yet: its order is paid but not confirmed, as a
 * free named order or a box-office sale before order care names it; it admits nobody until then).
 */
export const REDEEM_RESULTS = ['valid', 'already_used', 'not_inside', 'wrong_session', 'not_on_list', 'refunded', 'replaced', 'unknown', 'forged', 'unnamed'] as const
export type RedeemResult = (typeof REDEEM_RESULTS)[number]
export const DIRECTIONS = ['in', 'out'] as const
export type Direction = (typeof DIRECTIONS)[number]

/** Longest scanned text kept (a token is ~130 characters; longer is noise). */
export const MAX_CODE_CHARS = 512
/** Most scans one offline upload may carry. */
export const MAX_BATCH_SCANS = 500
/** Longest gate (check-in list) name. */
export const MAX_GATE_CHARS = 64
/** The door works sessions that began up to this long ago (a long show, a late arrival) … */
export const DOOR_PAST_MS = 12 * 3600 * 1000
/** … or begin within this long (stewards sync the list ahead, the day before). The server's rule: server/domain/redemption/door-window.ts. */
export const DOOR_AHEAD_MS = 2 * 24 * 3600 * 1000
/** A device's scan nonce. */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/
const dbId = idSchema
const names = { ru: z.string(), en: z.string(), kz: z.string(), ch: z.string() }

export const checkinListSchema = z.object({
  id: z.number().int(),
  calendar_id: z.number().int(),
  name: z.string(),
  /** Client categories it admits; [] = all. */
  category_ids: z.array(z.number().int()),
  /** Sectors it admits (seated tickets only); [] = all. */
  sector_ids: z.array(z.number().int()),
  /** Its devices may scan people out. */
  exits: z.boolean(),
  /** A ticket scanned out may enter again. */
  reentry: z.boolean(),
})
export type CheckinList = z.infer<typeof checkinListSchema>

const idList = z.array(dbId).max(200).default([])
export const checkinListInputSchema = z.object({
  // NUL refused here, so both databases answer alike (PostgreSQL refuses it in text, SQLite stores it).
  name: noNulText().trim().min(1).max(MAX_GATE_CHARS),
  category_ids: idList,
  sector_ids: idList,
  exits: z.boolean().default(true),
  reentry: z.boolean().default(true),
  lang: langSchema.optional(),
})
export const checkinListCreateSchema = checkinListInputSchema.extend({ calendar_id: dbId })
export const checkinListUpdateSchema = checkinListInputSchema.extend({ archived: z.boolean().optional() })
export const sessionQuerySchema = z.object({ calendar_id: z.coerce.number().pipe(idSchema), lang: langSchema.optional() })

/** A session's lists and what a list may filter on. */
export const checkinListsResponseSchema = z.object({
  lists: z.array(checkinListSchema),
  /** `name` is the Russian one; the console shows the name of its language (an empty one falls back to it). */
  categories: z.array(z.object({ id: z.number().int(), name: names.ru, name_en: z.string(), name_kz: z.string(), name_ch: z.string() })),
  sectors: z.array(z.object({ id: z.number().int(), name: z.string() })),
})

/** Live counts per gate: people in and out, refusals, and entries flagged by reconciliation. */
export const gateCountSchema = z.object({
  list_id: z.number().int().nullable(),
  gate: z.string(),
  entered: z.number().int(),
  exited: z.number().int(),
  refused: z.number().int(),
  flagged: z.number().int(),
  last_at: z.number().nullable(),
})
export const checkinCountsSchema = z.object({
  calendar_id: z.number().int(),
  /** Tickets of the session that may enter (paid, not returned). */
  tickets: z.number().int(),
  /** Of those, inside now (entered and not scanned out). */
  inside: z.number().int(),
  gates: z.array(gateCountSchema),
})
export type CheckinCounts = z.infer<typeof checkinCountsSchema>

/** Sessions the door works today: upcoming or begun within the last hours. */
export const doorSessionSchema = z.object({
  calendar_id: z.number().int(),
  day: z.string(),
  time: z.string(),
  starts_at: z.number(),
  event: z.object(names),
  lists: z.array(checkinListSchema),
})
export const doorSessionsResponseSchema = z.object({ sessions: z.array(doorSessionSchema) })
export type DoorSession = z.infer<typeof doorSessionSchema>

/** The ticket as the door shows it: seat or category and the holder of a named ticket. */
export const doorTicketSchema = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  /** The printed 12-digit ticket code. */
  code: z.string(),
  seat: z.object({ sector: z.string(), row: z.string(), seat: z.string() }).nullable(),
  standing: z.string().nullable(),
  category: z.object(names),
  holder: z.string(),
  /** People one ticket admits (a group excursion ticket admits its group). */
  quantity: z.number().int(),
})
export type DoorTicket = z.infer<typeof doorTicketSchema>

/** A ticket of the synced list: what the device needs to decide offline. */
export const syncTicketSchema = doorTicketSchema.extend({
  /** What its QR token must claim (a reseated ticket's old code claims another place). */
  place: z.object({ kind: z.enum(['seat', 'standing', 'category']), id: z.number().int() }),
  categoryId: z.number().int(),
  sectorId: z.number().int().nullable(),
  /** ok: may enter; refunded: returned or its order cancelled since. */
  status: z.enum(['ok', 'refunded']),
})
export type SyncTicket = z.infer<typeof syncTicketSchema>

/**
 * People the door would admit of a synced list: tickets whose status is `ok` (paid, confirmed,
 * neither returned nor cancelled: the server's admitted tickets, lists.repository.ts
 * admittedLines and gateCounts), each counting its `quantity` (a group ticket admits its group).
 * The same number as the console's Door screen (`tickets` of the check-in counts), so the
 * check-in app does not count the refunded tickets a sync still brings to tell the door to refuse them.
 */
export function admittedTickets(tickets: readonly Pick<SyncTicket, 'status' | 'quantity'>[]): number {
  let n = 0
  for (const t of tickets) if (t.status === 'ok') n += t.quantity
  return n
}

/** A counted scan of the session (any gate, any device), so an offline device knows who is in. */
export const syncScanSchema = z.object({ id: z.number().int(), ticketId: z.number().int(), direction: z.enum(DIRECTIONS), result: z.enum(REDEEM_RESULTS), gate: z.string(), scannedAt: z.number() })
export type SyncScan = z.infer<typeof syncScanSchema>

export const doorSyncQuerySchema = sessionQuerySchema.extend({
  /** The previous answer's cursor: only what changed since comes back. */
  cursor: z.string().regex(/^\d{1,16}$/).optional(),
})
export const doorSyncResponseSchema = z.object({
  calendar_id: z.number().int(),
  /** Send it back next time. */
  cursor: z.string(),
  /** true: the whole list (no cursor sent); false: changes since the cursor. */
  full: z.boolean(),
  serverTime: z.number(),
  keys: z.array(z.object({ kid: z.string(), publicKey: z.string() })),
  lists: z.array(checkinListSchema),
  tickets: z.array(syncTicketSchema),
  scans: z.array(syncScanSchema),
  /** The server's time, signed: offline scans after this answer are timed from it (door-clock.ts). */
  clock: doorClockSchema,
  /** The session's seats, standing places and categories: on a whole sync; null on an incremental one (they come with the drawing, not with sales). */
  places: syncPlacesSchema.nullable(),
})
export type DoorSync = z.infer<typeof doorSyncResponseSchema>

/** One scan as the check-in app sends it; the session and door rules come from its list. */
export const doorScanSchema = z.object({
  code: noNulText().min(1).max(MAX_CODE_CHARS),
  list_id: dbId,
  nonce: z.string().regex(NONCE_PATTERN, 'nonce: 8 to 64 letters, digits, _ or -'),
  direction: z.enum(DIRECTIONS).optional(),
  /** Offline only: when the device scanned (epoch ms). */
  scannedAt: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  offline: z.boolean().optional(),
  /** Offline only: whether the device let the holder through. */
  admitted: z.boolean().optional(),
  /** Offline only: the result the device showed; a scan it refused (`admitted: false`) is logged with it, not counted. */
  shown: z.enum(REDEEM_RESULTS).optional(),
  /** Offline only: the server time its device last heard and the device's clock then, so the server times the scan by its own clock (door-clock.ts). */
  clock: scanClockSchema.optional(),
})
export type DoorScan = z.infer<typeof doorScanSchema>
export const doorScanRequestSchema = doorScanSchema.extend({ lang: langSchema.optional() })
export const doorBatchRequestSchema = z.object({ scans: z.array(doorScanSchema).min(1).max(MAX_BATCH_SCANS), lang: langSchema.optional() })

export const redeemAnswerSchema = z.object({
  result: z.enum(REDEEM_RESULTS),
  scanId: z.number().int(),
  nonce: z.string(),
  gate: z.string(),
  direction: z.enum(DIRECTIONS),
  scannedAt: z.number(),
  /** The nonce was seen before: this is the stored scan (as reconciled since), counted once. */
  replayed: z.boolean(),
  /** The device admitted the holder, yet the reconciled history says it should not have. */
  flagged: z.boolean(),
  ticket: doorTicketSchema.nullable(),
  /** already_used: the entry that counts. */
  firstUse: z.object({ at: z.number(), gate: z.string() }).nullable(),
  /** not_inside: the exit that left the ticket outside (null when it never entered). */
  lastExit: z.object({ at: z.number(), gate: z.string() }).nullable(),
  /** Other scans of this ticket whose result this one changed. */
  conflicts: z.array(z.number().int()),
})
export type RedeemAnswerBody = z.infer<typeof redeemAnswerSchema>
/** One scan's answer, with the server's time (signed) the device times its next offline scans from. */
export const doorRedeemResponseSchema = redeemAnswerSchema.extend({ clock: doorClockSchema })
export const doorBatchResponseSchema = z.object({ answers: z.array(redeemAnswerSchema) })
