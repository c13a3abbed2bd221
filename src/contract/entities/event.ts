import { z } from 'zod'
import { localizedMany } from '../lang'
import { checkboxItemSchema, countSchema, daySchema, flagSchema, hashSchema, idSchema, timeSchema } from './common'
import { compositionLineSchema } from './afisha'
import { priceRowSchema } from './price'

/**
 * The event action of the order page (000 §3, 001 §3 "Event action (flags)"): maybefree 1 = can
 * be free; rowcount = categories shown before "more"; demquantlimit = maximum tickets per order;
 * writeticketname 1 = named tickets; mailconfirm 1 = ask to repeat the e-mail; usepushkarta 1 =
 * gift card accepted; usenopushkarta 1 = other payment also accepted.
 *
 * Our additions: action_id, hash_id, scheme (1 = seat-map event), subscription (1 = season
 * ticket), descript_{lang} and descript_url_{lang} for the header's note and info link, and
 * soon_on_sale (1 = sales not open yet: the listing's totalticketcount -99999, so a page opened
 * by a direct link says "soon on sale" rather than "sold out").
 */
export const eventActionSchema = z.object({
  action_id: idSchema,
  hash_id: hashSchema,
  age_from: z.number().int().min(0),
  maybefree: flagSchema,
  rowcount: countSchema,
  demquantlimit: countSchema,
  writeticketname: flagSchema,
  mailconfirm: flagSchema,
  usepushkarta: flagSchema,
  usenopushkarta: flagSchema,
  scheme: flagSchema,
  subscription: flagSchema,
  soon_on_sale: flagSchema,
  ...localizedMany('action', 'seatroot', 'address', 'descript', 'descript_url'),
})
export type EventAction = z.infer<typeof eventActionSchema>

/**
 * A time slot of a day on the event page: available tickets and the price type. Our addition:
 * calendar_id, the session's id (the waiting room of a session is asked by it, issue 18.5).
 */
export const timeSlotSchema = z.object({
  time: timeSchema,
  quantity: countSchema,
  pricetype_id: z.number().int(),
  calendar_id: idSchema.optional(),
})

/** A day of the event page's calendar with its time slots (000 §3). */
export const eventCalendarDaySchema = z.object({
  day: daySchema,
  times: z.array(timeSlotSchema),
})
export type EventCalendarDay = z.infer<typeof eventCalendarDaySchema>

/**
 * ticketInfo (our design; the spec names it only): the group-excursion limit of each session.
 * passagelimit = passes a session allows in all; passageleft = passes still free.
 */
export const ticketInfoSchema = z.object({
  day: daySchema,
  time: timeSchema,
  passagelimit: countSchema,
  passageleft: countSchema,
})

/**
 * POST /api/no-scheme answer (000 §7): action, actionStr (composition lines of a subscription),
 * calendar, price (normal price rows), ticketPrice (group-excursion price rows, passagequant > 0),
 * ticketInfo, checkboxList (agreements shown with the order form).
 */
export const noSchemeResponseSchema = z.object({
  action: eventActionSchema,
  actionStr: z.array(compositionLineSchema),
  calendar: z.array(eventCalendarDaySchema),
  price: z.array(priceRowSchema),
  ticketPrice: z.array(priceRowSchema),
  ticketInfo: z.array(ticketInfoSchema),
  checkboxList: z.array(checkboxItemSchema),
})
export type NoSchemeResponse = z.infer<typeof noSchemeResponseSchema>

export const noSchemeRequestSchema = z.object({ hash: hashSchema })
