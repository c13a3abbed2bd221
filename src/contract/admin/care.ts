import { z } from 'zod'
import { confirmNominalRequestSchema } from '../entities/nominal'
import { noNulText } from '../entities/common'
import { langSchema } from '../lang'
import { adminOrderSchema } from './sales'

/**
 * Order care in the console (issue 19.2): find an order by its number, the buyer's e-mail, phone
 * or name, or a ticket's code; see it with its tickets and history; cancel it while unpaid;
 * send its tickets e-mail again. Every action is in the audit log (entity `order`).
 */
export const orderSearchQuerySchema = z.object({
  // NUL refused here, so both databases answer alike (PostgreSQL refuses it in text, SQLite searches for it).
  q: noNulText().trim().min(2).max(100),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  lang: langSchema.optional(),
})
export const orderSearchResponseSchema = z.object({ orders: z.array(adminOrderSchema) })

const names = { ru: z.string(), en: z.string(), kz: z.string(), ch: z.string() }
export const careLineSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  event: z.object(names),
  day: z.string(),
  time: z.string(),
  place: z.string(),
  category: z.object(names),
  holder: z.string(),
  quantity: z.number().int(),
  returned: z.boolean(),
  /** A seat ticket (can be reseated while sold and not returned). */
  seated: z.boolean(),
  /** Its session and event (the box office opens that map to reseat it). */
  calendarId: z.number().int(),
  eventHash: z.string(),
  /** The entry that stands (first valid entry scan), if the ticket was checked in. */
  checkedIn: z.object({ at: z.number(), gate: z.string() }).nullable(),
})
/** What became of an order's e-mail: sent (or written to the outbox folder), failed, still queued. */
export const MAIL_OUTCOMES = ['sent', 'failed', 'queued'] as const
/** What an order's e-mail is: its tickets (sent, resent), a return's confirmation link, its session moved, its session cancelled (and refunded). */
export const MAIL_KINDS = ['tickets', 'return', 'session_moved', 'session_cancelled'] as const
export type MailKind = (typeof MAIL_KINDS)[number]
/**
 * mailed: a message of the order in the outbox (detail: subject and address; outcome apart);
 * operator: an audit log entry (action apart); reseated, refunded: by an operator (issue 19;
 * refunded carries its amount apart); payment_refunded: a payment refunded at its settlement
 * because it could not buy the order (approved after the order was paid, changed or cancelled;
 * nobody's action; its amount apart); named: the holders of named tickets were entered.
 */
export const HISTORY_KINDS = ['created', 'paid', 'cancelled', 'return_requested', 'returned', 'checked_in', 'operator', 'mailed', 'reseated', 'refunded', 'payment_refunded', 'named'] as const
export const careEventSchema = z.object({
  at: z.number(),
  kind: z.enum(HISTORY_KINDS),
  /** A ticket code, a gate, an operator's name, a mail's subject and address: what the line says beside its kind. */
  detail: z.string(),
  /** kind 'operator': the audit log's action code (the console names it in its language). */
  action: z.string().optional(),
  /**
   * kinds 'refunded', 'payment_refunded', and 'returned' when the return refunded anything: the
   * amount refunded, minor units (the console writes it in the shop's currency).
   */
  amount: z.number().int().optional(),
  /**
   * kinds 'refunded', 'returned': what the refund kept back, minor units, for bonuses the order
   * earned that the card had spent since (refunds.bonus_withheld; `amount` is what was sent);
   * absent when nothing was kept back.
   */
  withheld: z.number().int().optional(),
  /** kind 'mailed': whether the e-mail went out. */
  outcome: z.enum(MAIL_OUTCOMES).optional(),
  /**
   * kind 'mailed': what the e-mail is, for the console to name in its own language (the subject in
   * detail is in the language it was written in); absent for a message stored before it was kept.
   */
  mail: z.enum(MAIL_KINDS).optional(),
})
export const orderCareSchema = z.object({
  order: adminOrderSchema,
  lines: z.array(careLineSchema),
  history: z.array(careEventSchema),
  /** name: the order's named tickets still wait for their holders (a counter sale of a named-ticket event). */
  can: z.object({ cancel: z.boolean(), resend: z.boolean(), refund: z.boolean(), reseat: z.boolean(), name: z.boolean() }),
})
export type OrderCare = z.infer<typeof orderCareSchema>

/**
 * The holders of an order's named tickets, entered by an operator (a counter sale of a named-ticket
 * event is paid at the desk before its holders are known, as a free named order is in the shop):
 * the shop's named-ticket columns (000 §3 confirm payload), checked by the same rules and written
 * by the same confirmation. The consents are confirmed by the operator on the holder's behalf.
 */
export const careNameRequestSchema = confirmNominalRequestSchema.omit({ hash: true, lang: true, checkboxList: true }).extend({ lang: langSchema.optional() })
export type CareNameRequest = z.input<typeof careNameRequestSchema>
export const careNameResponseSchema = z.object({ ok: z.literal(true), mailed: z.boolean() })
