import { z } from 'zod'
import { localizedMany } from '../lang'
import { countSchema, daySchema, idSchema, moneySchema } from './common'

/**
 * A price row (000 §3 and 001 §3): one client category in one zone level of one date.
 * useproculture: 0 all, 1 gift card only, 2 non-gift-card. currency_id: 1 money, 2 percent
 * (priceservise is then a percentage of price). needprice: minimum quantity required in the row
 * (0 = none). passagequant: passes per group ticket (0 = not a group ticket).
 *
 * Our design: `calendar_id` ties the row to a session on seat-map events (null for
 * general-admission rows, which are tied by action_day and time); `time` is the session time
 * ('' when the row is valid for every time of the day).
 *
 * Our design: `for_subscription` = 1 marks the price an identified client pays when buying by
 * subscription (000 §4: "the subscription checkbox switches the price list between subscription
 * prices and normal prices"); absent or 0 = a normal price.
 */
export const priceRowSchema = z.object({
  action_day: daySchema,
  time: z.string(),
  calendar_id: z.number().int().nullable(),
  price: moneySchema,
  quantity: countSchema,
  clientcategory_id: idSchema,
  zonelevel_id: idSchema,
  action_id: idSchema,
  useproculture: z.number().int().min(0).max(2),
  needprice: countSchema,
  passagequant: countSchema,
  zonecolor: z.string(),
  priceservise: moneySchema,
  currency_id: z.number().int().min(1).max(2),
  for_subscription: z.number().int().min(0).max(1).optional(),
  ...localizedMany('category', 'category_descript', 'zonelevel', 'zonelevel_descript'),
})
export type PriceRow = z.infer<typeof priceRowSchema>
