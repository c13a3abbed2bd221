import { z } from 'zod'
import { localized } from '../lang'
import { countSchema, hashSchema, idSchema, moneySchema, okShape } from './common'

/**
 * An added service of an order (001 §3 "Added service"): id, parent_id (the ticket line it
 * belongs to), package_id, price_id, cost, action (the service's action id), limit,
 * action_{lang}; candelete 1 = the buyer may remove it (our placement of the spec's candelete).
 */
export const topingSchema = z.object({
  id: idSchema,
  parent_id: idSchema,
  package_id: idSchema,
  price_id: idSchema,
  cost: moneySchema,
  action: idSchema,
  limit: countSchema,
  candelete: z.number().int().min(0).max(1),
  ...localized('action'),
})
export type Toping = z.infer<typeof topingSchema>

/**
 * An offer that may be added (our design of addToping): uid identifies the offer for one ticket
 * line; an item is disabled once the selected items with the same price_id reach limit.
 */
export const addTopingSchema = z.object({
  uid: z.string(),
  parent_id: idSchema,
  package_id: idSchema,
  price_id: idSchema,
  cost: moneySchema,
  limit: countSchema,
  ...localized('action'),
})
export type AddToping = z.infer<typeof addTopingSchema>

/** POST /api/order/add-special-offer request (001 §7). The server prices offers itself. */
export const addSpecialOfferRequestSchema = z.object({
  data: z
    .array(
      z.object({
        uid: z.string().min(1).max(200),
        parent_id: idSchema,
        package_id: idSchema,
        price_id: idSchema,
        cost: moneySchema,
      }),
    )
    .min(1)
    .max(100),
  hash: hashSchema,
})

export const addSpecialOfferResponseSchema = z.object({ ...okShape })

/** POST /api/order/remove-special-offer request (001 §7): id = the added service's id. */
export const removeSpecialOfferRequestSchema = z.object({
  hash: hashSchema,
  id: idSchema,
})

/** Answer of remove-special-offer (our design): a plain success; the client reloads the order. */
export const removeSpecialOfferResponseSchema = z.object({ ...okShape })
