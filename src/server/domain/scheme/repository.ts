import type { Db } from '../../db/connect'
import { prepared } from '../../db/prepared'
import { ApiFailure } from '../../errors'
import { sessionSaleState } from '../../../contract/rules/session-sale'
import * as orders from '../events/repository'

/**
 * Lookups shared by the seat-map calls: the session (calendar) with its event and price rows,
 * checked for sale. Event and price queries are the events domain's, so both flows read the
 * same rows the same way.
 */

export interface SchemeSession {
  event: orders.EventRow
  calendar: orders.CalendarRow
  /** Regular price rows of the session (subscription rows left out), in display order. */
  prices: orders.PriceRowDb[]
  /** The session's subscription price rows (for_subscription = 1): what a client buying by subscription pays. */
  subscriptionPrices: orders.PriceRowDb[]
  drawingId: number
}

/** A seat-map event by hash; 404 when unknown, -1004 as well when it is sold without a map. */
export async function findSchemeEvent(db: Db, hash: string): Promise<orders.EventRow> {
  const event = await orders.findEventByHash(db, hash)
  if (!event) throw new ApiFailure('event-not-found', { hash })
  if (event.scheme !== 1) throw new ApiFailure('event-not-on-map', { hash })
  return event
}

/** What a session's checks and prices are judged from: its calendar row, its event and its price rows (all of them). */
export interface SessionRows {
  calendar: orders.CalendarRow
  event: orders.EventRow | undefined
  rows: orders.PriceRowDb[]
}

/** Reads a session's rows (three indexed reads); undefined when there is no such calendar. */
export async function readSessionRows(db: Db, calendarId: number): Promise<SessionRows | undefined> {
  const calendar = await calendarById.first(db, { id: calendarId })
  if (!calendar) return undefined
  const event = await orders.findAnyEventById(db, calendar.event_id)
  return { calendar, event, rows: event ? await orders.listPriceRows(db, [calendar.id]) : [] }
}

const calendarById = prepared((db, p: { id: number }) => db.selectFrom('calendars').selectAll().where('id', '=', p.id))

/**
 * The session `calendarId` of a seat-map event, open for sale at `now`, with its price rows.
 * `hash`, when given, must be the session's event. Refuses unknown, past, inactive, map-less
 * and (unless `viewOnly`) not-yet-on-sale sessions with a clear error.
 */
export async function loadSchemeSession(db: Db, calendarId: number, now: number, hash?: string, opts: { viewOnly?: boolean } = {}): Promise<SchemeSession> {
  return judgeSession(calendarId, await readSessionRows(db, calendarId), now, hash, opts)
}

/** The checks of loadSchemeSession on rows already read (fresh or from the hold cache, session-cache.ts). */
export function judgeSession(calendarId: number, read: SessionRows | undefined, now: number, hash?: string, opts: { viewOnly?: boolean } = {}): SchemeSession {
  if (!read) throw new ApiFailure('session-not-found', { id: calendarId })
  // One read of the event, judged here as findSchemeEvent judges it by hash (same errors, same order).
  const { calendar, event, rows } = read
  if (!event) throw new ApiFailure('session-not-found', { id: calendarId })
  if (hash !== undefined && event.hash_id !== hash) throw new ApiFailure('session-other-event', { id: calendarId, hash })
  if (event.active !== 1 || event.published !== 1) throw new ApiFailure('event-not-found', { hash: event.hash_id })
  if (event.scheme !== 1) throw new ApiFailure('event-not-on-map', { hash: event.hash_id })
  if (calendar.drawing_id === null) throw new ApiFailure('session-no-map', { id: calendarId })
  if (sessionSaleState(calendar, now) !== 'on-sale') {
    throw new ApiFailure('session-not-on-sale', { day: calendar.day, time: calendar.time })
  }
  // The map of an event not on sale yet may be looked at; holding and ordering wait for the opening.
  if (event.soon_on_sale === 1 && !opts.viewOnly) throw new ApiFailure('sales-not-open')
  return {
    event,
    calendar,
    prices: rows.filter((p) => p.for_subscription === 0),
    subscriptionPrices: rows.filter((p) => p.for_subscription === 1),
    drawingId: calendar.drawing_id,
  }
}

/** Whether a session exists and is sold on a seat map (has a drawing). */
export async function isMapSession(db: Db, calendarId: number): Promise<boolean> {
  const calendar = await db.selectFrom('calendars').select('drawing_id').where('id', '=', calendarId).executeTakeFirst()
  return calendar !== undefined && calendar.drawing_id !== null
}
