import { AFISHA_COLUMNS, AFISHA_COLUMNS_MAX, AFISHA_COLUMNS_MIN, KIND_SUBSCRIPTIONS, SALE_SOON } from '../../contract/constants'
import type { AfishaEvent, AfishaResponse } from '../../contract/entities/afisha'
import type { Setup } from '../../contract/entities/setup'
import { pickLocalized, type Lang } from '../../contract/lang'
import { safeUrl } from '../lib/assets'
import { decodeEntities, sanitizeHtml } from '../lib/sanitize'

/**
 * Pure view model of the afisha (document 000 §2): joins the listing's events with their
 * calendar, venue, tags and images, and decides what each card shows. No React, no fetching,
 * so every rule here is unit-tested.
 */

/** Whether the buy button works, and why not (000 §2). */
export type BuyState = 'available' | 'soon' | 'soldout'

export interface EventCardModel {
  id: number
  hash: string
  kindId: number
  menuId: number
  /** Route of the buy link: the seat map for events with the scheme flag. */
  route: 'event' | 'scheme'
  title: string
  /** Full description as plain text, and its truncated form for the card. */
  description: string
  descriptionShort: string
  infoUrl?: string
  imageUrl?: string
  showImage: boolean
  ageFrom: number
  /** First and last day 'YYYY-MM-DD' of the event's calendar; null when it has none. */
  days: { first: string; last: string } | null
  /** Every day the event plays, sorted, for the date-range filter. */
  allDays: string[]
  /** Earliest and latest time 'HH:MM'. */
  times: { first: string; last: string } | null
  address: string
  mapUrl?: string
  /** Tickets left, when the event shows its count and tickets are on sale. */
  ticketCount: number | null
  buy: BuyState
  giftCard: boolean
  signLanguage: boolean
  tagIds: number[]
  /** Subscription composition lines, in their sort order. */
  composition: CompositionItem[]
  /** Every day with its times, for the card's list of dates. */
  sessions: { day: string; times: string[] }[]
  /** Price categories (zone, lowest price), cheapest first: the card's price summary. */
  prices: { name: string; price: number; color: string }[]
  sortKey: number
}

export interface CompositionItem {
  text: string
  /** 'YYYY-MM-DD' as sent: the card formats it in the visitor's language. */
  day: string
  time: string
  /** The included event's page (server-built), when there is one. */
  url: string
}

/**
 * Columns of the listing grid (000 §3): the selected main-menu item's menucolumncount when it
 * sets one (above 0), else setup's subscription_col for the subscriptions kind, else
 * tickets_col; kept within AFISHA_COLUMNS_MIN..MAX, AFISHA_COLUMNS when nothing is set.
 */
export function gridColumns(data: AfishaResponse, kindId: number | null, menuId: number | null): number {
  const menu = menuId === null ? undefined : data.main_menu.find((m) => m.mainmenu_id === menuId)
  const fromSetup = kindId === KIND_SUBSCRIPTIONS ? data.setup.subscription_col : data.setup.tickets_col
  const wanted = menu !== undefined && menu.menucolumncount > 0 ? menu.menucolumncount : fromSetup
  if (!Number.isInteger(wanted) || wanted <= 0) return AFISHA_COLUMNS
  return Math.min(AFISHA_COLUMNS_MAX, Math.max(AFISHA_COLUMNS_MIN, wanted))
}

/** Cuts text at a word boundary to at most `max` characters plus '…'; 0 means no limit. */
export function truncate(text: string, max: number): string {
  if (max <= 0 || text.length <= max) return text
  // A word ending exactly at the limit is kept whole.
  if (text[max] === ' ') return `${text.slice(0, max).trimEnd()}…`
  const cut = text.slice(0, max)
  const space = cut.lastIndexOf(' ')
  // Cut at the last space unless that would drop more than half of the allowance.
  const end = space > max / 2 ? space : max
  return `${cut.slice(0, end).trimEnd()}…`
}

/** Html description → plain text (markup removed, entities decoded, spaces collapsed). */
export function htmlToText(html: string): string {
  // The sanitizer's output is well formed with escaped text, so dropping tags is exact.
  const withoutTags = sanitizeHtml(html).replace(/<[^>]*>/g, ' ')
  return decodeEntities(withoutTags).replace(/\s+/g, ' ').trim()
}

export function buyState(totalticketcount: number): BuyState {
  if (totalticketcount === SALE_SOON) return 'soon'
  return totalticketcount > 0 ? 'available' : 'soldout'
}

/** An event's tag ids from event_tags and its own comma list, without duplicates. */
export function eventTagIds(event: AfishaEvent, eventTags: AfishaResponse['event_tags']): number[] {
  const ids = new Set<number>()
  for (const link of eventTags) if (link.event_id === event.event_id) ids.add(link.attr_id)
  for (const part of event.tags.split(',')) {
    const id = Number(part.trim())
    if (part.trim() !== '' && Number.isInteger(id) && id > 0) ids.add(id)
  }
  return [...ids]
}

interface Lengths {
  title: number
  description: number
  address: number
  image: boolean
}

/** Truncation lengths and image flag: subscriptions have their own setup values. */
function lengthsFor(event: AfishaEvent, setup: Setup): Lengths {
  return event.subscription === 1
    ? { title: setup.subscription_action, description: setup.subscription_description, address: setup.subscription_address, image: setup.subscription_image === 1 }
    : { title: setup.tickets_action, description: setup.tickets_description, address: setup.tickets_address, image: setup.tickets_image === 1 }
}

function range(values: string[]): { first: string; last: string } | null {
  if (values.length === 0) return null
  const sorted = [...values].sort()
  return { first: sorted[0], last: sorted[sorted.length - 1] }
}

/** All cards of the listing, sorted by the events' sort number (eventsotrnum), then id. */
export function buildCards(data: AfishaResponse, lang: Lang): EventCardModel[] {
  const venues = new Map(data.venues.map((v) => [v.seatroot_id, v]))
  const days = new Map<number, string[]>()
  const times = new Map<number, string[]>()
  for (const entry of data.calendar) {
    days.set(entry.event_id, [...(days.get(entry.event_id) ?? []), entry.eventday])
    times.set(entry.event_id, [...(times.get(entry.event_id) ?? []), entry.eventtime])
  }
  const sessions = new Map<number, Map<string, string[]>>()
  for (const entry of data.calendar) {
    const days = sessions.get(entry.event_id) ?? new Map<string, string[]>()
    days.set(entry.eventday, [...(days.get(entry.eventday) ?? []), entry.eventtime])
    sessions.set(entry.event_id, days)
  }
  // An event's images show only when its main-menu item has showimage = 1 (000 §3).
  const menuShowsImage = new Map(data.main_menu.map((m) => [m.mainmenu_id, m.showimage === 1]))
  const prices = new Map<number, EventCardModel['prices']>()
  for (const p of data.price_categories) {
    prices.set(p.event_id, [...(prices.get(p.event_id) ?? []), { name: pickLocalized(p, 'zonelevel', lang), price: p.price, color: p.zonecolor }])
  }
  const composition = new Map<number, AfishaResponse['composition']>()
  for (const line of data.composition) composition.set(line.event_id, [...(composition.get(line.event_id) ?? []), line])
  const cards = data.action.map((event): EventCardModel => {
    const lengths = lengthsFor(event, data.setup)
    const venue = venues.get(event.seatroot_id)
    const description = htmlToText(pickLocalized(event, 'descript', lang))
    const image = safeUrl(event.image_url) ?? safeUrl(data.images.find((i) => i.event_id === event.event_id)?.image_url)
    const buy = buyState(event.totalticketcount)
    return {
      id: event.event_id,
      hash: event.hash_id,
      kindId: event.menukind_id,
      menuId: event.mainmenu_id,
      route: event.scheme === 1 ? 'scheme' : 'event',
      title: truncate(pickLocalized(event, 'action', lang), lengths.title),
      description,
      descriptionShort: truncate(description, lengths.description),
      infoUrl: safeUrl(pickLocalized(event, 'descript_url', lang)),
      imageUrl: image,
      showImage: lengths.image && image !== undefined && (menuShowsImage.get(event.mainmenu_id) ?? true),
      ageFrom: event.age_from,
      days: range(days.get(event.event_id) ?? []),
      allDays: [...new Set(days.get(event.event_id) ?? [])].sort(),
      times: range(times.get(event.event_id) ?? []),
      address: venue === undefined ? '' : truncate(pickLocalized(venue, 'address', lang), lengths.address),
      mapUrl: venue === undefined ? undefined : safeUrl(venue.urlyandexmap),
      ticketCount: buy === 'available' && event.showticketcount === 1 ? event.totalticketcount : null,
      buy,
      giftCard: event.usepushkarta === 1,
      signLanguage: event.signlang === 1,
      tagIds: eventTagIds(event, data.event_tags),
      composition: [...(composition.get(event.event_id) ?? [])]
        .sort((a, b) => a.eventstrsortnum - b.eventstrsortnum)
        .map((line) => ({ text: pickLocalized(line, 'eventstr', lang), day: line.eventstr_day, time: line.eventstr_time, url: line.url })),
      sessions: [...(sessions.get(event.event_id) ?? new Map<string, string[]>()).entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([day, times]) => ({ day, times: [...new Set(times)].sort() })),
      prices: prices.get(event.event_id) ?? [],
      sortKey: event.eventsotrnum,
    }
  })
  return cards.sort((a, b) => a.sortKey - b.sortKey || a.id - b.id)
}

export interface MenuItem {
  id: number
  name: string
}

/** Top menu of kinds, sorted; `visible` false when only one kind exists unless setup forces it. */
export function kindMenu(data: AfishaResponse, lang: Lang): { items: MenuItem[]; visible: boolean } {
  const items = [...data.kind_menu]
    .sort((a, b) => a.menukindsortnum - b.menukindsortnum)
    .map((k) => ({ id: k.menukind_id, name: pickLocalized(k, 'menukindname', lang) }))
  return { items, visible: items.length > 1 || data.setup.topmenu === 1 }
}

/** Main menu items of one kind, sorted. */
export function mainMenu(data: AfishaResponse, kindId: number | null, lang: Lang): MenuItem[] {
  return data.main_menu
    .filter((m) => kindId === null || m.menukind_id === kindId)
    .sort((a, b) => a.mainmenusortnum - b.mainmenusortnum)
    .map((m) => ({ id: m.mainmenu_id, name: pickLocalized(m, 'mainmenu', lang) }))
}

/** The selected kind: ?id when it names a kind, otherwise the first kind (null when none). */
export function selectKind(kinds: MenuItem[], queryId: string | null): number | null {
  const wanted = Number(queryId)
  if (queryId !== null && kinds.some((k) => k.id === wanted)) return wanted
  return kinds.length > 0 ? kinds[0].id : null
}

/** The selected main-menu item: ?sid when it is in the kind's menu, otherwise none (all). */
export function selectMenu(menu: MenuItem[], querySid: string | null): number | null {
  const wanted = Number(querySid)
  return querySid !== null && menu.some((m) => m.id === wanted) ? wanted : null
}

/** Cards of the selected kind and main-menu item. */
export function cardsInSelection(cards: EventCardModel[], kindId: number | null, menuId: number | null): EventCardModel[] {
  return cards.filter((c) => (kindId === null || c.kindId === kindId) && (menuId === null || c.menuId === menuId))
}

/** Listing pagination (000 §9: 100 per page): how many to show and what the next click adds. */
export function pageWindow(total: number, pages: number, perPage: number): { shown: number; next: number; left: number } {
  const shown = Math.min(total, pages * perPage)
  const left = total - shown
  return { shown, next: Math.min(perPage, left), left }
}
