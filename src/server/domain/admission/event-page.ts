import { KIND_SUBSCRIPTIONS } from '../../../contract/constants'
import type { EventAction, EventCalendarDay, NoSchemeResponse } from '../../../contract/entities/event'
import type { PriceRow } from '../../../contract/entities/price'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { compositionLine } from '../catalog/service'
import { expireOrders } from '../orders/expiry'
import { toMajor } from '../../../contract/rules/money'
import * as repo from '../events/repository'
import { orderCheckboxes } from '../events/checkboxes-cached'
import { capacityLeft, rowLeft, salesOf, sessionLeft } from '../inventory/stock'

/** A price row as the contract sends it: money in major units, texts of category and zone. */
export function priceRowView(p: repo.PriceRowDb, cal: repo.CalendarRow, eventId: number, left: number): PriceRow {
  return {
    action_day: cal.day,
    time: cal.time,
    // General-admission rows are tied by day and time, not by calendar id (see the contract).
    calendar_id: null,
    price: toMajor(p.price),
    quantity: left,
    clientcategory_id: p.client_category_id,
    zonelevel_id: p.zone_id,
    action_id: eventId,
    useproculture: p.useproculture,
    needprice: p.needprice,
    passagequant: p.passagequant,
    zonecolor: p.zonecolor,
    // Money fees in roubles; percent fees in percent (stored as hundredths of either).
    priceservise: toMajor(p.priceservise),
    currency_id: p.currency_id,
    for_subscription: p.for_subscription,
    category_ru: p.category_ru,
    category_en: p.category_en,
    category_kz: p.category_kz,
    category_ch: p.category_ch,
    category_descript_ru: p.category_descript_ru,
    category_descript_en: p.category_descript_en,
    category_descript_kz: p.category_descript_kz,
    category_descript_ch: p.category_descript_ch,
    zonelevel_ru: p.zonelevel_ru,
    zonelevel_en: p.zonelevel_en,
    zonelevel_kz: p.zonelevel_kz,
    zonelevel_ch: p.zonelevel_ch,
    zonelevel_descript_ru: p.zonelevel_descript_ru,
    zonelevel_descript_en: p.zonelevel_descript_en,
    zonelevel_descript_kz: p.zonelevel_descript_kz,
    zonelevel_descript_ch: p.zonelevel_descript_ch,
  }
}

/** The event action (flags and names) of an event page, general admission or seat map (000 §3, 001 §3). */
export function actionView(event: repo.EventRow): EventAction {
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
    soon_on_sale: event.soon_on_sale,
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

/** A subscription's composition lines (000 §3 "Composition line"). */
export function compositionView(eventId: number, compositions: Awaited<ReturnType<typeof repo.listEventCompositions>>): NoSchemeResponse['actionStr'] {
  return compositions.map((c) => compositionLine(eventId, c))
}

/** The agreements checkbox list shown with the buyer form. */
export function checkboxView(checkboxes: Awaited<ReturnType<typeof repo.listOrderCheckboxes>>): NoSchemeResponse['checkboxList'] {
  return checkboxes.map((c) => ({ id: c.id, filling: c.filling, name_ru: c.name_ru, name_en: c.name_en, name_kz: c.name_kz, name_ch: c.name_ch }))
}

/**
 * POST /api/no-scheme: the general-admission event page. Expired reservations of the event's
 * sessions are cancelled first, so the quantities shown are current.
 *
 * - calendar: every open session by day; quantity = tickets left in the session (inventory/stock.ts
 *   sessionLeft: its own stock left, the most one order can still take there).
 * - price: regular rows (passagequant 0); ticketPrice: group-excursion rows (passagequant > 0);
 *   quantity of a row = tickets left in it, capped by the session. Subscription price rows are
 *   listed with for_subscription = 1; the page shows them only to a client buying by subscription.
 * - ticketInfo: per session with group rows, passes in all and passes still free.
 */
export async function buildNoScheme(db: Db, hash: string, now = Date.now()): Promise<NoSchemeResponse> {
  const event = await repo.findEventByHash(db, hash)
  if (!event) throw new ApiFailure('event-not-found', { hash })
  if (event.scheme === 1) {
    throw new ApiFailure('event-not-general', { hash })
  }
  const calendars = await repo.listOpenCalendars(db, event.id, now)
  const calendarIds = calendars.map((c) => c.id)
  await db.transaction().execute((trx) => expireOrders(trx, now, calendarIds))
  const [rows, sales, checkboxes, compositions] = await Promise.all([
    repo.listPriceRows(db, calendarIds),
    salesOf(db, calendarIds, now),
    orderCheckboxes(db),
    event.menu_kind_id === KIND_SUBSCRIPTIONS ? repo.listEventCompositions(db, event.id) : Promise.resolve([]),
  ])
  const rowsOf = new Map<number, repo.PriceRowDb[]>()
  for (const r of rows) rowsOf.set(r.calendar_id, [...(rowsOf.get(r.calendar_id) ?? []), r])

  const days: EventCalendarDay[] = []
  const price: PriceRow[] = []
  const ticketPrice: PriceRow[] = []
  const ticketInfo: NoSchemeResponse['ticketInfo'] = []
  for (const cal of calendars) {
    const calRows = rowsOf.get(cal.id) ?? []
    const s = sales.get(cal.id)!
    // Before sales open nothing is on sale; a row is capped by the session's own stock, the
    // session's left also by what one order's rows can still sell (inventory/stock.ts).
    const open = event.soon_on_sale !== 1
    const capLeft = open ? capacityLeft(cal.capacity, calRows, s) : 0
    const left = open ? sessionLeft(cal.capacity, calRows, s) : 0
    let day = days[days.length - 1]
    if (!day || day.day !== cal.day) {
      day = { day: cal.day, times: [] }
      days.push(day)
    }
    day.times.push({ time: cal.time, quantity: left, pricetype_id: cal.pricetype_id, calendar_id: cal.id })
    let passagelimit = 0
    let passageleft = 0
    for (const r of calRows) {
      const view = priceRowView(r, cal, event.id, rowLeft(r, s, capLeft))
      if (r.passagequant > 0) {
        ticketPrice.push(view)
        passagelimit += r.quantity * r.passagequant
        passageleft += view.quantity * r.passagequant
      } else {
        price.push(view)
      }
    }
    if (passagelimit > 0) ticketInfo.push({ day: cal.day, time: cal.time, passagelimit, passageleft })
  }

  return {
    action: actionView(event),
    actionStr: compositionView(event.id, compositions),
    calendar: days,
    price,
    ticketPrice,
    ticketInfo,
    checkboxList: checkboxView(checkboxes),
  }
}
