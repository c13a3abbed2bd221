import { z } from 'zod'
import { localizedMany, requestLangSchema } from '../lang'
import { countSchema, daySchema, flagSchema, hashSchema, idSchema, moneySchema, okShape, timeSchema } from './common'
import { discountDataSchema } from './loyalty'
import { addTopingSchema, topingSchema } from './offers'
import { paymentTypeSchema } from './payment'

/**
 * A ticket line of the order view (001 §3): tickettype 1 QR, 2 no code, otherwise barcode;
 * _barcode and _qrcode are base64 PNG images ('' until the order is paid); candelete 1 = a
 * removable service. Seat-map lines fill sector/row/seat; general-admission lines leave them ''
 * and show category (visitor category), zonelevel (price category), price, quant, personname.
 * rowname is the row label word of the venue ('' = the default "row").
 *
 * Our design (the spec does not say what `cost` holds): price is one ticket's price and cost the
 * line's ticket prices (price × quant) without service fees; the fees are in `service`, once
 * per action group, so a group's total is the sum of its lines' cost plus its fee (the money
 * rule, contract/rules/money.ts). return_status (our addition) is the line's return state of
 * 001 §4: 0 none, 60 requested (not confirmed), 70 and 80 returned; a returned line shows no
 * code, is left out of every total and its refund is counted in the answer's `refunded`.
 */
export const ticketLineSchema = z.object({
  id: idSchema,
  action_group: z.number().int(),
  ...localizedMany('action', 'address', 'seatroot', 'day_str', 'dayofweek', 'zonelevel', 'category'),
  ...localizedMany('sector', 'row', 'seat'),
  day: daySchema,
  time: timeSchema,
  age_from: z.number().int().min(0),
  quant: countSchema,
  price: moneySchema,
  cost: moneySchema,
  personname: z.string(),
  tickettype: z.number().int(),
  _barcode: z.string(),
  _qrcode: z.string(),
  ticketcode: z.string(),
  tickethash_id: z.string(),
  candelete: flagSchema,
  rowname: z.string(),
  return_status: z.number().int().min(0),
})
export type TicketLine = z.infer<typeof ticketLineSchema>

/** A service fee of one action group (our design of `service`): the fees of its tickets not returned. */
export const serviceFeeSchema = z.object({
  action_group: z.number().int(),
  cost: moneySchema,
})

/** A QR payment already started for the order (our design of `payment_qr`). */
export const paymentQrSchema = z.object({
  form_qr_url: z.string(),
  form_qr_code: z.string(),
})

/**
 * POST /api/order/view answer (001 §3 "Order view response"). reservetime and reserveTime carry
 * the same value (seconds left to pay; the spec shows both spellings). urnPay maps a payment-type
 * id to its payment start path (/api/payment/start/{id}). creditCompanyId = the chosen payment
 * type (null = none yet). demsumma = total to pay (a paid order's: what it paid less refunds, so
 * 0 for a complimentary desk sale, and with `refunded` it makes what was paid); cost = tickets,
 * fees and services before discounts (returned tickets left out).
 *
 * Our additions: demandstatusid (20 confirmed, 90 cancelled, other = not confirmed: the view
 * redirects to nominal-tickets), paid (1 = paid), usereturn (1 = return allowed), verifyCode
 * (card-scheme verification code: 0 success, 3 pending, 4 failure; null = none), date (server
 * now, 'YYYY-MM-DD HH:MM:SS'), refunded (money given back for returned tickets and refused
 * payments, 0 when none).
 */
export const orderViewResponseSchema = z.object({
  ...okShape,
  ord_num: z.number().int(),
  hash: hashSchema,
  reservetime: z.number().int(),
  reserveTime: z.number().int(),
  demandstatusid: z.number().int(),
  paid: flagSchema,
  usereturn: flagSchema,
  verifyCode: z.number().int().nullable(),
  date: z.string(),
  main: z.array(ticketLineSchema),
  toping: z.array(topingSchema),
  service: z.array(serviceFeeSchema),
  addToping: z.array(addTopingSchema),
  discountData: discountDataSchema,
  printingAllowed: z.boolean(),
  paymentAllowed: z.boolean(),
  demsumma: moneySchema,
  urnPay: z.record(z.string(), z.string()),
  payments: z.array(paymentTypeSchema),
  creditCompanyId: z.number().int().nullable(),
  payment_qr: paymentQrSchema.nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  cost: moneySchema,
  refunded: moneySchema,
})
export type OrderViewResponse = z.infer<typeof orderViewResponseSchema>

export const orderGetNumRequestSchema = z.object({
  hash: hashSchema,
  lang: requestLangSchema,
})

/** POST /api/order/get-num answer (001 §7): response.num = the order number. */
export const orderGetNumResponseSchema = z.object({
  response: z.object({ num: z.number().int() }),
})
