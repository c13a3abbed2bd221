import { z } from 'zod'
import { idSchema } from './common'

/**
 * The waiting room of a session (issue 18.5). While an operator has it on, the shop's buying
 * calls of that session (cart update, best seats, seat-map order) need the header
 * ADMISSION_HEADER with the token this call hands out once the visitor is admitted.
 */
export const ADMISSION_HEADER = 'x-admission-token'

export const queueStatusRequestSchema = z.object({ calendar_id: idSchema })

export const queueStatusResponseSchema = z.object({
  /** off: no waiting room, buy freely; waiting: in the queue; admitted: token below. */
  state: z.enum(['off', 'waiting', 'admitted']),
  calendar_id: idSchema,
  /** On-sale moment (epoch ms): visitors who came before it are put in random order then. */
  opens_at: z.number().int().nullable(),
  /** Place in the queue (1 = next); null before the on-sale draw, or when not waiting. */
  place: z.number().int().positive().nullable(),
  /** Visitors in the room (before the draw: all who joined so far). */
  waiting: z.number().int().min(0),
  /** Seconds until this visitor is admitted, estimated from the admission rate. */
  estimate_s: z.number().int().min(0).nullable(),
  /** Admission token (when admitted): send it as X-Admission-Token with the buying calls. */
  token: z.string().nullable(),
  /** When the token stops working (epoch ms). */
  token_expires_at: z.number().int().nullable(),
  /** How long to wait before asking again (seconds). */
  poll_s: z.number().int().positive(),
})
export type QueueStatus = z.infer<typeof queueStatusResponseSchema>
