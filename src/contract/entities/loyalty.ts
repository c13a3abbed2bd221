import { z } from 'zod'
import { requestLangSchema } from '../lang'
import { hashSchema, okShape } from './common'
import { PROMO_MIN_LENGTH } from '../constants'

/**
 * discountData of the order view (001 §3): the loyalty card and promo code state.
 * isBlocked 1 hides the loyalty block. Bonuses and amounts are numbers; cardCode, promoCode,
 * pochtaBankCode, pochtaBankText are '' when absent.
 */
export const discountDataSchema = z.object({
  cardCode: z.string(),
  isBlocked: z.number().int().min(0).max(1),
  availableBonuses: z.number(),
  useBonuses: z.number(),
  totalBalance: z.number(),
  totalDiscount: z.number(),
  chargedBonus: z.number(),
  promoCode: z.string(),
  pochtaBankCode: z.string(),
  pochtaBankText: z.string(),
})
export type DiscountData = z.infer<typeof discountDataSchema>

/**
 * POST /api/order/add-discount request (001 §7): {hash, lang, bonuses, cardCode, promoCode}.
 * bonuses 0 = none; promoCode '' = none (otherwise at least PROMO_MIN_LENGTH characters,
 * upper-cased by the form). The server checks bonuses against the available bonuses.
 */
export const addDiscountRequestSchema = z.object({
  hash: hashSchema,
  lang: requestLangSchema,
  bonuses: z.number().int().min(0),
  cardCode: z.string().max(64),
  promoCode: z.union([z.literal(''), z.string().min(PROMO_MIN_LENGTH).max(64)]),
})

/** Answer of add-discount: promoCode '' means the promo code was invalid ('Invalid promo code'). */
export const addDiscountResponseSchema = z.object({
  ...okShape,
  promoCode: z.string(),
})

export const cancelDiscountRequestSchema = z.object({
  hash: hashSchema,
  lang: requestLangSchema,
})

/** Answer of cancel-discount (our design): a plain success; the client reloads the order. */
export const cancelDiscountResponseSchema = z.object({ ...okShape })
