import type { ColumnType, Generated } from 'kysely'

/**
 * Row types of every table, mirroring src/server/migrations (the migrations are the truth; these
 * types say what the code may read and write). Conventions: ids are Generated numbers; 0/1 flags
 * and money in minor units are numbers; timestamps are epoch milliseconds; localized texts have
 * one column per language and default to ''.
 */

/** Optional on insert (the column has a default). */
type Def<T> = ColumnType<T, T | undefined, T>
type Id = Generated<number>
type Flag = Def<number>
type Langs = 'ru' | 'en' | 'kz' | 'ch'
export type Loc<K extends string> = { [L in Langs as `${K}_${L}`]: Def<string> }

export interface SettingsTable { key: string; value: string }
export interface LanguagesTable { code: string; name: string; sortnum: Def<number>; enabled: Flag }
export type RulesTable = { id: Id; slug: string; sortnum: Def<number>; archived_at: Def<number | null> } & Loc<'infname'> & Loc<'url'> & Loc<'filebody'>
export type MenuKindsTable = { id: Id; sortnum: Def<number>; archived_at: Def<number | null> } & Loc<'name'>
export type MainMenusTable = {
  id: Id
  menu_kind_id: number
  sortnum: Def<number>
  showimage: Flag
  showfiltercalendar: Flag
  showattribute: Flag
  menucolumncount: Def<number>
  menurowcount: Def<number>
  archived_at: Def<number | null>
} & Loc<'name'>
export type SubMenusTable = { id: Id; main_menu_id: number; sortnum: Def<number> } & Loc<'name'>

export interface ImagesTable { id: Id; file_name: string; mime: string; width: Def<number>; height: Def<number>; body: string }
export type VenuesTable = { id: Id; urlyandexmap: Def<string>; latitude: number | null; longitude: number | null; archived_at: Def<number | null> } & Loc<'name'> & Loc<'address'>
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

export interface CrmClientsTable {
  id: Id
  first_name: Def<string>
  last_name: Def<string>
  middle_name: Def<string>
  phone: Def<string>
  email: Def<string>
  type_id: Def<number>
  type_name: Def<string>
  card_code: Def<string>
  created_at: number
}
export interface CrmSubscriptionsTable {
  id: Id
  crm_client_id: number
  event_id: number
  quant: Def<number>
  main_menu_id: number | null
  valid_to: number | null
}
export interface SessionsTable {
  id: string
  csrf_token: string
  lang: Def<string>
  crm_client_id: number | null
  created_at: number
  last_seen_at: number
  expires_at: number
}
export type CountriesTable = { id: Id; iso: string; sortnum: Def<number> } & Loc<'name'>
export type RegionsTable = { id: Id; country_id: number; sortnum: Def<number> } & Loc<'name'>
export type DocumentTypesTable = { id: Id; country_id: number | null; sortnum: Def<number> } & Loc<'name'> & Loc<'note'>
export type CheckboxListsTable = { id: Id; scope: string; filling: Flag; sortnum: Def<number> } & Loc<'name'>
export interface CaptchasTable { sid: string; answer: string; attempts: Def<number>; created_at: number; expires_at: number; solved_at: number | null }
export interface MailOutboxTable {
  id: Id
  to_address: Def<string>
  subject: Def<string>
  text_body: Def<string>
  html_body: Def<string>
  last_error: Def<string>
  file_path: Def<string>
  attempts: Def<number>
  created_at: number
  sent_at: number | null
  /** When an unsent message is tried again (mail/retry.ts); null when none is planned. */
  next_attempt_at: number | null
  /** When it was given up after MAIL_MAX_ATTEMPTS. */
  failed_at: number | null
  /** The order the message is about (migration 2026_11_24_19_c1_01_outbox_order); null: none. */
  order_id: number | null
  /** What the body is still to be rendered from ('tickets': its order, mail/ticket-mail.ts); '' once stored (migration 2026_12_01_22_tm1_01). */
  template: Def<string>
  /** When a row still to be rendered (template <> '') is due for its attempt; its next_attempt_at stays null, which an older version's retry sweep reads (migration 2026_12_01_22_tm2_01). */
  render_at: number | null
  /** What an order's message is (contract/admin/care.ts MAIL_KINDS); '' when not known: no order, or stored before migration 2026_12_05_19_mk1_01. */
  kind: Def<string>
}

export interface VenueDrawingsTable {
  id: Id
  venue_id: number
  name: string
  svg: string
  view_box: Def<string>
  rules_json: Def<string>
  source_file: Def<string>
  seat_count: Def<number>
  standing_count: Def<number>
  warnings_json: Def<string>
  created_at: number
  /** Map versions (migration 2026_11_24_17_02_01): the drawing this one was edited from, and its number among the venue's. */
  parent_id: Def<number | null>
  version: Def<number>
}
/** Migration 2026_11_24_17_d9_01: a map version's draft state; no row = sealed 0, revision 0. */
export interface DrawingStatesTable {
  drawing_id: number
  /** 1 once a session has been put on the version (trigger on calendars); then never edited in place. */
  sealed: Def<number>
  /** Studio saves that changed this version in place (a draft, admin/studio/edit.ts). */
  revision: Def<number>
}
/** Migration 2026_11_24_17_a10_01: a studio save's copy of a version, still in progress (admin/studio/copy-job.ts). */
export interface DrawingCopiesTable {
  drawing_id: number
  source_id: number
  svg_copied: Def<number>
  after_seat_id: Def<number>
  last_seat_id: Def<number>
  copied: Def<number>
  total: Def<number>
  ops_json: string
  zone_ids_json: string
  actor_json: string
  /** The session moved onto the version once copied (a save for one session), or null. */
  move_calendar_id: Def<number | null>
  created_at: number
}
export type ZonesTable = { id: Id; drawing_id: number | null; zone_key: Def<string>; color: Def<string>; sortnum: Def<number>; archived_at: Def<number | null> } & Loc<'name'> & Loc<'descript'>
export interface SectorsTable { id: Id; drawing_id: number; sector_index: number; name: Def<string>; kind: Def<number>; seat_count: Def<number> }
export interface SeatsTable {
  id: Id
  drawing_id: number
  sector_id: number
  zone_id: number | null
  seat_key: string
  row_label: Def<string>
  number_label: Def<string>
  x: Def<number>
  y: Def<number>
  /** Operator's best-available ranking 0..1; null = the geometry's default. */
  quality: number | null
  /** Migration 2026_11_24_20_w3_01: 'wheelchair' | 'companion' | 'transfer' | 'restricted' | 'signlang'; null = ordinary. */
  access_type: Def<string | null>
  /** A companion seat's wheelchair space (its seat key in the same drawing). */
  companion_of: Def<string | null>
  /** 1: off sale in every session of this version (issue 17; each session gets a 'blocked' hold). */
  blocked: Def<number>
}
export interface AccessibleReleasesTable { id: Id; calendar_id: number; scope: string; scope_id: Def<number>; released_at: number }
export interface StandingPlacesTable {
  id: Id
  drawing_id: number
  sector_id: number
  zone_id: number | null
  place_key: string
  name: Def<string>
  capacity: number
}

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
export interface CartsTable {
  id: Id
  session_id: string
  calendar_id: number
  created_at: number
  updated_at: number
  /** Hold extensions used in the countdown ending at extended_until (issue 20). */
  hold_extensions: Def<number>
  extended_until: number | null
}
export interface OrdersTable {
  id: Id
  hash: string
  ord_num: number
  session_id: string | null
  crm_client_id: number | null
  crm_subscription_id: number | null
  status: Def<number>
  lang: Def<string>
  fio: Def<string>
  surname: Def<string>
  name: Def<string>
  patronymic: Def<string>
  phone: Def<string>
  email: Def<string>
  referrer: Def<string>
  paid: Flag
  use_pushkin_card: Flag
  usereturn: Flag
  total: Def<number>
  service_total: Def<number>
  reserve_until: number
  /** Extensions of the reserve time used (issue 20). */
  reserve_extensions: Def<number>
  created_at: number
  confirmed_at: number | null
  paid_at: number | null
  cancelled_at: number | null
}
export interface OrderLinesTable {
  id: Id
  order_id: number
  event_id: number
  calendar_id: number
  price_id: number
  client_category_id: number
  zone_id: number | null
  seat_id: number | null
  standing_place_id: number | null
  crm_subscription_id: number | null
  quantity: Def<number>
  price: Def<number>
  service_fee: Def<number>
  cost: Def<number>
  ticket_hash: string
  ticket_code: string
  tickettype: Def<number>
  person_surname: Def<string>
  person_name: Def<string>
  person_middle_name: Def<string>
  birth_date: Def<string>
  doc_num: Def<string>
  age: number | null
  document_type_id: number | null
  country_id: number | null
  region_id: number | null
  return_status: Def<number>
  /**
   * Migration 2026_12_03_07_rt2_01: what the line refunded, minor units, written when it is returned
   * (returns/refund-payment.ts refundOfReturned); null while not returned and for lines returned before it.
   */
  refunded_amount: number | null
}
export interface SeatHoldsTable {
  id: Id
  calendar_id: number
  seat_id: number
  cart_id: number | null
  order_id: number | null
  price_id: number | null
  /** 'blocked': kept off sale by the venue for this session (issue 17), a live hold of no cart or order. */
  state: 'cart' | 'order' | 'sold' | 'blocked'
  created_at: number
  expires_at: number | null
  released_at: number | null
}
export interface StandingHoldsTable {
  id: Id
  calendar_id: number
  standing_place_id: number
  cart_id: number | null
  order_id: number | null
  price_id: number | null
  state: 'cart' | 'order' | 'sold'
  quantity: number
  created_at: number
  expires_at: number | null
  released_at: number | null
}
export type ServicesTable = {
  id: Id
  event_id: number | null
  price: Def<number>
  package_id: Def<number>
  limit_per_order: Def<number>
  sortnum: Def<number>
  active: Flag
} & Loc<'name'> & Loc<'descript'>
export interface OrderServicesTable { id: Id; order_id: number; order_line_id: number | null; service_id: number; cost: Def<number>; created_at: number }

export interface LoyaltyCardsTable { id: Id; crm_client_id: number | null; card_code: string; bonus_balance: Def<number>; is_blocked: Flag }
export interface BonusTransactionsTable { id: Id; loyalty_card_id: number; order_id: number | null; amount: number; kind: string; created_at: number }
export interface PromoCodesTable {
  id: Id
  code: string
  discount_percent: Def<number>
  discount_amount: Def<number>
  multi_use: Flag
  max_uses: number | null
  used_count: Def<number>
  valid_from: number | null
  valid_to: number | null
  active: Flag
}
export interface OrderDiscountsTable {
  order_id: number
  loyalty_card_id: number | null
  promo_code_id: number | null
  bonuses_used: Def<number>
  charged_bonus: Def<number>
  discount: Def<number>
  created_at: number
  /** Set once the bonuses and promo use of a cancelled order were given back. */
  released_at: Def<number | null>
  /** The promo code's terms as the order took them (migration 2026_12_02_20_pd1_01); null: the code's own. */
  promo_percent: Def<number | null>
  promo_amount: Def<number | null>
}
/** image_id (migration 2026_11_24_13_02_13): the operator's artwork for the type, an images row; null = none. */
export type PaymentTypesTable = { id: Id; protocol_type: string; protocol_kind: Def<string>; sortnum: Def<number>; active: Flag; image_id: number | null } & Loc<'name'> & Loc<'descript'>
export interface PaymentsTable {
  id: Id
  order_id: number
  payment_type_id: number
  amount: Def<number>
  status: 'pending' | 'paid' | 'failed' | 'cancelled' | 'refunded'
  provider_ref: Def<string>
  created_at: number
  updated_at: number
  /** Migration 2026_11_22_01_00_01: unguessable id of bank pages and callbacks. */
  public_id: string | null
  /** Card-scheme verification code (0 success, 3 pending, 4 failure); null for other types. */
  verify_code: number | null
  /** The link a QR payment's code encodes ('' for other types). */
  qr_url: Def<string>
  /**
   * Migration 2026_12_03_05_rf1_01: 1 when refunded at settlement (payment.repository.ts
   * refundOpenPayment), a payment that never bought its order; 0 otherwise.
   */
  settlement_refund: Flag
}
export interface PaymentCallbacksTable {
  id: Id
  payment_id: number | null
  provider: string
  status: Def<string>
  amount: Def<number>
  accepted: Flag
  applied: Flag
  outcome: Def<string>
  created_at: number
}
export type ReturnReasonsTable = { id: Id; sortnum: Def<number> } & Loc<'name'> & Loc<'descript'>
export interface ReturnRequestsTable {
  id: Id
  order_id: number
  reason_id: number
  hash_conf: string
  status: Def<number>
  consent_at: number
  created_at: number
  expires_at: number
  confirmed_at: number | null
}
export interface ReturnRequestLinesTable { return_request_id: number; order_line_id: number }
export interface RefundsTable { id: Id; order_id: number; return_request_id: number | null; payment_id: number | null; amount: Def<number>; created_at: number }
