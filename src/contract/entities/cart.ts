import { z } from 'zod'
import { countSchema, idSchema } from './common'
import { priceRowSchema } from './price'

/**
 * The seat-map cart (our design; the spec lists /api/cart/list and /api/cart/update without
 * payloads). The cart lives in the server session, one per session (calendar_id). Adding a seat
 * holds it for CART_HOLD_SECONDS (others then see it 'held'); the server checks availability
 * and the per-order limit (demquantlimit, 1 with the gift card) and answers LIMIT or UNAVAILABLE.
 *
 * A cart item (001 §3 "Seat in cart"): seat_id, quantity, sector, row, seat, plus the fields of
 * the price row chosen for it (quantity is then the count taken). Where the spec uses a composite
 * id for several standing places, we send one item with the stand's seat_id and a quantity.
 */
export const cartItemSchema = priceRowSchema.extend({
  seat_id: z.string(),
  quantity: countSchema,
  sector: z.string(),
  row: z.string(),
  seat: z.string(),
})
export type CartItem = z.infer<typeof cartItemSchema>

/** 1 = the gift card is chosen (limits the cart to 1 ticket, useproculture prices). */
const giftCardFlagSchema = z.union([z.literal(0), z.literal(1)]).optional()

/**
 * The cart's read (and /api/cart/extend): `USE_PUSHKIN_CARD` as the page's cart changes send it,
 * so the answer's limit_left is the chosen method's (the server computes it; absent = bank card).
 */
export const cartListRequestSchema = z.object({
  calendar_id: idSchema,
  USE_PUSHKIN_CARD: giftCardFlagSchema,
})

/** A change of the cart: set the quantity of a seat with a client category (0 removes it). */
export const cartChangeSchema = z.object({
  seat_id: z.string().min(1).max(200),
  clientcategory_id: idSchema,
  quantity: countSchema.max(1000),
})

export const cartUpdateRequestSchema = z.object({
  calendar_id: idSchema,
  changes: z.array(cartChangeSchema).min(1).max(200),
  USE_PUSHKIN_CARD: giftCardFlagSchema,
  /**
   * Our addition: the subscription the visitor buys by (the crmClient.subscritId the order will
   * send). A client with a subscription may still buy at normal prices, so the server cannot
   * tell this from the event: with it the cart holds no more tickets than the signed-in
   * client's subscription has left (else LIMIT), as create-scheme would refuse them.
   */
  subscritId: idSchema.optional(),
})

/** An empty seat the cart's choice leaves alone between taken seats or at a row end (issue 20). */
export const cartSingleSchema = z.object({
  seat_id: z.string(),
  sector: z.string(),
  row: z.string(),
  seat: z.string(),
})
export type CartSingle = z.infer<typeof cartSingleSchema>

/**
 * Answer of both cart calls: the items, the seconds left before the hold ends (0 when the cart
 * is empty) and the tickets the cart may still take by the request's payment method (0 when it
 * holds as many or more). `singles` (our addition, issue 20): the
 * empty seats the cart's choice leaves single, for the cart's warning (the server refuses such a
 * choice instead where the event's or session's rule is 'enforce').
 */
export const cartResponseSchema = z.object({
  calendar_id: idSchema,
  items: z.array(cartItemSchema),
  hold_seconds: countSchema,
  limit_left: countSchema,
  singles: z.array(cartSingleSchema).optional(),
  /** Our addition (issue 20): how many more times the hold may be extended (answer of /api/cart/extend). */
  extensions_left: countSchema.optional(),
})
export type CartResponse = z.infer<typeof cartResponseSchema>
