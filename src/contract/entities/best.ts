import { z } from 'zod'
import { ACCESSIBLE_COMPANIONS_MAX } from './access'
import { idSchema } from './common'
import { cartResponseSchema } from './cart'

/** Most seats one best-available request asks for (the order limit is checked too). */
export const BEST_QUANTITY_MAX = 50
/** Seats one "show me others" request may exclude. */
export const BEST_EXCLUDE_MAX = 1000

/**
 * POST /api/cart/best (our design, issue 20): the server chooses `quantity` seats together in
 * the session, of the price level `zonelevel_id` when given (any priced level otherwise) at the
 * visitor category `clientcategory_id`, and holds them in the cart, all or nothing, as
 * /api/cart/update would. "Show me others": `exclude` lists seats already offered; they are
 * not chosen again, and those the cart holds are released in the same step.
 */
export const bestSeatsRequestSchema = z.object({
  calendar_id: idSchema,
  quantity: z.number().int().min(1).max(BEST_QUANTITY_MAX),
  clientcategory_id: idSchema,
  zonelevel_id: idSchema.optional(),
  exclude: z.array(z.string().min(1).max(200)).max(BEST_EXCLUDE_MAX).optional(),
  USE_PUSHKIN_CARD: z.union([z.literal(0), z.literal(1)]).optional(),
  subscritId: idSchema.optional(),
  /**
   * Accessible best available (issue 20 item 3): one wheelchair space and `quantity` - 1 (at most
   * ACCESSIBLE_COMPANIONS_MAX) of its companion seats, all or nothing. Held-back spaces are
   * offered to these requests only.
   */
  accessible: z.boolean().optional(),
})
  .refine((r) => !r.accessible || r.quantity <= 1 + ACCESSIBLE_COMPANIONS_MAX, { message: `an accessible request holds one space and at most ${ACCESSIBLE_COMPANIONS_MAX} companions`, path: ['quantity'] })
export type BestSeatsRequest = z.infer<typeof bestSeatsRequestSchema>

/**
 * The cart after the hold, plus the chosen seats (`chosen`, seat_id of the map), whether they
 * sit together in one row (`together`; false = a block over consecutive rows) and whether the
 * choice leaves a single empty seat because no other choice existed (`leaves_single`).
 */
export const bestSeatsResponseSchema = cartResponseSchema.extend({
  chosen: z.array(z.string()),
  together: z.boolean(),
  leaves_single: z.boolean(),
})
export type BestSeatsResponse = z.infer<typeof bestSeatsResponseSchema>
