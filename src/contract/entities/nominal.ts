import { z } from 'zod'
import { localized, localizedMany, requestLangSchema } from '../lang'
import { checkboxAnswerSchema, checkboxItemSchema, daySchema, flagSchema, hashSchema, idSchema, moneySchema, okShape, timeSchema } from './common'

/**
 * A row of /api/order-data (000 §3 "Order data row (named tickets)"): one ticket of the order.
 * reservetime = seconds left to confirm; demandstatusid 20 confirmed, 90 cancelled (both send the
 * visitor to the order view). needage: 0 no age, 1 age in years, 2 birth date. needmiddlename,
 * needdocument, needcountry, needregion: 1 = the field is asked (and required).
 * country_id: the default country of the row (null = none chosen). Our reading of the spec's
 * plain fields: action = the event name in the requested language (action_{lang} carry all),
 * clientcategory = the client category id (category_{lang} carry its names).
 * Our addition: paid (1 = the order is paid: no confirm deadline, the page shows no countdown;
 * reservetime is then only informative, the server takes the names after it too).
 */
export const orderDataRowSchema = z.object({
  id: idSchema,
  ord_num: z.number().int(),
  hash_id: hashSchema,
  action: z.string(),
  day: daySchema,
  time: timeSchema,
  reservetime: z.number().int(),
  demandstatusid: z.number().int(),
  paid: flagSchema,
  clientcategory: idSchema,
  needage: z.number().int().min(0).max(2),
  needmiddlename: flagSchema,
  needdocument: flagSchema,
  needcountry: flagSchema,
  needregion: flagSchema,
  summa: moneySchema,
  country_id: z.number().int().nullable(),
  tickethash_id: hashSchema,
  usereturn: flagSchema,
  usepushkarta: flagSchema,
  usenopushkarta: flagSchema,
  ...localizedMany('action', 'category', 'sector', 'row', 'seat'),
})
export type OrderDataRow = z.infer<typeof orderDataRowSchema>

/** A document type: its note is shown when the number fails the type's pattern. */
export const docTypeSchema = z.object({
  id: idSchema,
  country_id: z.number().int().nullable(),
  ...localizedMany('name', 'note'),
})
export type DocType = z.infer<typeof docTypeSchema>

export const countrySchema = z.object({
  id: idSchema,
  ...localized('name'),
})

export const regionSchema = z.object({
  id: idSchema,
  country_id: idSchema,
  ...localized('name'),
})

export const orderDataRequestSchema = z.object({
  hash: hashSchema,
  lang: requestLangSchema,
})

/**
 * POST /api/order-data answer (000 §7): rows, text (the consent text, html, in the requested
 * language), checkboxList, docTypes, countries, regions. An unknown order answers NOT_FOUND
 * and the page shows "order deleted".
 * Our addition: demsumma, the order's total to pay as its order view answers it (001 §3, the
 * same rule: promo code, bonuses and offers counted), the page's to-pay; a row's summa is that
 * ticket's list cost only.
 */
export const orderDataResponseSchema = z.object({
  rows: z.array(orderDataRowSchema),
  demsumma: moneySchema,
  text: z.string(),
  checkboxList: z.array(checkboxItemSchema),
  docTypes: z.array(docTypeSchema),
  countries: z.array(countrySchema),
  regions: z.array(regionSchema),
})
export type OrderDataResponse = z.infer<typeof orderDataResponseSchema>

const column = <T extends z.ZodType>(item: T) => z.array(item).max(1000)

/**
 * POST /api/confirm-nominal request (000 §3 "Named-ticket confirm payload"): parallel arrays,
 * one entry per ticket row in the same order as `id`. Fields a row does not ask are sent as ''
 * (strings) or null (ids). age is the number of years as text ('' when not asked); date is the
 * birth date dd.mm.yyyy ('' when not asked). The server checks each entry with the named-ticket
 * rules and the row's need* flags, and that all arrays have the length of `id`.
 */
export const confirmNominalRequestSchema = z.object({
  id: column(idSchema).min(1),
  docTypeId: column(z.number().int().nullable()),
  name: column(z.string().max(128)),
  surname: column(z.string().max(64)),
  middleName: column(z.string().max(128)),
  docNum: column(z.string().max(64)),
  age: column(z.string().max(3)),
  date: column(z.string().max(10)),
  countryId: column(z.number().int().nullable()),
  regionId: column(z.number().int().nullable()),
  hash: hashSchema,
  lang: requestLangSchema,
  checkboxList: z.array(checkboxAnswerSchema).max(50),
})
export type ConfirmNominalRequest = z.input<typeof confirmNominalRequestSchema>

/** Answer of /api/confirm-nominal: the order hash to open in the order view. */
export const confirmNominalResponseSchema = z.object({
  ...okShape,
  hash: hashSchema,
})
