import { KIND_SUBSCRIPTIONS } from '../../../contract/constants'
import type { schemeResponseSchema, SchemeSessionsResponse } from '../../../contract/entities/scheme'
import type { z } from 'zod'
import type { Db } from '../../db/connect'
import { ProcessCache } from '../../db/process-cache'
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

/**
 * How old the free places of an event's sessions may be where the scheme page reads them (POST
 * /api/scheme/sessions and the page's HTML, landing.ts): each process counts an event's at most
 * once in this time, whoever asks (the answer is the same for every visitor).
 *
 * Why (issue 18): the count joins the session's live holds to their seats' zones, so it grows with
 * the sales: 3.5 ms a call with no holds, 55 ms (nearly all PostgreSQL's) with 50,000 holds in the
 * stadium's session (2026-11-30), and in an on-sale every visitor of that session opens the page.
 *
 * What it costs: the places shown may be a second behind a hold or a sale (the map's statuses and
 * every buying call count afresh); catalogue edits through the process or the console void it at
 * once (ProcessCache).
 */
export const SCHEME_SESSIONS_TTL_MS = 1000
/** Events kept per database: a bound on memory (past it the cache starts empty again). */
const SCHEME_SESSIONS_EVENTS = 256
const sessionsCache = new ProcessCache<string, SchemeSessionsResponse>(SCHEME_SESSIONS_TTL_MS, SCHEME_SESSIONS_EVENTS)

/** buildSchemeSessions, at most SCHEME_SESSIONS_TTL_MS old and shared by every caller: read it, never change it. */
export function sharedSchemeSessions(db: Db, hash: string, now = Date.now()): Promise<SchemeSessionsResponse> {
  return sessionsCache.get(db, hash, () => buildSchemeSessions(db, hash, now), now)
}
