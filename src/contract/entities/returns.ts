import { z } from 'zod'
import { localizedMany, requestLangSchema } from '../lang'
import { HASH_CONF_MIN_LENGTH } from '../constants'
import { countSchema, hashSchema, idSchema, moneySchema, okShape } from './common'

/** hash_conf of the e-mailed refund link: longer than 5 characters (001 §9). */
export const hashConfSchema = z.string().min(HASH_CONF_MIN_LENGTH).max(128).regex(/^[A-Za-z0-9_-]+$/)

/**
 * A ticket row of the return page (001 §3 "Return data"). status_id: 0 returnable, 60 return
 * not confirmed, 70 and 80 confirmed. datime = order date-time; returndatime = the return
 * deadline, 'YYYY-MM-DD HH:MM:SS' on the venue's clock (returnzone). owner_name, email and phone are the order's
 * owner, the buyer (the page's "buyer data", 001 §2), on every row. Our additions: action_id
 * groups rows per event; returnleft = seconds left before the deadline (0 = expired: checkboxes
 * disabled); visitor_name = the ticket holder of a named ticket ('' when the line has none),
 * the page's visitor column (001 §2 "visitor name column (if present)"), kept apart from
 * owner_name so a holder is never shown as the buyer; admitted = the ticket was admitted at the
 * door (a counted valid entry): it is used, the server refuses to return it online, and the page
 * shows it so with its checkbox disabled. sortnum = the ticket's number in the order as the order
 * view numbers it ('Ticket N'), which the rows' own order (by session start) need not follow.
 */
export const returnRowSchema = z.object({
  id: idSchema,
  ord_num: z.number().int(),
  datime: z.string(),
  owner_name: z.string(),
  visitor_name: z.string(),
  email: z.string(),
  phone: z.string(),
  status_id: z.number().int(),
  quant: countSchema,
  summa: moneySchema,
  sortnum: z.number().int(),
  returndatime: z.string(),
  returnleft: countSchema,
  returnreason_id: z.number().int().nullable(),
  action_id: idSchema,
  ...localizedMany('name', 'action'),
  day: z.string(),
  time: z.string(),
  zonelevel: z.string(),
  /** Our addition, always sent by this server; optional so a spec-shaped answer still parses (absent = not admitted). */
  admitted: z.boolean().optional(),
  /**
   * Our addition: the ticket's seat ('Stalls centre, row 12, seat 19') or standing place, in the
   * asked language, so two tickets of one category can be told apart on the page; absent for a
   * general-admission ticket.
   */
  place: z.string().optional(),
  /**
   * Our addition, always sent by this server: the zone returndatime is written in, as the venue's
   * offset at the deadline ('GMT+05:00' in Almaty, 'GMT+01:00' or 'GMT+02:00' in Berlin by the
   * season). Optional so a spec-shaped answer still parses (absent = the spec's GMT+03:00).
   */
  returnzone: z.string().optional(),
})
export type ReturnRow = z.infer<typeof returnRowSchema>

export const returnReasonSchema = z.object({
  id: idSchema,
  ...localizedMany('name', 'descript'),
})

/** Path parameters of POST /api/order/return/:hash. */
export const orderReturnParamsSchema = z.object({ hash: hashSchema })

/** Body of POST /api/order/return/:hash (001 §7): {hash, lang, hashConf?}; hash repeats the path's. */
export const orderReturnDataRequestSchema = z.object({
  hash: hashSchema,
  lang: requestLangSchema,
  hashConf: hashConfSchema.optional(),
})

/**
 * What became of the return request of the link a return page was opened from (the call's
 * hashConf): waiting for its confirmation; confirmed; expired (its 24 h ran out unused, or its
 * mail was never sent: a new request may be made); late (withdrawn because a ticket's return
 * deadline passed before anyone confirmed it: those tickets can no longer be returned); used
 * (withdrawn at its confirmation because a ticket of it had been admitted at the door meanwhile:
 * that ticket is not returned online); refunded (withdrawn because order care or a session's
 * cancellation refunded its tickets while it waited); unknown (no request of this order has that
 * link).
 */
export const RETURN_LINK_STATES = ['waiting', 'confirmed', 'expired', 'late', 'used', 'refunded', 'unknown'] as const
export type ReturnLinkState = (typeof RETURN_LINK_STATES)[number]

/**
 * Answer of POST /api/order/return/:hash (001 §7): rows, error_code, date (server now), text
 * (consent text), reasons. error_code '0' = return allowed; any other code = not allowed for
 * this order (the page sends the buyer back to the order view). Our addition: link_state, only
 * when the call carries hashConf and the return is allowed (RETURN_LINK_STATES), so the page
 * opened from an e-mailed link can say why it can no longer be confirmed; the spec's fields are
 * unchanged and a client that does not know it reads the answer as before.
 */
export const orderReturnDataResponseSchema = z.object({
  rows: z.array(returnRowSchema),
  error_code: z.string(),
  date: z.string(),
  text: z.string(),
  reasons: z.array(returnReasonSchema),
  link_state: z.enum(RETURN_LINK_STATES).optional(),
  /**
   * Our addition, with link_state: the ids of the rows the link's request asks to return. The page
   * confirms, and shows the refund of, these only (another request's tickets may be waiting too).
   */
  link_rows: z.array(idSchema).optional(),
  /** Our addition: why the return is refused, in the asked language, when the visitor can act on it (tickets bought at the box office are returned there); the page shows it instead of going back to the order. */
  error_text: z.string().optional(),
})
export type OrderReturnDataResponse = z.infer<typeof orderReturnDataResponseSchema>

/**
 * Our addition to return-create and return-confirm (optional, so the spec's shape stays valid):
 * the refund the page showed for the tickets (the sum of their rows' summa). When sent, the server
 * refuses with AMOUNT_CHANGED, doing nothing, if the return would refund anything else (the order
 * changed since the page loaded: another ticket returned, a change at the box office).
 */
const shownSummaSchema = moneySchema.min(0).optional()

/** POST /api/order/return-create request (001 §7): reason id and the ticket row ids to return; summa our addition (shownSummaSchema). */
export const orderReturnCreateRequestSchema = z.object({
  reason: idSchema,
  id: z.array(idSchema).min(1).max(1000),
  hash: hashSchema,
  lang: requestLangSchema,
  hashConf: hashConfSchema.optional(),
  summa: shownSummaSchema,
})

/**
 * Answer of return-create (our design): success means the request is recorded (rows go to status
 * 60) and a confirmation link valid REFUND_LINK_HOURS was e-mailed to `email`.
 */
export const orderReturnCreateResponseSchema = z.object({
  ...okShape,
  email: z.string(),
})

/** POST /api/order/return-confirm request (001 §7); summa our addition (shownSummaSchema). */
export const orderReturnConfirmRequestSchema = z.object({
  hash: hashSchema,
  lang: requestLangSchema,
  hashConf: hashConfSchema,
  summa: shownSummaSchema,
})

/**
 * Answer of return-confirm (our design): success ('Refund confirmed successfully') with the
 * refund amount; rows of the request go to status 70.
 */
export const orderReturnConfirmResponseSchema = z.object({
  ...okShape,
  summa: moneySchema,
  /** Present (true) when the refund is recorded but the bank has not taken it yet: it is retried automatically. */
  refund_pending: z.boolean().optional(),
})
