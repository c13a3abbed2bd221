import { ORDER_STATUS_CANCELLED } from '../../contract/constants'
import type { Db } from '../db/connect'
import { lineCounts, ticketCounts } from '../domain/orders/returned-lines.repository'

/** Statements of the Sales screen (issue 17 item 4); the counting is sales.ts. */

export function findCalendar(db: Db, calendarId: number) {
  return db.selectFrom('calendars').selectAll().where('id', '=', calendarId).executeTakeFirst()
}

/** A session's price rows for single tickets (not for subscriptions). */
export function regularPrices(db: Db, calendarId: number) {
  return db.selectFrom('prices').select(['id', 'zone_id', 'quantity', 'for_subscription']).where('calendar_id', '=', calendarId).where('for_subscription', '=', 0).execute()
}

/** Places of a drawing per zone: seats counted, standing places by capacity (one list). */
export async function placesPerZoneOf(db: Db, drawingId: number): Promise<{ zone_id: number | null; n: number | string }[]> {
  const seats = await db.selectFrom('seats').select(['zone_id', (eb) => eb.fn.countAll<number>().as('n')]).where('drawing_id', '=', drawingId).groupBy('zone_id').execute()
  const standing = await db.selectFrom('standing_places').select(['zone_id', (eb) => eb.fn.sum<number>('capacity').as('n')]).where('drawing_id', '=', drawingId).groupBy('zone_id').execute()
  return [...seats, ...standing]
}

/**
 * Every order line of the orders with a line in a session (their lines in other sessions too:
 * what an order paid is split over all its lines, sales.ts sessionLineShares), with its
 * order's state and, for a box-office sale, how it was paid there (null: the shop's). The
 * session's orders come from the (calendar_id, order_id) index, their lines from order_id's.
 */
export function sessionOrderLines(db: Db, calendarId: number) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .leftJoin('box_office_sales as b', 'b.order_id', 'o.id')
    .select(['l.id', 'l.order_id', 'l.calendar_id', 'l.zone_id', 'l.client_category_id', 'l.quantity', 'l.cost', 'l.price', 'l.return_status', 'o.paid', 'o.status', 'o.reserve_until', 'o.paid_at', 'b.pay_kind'])
    .where('l.order_id', 'in', (eb) => eb.selectFrom('order_lines as s').select('s.order_id').where('s.calendar_id', '=', calendarId))
    .execute()
}

/** Seats in visitors' carts now, per zone. */
export function liveCartHoldsPerZone(db: Db, calendarId: number, now: number) {
  return db
    .selectFrom('seat_holds as h')
    .innerJoin('seats as s', 's.id', 'h.seat_id')
    .select(['s.zone_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('h.calendar_id', '=', calendarId)
    .where('h.state', '=', 'cart')
    .where('h.released_at', 'is', null)
    .where('h.expires_at', '>', now)
    .groupBy('s.zone_id')
    .execute()
}

/** Seats blocked in a session now (live 'blocked' holds, admin/studio/blocks.ts) per zone of the seat. */
export function blockedPerZone(db: Db, calendarId: number) {
  return db
    .selectFrom('seat_holds as h')
    .innerJoin('seats as s', 's.id', 'h.seat_id')
    .select(['s.zone_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('h.calendar_id', '=', calendarId)
    .where('h.state', '=', 'blocked')
    .where('h.released_at', 'is', null)
    .groupBy('s.zone_id')
    .execute()
}

export function zonesById(db: Db, ids: readonly number[]) {
  return db.selectFrom('zones').select(['id', 'color', 'sortnum', 'name_ru', 'name_en', 'name_kz', 'name_ch']).where('id', 'in', [...ids]).execute()
}

export function categoriesById(db: Db, ids: readonly number[]) {
  return db.selectFrom('client_categories').select(['id', 'name_ru', 'name_en', 'name_kz', 'name_ch']).where('id', 'in', [...ids]).execute()
}

export function findEvent(db: Db, eventId: number) {
  return db.selectFrom('events').select('id').where('id', '=', eventId).executeTakeFirst()
}

export function eventCalendars(db: Db, eventId: number) {
  return db.selectFrom('calendars').select('id').where('event_id', '=', eventId).orderBy('starts_at').orderBy('id').execute()
}

/**
 * Orders, newest first, of an event or a session (or all), with their ticket counts (and line
 * counts, returned ones apart, for their state). The page's
 * order ids come first, newest first, from an index ending in order_id (migration
 * 2026_11_29_17_ol1_01; all orders: the orders' key), so a page reads about its own lines however
 * many the event has sold; then only those orders are grouped.
 */
export function ordersOf(db: Db, q: { event_id?: number; calendar_id?: number; limit: number }) {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_lines as l', 'l.order_id', 'o.id')
    .select(['o.id', 'o.ord_num', 'o.hash', 'o.status', 'o.paid', 'o.total', 'o.fio', 'o.surname', 'o.name', 'o.patronymic', 'o.email', 'o.phone', 'o.reserve_until', 'o.created_at', 'o.paid_at'])
    // Tickets held and returned (returned-lines.repository.ts ticketCounts).
    .select(ticketCounts)
    // Its lines and its returned ones (order-state.ts orderStateOf: refunded, partly refunded), in the same grouping.
    .select(lineCounts)
    .where('o.id', 'in', orderPage(db, q))
    .groupBy(['o.id', 'o.ord_num', 'o.hash', 'o.status', 'o.paid', 'o.total', 'o.fio', 'o.surname', 'o.name', 'o.patronymic', 'o.email', 'o.phone', 'o.reserve_until', 'o.created_at', 'o.paid_at'])
    .orderBy('o.id', 'desc')
    .execute()
}

/** The ids of a page of ordersOf, newest first (its plan is checked in tests/integration/order-list-index.test.ts). */
export function orderPage(db: Db, q: { event_id?: number; calendar_id?: number; limit: number }) {
  if (q.event_id === undefined && q.calendar_id === undefined) {
    return db
      .selectFrom('orders as p')
      .select('p.id')
      .where(({ exists, selectFrom }) => exists(selectFrom('order_lines as pl').select('pl.id').whereRef('pl.order_id', '=', 'p.id')))
      .orderBy('p.id', 'desc')
      .limit(q.limit)
  }
  return db
    .selectFrom('order_lines as pl')
    .select('pl.order_id as id')
    .$if(q.calendar_id !== undefined, (b) => b.where('pl.calendar_id', '=', q.calendar_id!))
    .$if(q.event_id !== undefined, (b) => b.where('pl.event_id', '=', q.event_id!))
    .groupBy('pl.order_id')
    .orderBy('pl.order_id', 'desc')
    .limit(q.limit)
}

/**
 * The lines of a session's export (admin/sales-export.ts): every line in the session of a paid
 * order or of a reservation still held at `now`, with what a spreadsheet row says of it (its
 * order, buyer, zone, category, seat or standing place, desk payment), by order then line.
 */
export function sessionExportLines(db: Db, calendarId: number, now: number) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .leftJoin('box_office_sales as b', 'b.order_id', 'o.id')
    .leftJoin('zones as z', 'z.id', 'l.zone_id')
    .innerJoin('client_categories as cc', 'cc.id', 'l.client_category_id')
    .leftJoin('seats as s', 's.id', 'l.seat_id')
    .leftJoin('sectors as sec', 'sec.id', 's.sector_id')
    .leftJoin('standing_places as sp', 'sp.id', 'l.standing_place_id')
    .select([
      'l.id', 'l.order_id', 'l.quantity', 'l.price', 'l.service_fee', 'l.return_status', 'l.person_surname', 'l.person_name', 'l.person_middle_name',
      'o.ord_num', 'o.paid', 'o.status', 'o.reserve_until', 'o.created_at', 'o.paid_at', 'o.fio', 'o.surname', 'o.name', 'o.patronymic', 'o.email', 'o.phone', 'b.pay_kind',
      'z.name_ru as zone_ru', 'z.name_en as zone_en', 'z.name_kz as zone_kz', 'z.name_ch as zone_ch',
      'cc.name_ru as cat_ru', 'cc.name_en as cat_en', 'cc.name_kz as cat_kz', 'cc.name_ch as cat_ch',
      'sec.name as sector_name', 's.row_label', 's.number_label', 'sp.name as stand_name',
    ])
    .where('l.calendar_id', '=', calendarId)
    .where((eb) => eb.or([eb('o.paid', '=', 1), eb.and([eb('o.status', '!=', ORDER_STATUS_CANCELLED), eb('o.reserve_until', '>', now)])]))
    .orderBy('o.id')
    .orderBy('l.id')
    .execute()
}

/** The first valid entry of each ticket line of a session that has been checked in. */
export function sessionFirstEntries(db: Db, calendarId: number) {
  return db
    .selectFrom('ticket_redemptions')
    .select(['order_line_id', (eb) => eb.fn.min<number>('scanned_at').as('at')])
    .where('calendar_id', '=', calendarId)
    .where('direction', '=', 'in')
    .where('result', '=', 'valid')
    .groupBy('order_line_id')
    .execute()
}
