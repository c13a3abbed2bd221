import { z } from 'zod'
import { schemeTicketSchema, orderLineSchema } from '../entities/order'
import { hashSchema, idSchema } from '../entities/common'
import { langSchema } from '../lang'
import { EMAIL_MAX, EMAIL_MIN } from '../constants'
import { EMAIL_PATTERN } from '../rules/patterns'

/**
 * The box office (issue 19.1) and refunds from order care (issue 19.2).
 *
 * A counter sale goes through the shop's one order path (server/domain/orders via the seat-map
 * or the general-admission planner: the same prices, limits, holds and all-or-nothing claim) and
 * is then paid at the desk in the same call. Seat-map sales order what the operator's cart holds
 * for the session (the map in the console uses the storefront's cart calls) plus any seat named
 * that is free; general admission names quantities per price row as /api/order/create does.
 */
export const PAY_KINDS = ['cash', 'card', 'comp'] as const
export type PayKind = (typeof PAY_KINDS)[number]
export const payKindSchema = z.enum(PAY_KINDS)

/** The buyer at the counter: the shop's rules (name, phone, e-mail) apply; the e-mail receives the tickets when asked. */
const buyer = {
  fio: z.string().max(200),
  phone: z.string().max(40),
  email: z.string().max(200),
}

/**
 * What the desk's sale form checks before it sends, so a missing field is said in the console's
 * language (the form is noValidate: the browser's bubbles speak the browser's): a name and a phone
 * given, an e-mail either none or well-formed by the shop's rule (isEmailValid's pattern and
 * bounds). The shop's other rules (the name's letters, the phone's length) stay the server's
 * (validateBuyer with an optional e-mail), whose refusal the form shows beside Sell.
 */
export const deskBuyerSchema = z.object({
  fio: buyer.fio.trim().min(1),
  phone: buyer.phone.trim().min(1),
  email: z.string().trim().pipe(z.union([z.literal(''), z.email({ pattern: EMAIL_PATTERN }).min(EMAIL_MIN).max(EMAIL_MAX)])),
})

export const boxOfficeSellRequestSchema = z.object({
  ...buyer,
  /** The event's hash. */
  hash: hashSchema,
  payKind: payKindSchema,
  /** E-mail the tickets to the buyer at once (else print them). */
  sendMail: z.boolean().default(false),
  /** Seat-map sale: the session and its places (the operator's cart holds of them become the order's; the cart's other places stay held). */
  calendarId: idSchema.optional(),
  tickets: z.array(schemeTicketSchema).min(1).max(1000).optional(),
  /** General-admission sale: lines as /api/order/create takes them. */
  data: z.array(orderLineSchema).min(1).max(100).optional(),
  /** The order's language (its tickets e-mail, later notices); without it, the console's (the call's `?lang=`, else the operator's). */
  lang: langSchema.optional(),
})
export type BoxOfficeSellRequest = z.input<typeof boxOfficeSellRequestSchema>

export const boxOfficeSellResponseSchema = z.object({
  id: z.number().int(),
  hash: z.string(),
  ord_num: z.number().int(),
  /** What the desk takes from the buyer, minor units (0 for complimentary tickets). */
  amount: z.number().int(),
  mailed: z.boolean(),
  /** The event has named tickets: the operator enters their holders in order care (the tickets are mailed then). */
  needsNames: z.boolean(),
})

/** Reseat a sold ticket (an order line) to another free seat of the same price; the order stays. */
export const reseatRequestSchema = z.object({
  lineId: idSchema,
  /** The new seat's key on the session's map (seat_id of /api/scheme/map). */
  seat: z.string().min(1).max(200),
  lang: langSchema.optional(),
})
export const reseatResponseSchema = z.object({ ok: z.literal(true), place: z.string() })

/**
 * Refund all or some tickets of a paid order through its payment's provider. A second call for
 * lines already refunded changes nothing and answers `repeat: true` with amount 0 (a double click,
 * two tabs, two processes: the lines are claimed by a conditional update, exactly once).
 */
export const refundRequestSchema = z.object({
  /** Order line ids; empty = every ticket not yet returned. */
  lineIds: z.array(idSchema).max(1000).default([]),
  lang: langSchema.optional(),
})
export const refundResponseSchema = z.object({
  /** Money sent back, minor units. */
  amount: z.number().int(),
  /** Minor units kept back for bonuses the order earned that the card had spent (`amount` is what is left); absent when none. */
  withheld: z.number().int().optional(),
  lines: z.number().int(),
  repeat: z.boolean(),
  /** Present (true) when the refund is recorded but the provider has not taken it yet: the server retries it. */
  pending: z.boolean().optional(),
})

/** Printable tickets of an order (the console's print page). */
export const printTicketSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** QR (signed token) or barcode image as a data URL; '' when the ticket admits no one. */
  image: z.string(),
  event: z.string(),
  when: z.string(),
  /** The venue's name and address in the asked language (the Russian where it has none; '' when the session has no venue). */
  venue: z.string(),
  address: z.string(),
  /** The seat's place ("Stalls left, row 1, seat 8", contract/rules/seat-place.ts), a standing place's name, or '' (general admission). */
  place: z.string(),
  /** The price zone the ticket is of ("Admission", "VIP"): a general-admission ticket's only place. */
  zone: z.string(),
  category: z.string(),
  /** Minor units: the list price, or 0 for a complimentary desk sale (what the buyer paid). */
  price: z.number().int(),
})
export const printResponseSchema = z.object({ ord_num: z.number().int(), tickets: z.array(printTicketSchema) })
export type PrintedTickets = z.infer<typeof printResponseSchema>
