import { KIND_SUBSCRIPTIONS, SALE_SOON } from '../../../contract/constants'
import type { AfishaResponse } from '../../../contract/entities/afisha'
import type { Setup } from '../../../contract/entities/setup'
import type { Db } from '../../db/connect'
import { imageUrl } from '../images/urls'
import { stockByCalendar } from '../inventory/availability'
import { toMajor } from '../../../contract/rules/money'
import { LOCALE_DATA } from '../../../contract/rules/localeData'
import type { PriceRowDb } from '../events/repository'
import { listingRows } from './listing-rows'


/** '2026-12-05' → '5 декабря, сб' (the composition's str_day_ru). */
export function russianDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay()
  const ru = LOCALE_DATA.ru
  return `${d} ${ru.months[m - 1]}, ${ru.weekdaysShort[weekday]}`
}

/** What a composition line is read from: the stored line with its venue's names. */
export interface CompositionRow {
  eventstr_ru: string
  eventstr_en: string
  eventstr_kz: string
  eventstr_ch: string
  eventstr_day: string
  eventstr_time: string
  venue_name_ru: string | null
  venue_address_ru: string | null
  url: string
  sortnum: number
  /** The included event, when the line is one of ours: its page is built from it. */
  included_hash: string | null
  included_scheme: number | null
}

/**
 * Where a composition line leads: the included event's own page on the route its booking uses
 * (001 §2: scheme-view for seat-map events, events otherwise) at the line's date and time, so a
 * seat-map event is never linked as /event/…; a line of no event of ours keeps its stored url.
 */
export function compositionUrl(c: Pick<CompositionRow, 'included_hash' | 'included_scheme' | 'eventstr_day' | 'eventstr_time' | 'url'>): string {
  if (c.included_hash === null) return c.url
  const route = c.included_scheme === 1 ? 'scheme' : 'event'
  // ':' may stand in a path segment, so '19:00' stays readable (as the client's own links).
  const when = [c.eventstr_day, c.eventstr_time].filter((x) => x !== '').map((x) => encodeURIComponent(x).replace(/%3A/gi, ':'))
  return ['', route, encodeURIComponent(c.included_hash), ...when].join('/')
}

/** One line of a subscription's composition (000 §3 "Composition line"), for the afisha and event pages. */
export function compositionLine(eventId: number, c: CompositionRow): AfishaResponse['composition'][number] {
  return {
    event_id: eventId,
    eventstr_ru: c.eventstr_ru,
    eventstr_en: c.eventstr_en,
    eventstr_kz: c.eventstr_kz,
    eventstr_ch: c.eventstr_ch,
    eventstr_day: c.eventstr_day,
    eventstr_time: c.eventstr_time,
    str_day_ru: russianDay(c.eventstr_day),
    seatroot: c.venue_name_ru ?? '',
    address: c.venue_address_ru ?? '',
    url: compositionUrl(c),
    eventstrsortnum: c.sortnum,
  }
}

/**
 * The listing's price summary: per event and price zone, the lowest regular price over its
 * upcoming sessions (subscription-only rows left out), cheapest first, then by zone id.
 */
export function priceCategories(rows: readonly PriceRowDb[], eventOf: ReadonlyMap<number, number>): AfishaResponse['price_categories'] {
  const best = new Map<string, { eventId: number; row: PriceRowDb }>()
  for (const row of rows) {
    const eventId = eventOf.get(row.calendar_id)
    if (eventId === undefined || row.for_subscription === 1) continue
    const key = `${eventId}:${row.zone_id}`
    const seen = best.get(key)
    if (seen === undefined || row.price < seen.row.price) best.set(key, { eventId, row })
  }
  return [...best.values()]
    .sort((a, b) => a.eventId - b.eventId || a.row.price - b.row.price || a.row.zone_id - b.row.zone_id)
    .map(({ eventId, row }) => ({
      event_id: eventId,
      zonelevel_id: row.zone_id,
      zonelevel_ru: row.zonelevel_ru,
      zonelevel_en: row.zonelevel_en,
      zonelevel_kz: row.zonelevel_kz,
      zonelevel_ch: row.zonelevel_ch,
      zonecolor: row.zonecolor,
      price: toMajor(row.price),
    }))
}

/**
 * The afisha: active events with their upcoming sessions and the lists the listing filters by.
 * An event's totalticketcount is SALE_SOON (-99999) when its sales are not open, else the tickets
 * left over its upcoming sessions; a session's ticketcount likewise. The catalogue rows, and the
 * capacities counted from them, may be up to a second old (listing-rows.ts); the sales and live
 * holds are read now.
 */
export async function buildAfisha(db: Db, setup: Setup, now = Date.now()): Promise<AfishaResponse> {
  const { kinds, mainMenus, subMenus, tags, events, menus, eventTags, calendars, priceRows, venues, compositions } = await listingRows(db, now)
  const stock = await stockByCalendar(db, calendars.map((c) => c.id), now, { calendars, prices: priceRows })

  // A card's menu is the event's first live menu item: an archived one is never a card's menu id,
  // and an event whose every menu item is archived has no menu to be found under, so it is left out.
  const liveMenus = new Set(mainMenus.map((m) => m.id))
  const firstMenu = new Map<number, (typeof menus)[number]>()
  for (const m of menus) if (liveMenus.has(m.main_menu_id) && !firstMenu.has(m.event_id)) firstMenu.set(m.event_id, m)
  // An archived tag leaves the filters and the events' tag lists; the events themselves stay listed.
  const liveTags = new Set(tags.map((t) => t.id))
  const eventTagsLive = eventTags.filter((t) => liveTags.has(t.tag_id))
  const tagsOf = new Map<number, number[]>()
  for (const t of eventTagsLive) tagsOf.set(t.event_id, [...(tagsOf.get(t.event_id) ?? []), t.tag_id])
  const soon = new Set(events.filter((e) => e.soon_on_sale === 1).map((e) => e.id))
  const leftOf = new Map<number, number>()
  const calendarEntries = calendars.map((c) => {
    const available = stock.get(c.id)?.available ?? 0
    leftOf.set(c.event_id, (leftOf.get(c.event_id) ?? 0) + available)
    return {
      event_id: c.event_id,
      eventday: c.day,
      eventtime: c.time,
      ticketcount: soon.has(c.event_id) ? SALE_SOON : available,
      quantity: available,
      pricetype_id: c.pricetype_id,
    }
  })

  // Events without a menu item or a venue cannot be shown by the listing; they are left out.
  const listed = events.filter((e) => firstMenu.has(e.id) && e.venue_id !== null)
  const listedIds = new Set(listed.map((e) => e.id))
  return {
    setup,
    kind_menu: kinds.map((k) => ({
      menukind_id: k.id,
      menukindsortnum: k.sortnum,
      menukindname_ru: k.name_ru,
      menukindname_en: k.name_en,
      menukindname_kz: k.name_kz,
      menukindname_ch: k.name_ch,
    })),
    main_menu: mainMenus.map((m) => ({
      mainmenu_id: m.id,
      menukind_id: m.menu_kind_id,
      mainmenusortnum: m.sortnum,
      showimage: m.showimage,
      menucolumncount: m.menucolumncount,
      menurowcount: m.menurowcount,
      showfiltercalendar: m.showfiltercalendar,
      showattribute: m.showattribute,
      mainmenu_ru: m.name_ru,
      mainmenu_en: m.name_en,
      mainmenu_kz: m.name_kz,
      mainmenu_ch: m.name_ch,
    })),
    sub_menu: subMenus.map((s) => ({
      submenu_id: s.id,
      mainmenu_id: s.main_menu_id,
      submenusortnum: s.sortnum,
      submenu_ru: s.name_ru,
      submenu_en: s.name_en,
      submenu_kz: s.name_kz,
      submenu_ch: s.name_ch,
    })),
    calendar: calendarEntries.filter((c) => listedIds.has(c.event_id)),
    venues: venues.map((v) => ({
      seatroot_id: v.id,
      seatroot_ru: v.name_ru,
      seatroot_en: v.name_en,
      seatroot_kz: v.name_kz,
      seatroot_ch: v.name_ch,
      address_ru: v.address_ru,
      address_en: v.address_en,
      address_kz: v.address_kz,
      address_ch: v.address_ch,
      urlyandexmap: v.urlyandexmap,
    })),
    action: listed.map((e) => {
      const menu = firstMenu.get(e.id)!
      return {
        event_id: e.id,
        hash_id: e.hash_id,
        menukind_id: e.menu_kind_id,
        mainmenu_id: menu.main_menu_id,
        submenu_id: menu.sub_menu_id,
        action_ru: e.name_ru,
        action_en: e.name_en,
        action_kz: e.name_kz,
        action_ch: e.name_ch,
        descript_ru: e.descript_ru,
        descript_en: e.descript_en,
        descript_kz: e.descript_kz,
        descript_ch: e.descript_ch,
        descript_url_ru: e.descript_url_ru,
        descript_url_en: e.descript_url_en,
        descript_url_kz: e.descript_url_kz,
        descript_url_ch: e.descript_url_ch,
        image_url: imageUrl(e.image_file),
        image_id: e.image_id,
        age_from: e.age_from,
        totalticketcount: soon.has(e.id) ? SALE_SOON : (leftOf.get(e.id) ?? 0),
        showticketcount: e.showticketcount,
        showquant: e.showquant,
        usepushkarta: e.usepushkarta,
        signlang: e.signlang,
        seatroot_id: e.venue_id!,
        eventsotrnum: e.sortnum,
        tags: (tagsOf.get(e.id) ?? []).join(','),
        scheme: e.scheme,
        subscription: e.menu_kind_id === KIND_SUBSCRIPTIONS ? 1 : 0,
      }
    }),
    list_tags: tags.map((t) => ({ attr_id: t.id, attrname_ru: t.name_ru, attrname_en: t.name_en, attrname_kz: t.name_kz, attrname_ch: t.name_ch })),
    event_tags: eventTagsLive.map((t) => ({ event_id: t.event_id, attr_id: t.tag_id })),
    images: listed.filter((e) => e.image_id !== null).map((e) => ({ image_id: e.image_id!, event_id: e.id, image_url: imageUrl(e.image_file) })),
    composition: compositions.map((c) => compositionLine(c.subscription_event_id, c)),
    price_categories: priceCategories(priceRows, new Map(calendars.filter((c) => listedIds.has(c.event_id)).map((c) => [c.id, c.event_id]))),
  }
}
