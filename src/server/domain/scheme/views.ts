import { KIND_SUBSCRIPTIONS } from '../../../contract/constants'
import type { schemeResponseSchema, SchemeSessionsResponse } from '../../../contract/entities/scheme'
import type { z } from 'zod'
import type { Db } from '../../db/connect'
import { actionView, checkboxView, compositionView, priceRowView } from '../admission/event-page'
import { orderCheckboxes } from '../events/checkboxes-cached'
import * as orders from '../events/repository'
import { findSchemeEvent } from './repository'
import { freeByZone } from '../inventory/zones'

/** POST /api/scheme: the scheme-view header: action, subscription composition, agreements. */
export async function buildSchemeHeader(db: Db, hash: string): Promise<z.infer<typeof schemeResponseSchema>> {
  const event = await findSchemeEvent(db, hash)
  const [compositions, checkboxes] = await Promise.all([
    event.menu_kind_id === KIND_SUBSCRIPTIONS ? orders.listEventCompositions(db, event.id) : Promise.resolve([]),
    orderCheckboxes(db),
  ])
  return {
    action: actionView(event),
    actionStr: compositionView(event.id, compositions),
    checkboxList: checkboxView(checkboxes),
  }
}

/**
 * POST /api/scheme/sessions: every open session of the event with the places still free (quant,
 * in the zones sold at regular prices), the price rows of each (calendar_id set; quantity =
 * places of the row's zone still free; subscription rows marked for_subscription = 1, which the
 * page shows only to a client buying by subscription, as /api/no-scheme does) and the action.
 * A session not on sale yet (soon_on_sale) shows quant 0.
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
    const calRows = rows.filter((r) => r.calendar_id === cal.id)
    const pricedZones = new Set(calRows.filter((r) => r.for_subscription === 0).map((r) => r.zone_id))
    let quant = 0
    for (const z of pricedZones) quant += zonesFree.get(z) ?? 0
    calendar.push({ calendar_id: cal.id, event_day: cal.day, event_time: cal.time, quant: closed ? 0 : quant })
    for (const r of calRows) {
      prices.push({ ...priceRowView(r, cal, event.id, closed ? 0 : zonesFree.get(r.zone_id) ?? 0), calendar_id: cal.id })
    }
  }
  return { calendar, prices, action: actionView(event) }
}
