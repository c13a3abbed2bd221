import { z } from 'zod'
import { localized, localizedMany } from '../lang'
import { countSchema, daySchema, flagSchema, hashSchema, idSchema, timeSchema } from './common'
import { setupSchema } from './setup'

/**
 * GET /api/afisha answer: all the fields of §3 of document 000.
 *
 * Our design where the spec is silent: the event's name is `action_{lang}` (the list is called
 * `action` and ticket lines name events `action_{lang}`); each event also carries menukind_id,
 * mainmenu_id and submenu_id so the menus can filter it, `tags` as a comma list of attr_id,
 * `scheme` (1 = booked on the seat map, route scheme-view) and `subscription` (1 = a season
 * ticket with composition lines). Sub-menu items mirror main-menu items. Images are
 * `{image_id, event_id, image_url}`. Composition lines carry event_id to link them.
 */
export const kindMenuItemSchema = z.object({
  menukind_id: idSchema,
  menukindsortnum: z.number().int(),
  ...localized('menukindname'),
})

export const mainMenuItemSchema = z.object({
  mainmenu_id: idSchema,
  menukind_id: idSchema,
  mainmenusortnum: z.number().int(),
  showimage: flagSchema,
  menucolumncount: z.number().int().min(0),
  menurowcount: z.number().int().min(0),
  showfiltercalendar: flagSchema,
  showattribute: flagSchema,
  ...localized('mainmenu'),
})

export const subMenuItemSchema = z.object({
  submenu_id: idSchema,
  mainmenu_id: idSchema,
  submenusortnum: z.number().int(),
  ...localized('submenu'),
})

/** An event of the listing. totalticketcount -99999 (SALE_SOON) means "soon on sale". */
export const afishaEventSchema = z.object({
  event_id: idSchema,
  hash_id: hashSchema,
  menukind_id: idSchema,
  mainmenu_id: idSchema,
  submenu_id: z.number().int().nullable(),
  ...localizedMany('action', 'descript', 'descript_url'),
  image_url: z.string(),
  image_id: z.number().int().nullable(),
  age_from: z.number().int().min(0),
  totalticketcount: z.number().int(),
  showticketcount: flagSchema,
  showquant: flagSchema,
  usepushkarta: flagSchema,
  signlang: flagSchema,
  seatroot_id: idSchema,
  eventsotrnum: z.number().int(),
  tags: z.string(),
  scheme: flagSchema,
  subscription: flagSchema,
})
export type AfishaEvent = z.infer<typeof afishaEventSchema>

/** A date and time of an event in the listing. */
export const afishaCalendarEntrySchema = z.object({
  event_id: idSchema,
  eventday: daySchema,
  eventtime: timeSchema,
  ticketcount: z.number().int(),
  quantity: countSchema,
  pricetype_id: z.number().int(),
})

/** A venue (seatroot): its name, address per language and a map link. */
export const venueSchema = z.object({
  seatroot_id: idSchema,
  ...localizedMany('seatroot', 'address'),
  urlyandexmap: z.string(),
})

export const tagSchema = z.object({
  attr_id: idSchema,
  ...localized('attrname'),
})

export const eventTagSchema = z.object({
  event_id: idSchema,
  attr_id: idSchema,
})

export const imageSchema = z.object({
  image_id: idSchema,
  event_id: idSchema,
  image_url: z.string(),
})

/** A line of a subscription's composition (000 §3). */
export const compositionLineSchema = z.object({
  event_id: idSchema,
  ...localized('eventstr'),
  eventstr_day: z.string(),
  eventstr_time: z.string(),
  str_day_ru: z.string(),
  seatroot: z.string(),
  address: z.string(),
  url: z.string(),
  eventstrsortnum: z.number().int(),
})
export type CompositionLine = z.infer<typeof compositionLineSchema>

/**
 * A price category of an event for the listing's price summary (our addition: the spec has a
 * "default categories shown in the listing" constant, 5, but shows no field for them): one per
 * price zone (zonelevel) over the event's upcoming sessions, with its lowest regular price in
 * money (subscription-only rows left out), cheapest first.
 */
export const priceCategorySchema = z.object({
  event_id: idSchema,
  zonelevel_id: idSchema,
  ...localized('zonelevel'),
  zonecolor: z.string(),
  price: z.number().min(0),
})
export type PriceCategory = z.infer<typeof priceCategorySchema>

export const afishaResponseSchema = z.object({
  setup: setupSchema,
  kind_menu: z.array(kindMenuItemSchema),
  main_menu: z.array(mainMenuItemSchema),
  sub_menu: z.array(subMenuItemSchema),
  calendar: z.array(afishaCalendarEntrySchema),
  venues: z.array(venueSchema),
  action: z.array(afishaEventSchema),
  list_tags: z.array(tagSchema),
  event_tags: z.array(eventTagSchema),
  images: z.array(imageSchema),
  composition: z.array(compositionLineSchema),
  price_categories: z.array(priceCategorySchema),
})
export type AfishaResponse = z.infer<typeof afishaResponseSchema>
