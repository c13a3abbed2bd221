import { KIND_SUBSCRIPTIONS } from '../../../contract/constants'
import type { EventAction } from '../../../contract/entities/event'
import type { schemeResponseSchema, SchemeSessionsResponse } from '../../../contract/entities/scheme'
import type { z } from 'zod'
import type { Db } from '../../db/connect'
import { russianDay } from '../catalog/service'
import { priceRowView } from '../orders/event-page'
import * as orders from '../orders/repository'
import { findSchemeEvent } from './repository'
import { freeByZone } from './stock'

/** The event action (flags and names) of a seat-map event (001 §3 "Event action (flags)"). */
export function actionView(event: orders.EventRow): EventAction {
  return {
    action_id: event.id,
    hash_id: event.hash_id,
    age_from: event.age_from,
    maybefree: event.maybefree,
    rowcount: event.rowcount,
    demquantlimit: event.demquantlimit,
    writeticketname: event.writeticketname,
    mailconfirm: event.mailconfirm,
    usepushkarta: event.usepushkarta,
    usenopushkarta: event.usenopushkarta,
    scheme: event.scheme,
    subscription: event.menu_kind_id === KIND_SUBSCRIPTIONS ? 1 : 0,
    action_ru: event.name_ru,
    action_en: event.name_en,
    action_kz: event.name_kz,
    action_ch: event.name_ch,
    seatroot_ru: event.venue_name_ru ?? '',
    seatroot_en: event.venue_name_en ?? '',
    seatroot_kz: event.venue_name_kz ?? '',
    seatroot_ch: event.venue_name_ch ?? '',
    address_ru: event.venue_address_ru ?? '',
    address_en: event.venue_address_en ?? '',
    address_kz: event.venue_address_kz ?? '',
    address_ch: event.venue_address_ch ?? '',
    descript_ru: event.descript_ru,
    descript_en: event.descript_en,
    descript_kz: event.descript_kz,
    descript_ch: event.descript_ch,
    descript_url_ru: event.descript_url_ru,
    descript_url_en: event.descript_url_en,
    descript_url_kz: event.descript_url_kz,
    descript_url_ch: event.descript_url_ch,
  }
}

/** POST /api/scheme: the scheme-view header: action, subscription composition, agreements. */
export async function buildSchemeHeader(db: Db, hash: string): Promise<z.infer<typeof schemeResponseSchema>> {
  const event = await findSchemeEvent(db, hash)
  const [compositions, checkboxes] = await Promise.all([
    event.menu_kind_id === KIND_SUBSCRIPTIONS ? orders.listEventCompositions(db, event.id) : Promise.resolve([]),
    orders.listOrderCheckboxes(db),
  ])
  return {
    action: actionView(event),
    actionStr: compositions.map((c) => ({
      event_id: event.id,
      eventstr_ru: c.eventstr_ru,
      eventstr_en: c.eventstr_en,
      eventstr_kz: c.eventstr_kz,
      eventstr_ch: c.eventstr_ch,
      eventstr_day: c.eventstr_day,
      eventstr_time: c.eventstr_time,
      str_day_ru: russianDay(c.eventstr_day),
      seatroot: c.venue_name_ru ?? '',
      address: c.venue_address_ru ?? '',
      url: c.url,
      eventstrsortnum: c.sortnum,
    })),
    checkboxList: checkboxes.map((c) => ({ id: c.id, filling: c.filling, name_ru: c.name_ru, name_en: c.name_en, name_kz: c.name_kz, name_ch: c.name_ch })),
  }
}

/**
 * POST /api/scheme/sessions: every open session of the event with the places still free (quant),
 * the regular price rows of each (calendar_id set; quantity = places of the row's zone still
 * free) and the action. A session not on sale yet (soon_on_sale) shows quant 0.
 */
export async function buildSchemeSessions(db: Db, hash: string, now = Date.now()): Promise<SchemeSessionsResponse> {
  const event = await findSchemeEvent(db, hash)
  const calendars = (await orders.listOpenCalendars(db, event.id, now)).filter((c) => c.drawing_id !== null)
  const [rows, free] = await Promise.all([orders.listPriceRows(db, calendars.map((c) => c.id)), freeByZone(db, calendars, now)])
  const closed = event.soon_on_sale === 1
  const calendar: SchemeSessionsResponse['calendar'] = []
  const prices: SchemeSessionsResponse['prices'] = []
  for (const cal of calendars) {
    const zonesFree = free.get(cal.id) ?? new Map<number, number>()
    const calRows = rows.filter((r) => r.calendar_id === cal.id && r.for_subscription === 0)
    const pricedZones = new Set(calRows.map((r) => r.zone_id))
    let quant = 0
    for (const z of pricedZones) quant += zonesFree.get(z) ?? 0
    calendar.push({ calendar_id: cal.id, event_day: cal.day, event_time: cal.time, quant: closed ? 0 : quant })
    for (const r of calRows) {
      prices.push({ ...priceRowView(r, cal, event.id, closed ? 0 : zonesFree.get(r.zone_id) ?? 0), calendar_id: cal.id })
    }
  }
  return { calendar, prices, action: actionView(event) }
}
