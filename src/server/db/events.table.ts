import type { Def, Flag, Id, Loc } from './columns'

/** What is on: venues, events with their menus, tags and compositions, sessions (calendars) with their visitor categories and prices. */

export type VenuesTable = {
  id: Id
  urlyandexmap: Def<string>
  latitude: number | null
  longitude: number | null
  archived_at: Def<number | null>
  /** Migration 2026_12_06_01_mm1_01: the seat map's detail switch threshold in percent (spec 001 §9 map metadata); null = the default 500. */
  map_detail_threshold: Def<number | null>
} & Loc<'name'> & Loc<'address'>
export type EventsTable = {
  id: Id
  hash_id: string
  menu_kind_id: number
  venue_id: number | null
  image_id: number | null
  usepushkarta: Flag
  usenopushkarta: Flag
  signlang: Flag
  maybefree: Flag
  writeticketname: Flag
  mailconfirm: Flag
  showticketcount: Flag
  showquant: Flag
  scheme: Flag
  soon_on_sale: Flag
  active: Flag
  /** Migration 2026_11_24_17_01_02: shown in the listing (console events start unpublished); archived = hidden for good. */
  published: Flag
  archived_at: Def<number | null>
  age_from: Def<number>
  rowcount: Def<number>
  demquantlimit: Def<number>
  sortnum: Def<number>
  /** 'warn' | 'enforce': the single-seat rule of hand-picked seats (issue 20). */
  orphan_rule: Def<string>
  /** Saves of the event's own fields (migration 2026_12_04_09_ev1_01): a stale editor's save is refused. */
  version: Def<number>
} & Loc<'name'> & Loc<'descript'> & Loc<'descript_url'> & Loc<'note'> & Loc<'ticketinfo'>
export interface EventMenusTable { event_id: number; main_menu_id: number; sub_menu_id: number | null }
export type TagsTable = { id: Id; sortnum: Def<number>; archived_at: Def<number | null> } & Loc<'name'>
export interface EventTagsTable { event_id: number; tag_id: number }
export type CompositionsTable = {
  id: Id
  subscription_event_id: number
  event_id: number | null
  venue_id: number | null
  eventstr_day: string
  eventstr_time: string
  url: Def<string>
  sortnum: Def<number>
} & Loc<'eventstr'>

export type ClientCategoriesTable = {
  id: Id
  needage: Def<number>
  needmiddlename: Flag
  needdocument: Flag
  needcountry: Flag
  needregion: Flag
  sortnum: Def<number>
  archived_at: Def<number | null>
} & Loc<'name'> & Loc<'descript'>
export interface CalendarsTable {
  id: Id
  event_id: number
  venue_id: number | null
  drawing_id: number | null
  day: string
  time: string
  pricetype_id: Def<number>
  capacity: number | null
  starts_at: number
  active: Flag
  /** 'warn' | 'enforce' for this session; null = the event's. */
  orphan_rule: string | null
  /** Migration 2026_11_24_20_w3_01: wheelchair spaces held back (1) until `accessible_release` ('all' | 'area' | 'level') frees them. */
  accessible_hold: Def<number>
  accessible_release: Def<string>
  /** Migration 2026_11_24_17_01_02: on-sale and off-sale instants (epoch ms); null = no bound. */
  sale_from: Def<number | null>
  sale_to: Def<number | null>
  /** Migration 2026_12_03_03_sc1_01: when the venue cancelled the session (its buyers refunded); null = not cancelled. */
  cancelled_at: Def<number | null>
}
export interface PricesTable {
  id: Id
  calendar_id: number
  client_category_id: number
  zone_id: number
  price: Def<number>
  quantity: Def<number>
  useproculture: Def<number>
  needprice: Def<number>
  passagequant: Def<number>
  priceservise: Def<number>
  currency_id: Def<number>
  sortnum: Def<number>
  for_subscription: Flag
}
/** One release of a session's held-back wheelchair spaces that happened: scope 'all', 'sector' or 'zone' with its id (migration 2026_11_24_20_w3_01). */
export interface AccessibleReleasesTable { id: Id; calendar_id: number; scope: string; scope_id: Def<number>; released_at: number }
