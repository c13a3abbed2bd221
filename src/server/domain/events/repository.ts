import type { Db } from '../../db/connect'
import { listMarkers, listParams, prepared, preparedByShape } from '../../db/prepared'
import { inSaleWindow } from './sale-window'
import { ORDER_CHECKBOX_SCOPE } from '../orders/constants'

/** Queries of the general-admission event page and order creation. */

/** An active event by its public hash, with its venue's texts; undefined when unknown. */
export function findEventByHash(db: Db, hash: string) {
  return eventWithVenue(db)
    .where('e.hash_id', '=', hash)
    .where('e.active', '=', 1)
    // An unpublished event (issue 17) answers like an unknown one.
    .where('e.published', '=', 1)
    .executeTakeFirst()
}
export type EventRow = NonNullable<Awaited<ReturnType<typeof findEventByHash>>>

/**
 * An event by id with its venue's texts, whether active and published or not (the caller judges:
 * loadSchemeSession reads a session's event in one round trip instead of its hash then the event).
 */
export function findAnyEventById(db: Db, id: number): Promise<EventRow | undefined> {
  return eventById.first(db, { id })
}
const eventById = prepared((db, p: { id: number }) => eventWithVenue(db).where('e.id', '=', p.id))

function eventWithVenue(db: Db) {
  return db
    .selectFrom('events as e')
    .leftJoin('venues as v', 'v.id', 'e.venue_id')
    .selectAll('e')
    .select([
      'v.name_ru as venue_name_ru',
      'v.name_en as venue_name_en',
      'v.name_kz as venue_name_kz',
      'v.name_ch as venue_name_ch',
      'v.address_ru as venue_address_ru',
      'v.address_en as venue_address_en',
      'v.address_kz as venue_address_kz',
      'v.address_ch as venue_address_ch',
    ])
}

/** Active sessions of an event that have not started at `now`, in time order. */
export function listOpenCalendars(db: Db, eventId: number, now: number) {
  return db
    .selectFrom('calendars')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('active', '=', 1)
    .where('starts_at', '>', now)
    .where(inSaleWindow(now))
    .orderBy('starts_at')
    .orderBy('id')
    .execute()
}
export type CalendarRow = Awaited<ReturnType<typeof listOpenCalendars>>[number]

/** Price rows of sessions with their category and zone texts, in display order. */
export function listPriceRows(db: Db, calendarIds: readonly number[]): Promise<PriceRowDb[]> {
  if (calendarIds.length === 0) return Promise.resolve([])
  return priceRowsOf(calendarIds.length).rows(db, listParams('calendar', calendarIds))
}

function priceRowsQuery(db: Db) {
  return db
    .selectFrom('prices as p')
    .innerJoin('client_categories as c', 'c.id', 'p.client_category_id')
    .innerJoin('zones as z', 'z.id', 'p.zone_id')
    .selectAll('p')
    .select([
      'c.name_ru as category_ru',
      'c.name_en as category_en',
      'c.name_kz as category_kz',
      'c.name_ch as category_ch',
      'c.descript_ru as category_descript_ru',
      'c.descript_en as category_descript_en',
      'c.descript_kz as category_descript_kz',
      'c.descript_ch as category_descript_ch',
      'z.name_ru as zonelevel_ru',
      'z.name_en as zonelevel_en',
      'z.name_kz as zonelevel_kz',
      'z.name_ch as zonelevel_ch',
      'z.descript_ru as zonelevel_descript_ru',
      'z.descript_en as zonelevel_descript_en',
      'z.descript_kz as zonelevel_descript_kz',
      'z.descript_ch as zonelevel_descript_ch',
      'z.color as zonecolor',
    ])
    .orderBy('p.calendar_id')
    .orderBy('p.sortnum')
    .orderBy('p.id')
}
/** Prepared per number of sessions: one for every order and hold of the seat map, a few for the listing's pages. */
const priceRowsOf = preparedByShape((count: number) => (db, p: object) => priceRowsQuery(db).where('p.calendar_id', 'in', listMarkers<number>(p, 'calendar', count)))
export type PriceRowDb = Awaited<ReturnType<ReturnType<typeof priceRowsQuery>['execute']>>[number]

/** The agreement checkboxes of the order form. */
export function listOrderCheckboxes(db: Db) {
  return db
    .selectFrom('checkbox_lists')
    .select(['id', 'filling', 'name_ru', 'name_en', 'name_kz', 'name_ch'])
    .where('scope', '=', ORDER_CHECKBOX_SCOPE)
    .orderBy('sortnum')
    .orderBy('id')
    .execute()
}

/** Composition lines of a subscription event with their venue texts. */
export function listEventCompositions(db: Db, eventId: number) {
  return db
    .selectFrom('compositions as c')
    .leftJoin('venues as v', 'v.id', 'c.venue_id')
    .leftJoin('events as inc', 'inc.id', 'c.event_id')
    .selectAll('c')
    .select(['v.name_ru as venue_name_ru', 'v.address_ru as venue_address_ru', 'inc.hash_id as included_hash', 'inc.scheme as included_scheme'])
    .where('c.subscription_event_id', '=', eventId)
    .orderBy('c.sortnum')
    .orderBy('c.id')
    .execute()
}

/** A subscription of a CRM client for an event, if still valid at `now`. */
export function findClientSubscription(db: Db, subscriptionId: number, clientId: number, eventId: number, now: number) {
  return db
    .selectFrom('crm_subscriptions')
    .selectAll()
    .where('id', '=', subscriptionId)
    .where('crm_client_id', '=', clientId)
    .where('event_id', '=', eventId)
    .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>', now)]))
    .executeTakeFirst()
}
