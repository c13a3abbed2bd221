import { z } from 'zod'
import { hashSchema, okShape } from './common'
import { ticketLineSchema } from './orderView'

/** Path parameters of GET /api/ticket/:hash: the ticket's hash (tickethash_id of the order view). */
export const ticketParamsSchema = z.object({ hash: hashSchema })

/**
 * GET /api/ticket/:hash answer (our design; the spec links a ticket view from tickethash_id but
 * shows no call): the ticket's order line as in the order view, with its code image only when
 * the order is paid and printing is allowed, plus the order's number, hash and flags.
 */
export const ticketViewResponseSchema = z.object({
  ...okShape,
  ord_num: z.number().int(),
  order_hash: hashSchema,
  printingAllowed: z.boolean(),
  paymentAllowed: z.boolean(),
  ticket: ticketLineSchema,
})
export type TicketViewResponse = z.infer<typeof ticketViewResponseSchema>
