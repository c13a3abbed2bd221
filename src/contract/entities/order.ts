import { z } from 'zod'
import { requestLangSchema } from '../lang'
import { checkboxAnswerSchema, countSchema, daySchema, hashSchema, idSchema, moneySchema, okShape, timeSchema } from './common'
import { buyerFields } from './buyer'

/**
 * The client profile sent with orders (000 §3 "Client profile sent with orders": id, typeId,
 * typeName, cardCode; a referrer is also sent) plus the optional subscription id.
 * The spec's server-side names are REFERRAL (referrer), CRMFAN_ID (id), CRMFAN_TYPE_ID (typeId),
 * CRMFAN_TYPE_NAME (typeName), CRMFAN_CARD_CODE (cardCode). The server never trusts these: the
 * identified client is the one kept in the session by /api/crm/client-info.
 */
export const crmClientOrderSchema = z.object({
  id: z.string().max(64).optional(),
  typeId: z.string().max(64).optional(),
  typeName: z.string().max(200).optional(),
  cardCode: z.string().max(64).optional(),
  referrer: z.string().max(2000).optional(),
  subscritId: idSchema.optional(),
})

/** Bot-check fields that may come with an order (000 §7). */
export const captchaFields = {
  captchaSid: z.string().max(128).optional(),
  captchaText: z.string().max(16).optional(),
  recaptchaToken: z.string().max(4096).optional(),
  recaptchaSkip: z.boolean().optional(),
}

/**
 * An order line of the general-admission flow (000 §3): day, time, actionId, categoryId
 * (clientcategory_id), zoneId (zonelevel_id), quantity, sum, and for subscription orders seatId (0)
 * and subscrit_id (the client subscription used, 000 §3 "the order line carries subscrit_id").
 * The server recomputes sum from its own prices and never trusts it.
 */
export const orderLineSchema = z.object({
  day: daySchema,
  time: timeSchema,
  actionId: idSchema,
  categoryId: idSchema,
  zoneId: idSchema,
  quantity: countSchema.max(1000),
  sum: moneySchema,
  seatId: z.number().int().min(0).optional(),
  subscrit_id: idSchema.optional(),
})
export type OrderLine = z.infer<typeof orderLineSchema>

/**
 * POST /api/order/create request. The spec's "JSON text" is the JSON body itself. Buyer fields
 * are top level: fio for the bank card, or surname/name/patronymic/phone for the gift card;
 * email always; re_email when the event has mailconfirm = 1. USE_PUSHKIN_CARD = 1 pays with
 * the gift card (the order is then limited to 1 ticket).
 */
export const orderCreateRequestSchema = z.object({
  ...buyerFields,
  data: z.array(orderLineSchema).min(1).max(100),
  lang: requestLangSchema,
  hash: hashSchema,
  checkboxList: z.array(checkboxAnswerSchema).max(50),
  crmClient: crmClientOrderSchema.optional(),
  USE_PUSHKIN_CARD: z.union([z.literal(0), z.literal(1)]).optional(),
  ...captchaFields,
})
export type OrderCreateRequest = z.input<typeof orderCreateRequestSchema>

/** Answer of both order-creation calls: the new order's hash (000 §7, 001 §7). */
export const orderCreatedSchema = z.object({
  ...okShape,
  hash: hashSchema,
})
export type OrderCreated = z.infer<typeof orderCreatedSchema>

/**
 * A ticket of the seat-map order (001 §7 "tickets (cart items)"): the seat (or stand) and the
 * client category chosen. Prices and availability are the server's, from its cart and tables.
 */
export const schemeTicketSchema = z.object({
  seat_id: z.string().min(1).max(200),
  clientcategory_id: idSchema,
  quantity: countSchema.max(1000),
})

/**
 * POST /api/order/create-scheme request (001 §7): buyer data, action_id (the event hash), lang,
 * tickets, checkboxList, crmClient, calendarId; the bot-check fields as in /api/order/create.
 * The server orders exactly what the session's cart holds for calendarId and answers
 * UNAVAILABLE when `tickets` and the held cart disagree.
 */
export const orderCreateSchemeRequestSchema = z.object({
  ...buyerFields,
  action_id: hashSchema,
  lang: requestLangSchema,
  tickets: z.array(schemeTicketSchema).min(1).max(1000),
  checkboxList: z.array(checkboxAnswerSchema).max(50),
  crmClient: crmClientOrderSchema.optional(),
  calendarId: idSchema,
  USE_PUSHKIN_CARD: z.union([z.literal(0), z.literal(1)]).optional(),
  ...captchaFields,
})
export type OrderCreateSchemeRequest = z.input<typeof orderCreateSchemeRequestSchema>
